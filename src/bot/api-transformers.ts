import { autoRetry } from "@grammyjs/auto-retry";
import type { Api, Transformer } from "grammy";
import type { MessageSource, NotificationMetrics } from "../metrics.js";
import { isPacedMethod } from "../telegram/index.js";
import { boundedNetworkRetry } from "./network-retry.js";

/** Every text the bot sends is HTML unless a call says otherwise. */
const htmlByDefault: Transformer = (prev, method, payload, signal) => {
  const needsMode =
    method === "sendMessage" ||
    method === "editMessageText" ||
    method === "sendDocument" ||
    method === "sendPhoto" ||
    method === "editMessageCaption";
  if (needsMode && payload && !("parse_mode" in payload)) {
    payload = { ...payload, parse_mode: "HTML" } as typeof payload;
  }
  return prev(method, payload, signal);
};

/** Counts each attempt of a sending method: reached Telegram, or failed in a retried way. */
function counting(metrics: NotificationMetrics, source: MessageSource): Transformer {
  return async (prev, method, payload, signal) => {
    if (!isPacedMethod(method)) return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (result.ok) metrics.sent(method, source);
      else if (result.error_code === 429 || result.error_code >= 500)
        metrics.retried(method, source);
      return result;
    } catch (error) {
      metrics.retried(method, source);
      throw error;
    }
  };
}

export interface TransformerOptions {
  /** Counts messages sent and retried (GET /metrics). */
  metrics?: NotificationMetrics;
  source?: MessageSource;
  /**
   * Auto-retry after 429 and 5xx (default on). The import watcher turns it off: it reschedules
   * a refused summary itself, so no send of its sits in a retry loop while the process stops.
   * Pacing is not here but in the Api's fetch (src/telegram/paced-fetch.ts).
   */
  retry?: boolean;
}

/**
 * The transformers of every Api object the bot uses: bot.api, the watcher's Api, and the fresh
 * ctx.api inside conversations (which does not inherit bot.api's transformers).
 * Installed innermost first: counting sees every attempt auto-retry makes.
 */
export function installApiTransformers(api: Api, options: TransformerOptions = {}): void {
  if (options.metrics) api.config.use(counting(options.metrics, options.source ?? "reply"));
  if (options.retry !== false) {
    // Bounded: auto-retry's defaults retry forever. Each attempt waits for its pace again.
    api.config.use(
      autoRetry({ maxRetryAttempts: 4, maxDelaySeconds: 30, rethrowHttpErrors: true }),
    );
    api.config.use(boundedNetworkRetry());
  }
  api.config.use(htmlByDefault);
}
