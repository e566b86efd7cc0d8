import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";

export interface RateLimitOptions {
  /** Updates a user may send per window before the rest are dropped. */
  limit: number;
  windowMs: number;
  /** The polite notice, sent once per window to the user who hit the limit. */
  notice: (ctx: BotContext) => string;
  /** Observes each dropped update (metrics). */
  onLimited?: () => void;
  now?: () => number;
}

export const DEFAULT_RATE_LIMIT = { limit: 30, windowMs: 10_000 } as const;

interface Window {
  startedAt: number;
  count: number;
  noticed: boolean;
}

/**
 * A per-user limit, so one user's flood cannot starve the others: past `limit` updates in a
 * window, the user gets the notice once and further updates are ignored until the window ends.
 * Kept in memory: an instance limits what it receives, which is what protects it.
 */
export function rateLimit(options: RateLimitOptions): MiddlewareFn<BotContext> {
  const now = options.now ?? Date.now;
  const windows = new Map<number, Window>();
  let calls = 0;
  return async (ctx, next) => {
    const userId = ctx.from?.id;
    if (userId === undefined) return next();
    const t = now();
    if (++calls % 1000 === 0) {
      for (const [id, w] of windows) if (t - w.startedAt >= options.windowMs) windows.delete(id);
    }
    let w = windows.get(userId);
    if (!w || t - w.startedAt >= options.windowMs) {
      w = { startedAt: t, count: 0, noticed: false };
      windows.set(userId, w);
    }
    w.count++;
    if (w.count <= options.limit) return next();
    options.onLimited?.();
    // A pressed button always gets an answer, or its spinner keeps turning.
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
    if (!w.noticed && ctx.chat?.type === "private") {
      w.noticed = true;
      await ctx.reply(options.notice(ctx)).catch(() => {});
    }
  };
}
