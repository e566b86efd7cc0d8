import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { Context, SessionFlavor } from "grammy";
import type { Locale } from "../i18n.js";

export interface LinkCache {
  active: boolean;
  languageCode: string | null;
  confirmedAt: string | null;
  checkedAt: number;
}

/**
 * Per private chat, kept in storage under `session:<chatId>`. No dialogue lives here: what the
 * bot waits for is a conversation (`Dialogue`), which /cancel ends.
 */
export interface SessionData {
  /** The chat's language once chosen (link status or /language). */
  locale?: Locale;
  /** The last link status read, reused for a short while. */
  link?: LinkCache;
}

export type BotContext = ConversationFlavor<Context & SessionFlavor<SessionData> & I18nFlavor>;
/** Context inside conversations: no session, i18n installed again by the conversation plugins. */
export type ConversationContext = Context & I18nFlavor & { chatLocale?: Locale };
