import { Composer, InlineKeyboard } from "grammy";
import { isLocale, LOCALES, type Locale } from "../../i18n.js";
import { callbackCodec } from "../callback-data.js";
import type { BotContext } from "../context.js";

export const languageButton = callbackCodec("lang1", [["locale", "key"]] as const);

export function languageKeyboard(ctx: BotContext): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const locale of LOCALES) {
    keyboard.text(ctx.t(`language-name-${locale}`), languageButton.encode({ locale }));
  }
  return keyboard;
}

/** `/language`: switch Russian / Kazakh; the choice is kept in the chat's session. */
export function createLanguageFeature() {
  const composer = new Composer<BotContext>();
  composer.command("language", async (ctx) => {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageKeyboard(ctx) });
  });
  composer.callbackQuery(languageButton.pattern, async (ctx) => {
    const locale = languageButton.decode(ctx.callbackQuery.data)?.locale;
    if (!isLocale(locale)) {
      await ctx.answerCallbackQuery({ text: ctx.t("button-unknown") });
      return;
    }
    ctx.session.locale = locale as Locale;
    await ctx.i18n.renegotiateLocale();
    await ctx.answerCallbackQuery();
    // The chosen language answers in a new message; the picker stays as it was (no no-op edit).
    await ctx.reply(ctx.t("language-set"));
  });
  return composer;
}
