import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, inject, it } from "vitest";
import { mostWithin } from "../doubles/telegram/index.js";
import type { Clock } from "../src/clock.js";
import { createPace, TELEGRAM_PACE } from "../src/telegram/pace.js";
import { manualClock } from "./support/clock.js";

/** The most of `times` (sorted) within any 1000 ms, as Telegram counts. */
const mostInAnySecond = (times: number[]) => mostWithin(times, 1000);

/** `chats` answers due at once, each to its own chat; the clock times at which each may go. */
async function burst(chats: number, lateTimersMs: number) {
  const clock = manualClock();
  // Every wake-up comes late by the same amount, as a busy event loop makes it.
  const late: Clock = {
    now: clock.now,
    sleep: (ms, signal) => clock.sleep(ms + lateTimersMs, signal),
  };
  const pace = createPace({ clock: late });
  const times: number[] = [];
  const all = Array.from({ length: chats }, (_, i) =>
    pace.acquire(String(1000 + i), "interactive").then((sent) => {
      times.push(clock.now());
      sent();
    }),
  );
  while (times.length < chats) await clock.advance(50);
  await Promise.all(all);
  pace.close();
  return times.sort((a, b) => a - b);
}

describe("the overall pace under a burst of answers", () => {
  it("sends 27.5 a second, never more than 28 in any second, with timers on time", async () => {
    const times = await burst(300, 0);
    expect(TELEGRAM_PACE.perSecond).toBe(27.5);
    expect(mostInAnySecond(times)).toBeLessThanOrEqual(28);
    const rate = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
    expect(rate).toBeGreaterThanOrEqual(27.4);
  });

  it("loses no turn to timers up to 15 ms late, and still never sends more than 28 in any second", async () => {
    const times = await burst(300, 15);
    expect(mostInAnySecond(times)).toBeLessThanOrEqual(28);
    const rate = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
    expect(rate).toBeGreaterThanOrEqual(27.4);
  });

  it("keeps to the interval when timers are later than the catch-up: turns are lost, never bunched", async () => {
    const times = await burst(200, 40);
    expect(mostInAnySecond(times)).toBeLessThanOrEqual(28);
  });
});

/** `count` sends of `priority` due at once to one chat; the clock times at which each may go. */
async function oneChat(count: number, priority: "interactive" | "bulk") {
  const clock = manualClock();
  const pace = createPace({ clock });
  const times: number[] = [];
  const all = Array.from({ length: count }, () =>
    pace.acquire("777", priority).then((sent) => {
      times.push(clock.now());
      sent();
    }),
  );
  while (times.length < count) await clock.advance(50);
  await Promise.all(all);
  pace.close();
  const sorted = times.sort((a, b) => a - b);
  return sorted.map((t) => t - sorted[0]!);
}

describe("a chat's pace", () => {
  it.each(["interactive", "bulk"] as const)(
    "keeps %s sends to one a second in a chat, however many are due at once",
    async (priority) => {
      const at = await oneChat(4, priority);
      expect(TELEGRAM_PACE.chatBurst).toBe(1);
      expect(mostInAnySecond(at)).toBe(1);
      // A tenth of a second to spare: a request may reach Telegram sooner than the one before it.
      for (let i = 1; i < at.length; i++) {
        expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(1100);
        expect(at[i]! - at[i - 1]!).toBeLessThan(1200);
      }
    },
  );

  it("sends a chat's next message a second after Telegram answered the last, however late that was", async () => {
    const clock = manualClock();
    const pace = createPace({ clock });
    const first = await pace.acquire("777", "interactive");
    const start = clock.now();
    const times: number[] = [];
    const next = (sent: () => void) => {
      times.push(clock.now() - start);
      sent();
    };
    const second = pace.acquire("777", "interactive").then(next);
    // The schedule's turn (1.1 s) passes while the first is still on its way.
    await clock.advance(1500);
    expect(times).toEqual([]);
    first();
    while (times.length === 0) await clock.advance(50);
    expect(times[0]).toBeGreaterThanOrEqual(2500);
    expect(times[0]).toBeLessThan(2600);
    // A send never answered holds its chat no longer than the answer's wait (30 s).
    const third = pace.acquire("777", "interactive");
    const fourth = pace.acquire("777", "interactive").then(next);
    while (times.length === 1) await clock.advance(1000);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(31_000);
    expect(times[1]! - times[0]!).toBeLessThan(33_000);
    await Promise.all([second, third, fourth]);
    pace.close();
  });
});

describe("a pace closed while a chat waits for Telegram's answer", () => {
  it("lets the waiting send go at once (shutdown never hangs on an answer)", async () => {
    const clock = manualClock();
    const pace = createPace({ clock });
    await pace.acquire("777", "interactive");
    let went = false;
    const next = pace.acquire("777", "interactive").then(() => {
      went = true;
    });
    await clock.advance(5000);
    expect(went).toBe(false);
    pace.close();
    await next;
    expect(went).toBe(true);
    expect(clock.sleepers()).toBe(0);
  });
});

describe("a chat's pace over two instances on one Redis", () => {
  it("keeps a chat's interval from a send that waited for its overall turn", async () => {
    const clock = manualClock();
    const keyPrefix = `pace-test-${randomUUID()}:`;
    const [redisA, redisB] = [1, 2].map(() => new Redis(inject("redisUrl"), { keyPrefix }));
    // Two overall turns a second: the chat's first message waits for the second one.
    const limits = { perSecond: 2 };
    const a = createPace({ redis: redisA, limits, clock });
    const b = createPace({ redis: redisB, limits, clock });
    /** The clock's step while the paces sleep. */
    const STEP = 10;
    /**
     * The clock time a take resolves at. The clock moves only while the paces sleep and no
     * script is on its way (each connection answers in order, so a PING's answer comes after
     * theirs); a script sent right after a step (a late send's push) can still see the next
     * step first, so a take is seen at most a step late.
     */
    async function takenAt(taking: Promise<() => void>): Promise<number> {
      let at: number | undefined;
      void taking.then((sent) => {
        at = clock.now();
        sent();
      });
      while (at === undefined) {
        await Promise.all([redisA!.ping(), redisB!.ping()]);
        await new Promise((resolve) => setImmediate(resolve));
        if (at === undefined && clock.sleepers() > 0) await clock.advance(STEP);
      }
      return at;
    }
    try {
      const started = await takenAt(a.acquire("1", "interactive"));
      const aAt = await takenAt(a.acquire("777", "interactive"));
      // The chat's next update, answered by the other instance once this one's answer went.
      const bAt = await takenAt(b.acquire("777", "interactive"));
      expect(aAt - started).toBeGreaterThanOrEqual(200);
      // Without the late send's push the chat's next turn came 820–842 ms after it.
      expect(bAt - aAt).toBeGreaterThanOrEqual(1100 - STEP);
    } finally {
      a.close();
      b.close();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
