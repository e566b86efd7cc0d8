import { randomUUID } from "node:crypto";
import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";
import type { KeyValueStore } from "../../storage/index.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";

export interface ChatLockOptions {
  /** Lease of the lock; renewed while the update runs, so a dead instance frees it soon. */
  leaseMs?: number;
  /** Longest wait for another instance to finish with the chat before going ahead anyway. */
  maxWaitMs?: number;
}

/**
 * Per-chat ordering across instances: `sequentialize` orders a chat's updates inside one
 * process; with several webhook instances on one Redis, this lease makes a chat's updates run
 * one at a time over all of them, so session and conversation writes are never lost. Its
 * waits are on real time, not the app's clock: the lease runs out in Redis, on Redis's time.
 * The release is awaited: with it left to land on its own, two instances handed a
 * chat's two updates at the same moment answered them in the wrong order now and then (the
 * telegram-bound benchmark, two instances), where awaited they did not.
 */
export function chatLock(
  kv: KeyValueStore,
  logger: Logger,
  options: ChatLockOptions = {},
): MiddlewareFn<BotContext> {
  const leaseMs = options.leaseMs ?? 30_000;
  const maxWaitMs = options.maxWaitMs ?? 20_000;
  /** Claims the chat's lock for `owner`, waiting up to maxWaitMs; false when not had. */
  const claim = async (key: string, owner: string) => {
    const started = Date.now();
    let delay = 10;
    let claimed = await kv.setIfAbsent(key, owner, leaseMs);
    while (!claimed && Date.now() - started < maxWaitMs) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 100);
      claimed = await kv.setIfAbsent(key, owner, leaseMs);
    }
    return claimed;
  };
  return async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    if (chatId === undefined) return next();
    const key = `lock:chat:${chatId}`;
    const owner = randomUUID();
    const held = await claim(key, owner);
    if (!held) logger.warn({ chatId }, "chat lock not acquired in time; going ahead");
    const renew = held
      ? setInterval(() => {
          // A renewal that fails leaves the lease to run out: the next one may still land, and
          // at worst another instance goes ahead after the lease, as after a dead instance.
          kv.expireIfEquals(key, owner, leaseMs).catch(
            ignoreFailure(logger, "chat lock not renewed; the lease runs out on its own"),
          );
        }, leaseMs / 3)
      : undefined;
    try {
      await next();
    } finally {
      clearInterval(renew);
      // Not released: the lease expires within leaseMs and the chat's next update waits that long.
      if (held)
        await kv
          .deleteIfEquals(key, owner)
          .catch(ignoreFailure(logger, "chat lock not released; it expires with its lease"));
    }
  };
}
