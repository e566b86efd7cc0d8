import type { BotError } from "grammy";
import { type I18nInstance, localeOfTelegramUser } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "./ignored.js";
import { userMessageKey } from "./user-messages.js";

/**
 * The one place an error of a handler ends: logged without secrets, and the user gets a
 * localized sentence instead of silence. Never throws.
 */
export function createErrorHandler(logger: Logger, i18n: I18nInstance) {
  return async (error: BotError<BotContext>) => {
    const ctx = error.ctx;
    const cause = error.error as Error | undefined;
    logger.error(
      {
        updateId: ctx.update.update_id,
        chatId: ctx.chat?.id,
        // The logger serialises the error with its causes and scrubs every secret from the line.
        err: cause,
      },
      "update failed",
    );
    if (ctx.chat?.type !== "private") return;
    try {
      const key = userMessageKey(cause);
      const text =
        typeof ctx.t === "function" ? ctx.t(key) : i18n.t(localeOfTelegramUser(ctx), key);
      if (ctx.callbackQuery) {
        await ctx
          .answerCallbackQuery()
          .catch(ignoreFailure(logger, "press not answered; the message below still explains"));
      }
      await ctx.reply(text);
    } catch (error) {
      // The chat may be gone or Telegram down; the log line above is what remains.
      logger.warn(
        { updateId: ctx.update.update_id, err: (error as Error | undefined)?.name },
        "could not tell the user about the failure",
      );
    }
  };
}
