import { describe, expect, it } from "vitest";
import type { Clock } from "../src/clock.js";
import { createPace, TELEGRAM_PACE } from "../src/telegram/pace.js";
import { manualClock } from "./support/clock.js";

/** The most of `times` (sorted) within any 1000 ms, as Telegram counts. */
function mostInAnySecond(times: number[]): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

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
    pace.acquire(String(1000 + i), "interactive").then(() => times.push(clock.now())),
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
    pace.acquire("777", priority).then(() => times.push(clock.now())),
  );
  while (times.length < count) await clock.advance(50);
  await Promise.all(all);
  pace.close();
  const sorted = times.sort((a, b) => a - b);
  return sorted.map((t) => t - sorted[0]!);
}

describe("a chat's pace", () => {
  it("lets answers come two at once, then one a second", async () => {
    const at = await oneChat(4, "interactive");
    expect(at.filter((t) => t < 1000)).toHaveLength(TELEGRAM_PACE.chatBurst);
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(TELEGRAM_PACE.chatIntervalMs);
  });

  it("keeps notifications under one a second, however many are due at once", async () => {
    const at = await oneChat(4, "bulk");
    expect(TELEGRAM_PACE.bulkBurst).toBe(1);
    expect(mostInAnySecond(at)).toBe(1);
    // A tenth of a second to spare: a request may reach Telegram sooner than the one before it.
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(1100);
  });
});
