import { backoffDelay } from "../../scheduler/index.js";

/**
 * When a watched document is read next, and how much of it (docs/operations.md, "Import
 * watching"). The Seller API has no call that asks about several jobs at once, so every read is
 * one `import/info` call per job; the rule keeps the calls few without seeing a finished
 * document late:
 *
 * - **Every interval while the document moves.** A document is read every
 *   `IMPORT_POLL_INTERVAL_MS` for as long as one of its jobs finished within `patienceMs`
 *   (default 10 minutes; the watch starts the count too). After that many quiet rounds the
 *   interval grows ×1.5 per quiet round up to `maxMs` (60 s); the next job to finish brings it
 *   back to the base interval.
 * - **A failing Seller API slows it down.** A round whose reads found the API away (timeout,
 *   5xx, 429) makes the next one wait ×1.5 longer per such round in a row, up to `maxMs`.
 * - **Only as far as the first unfinished job.** A document's summary needs every job final, so
 *   a round reads its unfinished jobs oldest first and stops at the first one still unfinished
 *   (in waves of 1, 2, 4… jobs while every answer is final): about one call per round plus one
 *   per job, instead of one per unfinished job per round.
 * - **Everything at least every `sweepEveryMs`** (60 s): then every unfinished job is read, so
 *   the progress message and /jobs are never more than that behind when the API finishes jobs
 *   out of order.
 */
export interface PollingRule {
  baseMs: number;
  /** Quiet time (no job of the document finished) before the interval grows. */
  patienceMs: number;
  maxMs: number;
  /** Every unfinished job of a document is read at least this often. */
  sweepEveryMs: number;
}

/** Growth of the interval per round once past the patience, or per failing round. */
export const POLL_BACKOFF = 1.5;

/** What the rule needs of a document's record (store.ts DocState). */
export interface PollCounters {
  /** Rounds in a row in which no job of the document finished. */
  quiet?: number;
  /** Rounds in a row in which the Seller API was away. */
  outages?: number;
}

export function pollingRule(
  baseMs: number,
  options: { patienceMs?: number; maxMs?: number; sweepEveryMs?: number } = {},
): PollingRule {
  return {
    baseMs,
    patienceMs: options.patienceMs ?? 10 * 60_000,
    maxMs: options.maxMs ?? 60_000,
    sweepEveryMs: options.sweepEveryMs ?? 60_000,
  };
}

/** Delay before the next round of a document with these counters. */
export function pollDelay(rule: PollingRule, counters: PollCounters): number {
  const growth = { baseMs: rule.baseMs, factor: POLL_BACKOFF, maxMs: rule.maxMs };
  const steadyRounds = Math.ceil(rule.patienceMs / rule.baseMs);
  const quiet = backoffDelay({ ...growth, steadyRounds }, counters.quiet ?? 0);
  const outages = counters.outages ?? 0;
  return outages > 0 ? Math.max(quiet, backoffDelay(growth, outages)) : quiet;
}

/** Delay before a round that threw (the store away) runs again. */
export const retryDelay = (rule: PollingRule, failures: number) =>
  backoffDelay({ baseMs: rule.baseMs, factor: POLL_BACKOFF, maxMs: rule.maxMs }, failures);

/** Whether this round reads every unfinished job (else only up to the first unfinished one). */
export const isSweep = (rule: PollingRule, sweptAt: number | undefined, now: number) =>
  sweptAt === undefined || now - sweptAt >= rule.sweepEveryMs;
