import type { MiddlewareFn } from "grammy";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Logger } from "../../logger.js";
import type { BotContext } from "../context.js";

export interface RateLimitOptions {
  /** Updates a user, and a chat, may send per window before the rest are dropped. */
  limit: number;
  windowMs: number;
  /** Updates of one chat waiting or running in this process at once; the excess is dropped. */
  maxQueuedPerChat: number;
  /** The polite notice, sent once per window to a chat whose updates were dropped. */
  notice: (ctx: BotContext) => Promise<string>;
  /** Observes each dropped update (metrics). */
  onLimited?: () => void;
  logger?: Logger;
}

export const DEFAULT_RATE_LIMIT = { limit: 30, windowMs: 10_000, maxQueuedPerChat: 5 } as const;

/**
 * Admission of updates, BEFORE they queue for their chat's turn (sequentialize): a flooding
 * chat or user past `limit` updates in a window, or with `maxQueuedPerChat` updates already
 * waiting here, has the update dropped at once, so it never holds one of the runner's slots
 * while others wait. The chat gets one notice per window; a pressed button always gets its
 * spinner stopped. Counted in memory: an instance limits what it receives, which is what
 * protects it.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareFn<BotContext> {
  const seconds = options.windowMs / 1000;
  const perUser = new RateLimiterMemory({
    keyPrefix: "user",
    points: options.limit,
    duration: seconds,
  });
  const perChat = new RateLimiterMemory({
    keyPrefix: "chat",
    points: options.limit,
    duration: seconds,
  });
  const notices = new RateLimiterMemory({ keyPrefix: "notice", points: 1, duration: seconds });
  /** Updates of each chat admitted and not finished yet (queued for their turn or running). */
  const queued = new Map<number, number>();

  const admitted = async (key: number, limiter: RateLimiterMemory) => {
    try {
      await limiter.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  };

  const drop = async (ctx: BotContext, chatId: number) => {
    options.onLimited?.();
    // A pressed button always gets an answer, or its spinner keeps turning.
    if (ctx.callbackQuery)
      await ctx.answerCallbackQuery().catch((error: unknown) => {
        options.logger?.debug({ err: error }, "callback of a dropped update not answered; stale");
      });
    if (ctx.chat?.type !== "private" || !(await admitted(chatId, notices))) return;
    await ctx.reply(await options.notice(ctx)).catch((error: unknown) => {
      // The notice is a courtesy; the next window may send it again.
      options.logger?.debug({ err: error }, "rate limit notice not sent");
    });
  };

  return async (ctx, next) => {
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    if (chatId === undefined) return next();
    const waiting = queued.get(chatId) ?? 0;
    if (waiting >= options.maxQueuedPerChat) return drop(ctx, chatId);
    // Counted before anything is awaited, so a burst arriving together sees its own size.
    queued.set(chatId, waiting + 1);
    try {
      const userId = ctx.from?.id;
      const allowed =
        (userId === undefined || (await admitted(userId, perUser))) &&
        (await admitted(chatId, perChat));
      if (!allowed) return await drop(ctx, chatId);
      await next();
    } finally {
      const left = (queued.get(chatId) ?? 1) - 1;
      if (left > 0) queued.set(chatId, left);
      else queued.delete(chatId);
    }
  };
}
