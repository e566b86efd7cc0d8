import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { Scheduler } from "../scheduler/index.js";
import type { KeyValueStore } from "../storage/index.js";
import type { AlertRound } from "./context.js";

/**
 * One kind of alert work: a scheduler kind with a single item, the seller account (one
 * deployment serves one seller), so one lease per kind decides which instance runs a round.
 */
export interface AlertWork {
  name: string;
  /** How often it runs (ms). */
  everyMs: number;
  leaseKey: string;
  run(round: AlertRound): Promise<{ nextAt: number }>;
}

export interface AlertRunner {
  /** Registers every alert kind with the shared scheduler (production). */
  register(scheduler: Scheduler): void;
  /** Runs every kind once now, each under its lease (tests drive rounds this way). */
  runAll(): Promise<void>;
  /** After this, runAll takes no lease again (an instance going away). */
  stop(): Promise<void>;
}

const SELLER = "seller";

/**
 * The alert kinds as the scheduler (src/scheduler) runs them, and the same rounds run by hand
 * under the same leases. Every round is idempotent (see store.ts), so which instance runs it,
 * or running it twice, sends nothing twice.
 */
export function createAlertRunner(options: {
  kv: KeyValueStore;
  clock: Clock;
  logger: Logger;
  works: AlertWork[];
  leaseMs?: number;
}): AlertRunner {
  const { kv, clock, works } = options;
  const owner = `alerts-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const abort = new AbortController();
  const logger = options.logger.child({ module: "alerts" });

  async function once(work: AlertWork) {
    if (!(await kv.setIfAbsent(work.leaseKey, owner, leaseMs))) return;
    try {
      await work.run({ now: () => clock.now(), signal: abort.signal });
    } finally {
      await kv.deleteIfEquals(work.leaseKey, owner);
    }
  }

  return {
    register(scheduler) {
      for (const work of works) {
        scheduler.register({
          name: work.name,
          tickMs: Math.min(work.everyMs, 60_000),
          concurrency: 1,
          list: async () => [SELLER],
          leaseKey: () => work.leaseKey,
          run: async (_id, round) => {
            try {
              return await work.run({ now: () => round.now(), signal: round.signal });
            } catch (error) {
              logger.warn({ err: error, work: work.name }, "alert round failed; retried");
              throw error;
            }
          },
        });
      }
    },
    async runAll() {
      for (const work of works) if (!abort.signal.aborted) await once(work);
    },
    async stop() {
      abort.abort();
    },
  };
}
