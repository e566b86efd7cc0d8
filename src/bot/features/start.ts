import { Composer } from "grammy";
import type { Locale } from "../../i18n.js";
import type { BotContext, LinkCache } from "../context.js";
import type { Feature, FeatureDeps } from "../deps.js";
import { helpText, menuCommand } from "../menu.js";

const HELP = menuCommand("help", 110);

/**
 * The link as last known: the cached one while fresh, else read again (a linked chat whose
 * session was lost or expired must still see its menu); if the service does not answer, the
 * cached one will do (this only chooses between the menu and how to link).
 */
async function knownLink(deps: FeatureDeps, ctx: BotContext): Promise<LinkCache | undefined> {
  try {
    return await deps.links.current(ctx);
  } catch (error) {
    deps.logger.info(
      { chatId: ctx.chat?.id, err: (error as Error)?.name },
      "link status unreadable for /help; the cached one chooses between the menu and how to link",
    );
    return ctx.session.link;
  }
}

/** `/start` without a token and `/help`: the menu when linked, how to link otherwise. */
export const startFeature: Feature = {
  commands: [HELP],
  create(deps) {
    const composer = new Composer<BotContext>();
    composer.command(["start", HELP.command], async (ctx) => {
      const locale = (await ctx.i18n.getLocale()) as Locale;
      if ((await knownLink(deps, ctx))?.active) {
        await ctx.reply(helpText(deps.i18n, locale, deps.menu));
      } else {
        await ctx.reply(ctx.t("welcome"));
      }
    });
    return composer;
  },
};
