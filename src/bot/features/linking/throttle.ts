import type { Clock } from "../../../clock.js";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";

/**
 * Throttling of link-token guessing. Failed attempts are counted per chat and per user in
 * storage (so every instance sees them); after a few, each further failure makes the wait
 * before the next attempt longer. A success clears the record.
 */
export interface LinkThrottlePolicy {
  /** The failure that brings the first wait (the ones before it cost nothing). */
  freeFailures: number;
  /** The first wait; it doubles with each further failure. */
  firstWaitMs: number;
  maxWaitMs: number;
  /** A record is forgotten after this long without a failure. */
  forgetAfterMs: number;
}

export const DEFAULT_LINK_THROTTLE: LinkThrottlePolicy = {
  freeFailures: 3,
  firstWaitMs: 30_000,
  maxWaitMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

interface FailureRecord {
  failures: number;
  blockedUntil: number;
}

export interface LinkThrottle {
  /** How long the chat or user must still wait before trying again (0: may try now). */
  waitMs(ids: LinkAttempter): Promise<number>;
  /** Counts a refused token; returns the wait it imposes from now (0 while still free). */
  failed(ids: LinkAttempter): Promise<number>;
  /** A token was accepted: the records are cleared. */
  succeeded(ids: LinkAttempter): Promise<void>;
}

export interface LinkAttempter {
  chatId: number;
  userId: number | undefined;
}

const keysOf = ({ chatId, userId }: LinkAttempter) => [
  `${KEY_PREFIX.linkFailures}chat:${chatId}`,
  ...(userId === undefined ? [] : [`${KEY_PREFIX.linkFailures}user:${userId}`]),
];

export function createLinkThrottle(
  kv: KeyValueStore,
  policy: LinkThrottlePolicy = DEFAULT_LINK_THROTTLE,
  clock: Clock,
): LinkThrottle {
  const waitAfter = (failures: number) => {
    const past = failures - policy.freeFailures;
    if (past < 0) return 0;
    return Math.min(policy.maxWaitMs, policy.firstWaitMs * 2 ** Math.min(past, 30));
  };
  return {
    async waitMs(ids) {
      const records = await Promise.all(keysOf(ids).map((key) => kv.get<FailureRecord>(key)));
      const until = Math.max(0, ...records.map((r) => r?.blockedUntil ?? 0));
      return Math.max(0, until - clock.now());
    },
    async failed(ids) {
      let longest = 0;
      for (const key of keysOf(ids)) {
        const record = (await kv.get<FailureRecord>(key)) ?? { failures: 0, blockedUntil: 0 };
        const failures = record.failures + 1;
        const wait = waitAfter(failures);
        longest = Math.max(longest, wait);
        await kv.set(
          key,
          { failures, blockedUntil: clock.now() + wait } satisfies FailureRecord,
          policy.forgetAfterMs + wait,
        );
      }
      return longest;
    },
    async succeeded(ids) {
      await Promise.all(keysOf(ids).map((key) => kv.delete(key)));
    },
  };
}
