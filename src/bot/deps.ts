import type { Alerts } from "../alerts/index.js";
import type { Config } from "../config.js";
import { createI18n } from "../i18n.js";
import type { ImportService } from "../import/service.js";
import type { ImportWatcher } from "../import/watcher/index.js";
import type { Logger } from "../logger.js";
import type { BotMetrics, UpdateObserver } from "../metrics.js";
import type { SellerApi } from "../seller-api/client.js";
import type { Storage } from "../storage/index.js";
import type { Pace } from "../telegram/pace.js";
import type { TelegramFetch } from "../telegram/paced-fetch.js";
import type { LocaleFormatters } from "../text/format.js";
import type { Catalog } from "./catalog.js";
import type { BotContext, ConversationContext } from "./context.js";
import type { requireLink } from "./middlewares/access-gate.js";
import type { RateLimitOptions } from "./middlewares/rate-limit.js";

/** What createBot and its features are given: everything injected, nothing read from the environment. */
export interface BotDeps {
  config: Config;
  logger: Logger;
  seller: SellerApi;
  storage: Storage;
  i18n: BotI18n;
  watcher: ImportWatcher;
  /** Reading, drafts and sending of imports (src/import/service.ts). */
  imports: ImportService;
  /** New-order, stock, digest and health alerts (/settings, /subscribe). */
  alerts?: Alerts;
  /** Observes every handled update (metrics). */
  onUpdate?: UpdateObserver;
  /** The app's one pace of sends (shared with the watcher); bot.api's sends are "interactive". */
  pace: Pace;
  /** The fetch under bot.api, below the pace (default grammY's own). */
  telegramFetch?: TelegramFetch;
  /** Counts messages sent and retried by bot.api, and refused link attempts. */
  metrics?: BotMetrics;
  /** Limits of incoming updates per user and chat (default 30 per 10 s, 5 queued per chat). */
  rateLimit?: Partial<
    Pick<RateLimitOptions, "limit" | "windowMs" | "maxQueuedPerChat" | "onLimited">
  >;
}

/** What seller-data features get: the deps, the gate that keeps unlinked chats out, formatters. */
export interface FeatureDeps extends BotDeps {
  requireLink: ReturnType<typeof requireLink>;
  /** Numbers, money and dates per locale in the seller's time zone, built once per bot. */
  formats: LocaleFormatters;
  /** The directories (categories, brands, attributes), cached; one per bot. */
  catalog: Catalog;
}

/** The bot's i18n: outside conversations the session's locale, inside them ctx.chatLocale. */
export function createBotI18n() {
  return createI18n<ConversationContext>(
    (ctx) => ctx.chatLocale ?? (ctx as Partial<BotContext>).session?.locale,
  );
}
export type BotI18n = ReturnType<typeof createBotI18n>;
