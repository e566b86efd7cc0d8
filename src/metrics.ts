import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { AlertMetrics } from "./alerts/index.js";
import type { Logger } from "./logger.js";
import type { SellerApiCall } from "./seller-api/index.js";

/** Where a Telegram message went out from: a reply to an update, or a notification (watcher). */
export type MessageSource = "reply" | "notification";

/** What the import watcher (or anything sending outside an update) may report. */
export interface NotificationMetrics {
  /** A message reached Telegram. */
  sent(method: string, source: MessageSource): void;
  /** A send attempt failed in a way that is retried (429, 5xx, network). */
  retried(method: string, source: MessageSource): void;
}

/** One handled update, as the bot's update logger reports it. */
export type UpdateObserver = (event: {
  handler: string;
  outcome: "ok" | "error";
  durationMs: number;
}) => void;

/** Outcomes of link attempts that matter against token guessing. */
export type LinkAttemptOutcome = "rejected" | "throttled";

/** What the bot's features report besides messages (bot deps). */
export interface BotMetrics extends NotificationMetrics {
  /** A link token was refused by the Seller API, or an attempt was refused unasked (throttled). */
  linkAttempt(outcome: LinkAttemptOutcome): void;
}

export interface Metrics extends BotMetrics, AlertMetrics {
  /** The app's own registry (not prom-client's global one: tests run several apps). */
  registry: Registry;
  observeUpdate: UpdateObserver;
  observeSellerApiCall(call: SellerApiCall): void;
  rateLimited(): void;
  /** Reads the number of watched import jobs when /metrics is scraped. */
  setWatchedJobsSource(read: (() => number | Promise<number>) | undefined): void;
  /** Process metrics (CPU, memory, event loop); once per process, so main.ts calls it. */
  collectProcessMetrics(): void;
  /** The text exposition for GET /metrics. */
  render(): Promise<string>;
  contentType: string;
}

/** Label values that come from users (commands, button ids) are capped so a flood of made-up
 * commands cannot grow the series without bound. */
const MAX_HANDLER_LABELS = 64;

const PREFIX = "sellerbot_";

/** Updates and Seller API calls: counts and durations. */
function trafficMetrics(registry: Registry) {
  return {
    updates: new Counter({
      name: `${PREFIX}updates_total`,
      help: "Updates handled, by handler and outcome",
      labelNames: ["handler", "outcome"] as const,
      registers: [registry],
    }),
    updateSeconds: new Histogram({
      name: `${PREFIX}update_duration_seconds`,
      help: "Time spent handling one update",
      labelNames: ["handler"] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    apiCalls: new Counter({
      name: `${PREFIX}seller_api_calls_total`,
      help: "Seller API HTTP calls, by operation and status (a number, or error for no answer)",
      labelNames: ["operation", "status"] as const,
      registers: [registry],
    }),
    apiSeconds: new Histogram({
      name: `${PREFIX}seller_api_call_duration_seconds`,
      help: "Duration of Seller API HTTP calls",
      labelNames: ["operation"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
  };
}

/** Messages sent and retried, updates dropped, link attempts refused. */
function deliveryMetrics(registry: Registry) {
  return {
    sent: new Counter({
      name: `${PREFIX}notifications_sent_total`,
      help: "Messages that reached Telegram, by method and source (reply or notification)",
      labelNames: ["method", "source"] as const,
      registers: [registry],
    }),
    retried: new Counter({
      name: `${PREFIX}notifications_retried_total`,
      help: "Telegram send attempts that failed and were retried (429, 5xx, network)",
      labelNames: ["method", "source"] as const,
      registers: [registry],
    }),
    limited: new Counter({
      name: `${PREFIX}rate_limited_updates_total`,
      help: "Updates dropped by the per-user rate limit",
      registers: [registry],
    }),
    linkAttempts: new Counter({
      name: `${PREFIX}link_attempts_refused_total`,
      help: "Link attempts refused: rejected by the Seller API, or throttled before asking it",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
  };
}

/** Alerts: the alert metrics, reported by src/alerts through `AlertMetrics`. */
function alertMetrics(registry: Registry): AlertMetrics {
  const sent = new Counter({
    name: `${PREFIX}alerts_sent_total`,
    help: "Alert messages sent, by kind (order, orders, stock, digest, health, away)",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const suppressed = new Counter({
    name: `${PREFIX}alerts_suppressed_total`,
    help: "Alerts silenced or held in quiet hours (quiet) or not sent twice (duplicate)",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const delayed = new Counter({
    name: `${PREFIX}alerts_delayed_total`,
    help: "Outages of the Seller API long enough to tell chats that alerts are delayed",
    registers: [registry],
  });
  const dropped = new Counter({
    name: `${PREFIX}alert_chats_dropped_total`,
    help: "Chats unsubscribed from alerts (blocked the bot, deleted, unlinked)",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  return {
    alertSent: (kind) => sent.inc({ kind }),
    alertSuppressed: (reason) => suppressed.inc({ reason }),
    alertsDelayed: () => delayed.inc(),
    alertChatDropped: (reason) => dropped.inc({ reason }),
  };
}

/** The number of watched import jobs, read when /metrics is scraped; returns its setter. */
function watchedJobsGauge(registry: Registry, logger: Logger | undefined) {
  let readWatched: (() => number | Promise<number>) | undefined;
  new Gauge({
    name: `${PREFIX}watched_jobs`,
    help: "Import jobs being watched until their summary is sent",
    registers: [registry],
    async collect() {
      if (!readWatched) return;
      try {
        this.set(await readWatched());
      } catch (error) {
        // Storage away: keep the last value rather than failing the scrape.
        logger?.debug({ err: error }, "watched jobs not counted; the gauge keeps its last value");
      }
    },
  });
  return (read: (() => number | Promise<number>) | undefined) => {
    readWatched = read;
  };
}

/** Handler labels come from users: the first MAX_HANDLER_LABELS seen, then "other". */
function handlerLabeller() {
  const seen = new Set<string>();
  return (handler: string) => {
    if (seen.has(handler)) return handler;
    if (seen.size >= MAX_HANDLER_LABELS) return "other";
    seen.add(handler);
    return handler;
  };
}

/** `logger` hears of what a scrape could not read (the gauge keeps its last value). */
export function createMetrics(logger?: Logger): Metrics {
  const registry = new Registry();
  const traffic = trafficMetrics(registry);
  const delivery = deliveryMetrics(registry);
  const handlerLabel = handlerLabeller();
  let processMetrics = false;
  return {
    registry,
    contentType: registry.contentType,
    observeUpdate({ handler, outcome, durationMs }) {
      const label = handlerLabel(handler);
      traffic.updates.inc({ handler: label, outcome });
      traffic.updateSeconds.observe({ handler: label }, durationMs / 1000);
    },
    observeSellerApiCall({ operation, status, durationMs }) {
      traffic.apiCalls.inc({ operation, status: String(status) });
      traffic.apiSeconds.observe({ operation }, durationMs / 1000);
    },
    sent: (method, source) => delivery.sent.inc({ method, source }),
    retried: (method, source) => delivery.retried.inc({ method, source }),
    rateLimited: () => delivery.limited.inc(),
    linkAttempt: (outcome) => delivery.linkAttempts.inc({ outcome }),
    ...alertMetrics(registry),
    setWatchedJobsSource: watchedJobsGauge(registry, logger),
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix: PREFIX });
    },
    render: () => registry.metrics(),
  };
}
