import { Composer, InputFile } from "grammy";
import type { Locale } from "../../../i18n.js";
import {
  CSV_TEMPLATE_NAME,
  csvTemplate,
  JSON_TEMPLATE_NAME,
  jsonTemplate,
} from "../../../import/index.js";
import type { BotContext } from "../../context.js";
import type { Dialogue, Feature, FeatureDeps } from "../../deps.js";
import { menuCommand } from "../../menu.js";
import { createImportConversation, IMPORT_CONVERSATION } from "./conversation.js";
import { createDocumentHandler } from "./document.js";
import { importChoice } from "./texts.js";

const IMPORT = menuCommand("import", 30);

/** A document dropped into the chat (any time, no command) and /import with its templates. */
function createImportFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const log = deps.logger.child({ module: "import" });

  composer.on("message:document", deps.requireLink, createDocumentHandler(deps));

  composer.command(IMPORT.command, deps.requireLink, async (ctx) => {
    const vatRates = deps.config.import.vatRates;
    const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
    await ctx.reply(ctx.t("import-help", { vat: vatRates.join(", ") }));
    await ctx.replyWithDocument(
      new InputFile(new TextEncoder().encode(csvTemplate(vatRates, locale)), CSV_TEMPLATE_NAME),
      { caption: ctx.t("import-template-csv-caption") },
    );
    await ctx.replyWithDocument(
      new InputFile(new TextEncoder().encode(jsonTemplate(vatRates)), JSON_TEMPLATE_NAME),
      { caption: ctx.t("import-template-json-caption") },
    );
  });

  // A choice whose conversation is gone (done, cancelled, expired): say so, drop the buttons.
  composer.callbackQuery(importChoice.pattern, deps.requireLink, async (ctx) => {
    // Both cosmetic: the choice is out of date whatever Telegram answers.
    const ignore = (error: unknown) => log.debug({ err: error }, "stale offer not tidied");
    await ctx.answerCallbackQuery({ text: ctx.t("import-offer-expired") }).catch(ignore);
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(ignore);
  });

  return composer;
}

/** The offer of a read file ("Import N" / "Cancel"): one per document, side by side. */
const importDialogue: Dialogue = {
  id: IMPORT_CONVERSATION,
  waitsFor: "button",
  conversation: createImportConversation,
  // The offer's buttons reach the waiting conversation after the link is checked, so a chat
  // whose link was revoked meanwhile sends nothing.
  guard: (deps) => {
    const guard = new Composer<BotContext>();
    guard.callbackQuery(importChoice.pattern, deps.requireLink, (_ctx, next) => next());
    return guard;
  },
};

export const importFeature: Feature = {
  commands: [IMPORT],
  dialogues: [importDialogue],
  create: createImportFeature,
};
