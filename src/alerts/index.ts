import { randomUUID } from "node:crypto";
import type { Api } from "grammy";
import type { Clock } from "../clock.js";
import type { I18nInstance } from "../i18n.js";
import type { Logger } from "../logger.js";
import type { MoneyService } from "../money/index.js";
import type { SellerApi } from "../seller-api/index.js";
import type { KeyValueStore } from "../storage/index.js";
import type { AlertMetrics, AlertSettings } from "./context.js";
import { type AlertCallbacks, runDeliveryRound } from "./delivery.js";
import { type ImportsOfChat, runDigestRound } from "./digest.js";
import { readHealth } from "./health.js";
import { runMoneyRound } from "./money.js";
import { runOrdersRound } from "./orders.js";
import { type AlertRunner, type AlertWork, createAlertRunner } from "./runner.js";
import { runStatementRound } from "./statement.js";
import { runStockRound } from "./stock.js";
import { type AlertStore, createAlertStore } from "./store.js";

export type { AlertSettings } from "./context.js";
export type { AlertCallbacks } from "./delivery.js";

export interface AlertsDeps {
  kv: KeyValueStore;
  seller: SellerApi;
  /** Sends alerts: an Api object under the bot's one shared pace (bulk priority). */
  telegram: Api;
  i18n: I18nInstance;
  clock: Clock;
  logger: Logger;
  metrics: AlertMetrics;
  settings: AlertSettings;
  callbacks: AlertCallbacks;
  /** Recent imports of a chat, for the digest. */
  imports?: ImportsOfChat;
  /** The money figures: money alerts and the month's statement. */
  money?: MoneyService;
}

export interface Alerts extends AlertRunner {
  store: AlertStore;
  /** The alerts' clock (subscriptions are dated by it). */
  now(): number;
  /** When a round last reached the Seller API (shown in /settings). */
  lastSuccessAt(): Promise<number | undefined>;
}

/**
 * New-order, stock, digest, health and money alerts and the month's statement: rounds on the
 * scheduler, sends from an outbox.
 */
export function createAlerts(deps: AlertsDeps): Alerts {
  const store = createAlertStore(deps.kv);
  const logger = deps.logger.child({ module: "alerts" });
  const ctx = {
    seller: deps.seller,
    store,
    clock: deps.clock,
    logger,
    metrics: deps.metrics,
    settings: deps.settings,
    i18n: deps.i18n,
    ...(deps.money ? { money: deps.money } : {}),
  };
  // Asked afresh in every delivery round (not cached), so unlinking stops alerts at once.
  const isLinked = async (userId: number) => {
    try {
      return (await deps.seller.linkStatus(userId)).isActive;
    } catch (error) {
      // The Seller API away: alerts already queued still go out (health alerts among them).
      logger.info({ err: error }, "link status unreadable; alert sent as if still linked");
      return true;
    }
  };
  const instanceId = randomUUID();
  const works: AlertWork[] = [
    {
      name: "alerts-new-orders",
      everyMs: deps.settings.orderPollMs,
      leaseKey: "alerts:lease:orders",
      run: (r) => runOrdersRound(ctx, r),
    },
    {
      name: "alerts-stock",
      everyMs: deps.settings.stockPollMs,
      leaseKey: "alerts:lease:stock",
      run: (r) => runStockRound(ctx, r),
    },
    {
      name: "alerts-digest",
      everyMs: 60_000,
      leaseKey: "alerts:lease:digest",
      run: (r) => runDigestRound(ctx, r, deps.imports),
    },
    {
      name: "alerts-money",
      // Ticks at most a minute apart; a round reads only once its own interval has passed.
      everyMs: Math.min(deps.settings.money.pollMs, 60_000),
      leaseKey: "alerts:lease:money",
      run: (r) => runMoneyRound(ctx, r),
    },
    {
      name: "alerts-statement",
      everyMs: 60_000,
      leaseKey: "alerts:lease:statement",
      run: (r) => runStatementRound(ctx, r),
    },
  ];
  const delivery: AlertWork = {
    name: "alerts-delivery",
    everyMs: 1000,
    leaseKey: "alerts:lease:delivery",
    run: (r) =>
      runDeliveryRound(
        ctx,
        {
          telegram: deps.telegram,
          i18n: deps.i18n,
          callbacks: deps.callbacks,
          isLinked,
          instanceId,
        },
        r,
      ),
  };
  const runner = createAlertRunner({
    kv: deps.kv,
    clock: deps.clock,
    logger: deps.logger,
    works: [...works, delivery],
  });
  return {
    ...runner,
    store,
    now: () => deps.clock.now(),
    async lastSuccessAt() {
      return (await readHealth(ctx)).lastSuccessAt;
    },
  };
}

export { formatClock } from "../text/index.js";
export type { AlertMetrics } from "./context.js";
export { stockExportName } from "./delivery.js";
export { daysLeft, salesPerDay } from "./estimate.js";
export {
  ALERT_KINDS,
  type AlertDefaults,
  type ChatAlertSettings,
  type ChatTarget,
  kindEnabled,
  newChatSettings,
} from "./settings.js";
export { readStockSnapshot } from "./stock.js";
export { shortDateTime } from "./texts.js";
