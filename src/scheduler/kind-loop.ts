import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import { backoffDelay } from "./backoff.js";
import type { Leases } from "./leases.js";
import type { Round, WorkKind } from "./types.js";

/** What every kind's loop shares: the leases, the clock, and the keys to keep at stop. */
export interface LoopEnv {
  leases: Leases;
  clock: Clock;
  logger: Logger;
  /** Lease keys kept after their round (left to expire at stop). */
  kept: Set<string>;
  /** Lease keys of rounds running now (left to expire when stop cannot wait for them). */
  running: Set<string>;
}

/** A round that threw runs again after 1 s, 1.5 s, … up to a minute. */
const DEFAULT_RETRY = { baseMs: 1000, factor: 1.5, maxMs: 60_000 };

/** Runs `fn` over the items, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}

/** What a kind's loop knows of its items: due times as rounds said, failures in a row. */
interface ItemTable {
  dueAt: Map<string, number>;
  failures: Map<string, number>;
  retryDelay(failures: number): number;
}

/** One leased round of one item: its result sets the item's next due time. */
async function runItem(
  kind: WorkKind,
  env: LoopEnv,
  items: ItemTable,
  id: string,
  tick: { at: number; signal: AbortSignal },
) {
  const { signal } = tick;
  const { leases, clock, logger } = env;
  const { dueAt, failures } = items;
  const key = kind.leaseKey(id);
  let leased = false;
  let keep = false;
  env.running.add(key);
  try {
    leased = await leases.acquire(key);
    if (!leased) return;
    const round: Round = {
      signal,
      now: () => clock.now(),
      takenAt: tick.at,
      confirmLease: () => leases.confirm(key),
      holdsLease: () => leases.holds(key),
      keepLease: (value = true) => {
        keep = value;
      },
    };
    const result = await kind.run(id, round);
    failures.delete(id);
    if (result === "done") dueAt.delete(id);
    else dueAt.set(id, result.nextAt);
  } catch (error) {
    const count = (failures.get(id) ?? 0) + 1;
    failures.set(id, count);
    dueAt.set(id, clock.now() + items.retryDelay(count));
    logger.error({ item: id, failures: count, err: error }, "round failed; retried later");
  } finally {
    env.running.delete(key);
    if (keep) env.kept.add(key);
    else env.kept.delete(key);
    if (leased && !keep) {
      await leases.release(key).catch((error: unknown) => {
        // The lease expires on its own after leaseMs; the item is only delayed meanwhile.
        logger.warn({ item: id, err: error }, "could not release a lease");
      });
    }
  }
}

/** The loop of one kind of work: which items are due, and one leased round of each. */
export function createKindLoop(kind: WorkKind, env: LoopEnv) {
  const { clock } = env;
  const logger = env.logger.child({ work: kind.name });
  /** Due time per item as its last round said; unknown items are due at once. */
  const dueAt = new Map<string, number>();
  const failures = new Map<string, number>();
  let ticks = 0;
  const retryDelay = (n: number) => kind.retryDelay?.(n) ?? backoffDelay(DEFAULT_RETRY, n - 1);
  const items: ItemTable = { dueAt, failures, retryDelay };

  async function tick(signal: AbortSignal, now: number) {
    const ids = await kind.list();
    const listed = new Set(ids);
    for (const id of dueAt.keys()) {
      if (!listed.has(id)) {
        dueAt.delete(id);
        failures.delete(id);
      }
    }
    const due = ids.filter((id) => (dueAt.get(id) ?? 0) <= now);
    await eachLimited(due, kind.concurrency ?? 8, async (id) => {
      if (!signal.aborted) await runItem(kind, { ...env, logger }, items, id, { at: now, signal });
    });
  }

  return {
    setDue(id: string, at: number) {
      dueAt.set(id, at);
    },
    ticks: () => ticks,
    async run(signal: AbortSignal) {
      const slack = Math.ceil(kind.tickMs / 10);
      let dueTickAt = clock.now();
      while (!signal.aborted) {
        // A tick's time is when it was due, not when its timer fired or the listing answered
        // (a few ms either way): an item that returned `takenAt + n × tickMs` is then due at
        // the nth tick exactly, never one tick later because this one came a little early.
        const woke = clock.now();
        const at = Math.abs(woke - dueTickAt) < slack ? dueTickAt : woke;
        try {
          await tick(signal, at);
        } catch (error) {
          // Listing failed (the store is away): the next tick tries again.
          logger.error({ err: error }, "listing failed; next tick tries again");
        }
        ticks++;
        // Ticks keep their pace (a long tick does not push every later one back); one that
        // overran is followed by a short pause, not at once.
        const wait = Math.max(at + kind.tickMs - clock.now(), slack);
        dueTickAt = clock.now() + wait;
        await clock.sleep(wait, signal);
      }
    },
  };
}
