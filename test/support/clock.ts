import { type Clock, systemClock } from "../../src/clock.js";

/**
 * A clock tests move by hand: `advance(ms)` jumps from one sleeper's wake-up time to the next,
 * letting the woken work run (its promises and immediate callbacks) before the next jump, so a
 * day of backoff passes in milliseconds and in the right order.
 */
export interface ManualClock extends Clock {
  advance(ms: number): Promise<void>;
  /** Sleepers waiting now (to tell a loop that waits from one that is still working). */
  sleepers(): number;
}

/** Lets woken work run: a few turns of the event loop (in-memory stores need no more). */
export async function flush(turns = 6): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function manualClock(start = Date.parse("2026-03-01T00:00:00Z")): ManualClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; wake: () => void }>();
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const id = ++seq;
        const wake = () => {
          timers.delete(id);
          signal?.removeEventListener("abort", wake);
          resolve();
        };
        timers.set(id, { at: now + Math.max(0, ms), wake });
        signal?.addEventListener("abort", wake, { once: true });
      });
    },
    async advance(ms) {
      const target = now + ms;
      await flush();
      for (;;) {
        const next = [...timers.values()].sort((a, b) => a.at - b.at)[0];
        if (!next || next.at > target) break;
        now = Math.max(now, next.at);
        next.wake();
        await flush();
      }
      now = target;
    },
    sleepers: () => timers.size,
  };
}

/** A clock whose time the test sets; sleepers wake when it is moved past their time. */
export interface TestClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(startMs: number): TestClock {
  let now = startMs;
  const sleepers = new Set<{ at: number; wake: () => void }>();
  const wakeDue = () => {
    for (const s of [...sleepers]) {
      if (s.at <= now) {
        sleepers.delete(s);
        s.wake();
      }
    }
  };
  return {
    now: () => now,
    sleep(ms, signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        // Woken by the clock or by the signal; either way the signal forgets this sleeper.
        const wake = () => {
          sleepers.delete(sleeper);
          signal?.removeEventListener("abort", wake);
          resolve();
        };
        const sleeper = { at: now + ms, wake };
        sleepers.add(sleeper);
        signal?.addEventListener("abort", wake, { once: true });
      });
    },
    set(ms) {
      now = ms;
      wakeDue();
    },
    advance(ms) {
      now += ms;
      wakeDue();
    },
  };
}

/** A clock that runs at real speed from a time the test chooses (and may move it to). */
export interface RunningClock extends Clock {
  /** From now on the clock reads `ms`, then runs on in real time. */
  set(ms: number): void;
}

/**
 * Real time shifted to a chosen day, for an app whose import watcher and scheduler must run on
 * their own (they sleep real milliseconds) while their records fall on a known local date.
 */
export function runningClock(startMs: number): RunningClock {
  let offset = startMs - Date.now();
  return {
    now: () => Date.now() + offset,
    sleep: systemClock.sleep,
    set(ms) {
      offset = ms - Date.now();
    },
  };
}
