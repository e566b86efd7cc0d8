import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, inject, it } from "vitest";
import { mostWithin, spreadWayThere } from "../../doubles/telegram/index.js";
import type { Clock } from "../../src/clock.js";
import { createPace, type Pace, type PaceLimits, TELEGRAM_PACE } from "../../src/telegram/pace.js";
import { type ManualClock, manualClock } from "../support/clock.js";

/** The manual clock's step in the tests of paces on Redis. */
const STEP = 10;

/**
 * Moves `clock` a step at a time until `done`, only while the paces sleep and no script is on
 * its way (each connection answers in order, so a PING's answer comes after theirs). A script
 * sent right after a step (a late send's push) can still see the next step first.
 */
async function stepUntil(clock: ManualClock, redis: Redis[], done: () => boolean) {
  while (!done()) {
    await Promise.all(redis.map((r) => r.ping()));
    await new Promise((resolve) => setImmediate(resolve));
    if (!done() && clock.sleepers() > 0) await clock.advance(STEP);
  }
}

/** Two paces (instances) on one Redis with their own connections, on one manual clock. */
function twoPacesOnRedis(limits: Partial<PaceLimits>) {
  const clock = manualClock();
  const keyPrefix = `pace-test-${randomUUID()}:`;
  const redis = [1, 2].map(() => new Redis(inject("redisUrl"), { keyPrefix }));
  const [a, b] = redis.map((r) => createPace({ redis: r, limits, clock })) as [Pace, Pace];
  return {
    clock,
    a,
    b,
    until: (done: () => boolean) => stepUntil(clock, redis, done),
    close() {
      a.close();
      b.close();
      for (const r of redis) r.disconnect();
    },
  };
}

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

/**
 * `chats` answers due at once, each to its own chat, Telegram answering each `minMs`–`maxMs`
 * after it went (seeded); each send's moment and its answer's.
 */
async function lateAnswers(chats: number, minMs: number, maxMs: number, redis: Redis[] = []) {
  const clock = manualClock();
  // One pace in memory, or one per connection to the same Redis (instances), taking turns.
  const paces =
    redis.length > 0 ? redis.map((r) => createPace({ clock, redis: r })) : [createPace({ clock })];
  const way = spreadWayThere(minMs, maxMs, 7);
  const sends: { at: number; answer?: number }[] = [];
  const all = Array.from({ length: chats }, (_, i) =>
    paces[i % paces.length]!.acquire(String(2000 + i), "interactive").then(async (sent) => {
      const send: { at: number; answer?: number } = { at: clock.now() };
      sends.push(send);
      await clock.sleep(way("sendMessage", {}));
      send.answer = clock.now();
      sent();
    }),
  );
  while (sends.length < chats || sends.some((s) => s.answer === undefined)) {
    // Time moves only once every script on its way has been answered (a PING's answer comes
    // after theirs): a slow Redis then changes nothing of the paces' clock times.
    await Promise.all(redis.map((r) => r.ping()));
    await clock.advance(5);
  }
  await Promise.all(all);
  for (const pace of paces) pace.close();
  return sends as { at: number; answer: number }[];
}

/**
 * The most sends that may have reached Telegram within one 1000 ms, wherever each arrived
 * between its moment and its answer: at each send's moment, the sends gone by then whose
 * answer came less than 1000 ms before.
 */
function mostPossiblyTogether(sends: { at: number; answer: number }[]) {
  let most = 0;
  for (const { at } of sends) {
    const together = sends.filter((s) => s.at <= at && s.answer > at - 1000).length;
    most = Math.max(most, together);
  }
  return most;
}

describe("Telegram's window, however late its answers come", () => {
  it("never lets more than 30 reach Telegram in one second, answers 0–300 ms late", async () => {
    const sends = await lateAnswers(300, 0, 300);
    expect(mostPossiblyTogether(sends)).toBeLessThanOrEqual(30);
    // Still about 30 a second over a second and the answers' way: no turn lost for nothing.
    const span = (sends.at(-1)!.at - sends[0]!.at) / 1000;
    expect((sends.length - 1) / span).toBeGreaterThan(22);
  });

  it("keeps the schedule's 27.5 a second while answers come at once", async () => {
    const sends = await lateAnswers(300, 0, 5);
    const span = (sends.at(-1)!.at - sends[0]!.at) / 1000;
    expect((sends.length - 1) / span).toBeGreaterThanOrEqual(27.4);
  });

  it("frees another instance's room a second after the answers, though no take of its own follows", async () => {
    // The window alone decides: the schedule's 27.5 a second is out of the way.
    const { clock, a, b, until, close } = twoPacesOnRedis({ perSecond: 10_000 });
    try {
      // Instance A fills Telegram's second, then falls silent: each send is answered 200 ms after
      // it went, once all 30 have gone, so no take of A's can carry an answer.
      let gone = 0;
      const answers: number[] = [];
      const filled = Array.from({ length: 30 }, (_, i) =>
        a.acquire(String(3000 + i), "interactive").then(async (sent) => {
          gone++;
          await clock.sleep(200);
          answers.push(clock.now());
          sent();
        }),
      );
      await until(() => gone === 30);
      let at: number | undefined;
      const waiting = b.acquire("4000", "interactive").then((sent) => {
        at = clock.now();
        sent();
      });
      await until(() => at !== undefined && answers.length === 30);
      await Promise.all([...filled, waiting]);
      const firstAnswer = Math.min(...answers);
      // A's answers reached the window on their own (not at A's next take: there is none):
      // B's send went a second after them, not after the 30 s a send on its way may count.
      expect(at! - firstAnswer).toBeGreaterThanOrEqual(1000);
      expect(at! - firstAnswer).toBeLessThan(1200);
    } finally {
      close();
    }
  });

  it("is shared by two instances on one Redis", async () => {
    const keyPrefix = `pace-window-${randomUUID()}:`;
    const redis = [1, 2].map(() => new Redis(inject("redisUrl"), { keyPrefix }));
    try {
      const sends = await lateAnswers(200, 0, 300, redis);
      expect(mostPossiblyTogether(sends)).toBeLessThanOrEqual(30);
    } finally {
      for (const r of redis) r.disconnect();
    }
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
    // Two overall turns a second: the chat's first message waits for the second one.
    const { clock, a, b, until, close } = twoPacesOnRedis({ perSecond: 2 });
    /** The clock time a take resolves at: at most a step late (`stepUntil`). */
    async function takenAt(taking: Promise<() => void>): Promise<number> {
      let at: number | undefined;
      void taking.then((sent) => {
        at = clock.now();
        sent();
      });
      await until(() => at !== undefined);
      return at!;
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
      close();
    }
  });
});
