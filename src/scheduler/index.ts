/**
 * A generic scheduler of recurring work shared by several instances on one store.
 *
 * A KIND of work (watched import documents; new-order, stock and digest alerts) is
 * registered once with `scheduler.register(kind)`. Every `kind.tickMs` (from one tick's start to
 * the next's, so a long tick does not push the later ones back) the scheduler lists the
 * kind's items (`kind.list()`, shared over instances), skips those it knows are not due yet,
 * takes the lease of each due one (`kind.leaseKey(id)`: one instance at a time works on an
 * item) and runs ONE round of it (`kind.run(id, round)`), a few at once. The round says when
 * the item is next due (`{ nextAt }`) or that it is finished (`"done"`); a round that throws is
 * retried after `kind.retryDelay(failures)` (default: `backoffDelay` from 1 s to 1 min). A round
 * that returns `round.takenAt + n × tickMs` comes again exactly n ticks later, however far into
 * its tick it ran. `createRateBudget` bounds calls a minute (the watcher's `import/info` reads).
 *
 * Time comes from the injected `Clock` (src/clock.ts): due times, backoff, lease renewals and
 * the waits between ticks, so a test drives a day of backoff in milliseconds. Lease keys live
 * in the store with a TTL (`leaseMs`), renewed every third of it while the instance lives;
 * an instance that dies stops renewing and another one takes its items over.
 *
 * A kind keeps its own state (due time, counters) in its own records: the scheduler's table of
 * due times is only a cache of what rounds returned, so a restarted instance runs every listed
 * item once and learns its due time from that round.
 *
 * Example (an alert kind):
 *
 *   scheduler.register({
 *     name: "stock-alerts",
 *     tickMs: 60_000,
 *     list: () => kv.setMembers("alerts:stock"),
 *     leaseKey: (chatId) => `alerts:stock:lease:${chatId}`,
 *     async run(chatId, round) {
 *       if (round.signal.aborted) return { nextAt: round.now() };
 *       await checkStock(chatId);               // may throw: retried with backoff
 *       return { nextAt: round.now() + 15 * 60_000 };
 *     },
 *   });
 */
export { type BackoffPolicy, backoffDelay } from "./backoff.js";
export { createRateBudget, type RateBudget } from "./budget.js";
export { createLeases, type Leases } from "./leases.js";
export { createScheduler, type SchedulerOptions } from "./scheduler.js";
export type { Round, RoundResult, Scheduler, WorkKind } from "./types.js";
