import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";
import { userMessageKey } from "../errors/user-messages.js";
import type { LinkStatus } from "../link-status.js";

/**
 * In front of every command that shows seller data: lets only chats with an active link
 * through. An unlinked chat gets instructions; no Seller API data call is made for it.
 */
export function requireLink(links: LinkStatus, logger: Logger): MiddlewareFn<BotContext> {
  const answer = async (ctx: BotContext, text: string) => {
    if (ctx.callbackQuery) {
      await ctx
        .answerCallbackQuery()
        .catch(ignoreFailure(logger, "press not answered; the message below explains"));
    }
    await ctx.reply(text);
  };
  return async (ctx, next) => {
    let active: boolean;
    try {
      active = (await links.current(ctx)).active;
    } catch (error) {
      await answer(ctx, ctx.t(userMessageKey(error)));
      return;
    }
    if (!active) {
      await answer(ctx, ctx.t("not-linked"));
      return;
    }
    await next();
  };
}
