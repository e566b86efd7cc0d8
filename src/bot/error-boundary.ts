import type { BotError } from "grammy";
import { type I18nInstance, localeOfTelegramUser } from "../i18n.js";
import { type Logger, scrubSecrets } from "../logger.js";
import type { BotContext } from "./context.js";
import { apiErrorMessageKey } from "./helpers/api-errors.js";

/**
 * The one place an error of a handler ends: logged without secrets, and the user gets a
 * localized sentence instead of silence. Never throws.
 */
export function createErrorHandler(logger: Logger, i18n: I18nInstance, secrets: string[]) {
  return async (error: BotError<BotContext>) => {
    const ctx = error.ctx;
    const cause = error.error as Error | undefined;
    logger.error(
      {
        updateId: ctx.update.update_id,
        chatId: ctx.chat?.id,
        err: scrubSecrets(`${cause?.name}: ${cause?.message}`, secrets),
        stack: cause?.stack ? scrubSecrets(cause.stack, secrets) : undefined,
      },
      "update failed",
    );
    if (ctx.chat?.type !== "private") return;
    try {
      const key = apiErrorMessageKey(cause);
      const text =
        typeof ctx.t === "function" ? ctx.t(key) : i18n.t(localeOfTelegramUser(ctx), key);
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => {});
      await ctx.reply(text);
    } catch {
      // The chat may be gone or Telegram down; the log line above is what remains.
    }
  };
}
