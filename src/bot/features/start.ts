import { Composer } from "grammy";
import type { I18nInstance, Locale } from "../../i18n.js";
import type { SellerApi } from "../../seller-api/client.js";
import type { BotContext, LinkCache } from "../context.js";
import { menuCommand } from "../menu.js";
import { readLinkStatus } from "../middlewares/access-gate.js";

export const HELP_COMMAND = menuCommand("help", 110);

/** The list of what a linked seller can do, shared by /start, /help and the link greeting. */
export function mainMenuText(i18n: I18nInstance, locale: Locale): string {
  return i18n.t(locale, "main-menu");
}

/**
 * The link as last known: read when none is cached (a linked chat whose session was lost or
 * expired must still see its menu) or the cached one is stale; if the service does not
 * answer, the cached one will do (this only chooses between the menu and how to link).
 */
async function currentLink(
  ctx: BotContext,
  seller: SellerApi,
  cacheMs: number,
): Promise<LinkCache | undefined> {
  const cached = ctx.session.link;
  if (cached && Date.now() - cached.checkedAt <= cacheMs) return cached;
  try {
    ctx.session.link = await readLinkStatus(seller, ctx.chat!.id);
    return ctx.session.link;
  } catch {
    return cached;
  }
}

/** `/start` without a token and `/help`: the menu when linked, how to link otherwise. */
export function createStartFeature(i18n: I18nInstance, seller: SellerApi, cacheMs: number) {
  const composer = new Composer<BotContext>();
  composer.command(["start", "help"], async (ctx) => {
    const locale = (await ctx.i18n.getLocale()) as Locale;
    if ((await currentLink(ctx, seller, cacheMs))?.active) {
      await ctx.reply(mainMenuText(i18n, locale));
    } else {
      await ctx.reply(ctx.t("welcome"));
    }
  });
  return composer;
}
