import { Composer, InlineKeyboard } from "grammy";
import { isLocale, LOCALES } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import { ButtonNotice, onButton } from "../buttons/handle.js";
import { callbackCodec } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { Feature } from "../deps.js";
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

/** `/language`: switch Russian / Kazakh; the choice is kept in the chat's session. */
function createLanguageFeature(deps: { logger: Logger }) {
  const composer = new Composer<BotContext>();
  composer.command(LANGUAGE.command, async (ctx) => {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
  });
  onButton(composer, languageButton, undefined, deps.logger, async (ctx, { locale }) => {
    if (!isLocale(locale)) throw new ButtonNotice("button-unknown");
    ctx.session.locale = locale;
    await ctx.i18n.renegotiateLocale();
    // The chosen language answers in a new message; the picker stays as it was (no no-op edit).
    await ctx.reply(ctx.t("language-set"));
  });
  return composer;
}

export const languageFeature: Feature = { commands: [LANGUAGE], create: createLanguageFeature };
