import { Composer } from "grammy";
import type { Locale } from "../../i18n.js";
import type { BotContext } from "../context.js";
import type { Feature } from "../deps.js";
import { knownLink, mainMenuKeyboard } from "../main-menu.js";
import { helpText, menuCommand } from "../menu.js";

const MENU = menuCommand("menu", 105);
const HELP = menuCommand("help", 110);

/**
 * `/start` without a token and `/menu`: when linked, a short welcome with the main menu's
 * buttons; how to link otherwise. `/help`: every command, and the buttons again when linked.
 */
export const startFeature: Feature = {
  commands: [MENU, HELP],
  create(deps) {
    const composer = new Composer<BotContext>();
    composer.command(["start", MENU.command], async (ctx) => {
      if (!(await knownLink(deps, ctx))?.active) return void (await ctx.reply(ctx.t("welcome")));
      await ctx.reply(ctx.t("main-menu-welcome"), {
        reply_markup: mainMenuKeyboard((key) => ctx.t(key)),
      });
    });
    composer.command(HELP.command, async (ctx) => {
      const locale = (await ctx.i18n.getLocale()) as Locale;
      if (!(await knownLink(deps, ctx))?.active) return void (await ctx.reply(ctx.t("welcome")));
      await ctx.reply(helpText(deps.i18n, locale, deps.menu), {
        reply_markup: mainMenuKeyboard((key) => ctx.t(key)),
      });
    });
    return composer;
  },
};
