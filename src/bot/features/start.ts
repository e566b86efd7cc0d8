import { Composer } from "grammy";
import type { I18nInstance, Locale } from "../../i18n.js";
import type { BotContext } from "../context.js";

/** The list of what a linked seller can do, shared by /start, /help and the link greeting. */
export function mainMenuText(i18n: I18nInstance, locale: Locale): string {
  return i18n.t(locale, "main-menu");
}

/** `/start` without a token and `/help`: the menu when linked, how to link otherwise. */
export function createStartFeature(i18n: I18nInstance) {
  const composer = new Composer<BotContext>();
  composer.command(["start", "help"], async (ctx) => {
    const locale = (await ctx.i18n.getLocale()) as Locale;
    if (ctx.session.link?.active) {
      await ctx.reply(mainMenuText(i18n, locale));
    } else {
      await ctx.reply(ctx.t("welcome"));
    }
  });
  return composer;
}
