import type { Clock } from "../clock.js";
import type { I18nInstance } from "../i18n.js";
import type { Logger } from "../logger.js";
import type { MoneyAlertThresholds, MoneyService } from "../money/index.js";
import type { SellerApi } from "../seller-api/index.js";
import type { AlertDefaults } from "./settings.js";
import type { AlertStore } from "./store.js";

/** What alert rounds count (src/metrics.ts implements it). */
export interface AlertMetrics {
  alertSent(kind: string): void;
  alertSuppressed(reason: "quiet" | "duplicate"): void;
  alertsDelayed(): void;
  alertChatDropped(reason: string): void;
}

export const noAlertMetrics: AlertMetrics = {
  alertSent() {},
  alertSuppressed() {},
  alertsDelayed() {},
  alertChatDropped() {},
};

export interface AlertSettings {
  orderPollMs: number;
  stockPollMs: number;
  /** Seller API failing this long before chats are told alerts are delayed. */
  healthDelayMs: number;
  /** More new orders than this for one chat at once become one digest message. */
  groupAbove: number;
  /** Days of stock left at which a "running out" warning goes out. */
  warnDays: number;
  defaults: AlertDefaults;
  timeZone: string;
  /** The Seller API refusing the credentials this many polls in a row: chats are told once. */
  authAfterPolls: number;
  /** Meanwhile the new-order poll runs this seldom and the other polls wait. */
  authRetryMs: number;
  money: MoneyAlertThresholds & {
    /** How often the money alerts read the last 30 days. */
    pollMs: number;
    /** Minutes after local midnight of a month's first day: last month's statement. */
    statementAt: number;
  };
}

/** Everything a round needs; rounds keep no state of their own between calls. */
export interface AlertContext {
  seller: SellerApi;
  store: AlertStore;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetrics;
  settings: AlertSettings;
  /** Texts of files made before a chat is sent to (the month's workbook, in its language). */
  i18n: I18nInstance;
  /** The money figures (money alerts and the month's statement); absent: those stay silent. */
  money?: MoneyService;
}

/** One round of one kind of alert work, as the scheduler runs it. */
export interface AlertRound {
  now(): number;
  signal: AbortSignal;
}
