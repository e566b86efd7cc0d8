import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLinkThrottle } from "../../src/bot/features/linking/throttle.js";
import type { Clock } from "../../src/clock.js";
import { createStorage } from "../../src/storage/index.js";
import { type Harness, startHarness } from "../support/harness.js";

let h: Harness | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  for (const clean of cleanups.splice(0)) clean();
});

const CONFIRM = "/api/seller/v1/telegram/confirm-token";

/** A clock moved by hand: the waits pass without sleeping. */
function manualClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    sleep: async () => undefined,
    advance(ms) {
      now += ms;
    },
  };
}

describe("guessing link tokens", () => {
  it("tries one after another from one chat: only the first few reach the Seller API, the rest are told to wait (ru)", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "ru" });
    // Each try after the answer to the one before, as a guesser at the keyboard would: the
    // flood admission (which drops a burst) is not what this checks. Replies to one chat are
    // paced (about one a second after a burst of five).
    const TRIES = 10;
    for (let i = 0; i < TRIES; i++) {
      await user.sendCommand(`/link guess-${i}-xyz`);
      await user.waitFor((msgs) => msgs.filter((m) => m.from === "bot").length >= i + 1, {
        timeoutMs: 60_000,
      });
    }
    expect(h.api.requestsTo(CONFIRM)).toHaveLength(3);
    const texts = user.botMessages().map((m) => m.text);
    expect(texts.slice(0, 2).every((t) => /не подошёл/.test(t))).toBe(true);
    // The third refusal says how long to wait; the tries after it are not even sent.
    expect(texts[2]).toMatch(/не подошёл[\s\S]*Подождите 30 с/);
    expect(
      texts
        .slice(3)
        .every((t) => /^Слишком много неверных токенов подряд\. Подождите \d+ с/.test(t)),
    ).toBe(true);
    expect(texts.join("\n")).not.toMatch(/guess-\d+-xyz/);
    const metrics = await h.app.metrics.render();
    expect(metrics).toContain('sellerbot_link_attempts_refused_total{outcome="rejected"} 3');
    expect(metrics).toContain(
      `sellerbot_link_attempts_refused_total{outcome="throttled"} ${TRIES - 3}`,
    );
  });

  it("tells a Kazakh user how long to wait, and a valid token still cannot jump the queue", async () => {
    h = await startHarness({ redis: true });
    const user = h.tg.user({ languageCode: "kk" });
    for (let i = 0; i < 4; i++) await user.sendCommand(`/start wrong-${i}-token`);
    await user.waitFor((msgs) => msgs.filter((m) => m.from === "bot").length >= 4);
    expect(user.lastBotMessage()?.text).toMatch(/\d+ секунд күтіп, қайталап көріңіз/);
    // Shared by instances: the record is in Redis, and a new instance refuses as well.
    await h.stopBot();
    const second = await startHarness({
      redis: true,
      tg: h.tg,
      api: h.api,
      redisKeyPrefix: h.redisKeyPrefix,
    });
    cleanups.push(() => void second.stop());
    await user.sendCommand(`/start ${h.api.issueLinkToken()}`);
    await user.waitFor((msgs) => msgs.filter((m) => m.from === "bot").length >= 5);
    expect(user.lastBotMessage()?.text).toMatch(/Қате токендер қатарынан тым көп/);
    expect(h.api.requestsTo(CONFIRM)).toHaveLength(3);
    // stop(), not stopBot(): the second instance's own data folder goes too.
    await second.stop();
  });

  it("waits grow with each further failure, are counted per user as well as per chat, and a success clears them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "link-throttle-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const storage = createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: dir });
    const clock = manualClock();
    const throttle = createLinkThrottle(storage.kv, undefined, clock);
    const who = { chatId: 5, userId: 7 };
    expect(await throttle.failed(who)).toBe(0);
    expect(await throttle.failed(who)).toBe(0);
    expect(await throttle.failed(who)).toBe(30_000);
    expect(await throttle.waitMs(who)).toBe(30_000);
    clock.advance(10_000);
    expect(await throttle.waitMs(who)).toBe(20_000);
    // The same user from another chat waits too.
    expect(await throttle.waitMs({ chatId: 6, userId: 7 })).toBe(20_000);
    clock.advance(20_000);
    expect(await throttle.waitMs(who)).toBe(0);
    expect(await throttle.failed(who)).toBe(60_000);
    clock.advance(60_000);
    expect(await throttle.failed(who)).toBe(120_000);
    clock.advance(120_000);
    await throttle.succeeded(who);
    expect(await throttle.waitMs(who)).toBe(0);
    expect(await throttle.failed(who)).toBe(0);
    await storage.close();
  });
});
