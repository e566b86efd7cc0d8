import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { KeyValueStore } from "../storage/index.js";

/**
 * Leases: with several instances on one store, an item is worked on by one instance at a time.
 * A lease is a key holding the instance id with a TTL (`setIfAbsent`), renewed by its holder
 * every third of the lease (`expireIfEquals`) while it lives, and released (`deleteIfEquals`)
 * when done. An instance that dies stops renewing: its leases expire after `leaseMs` and
 * another instance takes the items over. Renewals wait on the injected clock.
 */
export interface Leases {
  readonly instanceId: string;
  /** Takes the lease of `key` (or confirms this instance already holds it). */
  acquire(key: string): Promise<boolean>;
  /** Renews a held lease; false when it was lost (expired and taken, or released). */
  confirm(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Whether this instance believes it holds `key` (no store access). */
  holds(key: string): boolean;
  /** Starts renewing held leases in the background. */
  start(): void;
  /** Stops renewing; releases every held lease except `keep` (left to expire). */
  stop(keep?: ReadonlySet<string>): Promise<void>;
}

export function createLeases(
  kv: KeyValueStore,
  instanceId: string,
  leaseMs: number,
  clock: Clock,
  logger: Logger,
): Leases {
  const held = new Set<string>();
  let renewing: AbortController | undefined;
  let loop: Promise<void> | undefined;

  const renewAll = async () => {
    for (const key of [...held]) {
      try {
        if (!(await kv.expireIfEquals(key, instanceId, leaseMs))) {
          held.delete(key);
          logger.warn({ key }, "lost a lease");
        }
      } catch (error) {
        // The store is away: keep the lease in mind, the next renewal may succeed.
        logger.warn({ key, err: error }, "could not renew a lease");
      }
    }
  };
  const renewLoop = async (signal: AbortSignal) => {
    const every = Math.max(50, Math.floor(leaseMs / 3));
    while (!signal.aborted) {
      await clock.sleep(every, signal);
      if (!signal.aborted) await renewAll();
    }
  };

  return {
    instanceId,
    async acquire(key) {
      if (await kv.setIfAbsent(key, instanceId, leaseMs)) {
        held.add(key);
        return true;
      }
      // Ours already (kept after a round, or a round that could not release after a store error).
      if (await kv.expireIfEquals(key, instanceId, leaseMs)) {
        held.add(key);
        return true;
      }
      return false;
    },
    async confirm(key) {
      const ok = await kv.expireIfEquals(key, instanceId, leaseMs);
      if (ok) held.add(key);
      else held.delete(key);
      return ok;
    },
    async release(key) {
      held.delete(key);
      await kv.deleteIfEquals(key, instanceId);
    },
    holds: (key) => held.has(key),
    start() {
      if (renewing) return;
      renewing = new AbortController();
      loop = renewLoop(renewing.signal);
    },
    async stop(keep = new Set()) {
      renewing?.abort();
      await loop;
      renewing = undefined;
      loop = undefined;
      for (const key of [...held]) {
        if (keep.has(key)) continue;
        held.delete(key);
        await kv.deleteIfEquals(key, instanceId).catch((error: unknown) => {
          // Left to expire after leaseMs: another instance takes the item over a little later.
          logger.warn({ key, err: error }, "could not release a lease");
        });
      }
    },
  };
}
