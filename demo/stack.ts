/**
 * The demo's one process: the sandbox Seller API, the Bot API emulator and the real bot (the
 * production factory, settings parsed by the production parser), all on loopback.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import {
  type SellerSandbox,
  type ShopSize,
  startSellerSandbox,
} from "../doubles/seller-api/index.js";
import {
  type BotApiEmulator,
  startBotApiEmulator,
  type UserDriver,
} from "../doubles/telegram/index.js";
import { type App, type AppOptions, createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { type Runtime, startRuntime } from "../src/runtime/index.js";
import { BotActivity } from "./activity.js";
import { type ScriptClock, scriptClock } from "./clock.js";

export interface DemoOptions {
  /** The sandbox's shop: `"small"` (default; the scripts' transcripts are written on it) or `"large"`. */
  shop?: ShopSize;
  /** Embedded storage folder; default a temporary one, removed at stop. */
  dataDir?: string;
  /** A new order arrives every this many ms (so order alerts fire); 0 = never. */
  newOrderEveryMs?: number;
  /** pino level of the bot's log (written to stderr). */
  logLevel?: string;
  /**
   * A scripted session: the bot and the sandbox run on the script clock (demo/clock.ts), so
   * the transcript is the same on every run. Default: the system clock (the web chat).
   */
  scripted?: boolean;
  /**
   * For tests that check what the chat shows, not how fast: the pace's limits (default
   * Telegram's) and the watcher's poll interval (default 2 s).
   */
  paceLimits?: AppOptions["paceLimits"];
  importPollIntervalMs?: number;
}

export interface DemoStack {
  sandbox: SellerSandbox;
  telegram: BotApiEmulator;
  app: App;
  activity: BotActivity;
  /** The script clock of a scripted session (undefined: the system clock). */
  scriptClock: ScriptClock | undefined;
  /** A Telegram user of the demo (their private chat with the bot). */
  newUser(languageCode: string): UserDriver;
  /** A fresh one-time link token, as the seller cabinet would give. */
  linkToken(): string;
  stop(): Promise<void>;
}

/** Product photos live on the seeded CDN; the emulator accepts them without fetching. */
const SEED_PHOTO_HOST = "https://cdn.example.kz/";

export async function startDemo(options: DemoOptions = {}): Promise<DemoStack> {
  const clock = options.scripted ? scriptClock() : undefined;
  const sandbox = await startSellerSandbox({
    shop: options.shop ?? "small",
    // The demo may run for days: the sandbox keeps its newest requests only.
    keepRequests: 10_000,
    ...(clock && { now: clock.now }),
    host: "127.0.0.1",
    jobSteps: 1,
    newOrderEveryMs: options.newOrderEveryMs ?? 0,
  });
  const telegram = await startBotApiEmulator({
    token: "5000000001:DEMO-no-telegram-needed",
    botUsername: "seller_demo_bot",
    botFirstName: "Seller Bot",
  });
  telegram.setPhotoUrlPolicy((url) => url.startsWith(SEED_PHOTO_HOST));
  const tempDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), "seller-bot-demo-"));
  // The production settings path, with the demo's values instead of the environment.
  const config = parseConfig({
    BOT_TOKEN: telegram.token,
    BOT_API_ROOT: telegram.apiRoot,
    SELLER_API_URL: sandbox.url,
    SELLER_API_TOKEN: sandbox.token,
    DATA_DIR: options.dataDir ?? tempDir,
    // Jobs are final on their second poll: a summary comes a few seconds after the import.
    IMPORT_POLL_INTERVAL_MS: String(options.importPollIntervalMs ?? 2000),
    LOG_LEVEL: options.logLevel ?? "warn",
  });
  const app = createApp(config, createLogger(config.logLevel, pino.destination(2)), {
    ...(clock && { clock }),
    ...(options.paceLimits && { paceLimits: options.paceLimits }),
  });
  const activity = new BotActivity(app);
  let runtime: Runtime | undefined;
  try {
    await app.init();
    runtime = await startRuntime(app, { host: "127.0.0.1" });
  } catch (error) {
    await Promise.allSettled([app.close(), sandbox.stop(), telegram.stop()]);
    throw error;
  }
  return {
    sandbox,
    telegram,
    app,
    activity,
    scriptClock: clock,
    newUser: (languageCode) =>
      telegram.user({
        firstName: "Айгуль",
        lastName: "Демо",
        username: "demo_seller",
        languageCode,
      }),
    linkToken: () => sandbox.issueLinkToken(),
    async stop() {
      await runtime?.stop();
      await Promise.allSettled([sandbox.stop(), telegram.stop()]);
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
