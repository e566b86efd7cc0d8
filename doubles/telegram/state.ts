// Everything the fake Telegram remembers: users, chats with their message history, files,
// callback queries, commands and the webhook. Methods and the driver both work on this.
import { randomBytes } from "node:crypto";
import { badRequest, forbidden } from "./errors.js";
import type {
  ApiCall,
  ApiMessage,
  BotCommand,
  CallbackAnswer,
  FailureResponse,
  ReplyMarkup,
  TgChat,
  TgEntity,
  TgUser,
  WebhookInfo,
} from "./types.js";
import { UpdateQueue } from "./updates.js";

export interface StoredFile {
  fileId: string;
  uniqueId: string;
  kind: "document" | "photo";
  fileName: string;
  mimeType: string;
  content: Buffer;
  filePath: string;
  /** Set when the bot sent the file by URL (we never fetch it). */
  url?: string;
  width?: number;
  height?: number;
}

export interface StoredMessage {
  chatId: number;
  messageId: number;
  sender: "bot" | "user";
  from: TgUser;
  date: number;
  editDate?: number;
  text?: string;
  entities?: TgEntity[];
  caption?: string;
  captionEntities?: TgEntity[];
  /** Text or caption exactly as sent (before HTML parsing). */
  raw: string;
  parseMode?: string;
  markup?: ReplyMarkup;
  document?: StoredFile;
  photo?: StoredFile;
  replyTo?: number;
  deleted: boolean;
  edits: number;
  /** Every text (or caption) the message has shown, oldest first: a status edited on is kept. */
  shown: string[];
  /** Forum topic (message_thread_id). */
  threadId?: number;
  /** Sent with disable_notification. */
  silent?: boolean;
}

export interface ChatRecord {
  chat: TgChat;
  messages: Map<number, StoredMessage>;
  nextMessageId: number;
  /** Group administrators (user ids); the creator is the first one added. */
  admins?: Set<number>;
  /** Forum topics by message_thread_id. */
  topics?: Map<number, string>;
  /** The bot was removed from the group: sending answers 403. */
  botKicked?: boolean;
}

export interface UserRecord {
  user: TgUser;
  /** The bot has seen this user somewhere, so their id resolves. */
  seen: boolean;
  /** The user wrote to the bot in private, so the bot may message them. */
  started: boolean;
  blocked: boolean;
}

export interface CallbackRecord {
  id: string;
  userId: number;
  chatId: number;
  messageId: number;
  createdAt: number;
  answer?: CallbackAnswer;
}

// Telegram answers "query is too old" some seconds after the button press.
export const CALLBACK_ANSWER_WINDOW_MS = 15_000;

const EXT_MIME: Record<string, string> = {
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
  pdf: "application/pdf",
  zip: "application/zip",
  xml: "application/xml",
  html: "text/html",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** Telegram ignores the uploaded content type and guesses from the file name. */
export function guessMimeType(fileName: string, declared?: string): string {
  if (declared && declared !== "application/octet-stream") return declared;
  const ext = fileName.split(".").pop()?.toLowerCase() ?? "";
  return EXT_MIME[ext] ?? "application/octet-stream";
}

const now = (): number => Math.floor(Date.now() / 1000);

export class EmulatorState {
  readonly users = new Map<number, UserRecord>();
  readonly chats = new Map<number, ChatRecord>();
  readonly files = new Map<string, StoredFile>();
  readonly filesByPath = new Map<string, StoredFile>();
  readonly callbacks = new Map<string, CallbackRecord>();
  readonly commands = new Map<string, BotCommand[]>();
  readonly descriptions = new Map<string, string>();
  readonly shortDescriptions = new Map<string, string>();
  readonly menuButtons = new Map<number, unknown>();
  readonly queue = new UpdateQueue();
  readonly calls: ApiCall[] = [];
  readonly failures = new Map<string, { response: FailureResponse; remaining: number }[]>();
  webhook: WebhookInfo | undefined;
  photoUrlPolicy: (url: string) => boolean = () => false;
  private nextUserId = 700_000_001;
  private nextGroupId = -4_000_000_001;
  private nextFileNo = 1;

  constructor(readonly bot: TgUser) {}

  createUser(opts: Partial<Omit<TgUser, "is_bot">>): UserRecord {
    const id = opts.id ?? this.nextUserId++;
    if (this.users.has(id) || this.chats.has(id)) throw new Error(`user ${id} already exists`);
    const user: TgUser = {
      id,
      is_bot: false,
      first_name: opts.first_name ?? `User${id}`,
      ...(opts.last_name !== undefined && { last_name: opts.last_name }),
      ...(opts.username !== undefined && { username: opts.username }),
      ...(opts.language_code !== undefined && { language_code: opts.language_code }),
    };
    const record: UserRecord = { user, seen: false, started: false, blocked: false };
    this.users.set(id, record);
    const chat: TgChat = { id, type: "private", first_name: user.first_name };
    if (user.last_name) chat.last_name = user.last_name;
    if (user.username) chat.username = user.username;
    this.chats.set(id, { chat, messages: new Map(), nextMessageId: 1 });
    return record;
  }

  createGroup(title: string, forum = false): ChatRecord {
    const id = forum ? -1_000_000_000_000 + this.nextGroupId-- : this.nextGroupId--;
    const record: ChatRecord = {
      chat: forum
        ? { id, type: "supergroup", title, is_forum: true }
        : { id, type: "group", title },
      admins: new Set(),
      ...(forum ? { topics: new Map() } : {}),
      messages: new Map(),
      nextMessageId: 1,
    };
    this.chats.set(id, record);
    return record;
  }

  /** Resolves a chat_id the way the bot sees it: users it never met are "chat not found". */
  chatForBot(chatId: number): ChatRecord {
    const record = this.chats.get(chatId);
    if (!record) throw badRequest("chat not found");
    if (record.chat.type === "private" && !this.users.get(chatId)?.seen) {
      throw badRequest("chat not found");
    }
    return record;
  }

  /** Checks the bot may post into the chat right now. */
  assertCanSend(record: ChatRecord, threadId?: number): void {
    if (record.botKicked) {
      throw forbidden(
        record.chat.type === "supergroup"
          ? "bot was kicked from the supergroup chat"
          : "bot was kicked from the group chat",
      );
    }
    if (threadId !== undefined && record.topics && !record.topics.has(threadId)) {
      throw badRequest("message thread not found");
    }
    if (record.chat.type !== "private") return;
    const user = this.users.get(record.chat.id)!;
    if (user.blocked) throw forbidden("bot was blocked by the user");
    if (!user.started) throw forbidden("bot can't initiate conversation with a user");
  }

  addMessage(
    chatId: number,
    fields: Omit<StoredMessage, "chatId" | "messageId" | "date" | "deleted" | "edits" | "shown">,
  ): StoredMessage {
    const record = this.chats.get(chatId)!;
    const message: StoredMessage = {
      ...fields,
      chatId,
      messageId: record.nextMessageId++,
      date: now(),
      deleted: false,
      edits: 0,
      shown: [fields.text ?? fields.caption ?? ""],
    };
    record.messages.set(message.messageId, message);
    return message;
  }

  liveMessage(chatId: number, messageId: number): StoredMessage | undefined {
    const message = this.chats.get(chatId)?.messages.get(messageId);
    return message && !message.deleted ? message : undefined;
  }

  markEdited(message: StoredMessage): void {
    message.edits++;
    message.editDate = now();
    message.shown.push(message.text ?? message.caption ?? "");
  }

  storeFile(
    kind: StoredFile["kind"],
    file: { fileName: string; mimeType?: string; content: Buffer; url?: string },
  ): StoredFile {
    const no = this.nextFileNo++;
    const ext = file.fileName.includes(".") ? file.fileName.split(".").pop()! : "dat";
    const stored: StoredFile = {
      fileId: `${kind === "photo" ? "AgAC" : "BQAC"}AgIAAxkBAAI${no}${randomBytes(12).toString("base64url")}`,
      uniqueId: `AQAD${no}${randomBytes(4).toString("hex")}`,
      kind,
      fileName: file.fileName,
      mimeType: guessMimeType(file.fileName, file.mimeType),
      content: file.content,
      filePath: kind === "photo" ? `photos/file_${no}.jpg` : `documents/file_${no}.${ext}`,
      ...(file.url !== undefined && { url: file.url }),
    };
    this.files.set(stored.fileId, stored);
    this.filesByPath.set(stored.filePath, stored);
    return stored;
  }

  /** The Message object as the Bot API would serialise it. */
  apiMessage(message: StoredMessage, withReply = true): ApiMessage {
    const record = this.chats.get(message.chatId)!;
    const out: ApiMessage = {
      message_id: message.messageId,
      from: message.from,
      chat: record.chat,
      date: message.date,
    };
    if (message.editDate !== undefined) out.edit_date = message.editDate;
    const repliedTo = message.replyTo !== undefined && record.messages.get(message.replyTo);
    if (withReply && repliedTo && !repliedTo.deleted) {
      out.reply_to_message = this.apiMessage(repliedTo, false);
    }
    if (message.threadId !== undefined) {
      out.message_thread_id = message.threadId;
      if (record.topics) out.is_topic_message = true;
    }
    if (message.text !== undefined) out.text = message.text;
    if (message.entities?.length) out.entities = message.entities;
    if (message.document) {
      const d = message.document;
      out.document = {
        file_name: d.fileName,
        mime_type: d.mimeType,
        file_id: d.fileId,
        file_unique_id: d.uniqueId,
        file_size: d.content.length,
      };
    }
    if (message.photo) {
      const p = message.photo;
      out.photo = [
        {
          file_id: p.fileId,
          file_unique_id: p.uniqueId,
          file_size: p.content.length,
          width: p.width ?? 320,
          height: p.height ?? 320,
        },
      ];
    }
    if (message.caption !== undefined) out.caption = message.caption;
    if (message.captionEntities?.length) out.caption_entities = message.captionEntities;
    // Message.reply_markup only ever carries inline keyboards.
    if (message.markup?.kind === "inline") out.reply_markup = message.markup.json;
    return out;
  }
}
