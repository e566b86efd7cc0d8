/**
 * How much the bot adds to the Seller API's own latency when a seller sends /orders.
 * The real app (createApp + runner polling) runs against the Bot API emulator and the sandbox
 * Seller API on loopback; the sandbox answers with a fixed latency. For each /orders we take
 * the time from the user's message to the bot's answer in the chat, and subtract the time the
 * Seller API calls took (measured at the client, as the bot saw it). Each sample uses a fresh
 * linked user, so Telegram's 1-message-per-second pacing of one chat does not count.
 *
 *   npx tsx bench/orders-latency.bench.ts
 */
import { withBed } from "./bed.js";

const SAMPLES = 30;
const API_LATENCY_MS = [0, 50];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function measure(apiLatencyMs: number) {
  return withBed({ name: "bench-orders" }, async ({ tg, api }) => {
    const totals: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const user = tg.user({ languageCode: i % 2 ? "kk" : "ru" });
      await user.sendCommand(`/start ${api.issueLinkToken()}`);
      await user.waitForBotMessage(/\/orders/);
      api.setLatency((path) => (path.includes("/orders/list") ? apiLatencyMs : 0));
      const before = api.requests.length;
      const started = performance.now();
      await user.sendCommand("/orders");
      await user.waitForBotMessage(/7100001/, { timeoutMs: 10_000 });
      const total = performance.now() - started;
      // The sandbox logs each request's arrival; the API's share is its configured latency.
      const calls = api.requests.slice(before).filter((r) => r.path.includes("/api/seller/"));
      const apiShare = calls.filter((r) => r.path.includes("/orders/list")).length * apiLatencyMs;
      totals.push(total);
      overheads.push(total - apiShare);
      api.setLatency(0);
    }
    return { totals, overheads };
  });
}

export async function run(): Promise<void> {
  for (const latency of API_LATENCY_MS) {
    const { totals, overheads } = await measure(latency);
    console.log(
      `  /orders with Seller API latency ${latency} ms: answer in chat median ${median(totals).toFixed(1)} ms, p95 ${p95(totals).toFixed(1)} ms; bot's own share median ${median(overheads).toFixed(1)} ms, p95 ${p95(overheads).toFixed(1)} ms (${SAMPLES} samples, emulator round trips included)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
