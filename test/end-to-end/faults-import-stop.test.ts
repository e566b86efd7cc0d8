import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSellerSandbox } from "../../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../../doubles/telegram/index.js";
import { IMPORT_CONCURRENCY } from "../../src/import/sender/requests.js";
import { spawnBot } from "../support/child.js";
import {
  childEnv,
  confirmImport,
  importPostsOf,
  isImportPost,
  product,
  STARTUP_MS,
  summariesSettled,
  useChildRig,
} from "../support/import-child.js";

const rig = useChildRig();

describe("a stop in the middle of an import", () => {
  /**
   * Requests answered before the stop (of the file's 10): early, mid-way, late (random within
   * each third). The stop comes when the next ones are in flight, held unanswered by the
   * sandbox: the moment is an event of the import, not a time, so a slow machine moves it not.
   */
  const stops = [0, 1, 2].map((third) => Math.floor(((third + Math.random()) * 10) / 3));

  it(`loses nothing: SIGTERM after ${stops.join(", ")} of 10 requests, every accepted product summarised after the restart`, async () => {
    const tg = await startBotApiEmulator();
    rig.tg = tg;
    const api = await startSellerSandbox({ jobSteps: 1 });
    rig.api = api;
    rig.dataDir = mkdtempSync(join(tmpdir(), "seller-bot-term-"));
    const env = childEnv(rig, { SELLER_API_TIMEOUT_MS: "30000" });
    const user = tg.user({ languageCode: "ru" });
    let bot = spawnBot(env);
    rig.processes.push(bot);
    await bot.waitForLine(/bot started/, STARTUP_MS);
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 45_000 });
    for (const [round, answered] of stops.entries()) {
      const before = api.jobs.reduce((n, job) => n + job.products.length, 0);
      const posts = importPostsOf(api).length;
      // 300 products, 10 requests of 30 with 3 in flight: after the first `answered`, the
      // ones in flight (3, or the rest) wait unanswered until the bot has begun its stop.
      const inFlight = Math.min(IMPORT_CONCURRENCY, 10 - answered);
      let seen = 0;
      const held = api.holdNext((r) => isImportPost(r) && ++seen > answered, inFlight);
      const fileName = `партия-${round}.json`;
      const products = Array.from({ length: 300 }, (_, i) => product(1000 * (round + 1) + i));
      const sent = await user.sendDocument({ fileName, content: JSON.stringify(products) });
      await confirmImport(user, sent);
      const mine = () => importPostsOf(api).slice(posts);
      await expect
        .poll(() => mine().filter((r) => r.status === 0).length, { timeout: STARTUP_MS })
        .toBe(inFlight);
      expect(mine()).toHaveLength(answered + inFlight);
      bot.child.kill("SIGTERM");
      // The sender has stopped (no request starts from now on) and waits for those in flight.
      const stopping = bot.lines.length;
      await bot.waitForLine(/waiting for import requests in flight/, STARTUP_MS);
      expect(bot.lines.slice(stopping).some((l) => /"stopping"/.test(l))).toBe(true);
      held.release();
      expect((await bot.exited).code).toBe(0);

      // No request started after the signal; every one sent before it was answered.
      expect(mine()).toHaveLength(answered + inFlight);
      expect(
        mine().map((r) => r.status),
        bot.lines.join("\n"),
      ).not.toContain(0);
      const accepted = api.jobs.reduce((n, job) => n + job.products.length, 0) - before;
      expect(accepted).toBe(30 * (answered + inFlight));
      const summaryOf = new RegExp(`^Импорт «партия-${round}\\.json»: итоги`);
      bot = spawnBot(env);
      rig.processes.push(bot);
      // Started (signal handlers installed) before anything else is asked of it.
      await bot.waitForLine(/bot started/, STARTUP_MS);
      const summary = await user.waitForBotMessage(summaryOf, { timeoutMs: STARTUP_MS });
      expect(summary.text).toContain(`✅ успешно ${accepted}, ❌ с ошибками 0`);
      if (answered + inFlight < 10) expect(summary.text).toContain("Отправка файла прервалась");
      await summariesSettled(rig.processes, round + 1);
      expect(user.botMessages().filter((m) => summaryOf.test(m.text))).toHaveLength(1);
    }
    bot.child.kill("SIGTERM");
    expect((await bot.exited).code).toBe(0);
  }, 240_000);
});
