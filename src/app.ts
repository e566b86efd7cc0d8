import { Api } from "grammy";
import { installApiTransformers } from "./bot/api-transformers.js";
import { registerCommands } from "./bot/commands.js";
import { type BotI18n, createBot, createBotI18n, type SellerBot } from "./bot/index.js";
import type { Config } from "./config.js";
import { createImportWatcher, type ImportWatcher } from "./import/watcher/index.js";
import type { Logger } from "./logger.js";
import { createMetrics, type Metrics } from "./metrics.js";
import { createSellerApi, type SellerApi } from "./seller-api/client.js";
import { createStorage, type Storage } from "./storage/index.js";

export interface App {
  config: Config;
  logger: Logger;
  storage: Storage;
  api: SellerApi;
  bot: SellerBot;
  i18n: BotI18n;
  watcher: ImportWatcher;
  /** Prometheus metrics of this app (GET /metrics); the watcher may report through it. */
  metrics: Metrics;
  /** Registers commands and prepares the bot (getMe); call before receiving updates. */
  init(): Promise<void>;
  /** Releases what the app holds (storage connections). */
  close(): Promise<void>;
}

/** Wires the parts together; main.ts and the tests both start here. */
export function createApp(config: Config, logger: Logger): App {
  const storage = createStorage(config);
  const metrics = createMetrics();
  const api = createSellerApi({
    baseUrl: config.sellerApiUrl,
    auth: config.sellerAuth,
    timeoutMs: config.sellerApiTimeoutMs,
    logger,
    onCall: metrics.observeSellerApiCall,
  });
  const i18n = createBotI18n();
  // The watcher talks to Telegram outside any update, through its own Api object.
  const telegram = new Api(config.botToken, { apiRoot: config.botApiRoot });
  installApiTransformers(telegram, { metrics, source: "notification", managed: false });
  const watcher = createImportWatcher({ config, logger, api, storage, telegram, i18n });
  // The gauge of watched jobs is read from storage at scrape time.
  metrics.setWatchedJobsSource(() => watcher.watchedJobs());
  const bot = createBot({
    config,
    logger,
    api,
    storage,
    i18n,
    watcher,
    metrics,
    onUpdate: metrics.observeUpdate,
    rateLimit: { onLimited: metrics.rateLimited },
  });
  return {
    config,
    logger,
    storage,
    api,
    bot,
    i18n,
    watcher,
    metrics,
    async init() {
      await bot.init();
      await registerCommands(bot.api, i18n);
    },
    async close() {
      await watcher.stop();
      await storage.close();
    },
  };
}
