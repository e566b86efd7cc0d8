/**
 * One person's chat with the bot, as the web page and the script player drive it: every input
 * becomes the update Telegram would send, and is counted so "the bot has answered" is known.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { ChatMessageView, UserDriver } from "../doubles/telegram/index.js";
import type { DemoStack } from "./stack.js";

export class DemoChat {
  readonly user: UserDriver;

  constructor(
    private readonly stack: DemoStack,
    languageCode: string,
  ) {
    this.user = stack.newUser(languageCode);
  }

  get id(): number {
    return this.user.id;
  }

  get languageCode(): string {
    return this.user.user.language_code ?? "";
  }

  messages(): ChatMessageView[] {
    return this.user.messages();
  }

  /** Text as typed; a leading "/" makes it a command, as Telegram clients mark it. */
  async send(text: string): Promise<void> {
    this.stack.activity.updateSent();
    if (text.startsWith("/")) await this.user.sendCommand(text);
    else await this.user.sendText(text);
  }

  /** The start screen's one-click linking: opens t.me/<bot>?start=<fresh token>. */
  async link(): Promise<void> {
    await this.send(`/start ${this.stack.linkToken()}`);
  }

  /** Presses the inline button at row/column of a message (only callback buttons reach the bot). */
  async press(messageId: number, row: number, column: number): Promise<void> {
    const view = this.messages().find((m) => m.messageId === messageId && !m.deleted);
    const button = view?.inlineKeyboard?.[row]?.[column];
    if (!button || button.callback_data === undefined) throw new Error("no such button");
    this.stack.activity.updateSent();
    await this.user.sendCallback(messageId, button.callback_data);
  }

  /**
   * Presses the newest inline button whose label is `label`, else one whose label contains it
   * (ignoring case); returns false when no live message has one.
   */
  async pressLabel(label: string): Promise<boolean> {
    const wanted = label.toLowerCase();
    const newestFirst = this.messages()
      .filter((m) => m.from === "bot" && !m.deleted && m.inlineKeyboard)
      .reverse();
    const matchers = [
      (text: string) => text === label,
      (text: string) => text.toLowerCase().includes(wanted),
    ];
    for (const matches of matchers) {
      for (const view of newestFirst) {
        const rows = view.inlineKeyboard!;
        for (let r = 0; r < rows.length; r++) {
          const c = rows[r]!.findIndex((b) => b.callback_data !== undefined && matches(b.text));
          if (c < 0) continue;
          await this.press(view.messageId, r, c);
          return true;
        }
      }
    }
    return false;
  }

  async sendDocument(fileName: string, content: Buffer, caption?: string): Promise<void> {
    this.stack.activity.updateSent();
    await this.user.sendDocument({
      fileName,
      content,
      ...(caption ? { caption } : {}),
    });
  }

  async sendFile(path: string): Promise<void> {
    await this.sendDocument(basename(path), readFileSync(path));
  }

  /** The language of the user's Telegram app: the bot reads it from the next update on. */
  setLanguage(languageCode: string): void {
    this.user.setLanguage(languageCode);
  }

  /**
   * The bot's command menu as Telegram shows it in this private chat: the narrowest scope that
   * has commands (this chat, all private chats, default), in the user's language, else without.
   */
  commands(): { command: string; description: string }[] {
    const { telegram } = this.stack;
    const scopes = [
      { type: "chat", chat_id: this.id },
      { type: "all_private_chats" },
      { type: "default" },
    ];
    for (const scope of scopes) {
      for (const languageCode of [this.languageCode, ""]) {
        const list = telegram.commands({ scope, languageCode });
        if (list.length > 0) return list;
      }
    }
    return [];
  }

  untilAnswered(): Promise<void> {
    return this.stack.activity.untilIdle();
  }

  untilImportsDone(): Promise<void> {
    return this.stack.activity.untilImportsDone();
  }
}
