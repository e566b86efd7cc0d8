import type { Conversation } from "@grammyjs/conversations";
import type { BotContext, ConversationContext } from "../../context.js";
import type { FeatureDeps } from "../../index.js";
import { DRAFT_TTL_MS, type DraftStore } from "./draft.js";
import type { ProgressClock } from "./progress.js";
import { type Effects, type ImportJob, sendDraft } from "./sending.js";
import { importChoice } from "./texts.js";

export const IMPORT_CONVERSATION = "import";

type ImportConversation = Conversation<BotContext, ConversationContext>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the seller's choice about one document whose products are partly invalid, then
 * sends the valid ones (or drops the draft). It starts with the wait, so replaying it on
 * the chat's other updates repeats no call at all; the products stay in storage, referenced
 * by the draft id. One conversation per document (parallel): a second file may come while
 * the first waits, and every other update goes on to the rest of the bot.
 */
export function createImportConversation(deps: FeatureDeps, drafts: DraftStore) {
  return async function importConversation(
    conversation: ImportConversation,
    _ctx: ConversationContext,
    job: ImportJob,
  ) {
    const choice = await conversation.waitUntil(
      (c) => {
        const data = c.callbackQuery?.data;
        return data !== undefined && importChoice.decode(data)?.draft === job.draftId;
      },
      { maxMilliseconds: DRAFT_TTL_MS },
    );
    const action = importChoice.decode(choice.callbackQuery!.data!)!.action;
    await choice.answerCallbackQuery().catch(() => {});
    if (job.offerMessageId !== undefined) {
      await choice.api
        .editMessageReplyMarkup(job.chatId, job.offerMessageId, {
          reply_markup: { inline_keyboard: [] },
        })
        .catch(() => {});
    }
    if (action !== "go") {
      await choice.reply(choice.t("import-cancelled"));
      await conversation.external(() => drafts.delete(job.draftId).catch(() => {}));
      return;
    }
    const clock: ProgressClock = {
      now: () => conversation.now(),
      sleep: (ms) => conversation.external(() => sleep(ms)),
    };
    const effects: Effects = { run: (task) => conversation.external(task), clock };
    await sendDraft(deps, drafts, effects, { api: choice.api, t: choice.t }, job);
  };
}
