// Strict Telegram Bot API emulator for tests: a loopback HTTP server that grammY talks to via
// `client: { apiRoot }`, plus drivers that play the users on the other side.
import { GroupDriver, UserDriver } from "./driver.js";
import { type FloodLimits, type SendRate, TELEGRAM_LIMITS } from "./flood.js";
import { ApiServer, type InProcessInit, type WayThere } from "./server.js";
import { EmulatorState } from "./state.js";
import type { ApiCall, BotCommand, FailureResponse, TgUpdate, WebhookInfo } from "./types.js";

export type {
  ButtonMatcher,
  DocumentInput,
  WaitForBotMessageOptions,
  WaitOptions,
} from "./driver.js";
export { GroupDriver, UserDriver } from "./driver.js";
export { type FloodLimits, mostWithin, type SendRate, TELEGRAM_LIMITS } from "./flood.js";
export { HtmlParseError, htmlToPlainText, parseHtml } from "./html.js";
export { type InProcessInit, spreadWayThere, type WayThere } from "./server.js";
export type * from "./types.js";

export interface EmulatorOptions {
  token?: string;
  botUsername?: string;
  botFirstName?: string;
  /** Telegram's flood control: messages allowed in any second before 429 (unset: no limit). */
  floodLimit?: number;
  /**
   * Telegram's limits, enforced with 429 and retry_after: `true` for Telegram's own (30 a second
   * per bot, one a second per chat with no burst, 20 a minute and one a second per group), or
   * some of them changed. Unset: only `floodLimit`, if any.
   */
  limits?: true | Partial<FloodLimits>;
  /** The clock of flood control and the call log (default Date.now). */
  now?: () => number;
  /**
   * How long each call but `getUpdates` takes to reach the emulator, ms (`spreadWayThere` for
   * Telegram answering late at random); unset: at once.
   */
  wayThere?: WayThere;
}

export interface UserOptions {
  id?: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  /** A user who started the bot before the test (the bot may write first). */
  started?: boolean;
}

export interface CommandsQuery {
  languageCode?: string;
  /** BotCommandScope as sent to setMyCommands; default `{ type: "default" }`. */
  scope?: { type: string; chat_id?: number };
}

/** An in-process consumer of the bot's updates (see `BotApiEmulator.deliver`). */
export interface UpdateDelivery {
  /** No update is handed over after this; those still queued wait for the next consumer. */
  stop(): void;
}

export interface BotApiEmulator {
  readonly apiRoot: string;
  readonly token: string;
  /**
   * The Bot API without a socket, for grammY's client option `fetch`: the same routes, token
   * check, body decoding, knobs and call log as `apiRoot` (file downloads still use `apiRoot`).
   */
  readonly fetch: (url: string | URL, init?: InProcessInit) => Promise<Response>;
  /**
   * Hands each queued update to `handle` as soon as it is queued, in order, without polling,
   * and confirms it at once (as a webhook answered 200 would). With `allowedUpdates`, other
   * kinds are dropped as getUpdates with that list would.
   */
  deliver(handle: (update: TgUpdate) => void, opts?: { allowedUpdates?: string[] }): UpdateDelivery;
  readonly calls: readonly ApiCall[];
  callsOf(method: string): ApiCall[];
  failNext(method: string, response: FailureResponse, times?: number): void;
  setPhotoUrlPolicy(policy: (url: string) => boolean): void;
  commands(query?: CommandsQuery): BotCommand[];
  /** The bytes of a file Telegram holds (uploaded by the bot or a user); URL files have none. */
  fileContent(fileId: string): Buffer | undefined;
  readonly webhook: WebhookInfo | undefined;
  user(opts?: UserOptions): UserDriver;
  /** A basic group, or with `forum` a supergroup with topics. */
  group(opts?: { title?: string; forum?: boolean }): GroupDriver;
  blockUser(userId: number): void;
  unblockUser(userId: number): void;
  /** Number of updates waiting to be fetched or delivered. */
  pendingUpdates(): number;
  /** Whether a getUpdates long poll is held open now (the bot is waiting for updates). */
  longPollWaiting(): boolean;
  /** Messages the bot sent (and edited): total, most in any second, refused by flood control. */
  sendRate(): SendRate;
  stop(): Promise<void>;
}

export async function startBotApiEmulator(opts: EmulatorOptions = {}): Promise<BotApiEmulator> {
  const token = opts.token ?? "123456:TEST-TOKEN";
  const botId = /^(\d+):[\w-]+$/.exec(token)?.[1];
  if (!botId) throw new Error(`invalid bot token format: ${token}`);
  const state = new EmulatorState({
    id: Number(botId),
    is_bot: true,
    first_name: opts.botFirstName ?? "Seller Test Bot",
    username: opts.botUsername ?? "seller_test_bot",
  });
  const server = new ApiServer(state, token);
  server.flood.limits = floodLimits(opts);
  if (opts.now) server.now = opts.now;
  server.wayThere = opts.wayThere;
  const port = await server.listen();
  let groups = 0;

  const userRecord = (userId: number) => {
    const record = state.users.get(userId);
    if (!record) throw new Error(`unknown user ${userId}`);
    return record;
  };

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    fetch: (url, init) => server.fetch(url, init),
    deliver(handle, { allowedUpdates } = {}) {
      const { queue } = state;
      if (allowedUpdates) queue.allowedUpdates = allowedUpdates.length ? allowedUpdates : undefined;
      let active = true;
      const drain = () => {
        for (let update = queue.peek(); active && update; update = queue.peek()) {
          queue.remove(update.update_id);
          handle(update);
        }
      };
      queue.onPush(drain);
      setImmediate(drain);
      return {
        stop() {
          active = false;
          queue.offPush(drain);
        },
      };
    },
    calls: state.calls,
    callsOf: (method) => state.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
    failNext(method, response, times = 1) {
      const key = method.toLowerCase();
      const queue = state.failures.get(key) ?? [];
      queue.push({ response, remaining: times });
      state.failures.set(key, queue);
    },
    setPhotoUrlPolicy(policy) {
      state.photoUrlPolicy = policy;
    },
    commands({ languageCode = "", scope = { type: "default" } } = {}) {
      const chat = scope.chat_id !== undefined ? `:${scope.chat_id}` : "";
      return state.commands.get(`${scope.type}${chat}|${languageCode}`) ?? [];
    },
    fileContent: (fileId) => state.files.get(fileId)?.content,
    get webhook() {
      return state.webhook && { ...state.webhook };
    },
    user(o = {}) {
      const record = state.createUser({
        id: o.id,
        first_name: o.firstName,
        last_name: o.lastName,
        username: o.username,
        language_code: o.languageCode,
      });
      if (o.started) Object.assign(record, { seen: true, started: true });
      return new UserDriver(state, record);
    },
    group(o = {}) {
      const record = state.createGroup(o.title ?? `Test group ${++groups}`, o.forum === true);
      return new GroupDriver(state, record.chat.id);
    },
    blockUser(userId) {
      userRecord(userId).blocked = true;
    },
    unblockUser(userId) {
      userRecord(userId).blocked = false;
    },
    pendingUpdates: () => state.queue.pendingCount,
    longPollWaiting: () => state.queue.polling,
    sendRate: () => server.flood.rate(),
    stop: () => server.close(),
  };
}

function floodLimits(opts: EmulatorOptions): FloodLimits | undefined {
  if (opts.limits) return { ...TELEGRAM_LIMITS, ...(opts.limits === true ? {} : opts.limits) };
  if (opts.floodLimit === undefined) return undefined;
  // The overall limit alone: per-chat and group limits out of the way.
  return { perSecond: opts.floodLimit, chatBurst: 1e9, chatPerSecond: 1e9, groupPerMinute: 1e9 };
}
