import type { MiddlewareFn } from "grammy";
import type { Logger } from "../../logger.js";
import type { SellerApi } from "../../seller-api/client.js";
import type { BotContext, LinkCache } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";
import { userMessageKey } from "../errors/user-messages.js";

export async function readLinkStatus(seller: SellerApi, chatId: number): Promise<LinkCache> {
  const status = await seller.linkStatus(chatId);
  return {
    active: status.isActive,
    languageCode: status.languageCode ?? null,
    confirmedAt: status.confirmedAt ?? null,
    checkedAt: Date.now(),
  };
}

/**
 * In front of every command that shows seller data: lets only chats with an active link
 * through. An unlinked chat gets instructions; no Seller API data call is made for it.
 */
export function requireLink(
  seller: SellerApi,
  cacheMs: number,
  logger?: Logger,
): MiddlewareFn<BotContext> {
  const answer = async (ctx: BotContext, text: string) => {
    if (ctx.callbackQuery) {
      await ctx
        .answerCallbackQuery()
        .catch(ignoreFailure(logger, "press not answered; the message below explains"));
    }
    await ctx.reply(text);
  };
  return async (ctx, next) => {
    const cached = ctx.session.link;
    let link = cached;
    if (!cached || Date.now() - cached.checkedAt > cacheMs) {
      try {
        link = await readLinkStatus(seller, ctx.chat!.id);
        ctx.session.link = link;
      } catch (error) {
        await answer(ctx, ctx.t(userMessageKey(error)));
        return;
      }
    }
    if (!link?.active) {
      await answer(ctx, ctx.t("not-linked"));
      return;
    }
    await next();
  };
}
