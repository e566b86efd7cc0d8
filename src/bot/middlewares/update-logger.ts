import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";
import type { UpdateObserver } from "../../metrics.js";
import type { BotContext } from "../context.js";

/** What an update is, for logs and metrics: the command, the button kind, or the update type. */
export function handlerOf(ctx: BotContext): string {
  const text = ctx.message?.text;
  if (text?.startsWith("/")) return text.slice(1).split(/[\s@]/, 1)[0]!.toLowerCase().slice(0, 32);
  if (ctx.callbackQuery?.data)
    return `button:${ctx.callbackQuery.data.split(":", 1)[0]!.slice(0, 16)}`;
  if (ctx.message?.document) return "document";
  return Object.keys(ctx.update).find((k) => k !== "update_id") ?? "unknown";
}

/** One log line per update: id, chat, handler, outcome, duration. No message text. */
export function updateLogger(logger: Logger, observe?: UpdateObserver): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const started = performance.now();
    const handler = handlerOf(ctx);
    let outcome: "ok" | "error" = "ok";
    try {
      await next();
    } catch (error) {
      outcome = "error";
      throw error;
    } finally {
      const durationMs = Math.round(performance.now() - started);
      observe?.({ handler, outcome, durationMs });
      logger.info(
        { updateId: ctx.update.update_id, chatId: ctx.chat?.id, handler, outcome, durationMs },
        "update",
      );
    }
  };
}
