import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "./doubles/seller-api/index.js";
import { type BotApiEmulator, startBotApiEmulator } from "./doubles/telegram/index.js";
import { type BotProcess, spawnBot } from "./support/child.js";

let tg: BotApiEmulator | undefined;
let api: SellerSandbox | undefined;
let processes: BotProcess[] = [];
let dataDir: string | undefined;
afterEach(async () => {
  for (const bot of processes) {
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill("SIGKILL");
    await bot.exited;
  }
  processes = [];
  await tg?.stop();
  await api?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  tg = api = dataDir = undefined;
});

/** The summary's own first line (the status message also mentions "итоги"). */
const SUMMARY = /^Импорт «товары\.json»: итоги/;

const product = (i: number, brandId = 504) => ({
  categoryId: 101,
  brandId,
  name: { rus: `Кабель №${i}` },
  description: { rus: "Кабель для зарядки" },
  skus: [{ price: 1000 + i, barcode: `48711${String(i).padStart(8, "0")}` }],
});

function envFor(extra: Record<string, string> = {}) {
  return {
    BOT_TOKEN: tg!.token,
    BOT_API_ROOT: tg!.apiRoot,
    SELLER_API_URL: api!.url,
    SELLER_API_TOKEN: api!.token,
    DATA_DIR: dataDir!,
    IMPORT_POLL_INTERVAL_MS: "200",
    LOG_LEVEL: "info",
    ...extra,
  };
}

const importPosts = () =>
  api!.requests.filter((r) => r.method === "POST" && r.path.endsWith("/products/import"));

describe("the bot killed between accepting an import and its summary", () => {
  it("killed while requests still go out: the accepted ones are summarised once, the gap named", async () => {
    tg = await startBotApiEmulator();
    api = await startSellerSandbox({ jobSteps: 1 });
    dataDir = mkdtempSync(join(tmpdir(), "seller-bot-kill-"));
    // A request cannot take longer than this, so a silent sender is known dead after ~33 s.
    const env = envFor({ SELLER_API_TIMEOUT_MS: "1500" });
    const first = spawnBot(env);
    processes.push(first);
    await first.waitForLine(/bot started/);
    const user = tg.user({ languageCode: "ru" });
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 15_000 });

    // 65 products: requests of 30, 30 and 5 go out together; one of them never answers.
    api.failNext("/api/seller/v1/products/import", "hang");
    const products = Array.from({ length: 65 }, (_, i) => product(100 + i));
    await user.sendDocument({ fileName: "товары.json", content: JSON.stringify(products) });
    await expect.poll(() => api!.jobs.length, { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.child.kill("SIGKILL");
    await first.exited;
    const accepted = api.jobs.reduce((n, job) => n + job.products.length, 0);

    const second = spawnBot(env);
    processes.push(second);
    const summary = await user.waitForBotMessage(SUMMARY, { timeoutMs: 60_000 });
    expect(summary.text).toContain(`✅ успешно ${accepted}, ❌ с ошибками 0`);
    expect(summary.text).toContain("Отправка файла прервалась");
    expect(importPosts()).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(user.botMessages().filter((m) => SUMMARY.test(m.text))).toHaveLength(1);
  }, 90_000);

  it("sends the summary once after a restart, naming the failing position", async () => {
    tg = await startBotApiEmulator();
    // Enough pending polls that the summary cannot come before the kill.
    api = await startSellerSandbox({ jobSteps: 8 });
    dataDir = mkdtempSync(join(tmpdir(), "seller-bot-kill-"));
    const env = {
      BOT_TOKEN: tg.token,
      BOT_API_ROOT: tg.apiRoot,
      SELLER_API_URL: api.url,
      SELLER_API_TOKEN: api.token,
      DATA_DIR: dataDir,
      IMPORT_POLL_INTERVAL_MS: "200",
      LOG_LEVEL: "info",
    };
    const first = spawnBot(env);
    processes.push(first);
    await first.waitForLine(/bot started/);

    const user = tg.user({ languageCode: "ru" });
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 15_000 });
    const file = JSON.stringify({ products: [product(1), product(2, 9999), product(3)] });
    await user.sendDocument({ fileName: "товары.json", content: file });
    await user.waitForBotMessage(/Импорт принят/, { timeoutMs: 15_000 });

    first.child.kill("SIGKILL");
    await first.exited;
    expect(user.botMessages().some((m) => SUMMARY.test(m.text))).toBe(false);

    const second = spawnBot(env);
    processes.push(second);
    const summary = await user.waitForBotMessage(SUMMARY, { timeoutMs: 25_000 });
    expect(summary.text).toContain("✅ успешно 2, ❌ с ошибками 1");
    expect(summary.text).toMatch(/BRAND_NOT_FOUND/);
    expect(summary.text).toMatch(/позиция 2|№\s?2|2-/i);
    // One import request, never repeated by the restart.
    expect(
      api.requests.filter((r) => r.method === "POST" && r.path.endsWith("/import")),
    ).toHaveLength(1);

    // Give a duplicate every chance to appear, then count.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(user.botMessages().filter((m) => SUMMARY.test(m.text))).toHaveLength(1);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  });
});
