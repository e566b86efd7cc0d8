import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../doubles/telegram/index.js";
for (let i = 0; i < 6; i++) {
  const c0 = process.cpuUsage(); const t = performance.now();
  const api = await startSellerSandbox();
  const c1 = process.cpuUsage(c0);
  const tg = await startBotApiEmulator();
  const c2 = process.cpuUsage(c0);
  await api.stop(); await tg.stop();
  console.log(i, "sandbox", ((c1.user + c1.system) / 1000).toFixed(0), "ms cpu; +emulator", ((c2.user + c2.system - c1.user - c1.system) / 1000).toFixed(0), (performance.now() - t).toFixed(0), "ms wall");
}
