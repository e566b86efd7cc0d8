import type { Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Clock } from "../../clock.js";
import type { Logger } from "../../logger.js";

/**
 * A chat gets one message a second (the pace), and a progress edit takes that turn: one in three
 * seconds leaves the others free, so the file or the summary that ends the work rarely waits
 * behind a progress edit for its turn.
 */
export const PROGRESS_MIN_INTERVAL_MS = 3000;

/** Where the status message stands; plain data (it travels in a conversation's argument). */
export interface ProgressState {
  chatId: number;
  messageId: number;
  text: string;
  /** When it was last sent or edited (on the clock of whoever edits). */
  at: number;
}

/**
 * The one status message of a document, edited as the work moves, never with the text it
 * already shows ("message is not modified"). Intermediate texts (sending k of K) that come
 * within a second of the last edit are dropped, so a fast import does not queue a train of
 * edits; a stage's text (`settle`) is always shown. Pacing against Telegram's limits is not
 * done here: the Api object's shared pace does it for everything the bot sends.
 */
export class ProgressMessage {
  constructor(
    private readonly api: Api,
    private readonly clock: Clock,
    private readonly logger: Logger,
    readonly state: ProgressState,
  ) {}

  get messageId(): number {
    return this.state.messageId;
  }

  /** Sends the status message. */
  static async start(
    api: Api,
    clock: Clock,
    logger: Logger,
    chatId: number,
    text: string,
  ): Promise<ProgressMessage> {
    const message = await api.sendMessage(chatId, text);
    const state = { chatId, messageId: message.message_id, text, at: clock.now() };
    return new ProgressMessage(api, clock, logger, state);
  }

  /** An intermediate text (sending k of K): dropped when the last edit was under 3 s ago. */
  async update(text: string): Promise<void> {
    if (text === this.state.text) return;
    const now = this.clock.now();
    if (now - this.state.at < PROGRESS_MIN_INTERVAL_MS) return;
    await this.edit(text, now);
  }

  /**
   * A stage's text: shown for sure (the Api's pace spaces it from the last edit). With
   * `buttons`, the message becomes the question itself (a read file's offer), not a new one.
   */
  async settle(text: string, buttons?: InlineKeyboardMarkup): Promise<void> {
    if (text === this.state.text && !buttons) return;
    await this.edit(text, this.clock.now(), buttons);
  }

  private async edit(text: string, now: number, buttons?: InlineKeyboardMarkup) {
    this.state.text = text;
    this.state.at = now;
    try {
      await this.api.editMessageText(
        this.state.chatId,
        this.state.messageId,
        text,
        buttons && { reply_markup: buttons },
      );
    } catch (error) {
      // The seller may have deleted the message; the work goes on all the same.
      this.logger.debug({ chatId: this.state.chatId, err: error }, "status edit failed");
    }
  }
}
