import type { Conversation } from "@grammyjs/conversations";
import type { ImportJob } from "../../../import/index.js";
import { DRAFT_TTL_MS } from "../../../import/index.js";
import type { BotContext, ConversationContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { importChoice } from "./texts.js";

export const IMPORT_CONVERSATION = "import";

type ImportConversation = Conversation<BotContext, ConversationContext>;

/**
 * Waits for the seller's choice about one read document ("Import N" / "Cancel"), then hands
 * the draft to the import sender (or drops it). It starts with the wait, so replaying it on
 * the chat's other updates repeats no call at all; the products stay in storage, referenced
 * by the draft id. One conversation per document (parallel): a second file may come while
 * the first waits, and every other update goes on to the rest of the bot.
 */
export function createImportConversation(deps: FeatureDeps) {
  const log = deps.logger.child({ module: "import" });
  const ignore = (what: string) => (error: unknown) => {
    // Cosmetic (the buttons of an old message): the choice itself is handled all the same.
    log.debug({ err: error }, what);
  };
  return async function importConversation(
    conversation: ImportConversation,
    _ctx: ConversationContext,
    job: ImportJob,
    offerMessageId: number,
  ) {
    const choice = await conversation.waitUntil(
      (c) => {
        const data = c.callbackQuery?.data;
        return data !== undefined && importChoice.decode(data)?.draft === job.draftId;
      },
      { maxMilliseconds: DRAFT_TTL_MS },
    );
    const action = importChoice.decode(choice.callbackQuery!.data!)!.action;
    await choice.answerCallbackQuery().catch(ignore("callback answer failed"));
    await choice.api
      .editMessageReplyMarkup(job.chatId, offerMessageId, { reply_markup: { inline_keyboard: [] } })
      .catch(ignore("offer buttons not removed"));
    if (action !== "go") {
      await choice.reply(choice.t("import-cancelled"));
      await conversation.external(() =>
        deps.imports.drafts.delete(job.draftId).catch(ignore("draft not deleted; it expires")),
      );
      return;
    }
    const started = await conversation.external(() => deps.imports.sender.start(job));
    // The bot is stopping: nothing was sent, and the draft stays for a later try.
    if (!started) await choice.reply(choice.t("import-stopping"));
  };
}
