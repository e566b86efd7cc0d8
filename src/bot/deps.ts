import type { ConversationBuilder } from "@grammyjs/conversations";
import type { Composer, Middleware } from "grammy";
import type { Alerts } from "../alerts/index.js";
import type { CatalogService } from "../catalog/index.js";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import { createI18n } from "../i18n.js";
import type { ImportService, ImportWatcher } from "../import/index.js";
import type { Logger } from "../logger.js";
import type { BotMetrics, UpdateObserver } from "../metrics.js";
import type { MoneyService } from "../money/index.js";
import type { SellerApi } from "../seller-api/index.js";
import type { Storage } from "../storage/index.js";
import type { Pace, TelegramFetch } from "../telegram/index.js";
import type { LocaleFormatters } from "../text/index.js";
import type { Catalog } from "./catalog.js";
import type { BotContext, ConversationContext } from "./context.js";
import type { LinkStatus } from "./link-status.js";
import type { MenuCommand } from "./menu.js";
import type { requireLink } from "./middlewares/access-gate.js";
import type { RateLimitOptions } from "./middlewares/rate-limit.js";

/** What createBot and its features are given: everything injected, nothing read from the environment. */
export interface BotDeps {
  config: Config;
  logger: Logger;
  /** The app's clock: the link cache's age is measured on it. */
  clock: Clock;
  seller: SellerApi;
  storage: Storage;
  i18n: BotI18n;
  watcher: ImportWatcher;
  /** Reading, drafts and sending of imports (the import module's service). */
  imports: ImportService;
  /** New-order, stock, digest and health alerts (/settings, /subscribe). */
  alerts: Alerts;
  /** The money figures of a period (/money). */
  money: MoneyService;
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
  /** How long a press may go unanswered before it is answered silently (default 0.8 s). */
  pressAnswerWithinMs?: number;
}

/** What features get: the deps, the gate that keeps unlinked chats out, formatters, the menu. */
export interface FeatureDeps extends BotDeps {
  requireLink: ReturnType<typeof requireLink>;
  /** The chat's link status under the one cache rule (the gate reads through it too). */
  links: LinkStatus;
  /** Numbers, money and dates per locale in the seller's time zone, built once per bot. */
  formats: LocaleFormatters;
  /** The directories (categories, brands, attributes), cached; one per bot. */
  catalog: Catalog;
  /** Every feature's menu commands by rank: the menu Telegram shows and the lines of /help. */
  menu: readonly MenuCommand[];
  /** The catalog in spreadsheets: export, the returned file's preview, apply, undo. */
  catalogEdit: CatalogService;
}

/**
 * One dialogue: a conversation a feature starts, in which the bot waits for the seller's next
 * step. Every dialogue of every feature is placed before the features (`bot/index.ts`), so it
 * sees each update of its chat first, and `/cancel` ends it; the rules are `dialogues.ts`.
 */
export interface Dialogue {
  /** The conversation's id (its key in the chat's conversation state). */
  readonly id: string;
  /**
   * What it waits for: `"text"`, a question (typed text; a command, a button, a file end it,
   * and are handled as usual); `"button"`, an offer (a press of its own buttons; the chat's
   * other updates pass it by, and it waits on).
   */
  readonly waitsFor: "text" | "button";
  /** The conversation, built once per bot. */
  conversation(deps: FeatureDeps): ConversationBuilder<BotContext, ConversationContext>;
  /** What must run right before it (the import offer's link check), if anything. */
  guard?(deps: FeatureDeps): Middleware<BotContext>;
}

/**
 * One feature: the commands it shows in Telegram's menu and in /help (texts `cmd-<command>` and
 * `help-<command>` in every locale), declared beside the handlers that answer them; `create`
 * builds its one Composer for one bot. The list of features is `features/index.ts`.
 */
export interface Feature {
  readonly commands: readonly MenuCommand[];
  /** The dialogues it starts (none if it asks nothing). */
  readonly dialogues?: readonly Dialogue[];
  create(deps: FeatureDeps): Composer<BotContext>;
}

/** The bot's i18n: outside conversations the session's locale, inside them ctx.chatLocale. */
export function createBotI18n() {
  return createI18n<ConversationContext>(
    (ctx) => ctx.chatLocale ?? (ctx as Partial<BotContext>).session?.locale,
  );
}
export type BotI18n = ReturnType<typeof createBotI18n>;
