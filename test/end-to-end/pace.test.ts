import { afterEach, describe, expect, it } from "vitest";
import { startBotApiEmulator } from "../../doubles/telegram/index.js";
import { type App, createApp } from "../../src/app.js";
import { createLogger } from "../../src/logger.js";
import { type Harness, startHarness } from "../support/harness.js";
import { runOrdersBurst, runSendLoad } from "../support/send-load.js";

let h: Harness | undefined;
let second: App | undefined;
afterEach(async () => {
  await second?.close();
  second = undefined;
  await h?.stop();
  h = undefined;
});

/** Telegram refuses past its limits (30 a second, about one a second per chat), as the real one does. */
const telegramWithFloodControl = () => startBotApiEmulator({ limits: true });

describe("one pace for everything the bot sends", () => {
  it("keeps one instance under 30 a second, loses no summary, answers buttons first", async () => {
    // The bot and the emulator share this loaded test process: at the default 27.5 a second,
    // sends delayed by a stall reached the emulator in a bunch and one was refused (a full
    // check on a slow machine). 24 a second leaves room for that; with no pace at all the
    // 80 summaries would go at once and be refused by the dozen. The default pace against
    // Telegram's limits is the telegram-bound and burst benchmarks' to show.
    const pace = { perSecond: 24 };
    h = await startHarness({ tg: await telegramWithFloodControl(), adopt: true, pace });
    const figures = await runSendLoad(h.tg, [h.app], { summaries: 80, pressers: 20 });
    expect(figures.refused).toBe(0);
    expect(figures.maxInAnySecond).toBeLessThanOrEqual(30);
    expect(figures.lostSummaries).toBe(0);
    expect(figures.duplicatedSummaries).toBe(0);
    // The answers overtook the summaries queued before the presses.
    expect(figures.summariesAfterLastAnswer).toBeGreaterThanOrEqual(40);
  });

  it("is shared by two instances on one Redis", async () => {
    // Two bots in one loaded test process reach the emulator late and in bunches (a 429 seen in
    // CI): 20 a second leaves room for that, and two paces counting apart would still send 40.
    const pace = { perSecond: 20 };
    h = await startHarness({
      tg: await telegramWithFloodControl(),
      adopt: true,
      redis: true,
      pace,
    });
    // A second instance of the same bot: its notifications count against the same limits.
    second = createApp(h.app.config, createLogger("silent"), { paceLimits: pace });
    const figures = await runSendLoad(h.tg, [h.app, second], { summaries: 120, pressers: 20 });
    expect(figures.refused).toBe(0);
    expect(figures.maxInAnySecond).toBeLessThanOrEqual(30);
    expect(figures.lostSummaries).toBe(0);
    expect(figures.duplicatedSummaries).toBe(0);
    expect(figures.summariesAfterLastAnswer).toBeGreaterThanOrEqual(60);
  });

  it("paces a burst of /orders from many chats instead of failing some of them", async () => {
    h = await startHarness({ tg: await telegramWithFloodControl(), adopt: true });
    const figures = await runOrdersBurst(h.tg, () => h!.api.issueLinkToken(), 40);
    expect(figures.genericErrors).toBe(0);
    expect(figures.otherAnswers).toBe(0);
    expect(figures.answered).toBe(40);
    expect(figures.refused).toBe(0);
    expect(figures.maxInAnySecond).toBeLessThanOrEqual(30);
  });
});
