import type { Api } from "grammy";

/** About one edit per second per chat (Telegram's limit). */
export const PROGRESS_MIN_INTERVAL_MS = 1000;

/** Where the status message stands; plain data, handed into the conversation as it is. */
export interface ProgressState {
  chatId: number;
  messageId: number;
  text: string;
  /** When it was last sent or edited. */
  at: number;
}

/** The clock of whoever edits: the real one, or the conversation's (replay-safe) one. */
export interface ProgressClock {
  now(): Promise<number>;
  sleep(ms: number): Promise<void>;
}

export const realClock: ProgressClock = {
  now: async () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The one status message of a document, edited as the work moves: never more often than
 * once a second, never with the text it already shows ("message is not modified").
 * Intermediate texts that come too soon are dropped; a stage's text (`settle`) waits for
 * its turn.
 */
export class ProgressMessage {
  constructor(
    private readonly clock: ProgressClock,
    readonly state: ProgressState,
  ) {}

  get messageId(): number {
    return this.state.messageId;
  }

  /** Sends the status message. */
  static async start(
    api: Api,
    clock: ProgressClock,
    chatId: number,
    text: string,
  ): Promise<ProgressMessage> {
    const message = await api.sendMessage(chatId, text);
    const at = await clock.now();
    return new ProgressMessage(clock, { chatId, messageId: message.message_id, text, at });
  }

  /** An intermediate text (sending k of K): dropped when the last edit was under a second ago. */
  async update(api: Api, text: string): Promise<void> {
    if (text === this.state.text) return;
    const now = await this.clock.now();
    if (now - this.state.at < PROGRESS_MIN_INTERVAL_MS) return;
    await this.edit(api, text, now);
  }

  /** A stage's text: shown for sure, after waiting for the interval when needed. */
  async settle(api: Api, text: string): Promise<void> {
    if (text === this.state.text) return;
    let now = await this.clock.now();
    const wait = PROGRESS_MIN_INTERVAL_MS - (now - this.state.at);
    if (wait > 0) {
      await this.clock.sleep(wait);
      now = await this.clock.now();
    }
    await this.edit(api, text, now);
  }

  private async edit(api: Api, text: string, now: number) {
    this.state.text = text;
    this.state.at = now;
    // The seller may have deleted the message; the work goes on all the same.
    await api.editMessageText(this.state.chatId, this.state.messageId, text).catch(() => {});
  }
}
