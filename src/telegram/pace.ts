import type { Redis } from "ioredis";
import {
  BurstyRateLimiter,
  type IRateLimiterStoreOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { type Clock, systemClock } from "../clock.js";
import type { Logger } from "../logger.js";

/**
 * One pace for everything the bot sends (replies, conversations, the import watcher, alerts),
 * shared by every instance on one Redis (in-process on the embedded storage). A send first
 * waits for its chat's turn, then for an overall slot; answers to updates ("interactive") take
 * the overall slots before notifications ("bulk"), and bulk may never take them all.
 *
 * The counting is rate-limiter-flexible's (atomic in Redis, or in memory). Its Redis windows
 * are whole seconds, and a fixed one-second window lets twice its points through around a
 * boundary, so the overall limit is counted in short slots instead: 2 per 100 ms is 20 a
 * second, and any second overlaps at most 11 slots (22). The headroom up to Telegram's 30 is
 * for the way to Telegram: requests released in order can still arrive bunched (a busy event
 * loop, a connection pool), and 400 ms of bunching still stays under 30. Answers come first in
 * this process by a queue, and across instances because bulk waits for the second half of a slot.
 */
export type Priority = "interactive" | "bulk";

export interface PaceLimits {
  /** Length of one overall slot. */
  slotMs: number;
  /** Messages per slot over all chats and instances. */
  perSlot: number;
  /** Of those, at most this many for bulk sends: answers always find room. */
  bulkPerSlot: number;
  /** A private chat: this many a second, plus a small burst per burst window. */
  chatPerSecond: number;
  chatBurst: number;
  chatBurstSeconds: number;
  /** A group: one message per this many seconds, plus a burst per minute (20 a minute in all). */
  groupIntervalSeconds: number;
  groupBurstPerMinute: number;
  /** After an answer in a chat, a bulk send there waits this many seconds (0: not at all). */
  quietSeconds: number;
}

export const TELEGRAM_PACE: PaceLimits = {
  slotMs: 100,
  perSlot: 2,
  bulkPerSlot: 2,
  chatPerSecond: 1,
  chatBurst: 5,
  chatBurstSeconds: 10,
  groupIntervalSeconds: 4,
  groupBurstPerMinute: 5,
  quietSeconds: 1,
};

export interface PaceOptions {
  /** Shared counters across instances; without it the pace is this process's alone. */
  redis?: Redis;
  limits?: Partial<PaceLimits>;
  clock?: Clock;
  logger?: Logger;
}

export interface Pace {
  /** Resolves when a message to `chatId` (null: none known) may go out. */
  acquire(chatId: string | null, priority: Priority): Promise<void>;
  /** Sends still waiting for their turn (metrics, tests). */
  waiting(): number;
  /** Lets every waiting send go (shutdown must not hang on pacing). */
  close(): void;
}

interface Counter {
  consume(key: string | number, points?: number): Promise<RateLimiterRes>;
}
interface Limiter extends Counter {
  penalty(key: string | number, points?: number): Promise<RateLimiterRes>;
}

type LimiterFactory = (keyPrefix: string, points: number, duration: number) => Limiter;

function limiterFactory(redis: Redis | undefined): LimiterFactory {
  return (keyPrefix, points, duration) => {
    const options: IRateLimiterStoreOptions = {
      keyPrefix: `pace:${keyPrefix}`,
      points,
      duration,
      storeClient: redis,
    };
    if (!redis) return new RateLimiterMemory(options);
    // While Redis is away, each instance counts for itself rather than stopping all sends.
    return new RateLimiterRedis({
      ...options,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  };
}

/** What the parts of a pace share: its clock, its shutdown, and what to do when counting fails. */
interface PaceRun {
  clock: Clock;
  /** Aborted at close: every wait ends. */
  stopped: AbortSignal;
  /** Unexpected limiter failures let the send go: a lost message is worse than a 429. */
  failOpen(error: unknown): void;
}

export function createPace(options: PaceOptions = {}): Pace {
  const limits = { ...TELEGRAM_PACE, ...options.limits };
  const shutdown = new AbortController();
  const run: PaceRun = {
    clock: options.clock ?? systemClock,
    stopped: shutdown.signal,
    failOpen: (error) =>
      options.logger?.warn({ err: error }, "pace limiter failed; sending without waiting"),
  };
  const limiter = limiterFactory(options.redis);
  const chats = createChatTurns(limiter, limits, run);
  const slots = createSlots(limiter, limits, run);
  return {
    async acquire(chatId, priority) {
      if (run.stopped.aborted) return;
      if (chatId !== null) await chats.turn(chatId, priority);
      await slots.take(priority);
    },
    waiting: slots.waiting,
    close() {
      shutdown.abort();
      slots.releaseAll();
    },
  };
}

/** Consumes a point of `key`, waiting as long as the counter says, until allowed or stopped. */
async function consumeUntilAllowed(run: PaceRun, counter: Counter, key: string) {
  while (!run.stopped.aborted) {
    try {
      await counter.consume(key);
      return;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) return run.failOpen(error);
      await run.clock.sleep(Math.max(1, error.msBeforeNext), run.stopped);
    }
  }
}

/** Each chat's sends take their turns one after another, at the chat's limit. */
function createChatTurns(limiter: LimiterFactory, limits: PaceLimits, run: PaceRun) {
  const privateChat = new BurstyRateLimiter(
    limiter("chat", limits.chatPerSecond, 1) as RateLimiterMemory,
    limiter("chat-burst", limits.chatBurst, limits.chatBurstSeconds) as RateLimiterMemory,
  );
  const group = new BurstyRateLimiter(
    limiter("group", 1, limits.groupIntervalSeconds) as RateLimiterMemory,
    limiter("group-burst", limits.groupBurstPerMinute, 60) as RateLimiterMemory,
  );
  /** A bulk send to a chat waits out a second after an answer there: no notice cuts into a dialogue. */
  const quiet = limits.quietSeconds > 0 ? limiter("quiet", 1, limits.quietSeconds) : undefined;
  /** The last send in line for each chat. */
  const tails = new Map<string, Promise<void>>();

  return {
    async turn(chatId: string, priority: Priority) {
      // Outside the chat's line, so the answers that follow are not held behind the notice.
      if (quiet && priority === "bulk") await consumeUntilAllowed(run, quiet, chatId);
      else quiet?.penalty(chatId).catch(run.failOpen);
      const previous = tails.get(chatId);
      let release = () => {};
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(chatId, mine);
      try {
        await previous;
        const isGroup = chatId.startsWith("-") || chatId.startsWith("@");
        await consumeUntilAllowed(run, isGroup ? group : privateChat, chatId);
      } finally {
        release();
        if (tails.get(chatId) === mine) tails.delete(chatId);
      }
    },
  };
}

/** The overall slots, handed out by one loop per process: answers first. */
function createSlots(limiter: LimiterFactory, limits: PaceLimits, run: PaceRun) {
  // A slot's key lives one second, longer than the slot: enough for the counting to be atomic.
  const overall = limiter("all", limits.perSlot, 1);
  const bulk = limiter("bulk", limits.bulkPerSlot, 1);
  const lanes: Record<Priority, Array<() => void>> = { interactive: [], bulk: [] };
  let dispatching = false;

  /**
   * Takes an overall slot for `priority`: 0 when taken, else the time to wait. Bulk sends take
   * their part only in the second half of a slot, so the answers of every instance pick first.
   */
  async function takeSlot(priority: Priority): Promise<number> {
    const now = run.clock.now();
    const slot = Math.floor(now / limits.slotMs);
    const bulkFrom = slot * limits.slotMs + limits.slotMs / 2;
    if (priority === "bulk" && now < bulkFrom) return Math.ceil(bulkFrom - now);
    try {
      if (priority === "bulk" && limits.bulkPerSlot < limits.perSlot)
        await bulk.consume(String(slot));
      await overall.consume(String(slot));
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, (slot + 1) * limits.slotMs - now);
      run.failOpen(error);
      return 0;
    }
  }

  async function dispatch() {
    if (dispatching) return;
    dispatching = true;
    try {
      while (!run.stopped.aborted) {
        const priority: Priority = lanes.interactive.length > 0 ? "interactive" : "bulk";
        if (lanes[priority].length === 0) break;
        const wait = await takeSlot(priority);
        if (wait === 0) lanes[priority].shift()?.();
        else await run.clock.sleep(wait, run.stopped);
      }
    } finally {
      dispatching = false;
    }
  }

  return {
    take(priority: Priority) {
      if (run.stopped.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        lanes[priority].push(resolve);
        void dispatch();
      });
    },
    waiting: () => lanes.interactive.length + lanes.bulk.length,
    /** Lets every waiting send go (shutdown must not hang on pacing). */
    releaseAll() {
      for (const lane of Object.values(lanes)) for (const go of lane.splice(0)) go();
    },
  };
}
