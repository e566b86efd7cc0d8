/**
 * The scripted sessions' clock, the one place that makes their transcripts the same on every
 * run. Step n of a script starts at SCRIPT_START_MS + n minutes and runs on in real time within
 * its minute (a step takes seconds), so every time the bot shows that comes from the clock (an
 * import's time in /jobs, the date of a link in /status, an order placed by an `order` line) is
 * the same whenever and wherever the script runs. Sleeps are real: the import watcher and the
 * scheduler run on their own as in production. The clock never goes back: a step slower than a
 * minute pushes the next ones later (then the transcript differs, and says so).
 */
import { type Clock, systemClock } from "../src/clock.js";

/**
 * 20.11.2026 21:00 in Asia/Almaty (the bot's default time zone): the evening of the sandbox's
 * seeded day, after its newest order (18:00), the day's digest (20:00) and before quiet hours.
 */
export const SCRIPT_START_MS = Date.parse("2026-11-20T16:00:00Z");

export interface ScriptClock extends Clock {
  /** Moves the clock to the start of step `n` (1, 2, …): SCRIPT_START_MS + n minutes. */
  startStep(n: number): void;
}

export function scriptClock(startMs = SCRIPT_START_MS): ScriptClock {
  let offset = startMs - Date.now();
  return {
    now: () => Date.now() + offset,
    sleep: systemClock.sleep,
    startStep(n) {
      offset = Math.max(offset, startMs + n * 60_000 - Date.now());
    },
  };
}
