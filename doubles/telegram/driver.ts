// The test's side of the conversation: acts as Telegram users (messages, commands, button
// presses, uploads) and reads chats the way those users see them.
import { randomBytes } from "node:crypto";
import type { ChatRecord, EmulatorState, StoredMessage, UserRecord } from "./state.js";
import type { ApiMessage, CallbackAnswer, ChatMessageView, TgEntity, TgUser } from "./types.js";

export interface WaitOptions {
  timeoutMs?: number;
}

export interface WaitForBotMessageOptions extends WaitOptions {
  /** Only consider bot messages with a greater message id. */
  after?: number;
}

export type ButtonMatcher = string | RegExp | ((label: string) => boolean);

const POLL_INTERVAL_MS = 10;
/**
 * How long a wait gives the bot unless told otherwise: a net for an answer that never comes,
 * not a speed check (a wait that asserts promptness passes its own). A loaded 2-core CI once
 * took over 5 s to answer right after Redis came back; with a second check running beside
 * it, a file's first reading (a reading worker starting) took over 15 s.
 */
const DEFAULT_WAIT_MS = 45_000;

function toView(m: StoredMessage): ChatMessageView {
  const inline = m.markup?.kind === "inline" ? m.markup.json.inline_keyboard : [];
  const view: ChatMessageView = {
    messageId: m.messageId,
    from: m.sender,
    text: m.text ?? m.caption ?? "",
    shown: [...m.shown],
    html: m.raw,
    entities: (m.text !== undefined ? m.entities : m.captionEntities) ?? [],
    buttons: inline.map((row) => row.map((b) => b.text)),
    buttonData: inline.map((row) => row.map((b) => b.callback_data ?? b.url ?? "")),
    date: m.date,
    deleted: m.deleted,
    edited: m.edits,
  };
  if (m.sender === "user") view.fromUserId = m.from.id;
  if (m.threadId !== undefined) view.threadId = m.threadId;
  if (m.silent) view.silent = true;
  if (m.parseMode) view.parseMode = m.parseMode;
  if (inline.length > 0) view.inlineKeyboard = inline;
  if (m.markup?.kind === "reply") view.replyMarkup = m.markup.json;
  if (m.replyTo !== undefined) view.replyToMessageId = m.replyTo;
  const keyboard = m.markup?.kind === "reply" ? m.markup.json.keyboard : undefined;
  if (Array.isArray(keyboard)) {
    view.replyKeyboard = (keyboard as unknown[][]).map((row) =>
      row.map((b) => (typeof b === "string" ? b : String((b as { text: unknown }).text))),
    );
  }
  if (m.document) {
    view.document = {
      fileName: m.document.fileName,
      mimeType: m.document.mimeType,
      content: m.document.content,
      fileId: m.document.fileId,
      filePath: m.document.filePath,
      ...(m.caption !== undefined && { caption: m.caption }),
    };
  }
  if (m.photo) {
    view.photo =
      m.photo.url !== undefined
        ? { url: m.photo.url }
        : { fileId: m.photo.fileId, filePath: m.photo.filePath };
    if (m.photo.url === undefined) {
      Object.assign(view.photo, {
        content: m.photo.content,
        ...(m.photo.width !== undefined && { width: m.photo.width, height: m.photo.height }),
      });
    }
    if (m.caption !== undefined) view.photo.caption = m.caption;
  }
  return view;
}

function describe(v: ChatMessageView): string {
  const flags = [v.deleted && "deleted", v.edited > 0 && `edited x${v.edited}`].filter(Boolean);
  const extras = [
    v.buttons.length > 0 && `buttons=${JSON.stringify(v.buttons)}`,
    v.document && `document=${v.document.fileName}`,
    v.photo && `photo=${v.photo.url ?? v.photo.fileId}`,
    flags.length > 0 && `(${flags.join(", ")})`,
  ].filter(Boolean);
  return `  #${v.messageId} ${v.from}: ${JSON.stringify(v.text)} ${extras.join(" ")}`.trimEnd();
}

function matchesLabel(matcher: ButtonMatcher, label: string): boolean {
  if (typeof matcher === "string") return label === matcher;
  if (matcher instanceof RegExp) return matcher.test(label);
  return matcher(label);
}

/** Read access to one chat, shared by private chats and groups. */
export class ChatDriver {
  constructor(
    protected readonly state: EmulatorState,
    readonly chatId: number,
  ) {}

  protected get record(): ChatRecord {
    return this.state.chats.get(this.chatId)!;
  }

  /** The chat as its members see it now, oldest first, including deleted placeholders. */
  messages(): ChatMessageView[] {
    return [...this.record.messages.values()].map(toView);
  }

  botMessages(): ChatMessageView[] {
    return this.messages().filter((m) => m.from === "bot" && !m.deleted);
  }

  lastBotMessage(): ChatMessageView | undefined {
    return this.botMessages().at(-1);
  }

  dump(): string {
    return [`chat ${this.chatId}:`, ...this.messages().map(describe)].join("\n");
  }

  async waitFor(
    predicate: (messages: ChatMessageView[]) => boolean,
    { timeoutMs = DEFAULT_WAIT_MS }: WaitOptions = {},
  ): Promise<ChatMessageView[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = this.messages();
      if (predicate(messages)) return messages;
      if (Date.now() > deadline) {
        throw new Error(`waitFor timed out after ${timeoutMs} ms\n${this.dump()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  }

  /** Resolves with the newest live bot message whose text contains/matches `match`. */
  async waitForBotMessage(
    match: string | RegExp,
    { timeoutMs = DEFAULT_WAIT_MS, after = 0 }: WaitForBotMessageOptions = {},
  ): Promise<ChatMessageView> {
    const find = () =>
      this.botMessages()
        .filter((m) => m.messageId > after)
        .reverse()
        .find((m) => (typeof match === "string" ? m.text.includes(match) : match.test(m.text)));
    try {
      await this.waitFor(() => find() !== undefined, { timeoutMs });
    } catch {
      throw new Error(
        `no bot message matching ${String(match)} within ${timeoutMs} ms\n${this.dump()}`,
      );
    }
    return find()!;
  }

  /**
   * Resolves with the newest live bot message that has shown a text containing/matching `match`
   * at any time, also one edited on since (a status the bot moves on at once): what the chat
   * showed, however late the test looks. The view's `text` is the text that matched.
   */
  async waitForBotText(
    match: string | RegExp,
    { timeoutMs = DEFAULT_WAIT_MS, after = 0 }: WaitForBotMessageOptions = {},
  ): Promise<ChatMessageView> {
    const matches = (text: string) =>
      typeof match === "string" ? text.includes(match) : match.test(text);
    const find = () => {
      const found = this.botMessages()
        .filter((m) => m.messageId > after)
        .reverse()
        .find((m) => m.shown.some(matches));
      return found && { ...found, text: found.shown.findLast(matches)! };
    };
    try {
      await this.waitFor(() => find() !== undefined, { timeoutMs });
    } catch {
      throw new Error(
        `no bot message ever matching ${String(match)} within ${timeoutMs} ms\n${this.dump()}`,
      );
    }
    return find()!;
  }

  /** Stores a user's message and hands it to the bot (unless group privacy mode hides it). */
  protected post(
    from: UserRecord,
    fields: Partial<Pick<StoredMessage, "text" | "entities" | "caption" | "document" | "threadId">>,
    replyTo: number | undefined,
  ): ApiMessage {
    if (replyTo !== undefined && !this.state.liveMessage(this.chatId, replyTo)) {
      throw new Error(`cannot reply to message ${replyTo}: not in chat ${this.chatId}`);
    }
    const isPrivate = this.record.chat.type === "private";
    if (isPrivate) {
      // Writing to the bot again implies the user (re)started it.
      Object.assign(from, { seen: true, started: true, blocked: false });
    }
    const message = this.state.addMessage(this.chatId, {
      sender: "user",
      from: from.user,
      raw: fields.text ?? fields.caption ?? "",
      ...fields,
      ...(replyTo !== undefined && { replyTo }),
    });
    const api = this.state.apiMessage(message);
    if (isPrivate || this.visibleInGroup(message)) {
      from.seen = true;
      this.state.queue.push("message", api);
    }
    return api;
  }

  /** Privacy mode: in groups the bot gets only commands and replies to its own messages. */
  private visibleInGroup(message: StoredMessage): boolean {
    const command = message.entities?.find((e) => e.type === "bot_command" && e.offset === 0);
    if (command) {
      const mention = message.text!.slice(0, command.length).split("@")[1];
      return mention === undefined || mention === this.state.bot.username;
    }
    const repliedTo = message.replyTo && this.state.liveMessage(this.chatId, message.replyTo);
    return Boolean(repliedTo && repliedTo.sender === "bot");
  }

  protected findButtonMessage(matcher: ButtonMatcher, messageId?: number): StoredMessage {
    const candidates = [...this.record.messages.values()]
      .filter((m) => m.sender === "bot" && !m.deleted && m.markup?.kind === "inline")
      .filter((m) => messageId === undefined || m.messageId === messageId)
      .reverse();
    const found = candidates.find((m) =>
      m.markup?.kind === "inline"
        ? m.markup.json.inline_keyboard.flat().some((b) => matchesLabel(matcher, b.text))
        : false,
    );
    if (!found) {
      throw new Error(`no inline button matching ${String(matcher)}\n${this.dump()}`);
    }
    return found;
  }

  protected press(from: UserRecord, matcher: ButtonMatcher, messageId?: number): string {
    const message = this.findButtonMessage(matcher, messageId);
    const buttons = message.markup?.kind === "inline" ? message.markup.json.inline_keyboard : [];
    const button = buttons.flat().find((b) => matchesLabel(matcher, b.text))!;
    if (button.callback_data === undefined) {
      throw new Error(
        `button "${button.text}" is not a callback button: ${JSON.stringify(button)}`,
      );
    }
    return this.callback(from, message, button.callback_data);
  }

  protected callback(from: UserRecord, message: StoredMessage, data: string): string {
    const id = BigInt(`0x${randomBytes(8).toString("hex")}`).toString();
    this.state.callbacks.set(id, {
      id,
      userId: from.user.id,
      chatId: this.chatId,
      messageId: message.messageId,
      createdAt: Date.now(),
    });
    from.seen = true;
    this.state.queue.push("callback_query", {
      id,
      from: from.user,
      message: this.state.apiMessage(message),
      chat_instance: String(BigInt(this.chatId) * 7919n - 1234567n),
      data,
    });
    return id;
  }

  protected liveOrThrow(messageId: number): StoredMessage {
    const message = this.state.liveMessage(this.chatId, messageId);
    if (!message) throw new Error(`message ${messageId} not found in chat ${this.chatId}`);
    return message;
  }
}

function commandEntities(text: string): TgEntity[] {
  if (!text.startsWith("/")) throw new Error(`a command must start with "/": ${text}`);
  const length = /^\/[^\s]*/.exec(text)![0].length;
  return [{ type: "bot_command", offset: 0, length }];
}

export interface DocumentInput {
  fileName: string;
  content: Buffer | string;
  mimeType?: string;
  caption?: string;
}

/** A Telegram user in their private chat with the bot (chat id === user id). */
export class UserDriver extends ChatDriver {
  constructor(
    state: EmulatorState,
    private readonly account: UserRecord,
  ) {
    super(state, account.user.id);
  }

  get id(): number {
    return this.account.user.id;
  }

  get user(): TgUser {
    return this.account.user;
  }

  /** Switches the language of the user's Telegram app (`language_code` of later updates). */
  setLanguage(languageCode: string | undefined): void {
    // A new object: messages and updates already sent keep the language they were sent with.
    const { language_code: _old, ...user } = this.account.user;
    this.account.user =
      languageCode === undefined ? user : { ...user, language_code: languageCode };
  }

  /** Internal: the record group drivers need to post as this user. */
  get recordForGroups(): UserRecord {
    return this.account;
  }

  async sendText(text: string, opts: { replyTo?: number } = {}): Promise<ApiMessage> {
    return this.post(this.account, { text }, opts.replyTo);
  }

  async sendCommand(text: string, opts: { replyTo?: number } = {}): Promise<ApiMessage> {
    return this.post(this.account, { text, entities: commandEntities(text) }, opts.replyTo);
  }

  async sendDocument(input: DocumentInput): Promise<ApiMessage> {
    const content = typeof input.content === "string" ? Buffer.from(input.content) : input.content;
    const document = this.state.storeFile("document", { ...input, content });
    return this.post(
      this.account,
      { document, ...(input.caption !== undefined && { caption: input.caption }) },
      undefined,
    );
  }

  /** Presses an inline button; returns the callback query id. */
  async pressButton(matcher: ButtonMatcher, opts: { messageId?: number } = {}): Promise<string> {
    return this.press(this.account, matcher, opts.messageId);
  }

  /** A callback query with arbitrary data, as a stale or forged button would send. */
  async sendCallback(messageId: number, data: string): Promise<string> {
    return this.callback(this.account, this.liveOrThrow(messageId), data);
  }

  callbackAnswers(): CallbackAnswer[] {
    return [...this.state.callbacks.values()]
      .filter((q) => q.userId === this.id && q.answer)
      .map((q) => q.answer!);
  }

  async waitForCallbackAnswer(queryId: string, opts: WaitOptions = {}): Promise<CallbackAnswer> {
    const find = () => this.state.callbacks.get(queryId)?.answer;
    await this.waitFor(() => find() !== undefined, opts).catch(() => {
      throw new Error(`callback query ${queryId} was not answered\n${this.dump()}`);
    });
    return find()!;
  }
}

/** A basic group with the bot as a member (privacy mode on, bot not an admin). */
export class GroupDriver extends ChatDriver {
  get title(): string {
    return this.record.chat.title ?? "";
  }

  get id(): number {
    return this.chatId;
  }

  async sendText(from: UserDriver, text: string, opts: { replyTo?: number } = {}) {
    return this.post(from.recordForGroups, { text }, opts.replyTo);
  }

  async sendCommand(
    from: UserDriver,
    text: string,
    opts: { replyTo?: number; threadId?: number } = {},
  ) {
    return this.post(
      from.recordForGroups,
      {
        text,
        entities: commandEntities(text),
        ...(opts.threadId !== undefined && { threadId: opts.threadId }),
      },
      opts.replyTo,
    );
  }

  /** Makes a member an administrator of the group (getChatMember says "administrator"). */
  addAdmin(user: UserDriver): void {
    this.record.admins ??= new Set();
    this.record.admins.add(user.id);
  }

  /** A forum topic (forum groups only); returns its message_thread_id. */
  createTopic(name: string): number {
    if (!this.record.topics) throw new Error("not a forum group");
    const threadId = this.record.nextMessageId++;
    this.record.topics.set(threadId, name);
    return threadId;
  }

  /** Removes the bot from the group: every send answers 403 from now on. */
  kickBot(): void {
    this.record.botKicked = true;
  }

  /** The bot's messages in one topic. */
  topicMessages(threadId: number) {
    return this.botMessages().filter((m) => m.threadId === threadId);
  }

  async pressButton(from: UserDriver, matcher: ButtonMatcher, opts: { messageId?: number } = {}) {
    return this.press(from.recordForGroups, matcher, opts.messageId);
  }
}
