import type { Clock } from "../clock.js";
import type { SellerApi } from "../seller-api/index.js";
import type { BotContext, LinkCache } from "./context.js";

/**
 * The one rule of the link cache: a chat's link status, once read, is reused for `cacheMs` of
 * the injected clock's time; after that it is read again. The gate, /start and /help, linking
 * and /status all read through it.
 */
export interface LinkStatus {
  /** The link as the Seller API has it now, stamped with the clock's time. */
  read(chatId: number): Promise<LinkCache>;
  /** The chat's cached link while it is fresh, else a new read (kept in the session). */
  current(ctx: BotContext): Promise<LinkCache>;
}

export function createLinkStatus(seller: SellerApi, clock: Clock, cacheMs: number): LinkStatus {
  const read = async (chatId: number): Promise<LinkCache> => {
    const status = await seller.linkStatus(chatId);
    return {
      active: status.isActive,
      languageCode: status.languageCode ?? null,
      confirmedAt: status.confirmedAt ?? null,
      checkedAt: clock.now(),
    };
  };
  return {
    read,
    async current(ctx) {
      const cached = ctx.session.link;
      if (cached && clock.now() - cached.checkedAt <= cacheMs) return cached;
      ctx.session.link = await read(ctx.chat!.id);
      return ctx.session.link;
    },
  };
}
