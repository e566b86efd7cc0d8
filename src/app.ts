import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { Api, GrammyError } from "grammy";
import { Redis } from "ioredis";
import { type Alerts, createAlerts } from "./alerts/index.js";
import {
  alertCallbacks,
  apiErrorKindKey,
  BOT_MENU,
  type BotI18n,
  createBot,
  createBotI18n,
  installApiTransformers,
  registerMenu,
  type SellerBot,
} from "./bot/index.js";
import { readCharacteristics } from "./catalog/index.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { ImportReader, ReadFile } from "./import/index.js";
import {
  createImportReader,
  createImportService,
  createImportWatcher,
  type ImportService,
  type ImportWatcher,
  type WatcherOptions,
} from "./import/index.js";
import type { Logger } from "./logger.js";
import { createMetrics, type Metrics } from "./metrics.js";
import {
  createCostStore,
  createMoneyService,
  type MoneyService,
  sellerKeyOf,
} from "./money/index.js";
import { createScheduler, type Scheduler } from "./scheduler/index.js";
import { createSellerApi, type SellerApi } from "./seller-api/index.js";
import { createStorage, type Storage } from "./storage/index.js";
import {
  createPace,
  type Pace,
  type PaceLimits,
  pacedFetch,
  type TelegramFetch,
} from "./telegram/index.js";

export interface App {
  config: Config;
  logger: Logger;
  storage: Storage;
  seller: SellerApi;
  bot: SellerBot;
  i18n: BotI18n;
  watcher: ImportWatcher;
  /** New-order, stock, digest, health and money alerts: kinds of the scheduler's work. */
  alerts: Alerts;
  /** The money figures of a period (/money, the money alerts, the month's statement). */
  money: MoneyService;
  /**
   * Recurring work shared by instances (leases, due times, backoff): the import watcher is one
   * kind of work; register others (alerts) before the runtime starts it (`watcher.start()`).
   */
  scheduler: Scheduler;
  clock: Clock;
  /** Reading, drafts and sending of imports. */
  imports: ImportService;
  /**
   * Aborted as soon as close() begins: no new Seller API import request starts after it, those
   * in flight finish and are recorded (their summary comes after the restart).
   */
  stopping: AbortSignal;
  /** The one pace of everything this app sends (shared over Redis with other instances). */
  pace: Pace;
  /** The Api for notifications outside updates (watcher, alerts): paced as "bulk". */
  telegram: Api;
  /** Prometheus metrics of this app (GET /metrics); the watcher may report through it. */
  metrics: Metrics;
  /** Registers commands and prepares the bot (getMe); call before receiving updates. */
  init(): Promise<void>;
  /**
   * Stops in order: import sending first (no new request; those in flight finish and every
   * accepted product is recorded, bounded by `stopTimeoutMs`), then the scheduler (rounds in
   * flight finish, leases released), then storage.
   */
  close(): Promise<void>;
}

/** How long a stop waits for import requests in flight (each also has its own timeout). */
const SENDER_STOP_MS = 8000;

/** What tests may replace; production uses the defaults. */
export interface AppOptions {
  clock?: Clock;
  /** The alerts' clock (default: `clock`). */
  alertsClock?: Clock;
  /**
   * Whether the alert kinds are registered with the scheduler (default true). Tests that drive
   * alert rounds by hand (`alerts.runAll()`) turn it off.
   */
  scheduleAlerts?: boolean;
  /** Lease of scheduled items (default 30 s) and how long a stop waits for rounds (5 s). */
  leaseMs?: number;
  stopTimeoutMs?: number;
  watcher?: WatcherOptions;
  /**
   * The fetch under every Bot API client of the app (bot, notifications, import replies),
   * below the pace; default grammY's own. Tests reach the Bot API emulator without a socket.
   */
  telegramFetch?: TelegramFetch;
  /** The pace's limits (default Telegram's: `TELEGRAM_PACE`). */
  paceLimits?: Partial<PaceLimits>;
  /** Base delay between the Seller API client's read attempts (default 300 ms). */
  sellerRetryBaseDelayMs?: number;
  /**
   * How long a button press may go unanswered before it is answered without a word (default
   * 0.8 s: `PRESS_ANSWER_WITHIN_MS`). Feature tests lift it, as they lift the pace.
   */
  pressAnswerWithinMs?: number;
  /**
   * Reading workers to use instead of the app's own (default: its own, closed with it); a
   * given reader is left open at close, for its owner to close.
   */
  reader?: ImportReader;
  /**
   * The translations to use instead of the app's own (default: built from locales/ on
   * creation); they hold nothing of any chat, so apps in one process may share them.
   */
  i18n?: BotI18n;
}

/**
 * The one pace of everything the app sends (shared over Redis with the other instances), and
 * the two Api objects that send outside updates through it.
 */
function createPacing(
  config: Config,
  logger: Logger,
  metrics: Metrics,
  tuning: Pick<AppOptions, "telegramFetch" | "paceLimits">,
) {
  const base = tuning.telegramFetch;
  const paceRedis = config.redisUrl
    ? createPaceRedis(config.redisUrl, config.redisKeyPrefix, logger)
    : undefined;
  const pace = createPace({
    redis: paceRedis,
    logger,
    ...(tuning.paceLimits && { limits: tuning.paceLimits }),
  });
  // The watcher talks to Telegram outside any update, through its own Api object: its sends
  // are "bulk", behind the answers to updates; it reschedules its own failures (no auto-retry).
  const telegram = new Api(config.botToken, {
    apiRoot: config.botApiRoot,
    fetch: pacedFetch(pace, "bulk", base),
  });
  installApiTransformers(telegram, { metrics, source: "notification", retry: false });
  // The import's status messages and results answer a seller's "Import" though sent outside
  // the update: counted and paced as replies.
  const replies = new Api(config.botToken, {
    apiRoot: config.botApiRoot,
    fetch: pacedFetch(pace, "interactive", base),
  });
  installApiTransformers(replies, { metrics, source: "reply" });
  return { paceRedis, pace, telegram, replies };
}

/** The money figures over the app's Seller API and storage (their kept days). */
function createAppMoney(config: Config, logger: Logger, seller: SellerApi, storage: Storage) {
  const { timeZone, money } = config;
  const auth = config.sellerAuth;
  const identity = auth.kind === "client" ? `client:${auth.clientId}` : `token:${auth.token}`;
  const costStore = createCostStore(storage.kv, sellerKeyOf(config.sellerApiUrl, identity));
  return createMoneyService({
    seller,
    kv: storage.kv,
    logger,
    timeZone,
    config: money,
    costStore,
  });
}

/** Wires the parts together; main.ts and the tests both start here. */
export function createApp(config: Config, logger: Logger, options: AppOptions = {}): App {
  const clock = options.clock ?? systemClock;
  const storage = createStorage(config, logger);
  const metrics = createMetrics(logger);
  const seller = createSellerApi({
    baseUrl: config.sellerApiUrl,
    auth: config.sellerAuth,
    timeoutMs: config.sellerApiTimeoutMs,
    deadlineMs: config.sellerApiDeadlineMs,
    logger,
    onCall: metrics.observeSellerApiCall,
    ...(options.sellerRetryBaseDelayMs !== undefined && {
      retryBaseDelayMs: options.sellerRetryBaseDelayMs,
    }),
  });
  const i18n = options.i18n ?? createBotI18n();
  const { paceRedis, pace, telegram, replies } = createPacing(config, logger, metrics, options);
  // The import's reading workers belong to this app: two apps in one process share nothing.
  const reader = options.reader ?? createImportReader();
  const { scheduler, watcher, imports } = createImportParts(
    { config, logger, seller, storage, i18n, telegram, clock },
    { replies, readFile: reader.read },
    options,
  );
  // The gauge of watched jobs is read from storage at scrape time.
  metrics.setWatchedJobsSource(() => watcher.watchedJobs());
  const money = createAppMoney(config, logger, seller, storage);
  const alerts = createAppAlerts(
    config,
    logger,
    { seller, storage, i18n, metrics, watcher, telegram, money },
    { clock: options.alertsClock ?? clock },
  );
  // Alerts are more kinds of the scheduler's work, started with it by the runtime.
  if (options.scheduleAlerts !== false) alerts.register(scheduler);
  const bot = createBot({
    config,
    logger,
    clock,
    seller,
    storage,
    i18n,
    watcher,
    alerts,
    money,
    imports,
    metrics,
    pace,
    ...(options.telegramFetch && { telegramFetch: options.telegramFetch }),
    onUpdate: metrics.observeUpdate,
    rateLimit: { onLimited: metrics.rateLimited },
    ...(options.pressAnswerWithinMs !== undefined && {
      pressAnswerWithinMs: options.pressAnswerWithinMs,
    }),
  });
  const parts = {
    config,
    logger,
    storage,
    seller,
    bot,
    i18n,
    watcher,
    alerts,
    money,
    imports,
    scheduler,
  };
  return {
    ...parts,
    clock,
    stopping: imports.sender.stopping,
    pace,
    telegram,
    metrics,
    async init() {
      await bot.init();
      await registerMenuOnce(config, logger, i18n);
    },
    async close() {
      await imports.sender.stop(options.stopTimeoutMs ?? SENDER_STOP_MS);
      await scheduler.stop();
      await alerts.stop();
      if (!options.reader) reader.close();
      pace.close();
      await paceRedis?.quit().catch((error: unknown) => {
        logger.debug({ err: error }, "pace Redis connection already gone; disconnecting");
        paceRedis.disconnect();
      });
      await storage.close();
      seller.close();
    },
  };
}

/**
 * The command menu, once getMe has proved the Bot API root: cosmetic, so a failure is a warning
 * and the bot starts without it (commands still work; the next start registers it again). One
 * attempt, through an Api of its own: bot.api's retries of a 5xx would hold the start ~45 s.
 */
async function registerMenuOnce(config: Config, logger: Logger, i18n: BotI18n): Promise<void> {
  const api = new Api(config.botToken, { apiRoot: config.botApiRoot });
  try {
    await registerMenu(api, i18n, BOT_MENU);
  } catch (error) {
    // An answer that is no Telegram error (no code, no description) is named by its message.
    const answer =
      error instanceof GrammyError
        ? error.error_code !== undefined
          ? `${error.error_code} ${error.description}`
          : error.message
        : "";
    logger.warn(
      { err: answer || (error as Error)?.name, setting: "BOT_API_ROOT" },
      "Telegram did not take the command menu (setMyCommands); the bot runs without it, its commands still work, and the next start registers it again",
    );
  }
}

/**
 * Alerts send through the bulk Api (`telegram`): paced behind interactive answers by the one
 * pace, with no auto-retry. A 429 ends the delivery round; the outbox keeps the rest for the
 * next tick.
 */
function createAppAlerts(
  config: Config,
  logger: Logger,
  parts: {
    seller: SellerApi;
    storage: Storage;
    i18n: BotI18n;
    metrics: Metrics;
    watcher: ImportWatcher;
    /** The bulk Api of notifications: paced behind answers by the one pace. */
    telegram: Api;
    money: MoneyService;
  },
  options: { clock: Clock },
): Alerts {
  const a = config.alerts;
  return createAlerts({
    kv: parts.storage.kv,
    seller: parts.seller,
    telegram: parts.telegram,
    i18n: parts.i18n,
    clock: options.clock,
    logger,
    metrics: parts.metrics,
    callbacks: alertCallbacks,
    imports: (chatId) => parts.watcher.recent(chatId, 20),
    money: parts.money,
    settings: {
      orderPollMs: a.orderPollMs,
      stockPollMs: a.stockPollMs,
      healthDelayMs: a.delayNoticeMs,
      groupAbove: a.groupAbove,
      warnDays: a.warnDays,
      timeZone: config.timeZone,
      authAfterPolls: a.authAfterPolls,
      authRetryMs: a.authRetryMs,
      money: config.money.alerts,
      defaults: {
        threshold: a.stockThreshold,
        digestAt: a.digestAt,
        quietFrom: a.quietFrom,
        quietTo: a.quietTo,
      },
    },
  });
}

/** The scheduler, the import watcher (one kind of its work) and the import service. */
function createImportParts(
  parts: {
    config: Config;
    logger: Logger;
    seller: SellerApi;
    storage: Storage;
    i18n: BotI18n;
    telegram: Api;
    clock: Clock;
  },
  own: { replies: Api; readFile: ReadFile },
  options: AppOptions,
) {
  const { storage, clock } = parts;
  const scheduler = createScheduler({
    kv: storage.kv,
    clock,
    logger: parts.logger,
    instanceId: instanceIdFor(storage),
    ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }),
    ...(options.stopTimeoutMs !== undefined && { stopTimeoutMs: options.stopTimeoutMs }),
  });
  const watcher = createImportWatcher({
    ...parts,
    scheduler,
    ...(options.watcher && { options: options.watcher }),
  });
  const imports = createImportService({
    ...parts,
    telegram: own.replies,
    readFile: own.readFile,
    kv: storage.kv,
    watcher,
    failureKey: apiErrorKindKey,
    // Read when a file's new products name characteristics by names (a sending is no answer
    // to an update: its own time, not the update's deadline).
    characteristics: () => parts.seller.withoutDeadline(() => readCharacteristics(parts.seller)),
  });
  return { scheduler, watcher, imports };
}

/**
 * On disk one process owns the data folder, so a restarted process takes over the leases of
 * the one before it at once (even after a SIGKILL) instead of waiting for them to expire.
 */
function instanceIdFor(storage: Storage): string {
  return storage.kind === "disk"
    ? "disk-owner"
    : `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/**
 * The pace's own Redis connection: a command that cannot run at once fails at once, and the
 * pace counts in memory meanwhile, so sends never queue behind a reconnect.
 */
function createPaceRedis(url: string, keyPrefix: string, logger: Logger): Redis {
  const redis = new Redis(url, { keyPrefix, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Reconnects are ioredis's business; the insurance counter covers the gap.
  redis.on("error", (error: Error) => {
    logger.debug({ err: error.name }, "pace Redis away; the pace counts in memory meanwhile");
  });
  return redis;
}
