// Bot API method handlers. Each validates like Telegram (same descriptions) before touching
// state, so a rejected call leaves the chat unchanged.
import { ApiError, badRequest, conflict } from "./errors.js";
import { formatInput } from "./formatting.js";
import { canonicalJson, parseReplyMarkup } from "./markup.js";
import {
  chatId,
  isUpload,
  optBool,
  optInt,
  optJson,
  optString,
  optStringArray,
  type Params,
  reqInt,
} from "./params.js";
import {
  CALLBACK_ANSWER_WINDOW_MS,
  type ChatRecord,
  type EmulatorState,
  type StoredFile,
  type StoredMessage,
} from "./state.js";
import type { BotCommand, ReplyMarkup } from "./types.js";

export interface MethodContext {
  state: EmulatorState;
  /** Aborted when the HTTP client goes away (ends a pending long poll). */
  signal: AbortSignal;
  /** Starts webhook delivery after setWebhook. */
  kickWebhook: () => void;
  webhookLastError: () => { date: number; message: string } | undefined;
}

type Handler = (p: Params, ctx: MethodContext) => unknown;

const MB = 1024 * 1024;
const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);
const SCOPE_TYPES = new Set([
  "default",
  "all_private_chats",
  "all_group_chats",
  "all_chat_administrators",
  "chat",
  "chat_administrators",
  "chat_member",
]);
const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

// --- shared helpers -------------------------------------------------------------------------

function replyTarget(p: Params, state: EmulatorState, chat: ChatRecord): number | undefined {
  const params = optJson(p, "reply_parameters") as
    | { message_id?: number; allow_sending_without_reply?: boolean }
    | undefined;
  const id = params?.message_id ?? optInt(p, "reply_to_message_id");
  if (id === undefined) return undefined;
  if (state.liveMessage(chat.chat.id, id)) return id;
  const allow = params?.allow_sending_without_reply ?? optBool(p, "allow_sending_without_reply");
  if (allow) return undefined;
  throw badRequest("message to be replied not found");
}

function editTarget(p: Params, state: EmulatorState, notFound: string): StoredMessage {
  if (p.inline_message_id !== undefined) throw badRequest("MESSAGE_ID_INVALID");
  const chat = state.chatForBot(chatId(p));
  const messageId = reqInt(p, "message_id", "message identifier is not specified");
  const message = state.liveMessage(chat.chat.id, messageId);
  if (!message) throw badRequest(notFound);
  if (message.sender !== "bot") throw badRequest("message can't be edited");
  return message;
}

const inlineJson = (markup: ReplyMarkup | undefined): string =>
  markup?.kind === "inline" ? canonicalJson(markup.json) : "";

function editMarkup(p: Params): ReplyMarkup | undefined {
  const markup = parseReplyMarkup(p.reply_markup);
  if (markup && markup.kind !== "inline") throw badRequest("inline keyboard expected");
  return markup;
}

/** Edits keep a reply keyboard (not part of the message) but replace the inline one. */
const nextMarkup = (current: ReplyMarkup | undefined, edit: ReplyMarkup | undefined) =>
  edit ?? (current?.kind === "reply" ? current : undefined);

function imageSize(buf: Buffer): { width: number; height: number } | undefined {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47) {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length >= 10 && buf.toString("latin1", 0, 4) === "GIF8") {
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  }
  const isJpeg = buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;
  const isWebp = buf.length >= 12 && buf.toString("latin1", 8, 12) === "WEBP";
  return isJpeg || isWebp ? { width: 320, height: 320 } : undefined;
}

/** InputFile resolution: multipart upload, a file_id we issued, or an http(s) URL. */
function inputFile(p: Params, state: EmulatorState, kind: StoredFile["kind"]): StoredFile {
  const value = p[kind];
  if (value === undefined || value === null || value === "") {
    throw badRequest(`there is no ${kind} in the request`);
  }
  if (isUpload(value)) {
    if (value.size === 0) throw badRequest("file must be non-empty");
    if (value.size > 50 * MB) throw new ApiError(413, "Request Entity Too Large");
    if (kind === "document") return state.storeFile(kind, value);
    const size = imageSize(value.content);
    if (!size) throw badRequest("IMAGE_PROCESS_FAILED");
    if (value.size > 10 * MB) throw badRequest("PHOTO_SAVE_FILE_INVALID");
    return Object.assign(state.storeFile(kind, value), size);
  }
  if (typeof value !== "string") throw badRequest("wrong file identifier/HTTP URL specified");
  if (/^https?:\/\//i.test(value)) {
    if (!state.photoUrlPolicy(value)) throw badRequest("failed to get HTTP URL content");
    const fileName = decodeURIComponent(new URL(value).pathname.split("/").pop() || "file");
    return state.storeFile(kind, { fileName, content: Buffer.alloc(0), url: value });
  }
  const known = state.files.get(value);
  if (!known) throw badRequest("wrong file identifier/HTTP URL specified");
  if (known.kind !== kind) {
    const name = (k: string) => k[0]!.toUpperCase() + k.slice(1);
    throw badRequest(`can't use file of type ${name(known.kind)} as ${name(kind)}`);
  }
  return known;
}

function commandsKey(p: Params, state: EmulatorState): string {
  const scope = (optJson(p, "scope") ?? { type: "default" }) as {
    type?: unknown;
    chat_id?: unknown;
  };
  if (typeof scope.type !== "string" || !SCOPE_TYPES.has(scope.type)) {
    throw badRequest("unsupported bot command scope type");
  }
  const lang = optString(p, "language_code") ?? "";
  if (lang !== "" && !/^[a-z]{2}$/.test(lang)) throw badRequest("invalid language code specified");
  let chatPart = "";
  if (scope.type.startsWith("chat")) {
    chatPart = `:${state.chatForBot(chatId({ chat_id: scope.chat_id })).chat.id}`;
  }
  return `${scope.type}${chatPart}|${lang}`;
}

function setDescription(
  p: Params,
  store: Map<string, string>,
  field: string,
  max: number,
): boolean {
  const lang = optString(p, "language_code") ?? "";
  if (lang !== "" && !/^[a-z]{2}$/.test(lang)) throw badRequest("invalid language code specified");
  const text = optString(p, field) ?? "";
  if (text.length > max) throw badRequest(`${field.replace("_", " ")} is too long`);
  if (text === "") store.delete(lang);
  else store.set(lang, text);
  return true;
}

/** message_thread_id and disable_notification of a send, as stored on the message. */
function sendFlags(p: Params, threadId: number | undefined) {
  return {
    ...(threadId !== undefined && { threadId }),
    ...(optBool(p, "disable_notification") === true && { silent: true }),
  };
}

// --- methods --------------------------------------------------------------------------------

const handlers: Record<string, Handler> = {
  getMe: (_p, { state }) => ({
    ...state.bot,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  }),
  logOut: () => true,
  close: () => true,

  getUpdates: (p, { state, signal }) => {
    if (state.webhook) {
      throw conflict(
        "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    return state.queue.longPoll(
      {
        offset: optInt(p, "offset"),
        limit: optInt(p, "limit"),
        timeoutSeconds: optInt(p, "timeout"),
        allowedUpdates: optStringArray(p, "allowed_updates"),
      },
      signal,
    );
  },

  setWebhook: (p, { state, kickWebhook }) => {
    const url = optString(p, "url") ?? "";
    const secretToken = optString(p, "secret_token");
    const allowedUpdates = optStringArray(p, "allowed_updates");
    if (url !== "") {
      // Real Telegram insists on HTTPS; loopback HTTP is allowed here so tests can receive it.
      if (!/^https?:\/\/[^\s/]+/i.test(url)) {
        throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
      }
      if (secretToken !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secretToken)) {
        throw badRequest("bad webhook: secret token contains unallowed characters");
      }
      const maxConnections = optInt(p, "max_connections");
      if (maxConnections !== undefined && (maxConnections < 1 || maxConnections > 100)) {
        throw badRequest("bad webhook: invalid max_connections specified");
      }
    }
    if (optBool(p, "drop_pending_updates")) state.queue.clear();
    if (allowedUpdates !== undefined) {
      state.queue.allowedUpdates = allowedUpdates.length > 0 ? allowedUpdates : undefined;
    }
    if (url === "") {
      state.webhook = undefined;
      return true;
    }
    state.webhook = { url, ...(secretToken !== undefined && { secretToken }) };
    if (allowedUpdates) state.webhook.allowedUpdates = allowedUpdates;
    state.queue.terminatePoll("terminated by setWebhook request");
    kickWebhook();
    return true;
  },

  deleteWebhook: (p, { state }) => {
    if (optBool(p, "drop_pending_updates")) state.queue.clear();
    state.webhook = undefined;
    return true;
  },

  getWebhookInfo: (_p, { state, webhookLastError }) => {
    const info: Record<string, unknown> = {
      url: state.webhook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: state.queue.pendingCount,
    };
    const lastError = webhookLastError();
    if (state.webhook) info.max_connections = 40;
    if (state.webhook && lastError) {
      info.last_error_date = lastError.date;
      info.last_error_message = lastError.message;
    }
    if (state.queue.allowedUpdates) info.allowed_updates = state.queue.allowedUpdates;
    return info;
  },

  sendMessage: (p, { state }) => {
    const chat = state.chatForBot(chatId(p));
    const text = formatInput(
      optString(p, "text") ?? "",
      optString(p, "parse_mode"),
      p.entities,
      "text",
    );
    const markup = parseReplyMarkup(p.reply_markup);
    const replyTo = replyTarget(p, state, chat);
    const threadId = optInt(p, "message_thread_id");
    state.assertCanSend(chat, threadId);
    const message = state.addMessage(chat.chat.id, {
      ...sendFlags(p, threadId),
      sender: "bot",
      from: state.bot,
      text: text.text,
      entities: text.entities,
      raw: text.raw,
      parseMode: text.parseMode,
      markup,
      replyTo,
    });
    return state.apiMessage(message);
  },

  getChatMember: (p, { state }) => {
    const chat = state.chatForBot(chatId(p));
    const userId = reqInt(p, "user_id", "user not found");
    const user = state.users.get(userId);
    if (!user) throw badRequest("user not found");
    if (chat.chat.type === "private") {
      return { status: userId === chat.chat.id ? "member" : "left", user: user.user };
    }
    const admins = [...(chat.admins ?? [])];
    const status =
      admins[0] === userId ? "creator" : admins.includes(userId) ? "administrator" : "member";
    return status === "administrator"
      ? { status, user: user.user, can_be_edited: false, is_anonymous: false }
      : status === "creator"
        ? { status, user: user.user, is_anonymous: false }
        : { status, user: user.user };
  },

  sendDocument: (p, ctx) => sendMedia(p, ctx, "document"),
  sendPhoto: (p, ctx) => sendMedia(p, ctx, "photo"),

  editMessageText: (p, { state }) => {
    const message = editTarget(p, state, "message to edit not found");
    if (message.text === undefined) throw badRequest("there is no text in the message to edit");
    const text = formatInput(
      optString(p, "text") ?? "",
      optString(p, "parse_mode"),
      p.entities,
      "text",
    );
    const markup = editMarkup(p);
    if (
      text.text === message.text &&
      canonicalJson(text.entities) === canonicalJson(message.entities ?? []) &&
      inlineJson(markup) === inlineJson(message.markup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    Object.assign(message, {
      text: text.text,
      entities: text.entities,
      raw: text.raw,
      parseMode: text.parseMode,
      markup: nextMarkup(message.markup, markup),
    });
    state.markEdited(message);
    return state.apiMessage(message);
  },

  editMessageCaption: (p, { state }) => {
    const message = editTarget(p, state, "message to edit not found");
    if (!message.document && !message.photo) {
      throw badRequest("there is no caption in the message to edit");
    }
    const caption = formatInput(
      optString(p, "caption") ?? "",
      optString(p, "parse_mode"),
      p.caption_entities,
      "caption",
    );
    const markup = editMarkup(p);
    if (
      caption.text === (message.caption ?? "") &&
      canonicalJson(caption.entities) === canonicalJson(message.captionEntities ?? []) &&
      inlineJson(markup) === inlineJson(message.markup)
    ) {
      throw badRequest(NOT_MODIFIED);
    }
    Object.assign(message, {
      caption: caption.text === "" ? undefined : caption.text,
      captionEntities: caption.entities,
      raw: caption.raw,
      parseMode: caption.parseMode,
      markup: nextMarkup(message.markup, markup),
    });
    state.markEdited(message);
    return state.apiMessage(message);
  },

  editMessageReplyMarkup: (p, { state }) => {
    const message = editTarget(p, state, "message to edit not found");
    const markup = editMarkup(p);
    if (inlineJson(markup) === inlineJson(message.markup)) throw badRequest(NOT_MODIFIED);
    message.markup = nextMarkup(message.markup, markup);
    state.markEdited(message);
    return state.apiMessage(message);
  },

  deleteMessage: (p, { state }) => {
    const chat = state.chatForBot(chatId(p));
    const id = reqInt(p, "message_id", "message identifier is not specified");
    const message = state.liveMessage(chat.chat.id, id);
    if (!message) throw badRequest("message to delete not found");
    // In groups the bot is not an admin here, so it can only delete its own messages.
    if (chat.chat.type !== "private" && message.sender !== "bot") {
      throw badRequest("message can't be deleted");
    }
    message.deleted = true;
    return true;
  },

  answerCallbackQuery: (p, { state }) => {
    const id = optString(p, "callback_query_id") ?? "";
    const query = state.callbacks.get(id);
    if (!query || query.answer || Date.now() - query.createdAt > CALLBACK_ANSWER_WINDOW_MS) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    const text = optString(p, "text");
    if (text !== undefined && text.length > 200) throw badRequest("MESSAGE_TOO_LONG");
    const url = optString(p, "url");
    if (url !== undefined && !/^(https:\/\/)?t\.me\//.test(url)) throw badRequest("URL_INVALID");
    const showAlert = optBool(p, "show_alert");
    query.answer = {
      queryId: id,
      ...(text !== undefined && { text }),
      ...(showAlert !== undefined && { showAlert }),
      ...(url !== undefined && { url }),
    };
    return true;
  },

  sendChatAction: (p, { state }) => {
    const chat = state.chatForBot(chatId(p));
    if (!CHAT_ACTIONS.has(optString(p, "action") ?? "")) {
      throw badRequest("wrong parameter action in request");
    }
    state.assertCanSend(chat);
    return true;
  },

  getFile: (p, { state }) => {
    const file = state.files.get(optString(p, "file_id") ?? "");
    if (!file) throw badRequest("invalid file_id");
    if (file.content.length > 20 * MB) throw badRequest("file is too big");
    return {
      file_id: file.fileId,
      file_unique_id: file.uniqueId,
      file_size: file.content.length,
      file_path: file.filePath,
    };
  },

  setMyCommands: (p, { state }) => {
    const commands = optJson(p, "commands");
    if (!Array.isArray(commands)) throw badRequest('field "commands" must be an Array');
    if (commands.length > 100) throw badRequest("BOT_COMMANDS_TOO_MUCH");
    const list: BotCommand[] = commands.map((c: { command?: unknown; description?: unknown }) => {
      if (typeof c?.command !== "string" || !/^[a-z0-9_]{1,32}$/.test(c.command)) {
        throw badRequest("BOT_COMMAND_INVALID");
      }
      const description = c.description;
      if (
        typeof description !== "string" ||
        description.trim() === "" ||
        description.length > 256
      ) {
        throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
      }
      return { command: c.command, description };
    });
    const key = commandsKey(p, state);
    // An empty list is accepted by Telegram and means "no commands".
    if (list.length === 0) state.commands.delete(key);
    else state.commands.set(key, list);
    return true;
  },
  getMyCommands: (p, { state }) => state.commands.get(commandsKey(p, state)) ?? [],
  deleteMyCommands: (p, { state }) => {
    state.commands.delete(commandsKey(p, state));
    return true;
  },

  setMyDescription: (p, { state }) => setDescription(p, state.descriptions, "description", 512),
  setMyShortDescription: (p, { state }) =>
    setDescription(p, state.shortDescriptions, "short_description", 120),
  getMyDescription: (p, { state }) => ({
    description: state.descriptions.get(optString(p, "language_code") ?? "") ?? "",
  }),
  getMyShortDescription: (p, { state }) => ({
    short_description: state.shortDescriptions.get(optString(p, "language_code") ?? "") ?? "",
  }),

  setChatMenuButton: (p, { state }) => {
    const id = p.chat_id === undefined ? 0 : state.chatForBot(chatId(p)).chat.id;
    const button = (optJson(p, "menu_button") ?? { type: "default" }) as { type?: unknown };
    if (!["default", "commands", "web_app"].includes(String(button.type))) {
      throw badRequest("unsupported menu button type");
    }
    state.menuButtons.set(id, button);
    return true;
  },
  getChatMenuButton: (p, { state }) => {
    const id = p.chat_id === undefined ? 0 : state.chatForBot(chatId(p)).chat.id;
    return state.menuButtons.get(id) ?? state.menuButtons.get(0) ?? { type: "commands" };
  },
};

function sendMedia(p: Params, { state }: MethodContext, kind: "document" | "photo"): unknown {
  const chat = state.chatForBot(chatId(p));
  const file = inputFile(p, state, kind);
  const caption = formatInput(
    optString(p, "caption") ?? "",
    optString(p, "parse_mode"),
    p.caption_entities,
    "caption",
  );
  const markup = parseReplyMarkup(p.reply_markup);
  const replyTo = replyTarget(p, state, chat);
  const threadId = optInt(p, "message_thread_id");
  state.assertCanSend(chat, threadId);
  const message = state.addMessage(chat.chat.id, {
    ...sendFlags(p, threadId),
    sender: "bot",
    from: state.bot,
    [kind]: file,
    ...(caption.text !== "" && { caption: caption.text, captionEntities: caption.entities }),
    raw: caption.raw,
    parseMode: caption.parseMode,
    markup,
    replyTo,
  });
  return state.apiMessage(message);
}

const byLowerName = new Map(Object.keys(handlers).map((name) => [name.toLowerCase(), name]));

/** Telegram method names are case-insensitive; returns the canonical spelling. */
export function resolveMethod(name: string): { name: string; handler: Handler } | undefined {
  const canonical = byLowerName.get(name.toLowerCase());
  return canonical ? { name: canonical, handler: handlers[canonical]! } : undefined;
}
