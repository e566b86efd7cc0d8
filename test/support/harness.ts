import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { BotError } from "grammy";
import { inject } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { type BotApiEmulator, startBotApiEmulator } from "../../doubles/telegram/index.js";
import { type App, createApp } from "../../src/app.js";
import type { BotContext } from "../../src/bot/context.js";
import type { Clock } from "../../src/clock.js";
import { parseConfig } from "../../src/config.js";
import type { ImportReader } from "../../src/import/read/index.js";
import { createLogger, secretsOf } from "../../src/logger.js";
import { type Runtime, startRuntime } from "../../src/runtime/index.js";
import { ALLOWED_UPDATES } from "../../src/runtime/polling.js";
import type { PaceLimits } from "../../src/telegram/pace.js";
import { freePort } from "./net.js";
import { sharedBotI18n, sharedImportReader } from "./shared.js";

/**
 * The sandbox answers a year of orders' first search or sort in one pass, and 30 products'
 * details of the large shop, in this test process: on a loaded machine (two checks side by
 * side) that passed 10 s per request (the bot's own time is not what is tested here).
 */
export const LARGE_SHOP_ENV = { SELLER_API_TIMEOUT_MS: "60000" };

export interface HarnessOptions {
  /** Sessions and jobs in the run's Redis (own key prefix) instead of a temp data folder. */
  redis?: boolean;
  /** Extra settings, as environment variables. */
  env?: Record<string, string>;
  /** Reuse doubles (a restart keeps Telegram and the Seller API as they were). */
  tg?: BotApiEmulator;
  api?: SellerSandbox;
  dataDir?: string;
  redisKeyPrefix?: string;
  sandbox?: Parameters<typeof startSellerSandbox>[0];
  /** Whether stop() also stops given doubles and removes a given data folder (restarts). */
  adopt?: boolean;
  /**
   * The bot always runs through the production runtime (src/runtime). `"webhook"` serves
   * updates, health, readiness and metrics on a free loopback port; `"polling"` polls and
   * serves the HTTP endpoints on a free port; unset: polling without HTTP endpoints.
   */
  runtime?: "webhook" | "polling";
  /**
   * Alert tests pass their clock and run alert rounds themselves (`app.alerts.runAll()`); the
   * scheduler never runs them in a harness, so tests about other things see no alert traffic.
   */
  alertsClock?: Clock;
  /**
   * The app's own clock (scheduler, import watcher, import records); default the system clock.
   * Its sleeps must pass by themselves (e.g. `runningClock`): the harness never moves it.
   */
  clock?: Clock;
  /** The in-process tier (`startInProcess`): no socket to the Bot API, no polling. */
  inProcess?: boolean;
  /**
   * Telegram's limits on the pace (`"telegram"`, default of `startHarness`) or the same pace
   * with limits no test reaches (`"lifted"`, default of `startInProcess`): feature tests then
   * never wait a second for a chat's turn. Pacing itself is asserted on the end-to-end tier.
   * Or limits of a test's own (Telegram's with some changed).
   */
  pace?: PaceChoice;
  /**
   * Base delay between the Seller API client's read attempts: production's 300 ms by default
   * of `startHarness`, 10 ms by default of `startInProcess` (the same attempts, sooner).
   */
  sellerRetryBaseDelayMs?: number;
  /**
   * How long a press may go unanswered before the bot answers it without a word: production's
   * 0.8 s by default of `startHarness`; 10 s by default of `startInProcess`, so that a feature
   * test's toast is its handler's even on a loaded machine (as the pace is lifted there).
   */
  pressAnswerWithinMs?: number;
  /**
   * Whether the app gets reading workers of its own (default of `startHarness`) or shares this
   * process's warm ones (default of `startInProcess`: a reading worker takes a second to load).
   */
  ownReader?: boolean;
  /** Reading workers the test made (caps of its own), left open for the test to close. */
  reader?: ImportReader;
}

type PaceChoice = "telegram" | "lifted" | Partial<PaceLimits>;

/** The app's pace limits for a harness's choice (none: Telegram's, the production default). */
function paceOptions(pace: PaceChoice): { paceLimits?: Partial<PaceLimits> } {
  if (pace === "telegram") return {};
  return { paceLimits: pace === "lifted" ? LIFTED_PACE : pace };
}

/** The pace with every limit far above what a test sends: no send waits for its turn. */
export const LIFTED_PACE: Partial<PaceLimits> = {
  perSecond: 100_000,
  chatBurst: 10_000,
  groupBurst: 10_000,
  quietMs: 0,
  windowMax: 100_000,
};

export interface Harness {
  tg: BotApiEmulator;
  api: SellerSandbox;
  app: App;
  /** Every log line of the bot, as JSON text. */
  logs: string[];
  dataDir: string;
  redisKeyPrefix: string;
  /** Started by `startInProcess` (or a restart of one). */
  inProcess: boolean;
  /** The pace's limits this bot runs with. */
  pace: PaceChoice;
  /** The running runtime; with `runtime` set, its HTTP base URL and the webhook secret. */
  runtime: Runtime;
  httpUrl?: string;
  /** The internal port's base URL (/metrics, /readyz), with `runtime` set. */
  metricsUrl?: string;
  webhookSecret?: string;
  /**
   * Resolves once every update the users sent so far has been handled to its end (in process:
   * none queued at the emulator, none in flight), replies included: what a test waits for
   * before asserting that nothing more came. Background work (imports, alerts) is not an update.
   */
  updatesHandled(): Promise<void>;
  /** Stops the bot only; the doubles keep running (for restart tests). */
  stopBot(): Promise<void>;
  /** Stops everything this harness started. */
  stop(): Promise<void>;
}

/** What both tiers start: the doubles, the data folder and the app, before updates flow. */
interface Prepared {
  tg: BotApiEmulator;
  api: SellerSandbox;
  app: App;
  logs: string[];
  dataDir: string;
  redisKeyPrefix: string;
  webhookSecret: string | undefined;
  /** Stops the doubles and removes the data folder this harness owns. */
  release(): Promise<void>;
}

async function prepare(options: HarnessOptions, inProcess: boolean): Promise<Prepared> {
  const ownTg = !options.tg || options.adopt === true;
  const ownApi = !options.api || options.adopt === true;
  const ownDataDir = !options.dataDir || options.adopt === true;
  const [tg, api] = await Promise.all([
    options.tg ?? startBotApiEmulator(),
    options.api ?? startSellerSandbox(options.sandbox),
  ]);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "seller-bot-"));
  const redisKeyPrefix =
    options.redisKeyPrefix ??
    `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
  const port = options.runtime ? await freePort() : undefined;
  const metricsPort = options.runtime ? await freePort() : undefined;
  const webhookSecret =
    options.runtime === "webhook"
      ? (options.env?.WEBHOOK_SECRET ?? `s3cret-${Math.random().toString(36).slice(2)}`)
      : undefined;
  const config = parseConfig({
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    DATA_DIR: dataDir,
    // Production's timeout: the sandbox shares this process, and a loaded machine (two checks
    // side by side) has kept a loopback answer waiting past 2 s; and an update's Seller API time
    // 30 s, not 8 (40 chats linking at once there outlasted 8 s). Tests of a hang or of the
    // deadline set their own.
    SELLER_API_TIMEOUT_MS: "10000",
    SELLER_API_DEADLINE_MS: "30000",
    IMPORT_POLL_INTERVAL_MS: "100",
    LOG_LEVEL: "info",
    ...(options.redis ? { REDIS_URL: inject("redisUrl"), REDIS_KEY_PREFIX: redisKeyPrefix } : {}),
    ...(port ? { PORT: String(port), METRICS_PORT: String(metricsPort) } : {}),
    ...(webhookSecret
      ? {
          BOT_MODE: "webhook",
          WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
          WEBHOOK_SECRET: webhookSecret,
        }
      : {}),
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const retryDelay = options.sellerRetryBaseDelayMs ?? (inProcess ? 10 : undefined);
  const pressDeadline = options.pressAnswerWithinMs ?? (inProcess ? 10_000 : undefined);
  const app = createApp(
    config,
    createLogger(config.logLevel, sink, { secrets: secretsOf(config) }),
    {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.alertsClock ? { alertsClock: options.alertsClock } : {}),
      scheduleAlerts: false,
      // In process, every Bot API call reaches the emulator without a socket.
      ...(inProcess ? { telegramFetch: tg.fetch } : {}),
      ...paceOptions(options.pace ?? (inProcess ? "lifted" : "telegram")),
      ...(retryDelay !== undefined && { sellerRetryBaseDelayMs: retryDelay }),
      ...(pressDeadline !== undefined && { pressAnswerWithinMs: pressDeadline }),
      ...(options.reader
        ? { reader: options.reader }
        : !(options.ownReader ?? !inProcess) && { reader: sharedImportReader() }),
      i18n: sharedBotI18n(),
    },
  );
  await app.init();
  return {
    tg,
    api,
    app,
    logs,
    dataDir,
    redisKeyPrefix,
    webhookSecret,
    async release() {
      await Promise.all([ownTg ? tg.stop() : undefined, ownApi ? api.stop() : undefined]);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real bot, built by the production factory and polling through grammY's real client,
 * against the Bot API emulator and the Seller API sandbox on loopback: the tier of runtime,
 * attack, fault and end-to-end tests (see docs/testing.md).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  if (options.inProcess) return startInProcess(options);
  const p = await prepare(options, false);
  // The production runtime: polling (or webhook), the watcher, and a shutdown that drains.
  const runtime: Runtime = await startRuntime(p.app, { host: "127.0.0.1" });
  const stopBot = () => runtime.stop();
  return {
    tg: p.tg,
    api: p.api,
    app: p.app,
    logs: p.logs,
    dataDir: p.dataDir,
    redisKeyPrefix: p.redisKeyPrefix,
    inProcess: false,
    pace: options.pace ?? "telegram",
    runtime,
    httpUrl: runtime.port ? `http://127.0.0.1:${runtime.port}` : undefined,
    metricsUrl: runtime.metricsPort ? `http://127.0.0.1:${runtime.metricsPort}` : undefined,
    webhookSecret: p.webhookSecret,
    updatesHandled: () => {
      throw new Error("updatesHandled: the runtime's updates are its own; use startInProcess()");
    },
    stopBot,
    async stop() {
      await stopBot();
      await p.release();
    },
  };
}

/**
 * The same bot in this process without the runtime: grammY's client reaches the emulator
 * through an injected `fetch` (no socket), and each update the users send goes straight to
 * `bot.handleUpdate`, side by side as the runner would run them (no polling). The import
 * watcher runs as under the runtime. The tier of feature tests: a screen, its texts in both
 * languages, the Seller API requests behind it. Same options and same drivers as `startHarness`,
 * except the runtime's own (`runtime`: no HTTP endpoints here).
 */
export async function startInProcess(options: HarnessOptions = {}): Promise<Harness> {
  if (options.runtime) throw new Error("the runtime's HTTP endpoints need startHarness()");
  const p = await prepare(options, true);
  const { app } = p;
  const inFlight = new Set<Promise<unknown>>();
  const delivery = p.tg.deliver(
    (update) => {
      const handled = app.bot
        .handleUpdate(update as unknown as Parameters<typeof app.bot.handleUpdate>[0])
        // As the runner does: a failed update goes to the bot's error handler.
        .catch((error: unknown) => app.bot.errorHandler(error as BotError<BotContext>))
        .catch((error: unknown) => app.logger.error({ err: error }, "error handler failed"))
        .finally(() => inFlight.delete(handled));
      inFlight.add(handled);
    },
    { allowedUpdates: [...ALLOWED_UPDATES] },
  );
  app.watcher.start();
  let stopped: Promise<void> | undefined;
  const stopBot = () => {
    stopped ??= (async () => {
      // As the runtime stops: no new updates, those in flight finish, then the app.
      delivery.stop();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await app.close();
    })();
    return stopped;
  };
  return {
    tg: p.tg,
    api: p.api,
    app,
    logs: p.logs,
    dataDir: p.dataDir,
    redisKeyPrefix: p.redisKeyPrefix,
    inProcess: true,
    pace: options.pace ?? "lifted",
    runtime: notARuntime,
    async updatesHandled() {
      // An update handed over may start another (a reply's answer): until none is left.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (p.tg.pendingUpdates() === 0 && inFlight.size === 0) return;
        await Promise.allSettled([...inFlight]);
      }
    },
    stopBot,
    async stop() {
      await stopBot();
      await p.release();
    },
  };
}

/** In process there is no runtime: any use of one is a test on the wrong tier. */
const notARuntime: Runtime = new Proxy({} as Runtime, {
  get(_target, key) {
    if (key === "then") return undefined;
    throw new Error(
      `runtime.${String(key)}: an in-process harness has no runtime; use startHarness()`,
    );
  },
});

/**
 * Stops the bot and starts a new one on the same doubles and storage, as a restart of the
 * process would; the new harness owns everything.
 */
export async function restartBot(h: Harness, options: HarnessOptions = {}): Promise<Harness> {
  await h.stopBot();
  return startHarness({
    inProcess: h.inProcess,
    pace: h.pace,
    ...options,
    tg: h.tg,
    api: h.api,
    dataDir: h.dataDir,
    redisKeyPrefix: h.redisKeyPrefix,
    redis: options.redis ?? h.app.storage.kind === "redis",
    adopt: true,
  });
}

/** Links a user's chat through the real flow (deep link), for tests that start linked. */
export async function linkUser(h: Harness, user: ReturnType<BotApiEmulator["user"]>) {
  const token = h.api.issueLinkToken();
  await user.sendCommand(`/start ${token}`);
  await user.waitForBotMessage(/привязан|байланыстырылды/);
  // The chat is subscribed to alerts once the update is done, just after the greeting is sent:
  // wait for it, so an alert round run next sees the chat.
  const deadline = Date.now() + 10_000;
  while (!(await h.app.alerts.store.chat({ chatId: user.id }))) {
    if (Date.now() > deadline) throw new Error("the linked chat was never subscribed to alerts");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Settings of another instance beside the harness's bot: the same doubles and the same Redis
 * (the harness must run with `redis: true`), for tests of several instances.
 */
export function sharedRedisConfig(h: Harness, extra: Record<string, string> = {}) {
  return parseConfig({
    BOT_TOKEN: h.tg.token,
    BOT_API_ROOT: h.tg.apiRoot,
    SELLER_API_URL: h.api.url,
    SELLER_API_TOKEN: h.api.token,
    REDIS_URL: inject("redisUrl"),
    REDIS_KEY_PREFIX: h.redisKeyPrefix,
    LOG_LEVEL: "silent",
    ...extra,
  });
}
