import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { UpdateObserver } from "./bot/middlewares/update-logger.js";
import type { SellerApiCall } from "./seller-api/client.js";

/** Where a Telegram message went out from: a reply to an update, or a notification (watcher). */
export type MessageSource = "reply" | "notification";

/** What the import watcher (or anything sending outside an update) may report. */
export interface NotificationMetrics {
  /** A message reached Telegram. */
  sent(method: string, source: MessageSource): void;
  /** A send attempt failed in a way that is retried (429, 5xx, network). */
  retried(method: string, source: MessageSource): void;
}

export interface Metrics extends NotificationMetrics {
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

export function createMetrics(): Metrics {
  const registry = new Registry();
  const prefix = "sellerbot_";
  const updates = new Counter({
    name: `${prefix}updates_total`,
    help: "Updates handled, by handler and outcome",
    labelNames: ["handler", "outcome"] as const,
    registers: [registry],
  });
  const updateSeconds = new Histogram({
    name: `${prefix}update_duration_seconds`,
    help: "Time spent handling one update",
    labelNames: ["handler"] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const apiCalls = new Counter({
    name: `${prefix}seller_api_calls_total`,
    help: "Seller API HTTP calls, by operation and status (a number, or error for no answer)",
    labelNames: ["operation", "status"] as const,
    registers: [registry],
  });
  const apiSeconds = new Histogram({
    name: `${prefix}seller_api_call_duration_seconds`,
    help: "Duration of Seller API HTTP calls",
    labelNames: ["operation"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const sentCounter = new Counter({
    name: `${prefix}notifications_sent_total`,
    help: "Messages that reached Telegram, by method and source (reply or notification)",
    labelNames: ["method", "source"] as const,
    registers: [registry],
  });
  const retriedCounter = new Counter({
    name: `${prefix}notifications_retried_total`,
    help: "Telegram send attempts that failed and were retried (429, 5xx, network)",
    labelNames: ["method", "source"] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: `${prefix}rate_limited_updates_total`,
    help: "Updates dropped by the per-user rate limit",
    registers: [registry],
  });
  let readWatched: (() => number | Promise<number>) | undefined;
  new Gauge({
    name: `${prefix}watched_jobs`,
    help: "Import jobs being watched until their summary is sent",
    registers: [registry],
    async collect() {
      if (!readWatched) return;
      try {
        this.set(await readWatched());
      } catch {
        // Storage away: keep the last value rather than failing the scrape.
      }
    },
  });

  const seenHandlers = new Set<string>();
  const handlerLabel = (handler: string) => {
    if (seenHandlers.has(handler)) return handler;
    if (seenHandlers.size >= MAX_HANDLER_LABELS) return "other";
    seenHandlers.add(handler);
    return handler;
  };
  let processMetrics = false;

  return {
    registry,
    contentType: registry.contentType,
    observeUpdate({ handler, outcome, durationMs }) {
      const label = handlerLabel(handler);
      updates.inc({ handler: label, outcome });
      updateSeconds.observe({ handler: label }, durationMs / 1000);
    },
    observeSellerApiCall({ operation, status, durationMs }) {
      apiCalls.inc({ operation, status: String(status) });
      apiSeconds.observe({ operation }, durationMs / 1000);
    },
    sent: (method, source) => sentCounter.inc({ method, source }),
    retried: (method, source) => retriedCounter.inc({ method, source }),
    rateLimited: () => limited.inc(),
    setWatchedJobsSource(read) {
      readWatched = read;
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry, prefix });
    },
    render: () => registry.metrics(),
  };
}
