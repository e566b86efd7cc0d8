import { registerCommands } from "./bot/commands.js";
import { createBot, type SellerBot } from "./bot/index.js";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { createSellerApi, type SellerApi } from "./seller-api/client.js";
import { createStorage, type Storage } from "./storage/index.js";

export interface App {
  config: Config;
  logger: Logger;
  storage: Storage;
  api: SellerApi;
  bot: SellerBot;
  /** Registers commands and prepares the bot (getMe); call before receiving updates. */
  init(): Promise<void>;
  /** Releases what the app holds (storage connections). */
  close(): Promise<void>;
}

/** Wires the parts together; main.ts and the tests both start here. */
export function createApp(config: Config, logger: Logger): App {
  const storage = createStorage(config);
  const api = createSellerApi({
    baseUrl: config.sellerApiUrl,
    auth: config.sellerAuth,
    timeoutMs: config.sellerApiTimeoutMs,
    logger,
  });
  const bot = createBot({ config, logger, api, storage });
  return {
    config,
    logger,
    storage,
    api,
    bot,
    async init() {
      await bot.init();
      await registerCommands(bot.api, bot.i18n);
    },
    async close() {
      await storage.close();
    },
  };
}
