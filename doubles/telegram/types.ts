// Shapes shared by the emulator modules. API-facing objects use Telegram's snake_case field
// names so they can be serialised as-is; driver-facing views use camelCase.

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface TgChat {
  id: number;
  type: "private" | "group" | "supergroup";
  title?: string;
  /** Supergroups with topics. */
  is_forum?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
}

export interface TgEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
  custom_emoji_id?: string;
}

export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
  [field: string]: unknown;
}

/** A validated reply_markup, tagged by kind so edits can tell inline keyboards apart. */
export type ReplyMarkup =
  | { kind: "inline"; json: { inline_keyboard: InlineButton[][] } }
  | { kind: "reply"; json: Record<string, unknown> };

export interface BotCommand {
  command: string;
  description: string;
}

export interface UploadedFile {
  fileName: string;
  size: number;
  mimeType: string;
  content: Buffer;
}

export interface ApiCall {
  method: string;
  params: Record<string, unknown>;
  at: number;
  ok: boolean;
  error?: string;
}

export interface FailureResponse {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export interface WebhookInfo {
  url: string;
  secretToken?: string;
  allowedUpdates?: string[];
}

/** A Message object as the Bot API serialises it. */
export interface ApiMessage {
  message_id: number;
  date: number;
  chat: TgChat;
  from?: TgUser;
  text?: string;
  [field: string]: unknown;
}

export type TgUpdate = { update_id: number } & Record<string, unknown>;

export interface CallbackAnswer {
  queryId: string;
  text?: string;
  showAlert?: boolean;
  url?: string;
}

/** How a chat looks to the human on the other side: plain text plus what was actually sent. */
export interface ChatMessageView {
  messageId: number;
  from: "bot" | "user";
  /** Sender id for user messages (useful in groups). */
  fromUserId?: number;
  /** Plain text as displayed (HTML tags stripped, entities decoded); the caption for media. */
  text: string;
  /** Every text the message has shown, oldest first (`text` is the last): edits kept. */
  shown: string[];
  /** Raw text (or caption) exactly as the bot sent it. */
  html: string;
  /** Entities of the text (or caption) as Telegram parsed them: what a client renders. */
  entities: TgEntity[];
  parseMode?: string;
  /** Inline keyboard labels, row by row. */
  buttons: string[][];
  /** Inline keyboard payloads: callback_data, else url, else "". */
  buttonData: string[][];
  /** Labels of a custom reply keyboard sent with the message, if any. */
  replyKeyboard?: string[][];
  document?: {
    fileName: string;
    mimeType: string;
    content: Buffer;
    caption?: string;
    /** The file's id and download path (GET /file/bot<token>/<filePath>). */
    fileId: string;
    filePath: string;
  };
  photo?: {
    url?: string;
    fileId?: string;
    caption?: string;
    filePath?: string;
    width?: number;
    height?: number;
    content?: Buffer;
  };
  /** Inline keyboard buttons as sent (url buttons included). */
  inlineKeyboard?: InlineButton[][];
  /** A reply_markup that is not an inline keyboard (keyboard, remove_keyboard, force_reply). */
  replyMarkup?: Record<string, unknown>;
  /** Forum topic the message is in. */
  threadId?: number;
  /** Sent with disable_notification (arrives without a sound). */
  silent?: boolean;
  replyToMessageId?: number;
  date: number;
  deleted: boolean;
  /** Number of successful edits. */
  edited: number;
}
