import { type Api, GrammyError, InputFile } from "grammy";
import type { Clock } from "../../clock.js";
import type { Logger } from "../../logger.js";
import type { DocState, SentMarker } from "./store.js";
import type { Summary } from "./summary.js";
import type { WatchedDocument } from "./types.js";

/** Attempts to send a summary Telegram refuses with a 400 before giving it up. */
const MAX_REFUSED_SENDS = 3;

/** The chat is gone for the bot (blocked, deleted, never started): retrying cannot help. */
function isUndeliverable(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  if (error.error_code === 403) return true;
  return (
    error.error_code === 400 &&
    /chat not found|user is deactivated|bot was blocked|peer_id_invalid|have no rights/i.test(
      error.description,
    )
  );
}

/** What became of a summary: sent or given up (record it), or to be retried after a while. */
export type SendResult = { marker: SentMarker } | { retryAfterMs: number };

export interface NotifierDeps {
  /** The Bot API object given to the watcher; it is paced (and retried) by whoever installed it. */
  telegram: Api;
  clock: Clock;
  logger: Logger;
  instanceId: string;
  /** Minimum time between two progress edits of one document. */
  progressEveryMs: number;
}

/**
 * What the watcher tells a chat: progress edits of the status message and the one summary.
 * It sends through the Api object it is given and does not pace itself.
 */
export function createNotifier(deps: NotifierDeps) {
  const { telegram, clock, logger, instanceId } = deps;

  /** Edits the status message, at most every `progressEveryMs` unless forced. */
  async function editProgress(doc: WatchedDocument, state: DocState, text: string, force = false) {
    if (doc.progressMessageId === undefined || text === state.progressText) return;
    const now = clock.now();
    if (!force && state.progressAt !== undefined && now - state.progressAt < deps.progressEveryMs)
      return;
    state.progressText = text;
    state.progressAt = now;
    try {
      await telegram.editMessageText(doc.chatId, doc.progressMessageId, text);
    } catch (error) {
      // Progress is a courtesy: a deleted message or a refused edit changes nothing.
      logger.debug({ doc: doc.id, err: error }, "progress edit failed");
    }
  }

  /** Sends the summary once; says whether to record it or to try again later. */
  async function sendSummary(
    doc: WatchedDocument,
    state: DocState,
    summary: Summary,
  ): Promise<SendResult> {
    const marker = (outcome: SentMarker["outcome"], messageId?: number): SendResult => ({
      marker: { at: clock.now(), by: instanceId, outcome, ...(messageId && { messageId }) },
    });
    const markup = doc.button && {
      reply_markup: {
        inline_keyboard: [[{ text: doc.button.text, callback_data: doc.button.data }]],
      },
    };
    try {
      const message =
        summary.kind === "text"
          ? await telegram.sendMessage(doc.chatId, summary.text, {
              link_preview_options: { is_disabled: true },
              ...markup,
            })
          : await telegram.sendDocument(doc.chatId, new InputFile(summary.csv, summary.fileName), {
              caption: summary.caption,
              ...markup,
            });
      return marker("sent", message.message_id);
    } catch (error) {
      if (isUndeliverable(error)) {
        logger.warn({ doc: doc.id, chatId: doc.chatId, err: error }, "summary undeliverable");
        return marker("undeliverable");
      }
      state.sendAttempts++;
      const refused = error instanceof GrammyError && error.error_code === 400;
      if (refused && state.sendAttempts >= MAX_REFUSED_SENDS) {
        logger.error({ doc: doc.id, err: error }, "summary refused by Telegram; given up");
        return marker("failed");
      }
      logger.warn({ doc: doc.id, err: error }, "summary not sent; will retry");
      const retryAfter = error instanceof GrammyError ? (error.parameters.retry_after ?? 0) : 0;
      return { retryAfterMs: retryAfter * 1000 };
    }
  }

  return { editProgress, sendSummary };
}
export type Notifier = ReturnType<typeof createNotifier>;
