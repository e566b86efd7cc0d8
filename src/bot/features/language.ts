import { Composer, InlineKeyboard } from "grammy";
import { isLocale, LOCALES } from "../../i18n.js";
import { languageMenuButton } from "../buttons/codecs.js";
import { ButtonNotice, onButton } from "../buttons/handle.js";
import { callbackCodec } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { Feature, FeatureDeps } from "../deps.js";
import { knownLink, mainMenuKeyboard } from "../main-menu.js";
import { menuCommand } from "../menu.js";

const LANGUAGE = menuCommand("language", 100);
export const languageButton = callbackCodec("lang1", [["locale", "key"]] as const);

export function languageKeyboard(ctx: BotContext): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of LOCALES) {
    keyboard.text(ctx.t(`language-name-${locale}`), languageButton.encode({ locale }));
  }
  return keyboard;
}

/**
 * `/language`: switch Russian / Kazakh; the choice is kept in the chat's session. The settings'
 * "language" button opens the same picker. A linked chat's main menu comes again in the new
 * language with the answer.
 */
function createLanguageFeature(deps: Pick<FeatureDeps, "links" | "logger">) {
  const composer = new Composer<BotContext>();
  const choose = (ctx: BotContext) =>
    ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
  composer.command(LANGUAGE.command, async (ctx) => void (await choose(ctx)));
  onButton(composer, languageMenuButton, undefined, deps.logger, async (ctx) => {
    await choose(ctx);
  });
  onButton(composer, languageButton, undefined, deps.logger, async (ctx, { locale }) => {
    if (!isLocale(locale)) throw new ButtonNotice("button-unknown");
    ctx.session.locale = locale;
    await ctx.i18n.renegotiateLocale();
    // The chosen language answers in a new message; the picker stays as it was (no no-op edit).
    const linked = (await knownLink(deps, ctx))?.active;
    const menu = linked ? { reply_markup: mainMenuKeyboard((key) => ctx.t(key)) } : {};
    await ctx.reply(ctx.t("language-set"), menu);
  });
  return composer;
}

export const languageFeature: Feature = { commands: [LANGUAGE], create: createLanguageFeature };
