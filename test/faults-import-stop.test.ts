import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../doubles/telegram/index.js";
import { spawnBot } from "./support/child.js";
import {
  childEnv,
  confirmImport,
  importPostsOf,
  product,
  STARTUP_MS,
  summariesSettled,
  useChildRig,
} from "./support/import-child.js";

const rig = useChildRig();

describe("a stop in the middle of an import", () => {
  /** Moments after the seller's "Import", in ms: early, mid-way, late (random within each third). */
  const moments = [0, 1, 2].map((third) => Math.round((third + Math.random()) * 400));

  it(`loses nothing: SIGTERM at ${moments.join(", ")} ms, every accepted product summarised after the restart`, async () => {
    const tg = await startBotApiEmulator();
    rig.tg = tg;
    const api = await startSellerSandbox({ jobSteps: 1 });
    rig.api = api;
    rig.dataDir = mkdtempSync(join(tmpdir(), "seller-bot-term-"));
    const env = childEnv(rig, { SELLER_API_TIMEOUT_MS: "3000" });
    const user = tg.user({ languageCode: "ru" });
    let bot = spawnBot(env);
    rig.processes.push(bot);
    await bot.waitForLine(/bot started/, STARTUP_MS);
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 15_000 });
    for (const [round, moment] of moments.entries()) {
      const before = api.jobs.reduce((n, job) => n + job.products.length, 0);
      const posts = importPostsOf(api).length;
      // 300 products, 10 requests of 30 with 3 in flight; each request takes 150 ms.
      const fileName = `партия-${round}.json`;
      const products = Array.from({ length: 300 }, (_, i) => product(1000 * (round + 1) + i));
      const sent = await user.sendDocument({ fileName, content: JSON.stringify(products) });
      api.setLatency(150);
      await confirmImport(user, sent);
      await expect
        .poll(() => importPostsOf(api).length, { timeout: 15_000 })
        .toBeGreaterThan(posts);
      await new Promise((resolve) => setTimeout(resolve, moment));
      const signalledAt = Date.now();
      bot.child.kill("SIGTERM");
      expect((await bot.exited).code).toBe(0);
      api.setLatency(0);

      // No request started after the signal; every one sent before it was answered.
      const mine = importPostsOf(api).slice(posts);
      expect(mine.filter((r) => r.at > signalledAt + 50)).toEqual([]);
      expect(
        mine.map((r) => r.status),
        bot.lines.join("\n"),
      ).not.toContain(0);
      const accepted = api.jobs.reduce((n, job) => n + job.products.length, 0) - before;
      const summaryOf = new RegExp(`^Импорт «партия-${round}\\.json»: итоги`);
      bot = spawnBot(env);
      rig.processes.push(bot);
      // Started (signal handlers installed) before anything else is asked of it.
      await bot.waitForLine(/bot started/, STARTUP_MS);
      const summary = await user.waitForBotMessage(summaryOf, { timeoutMs: 20_000 });
      expect(summary.text).toContain(`✅ успешно ${accepted}, ❌ с ошибками 0`);
      if (mine.length < 10) expect(summary.text).toContain("Отправка файла прервалась");
      await summariesSettled(rig.processes, round + 1);
      expect(user.botMessages().filter((m) => summaryOf.test(m.text))).toHaveLength(1);
    }
    bot.child.kill("SIGTERM");
    expect((await bot.exited).code).toBe(0);
  }, 150_000);
});
