import { autoRetry } from "@grammyjs/auto-retry";
import type { Api, Transformer } from "grammy";
import type { MessageSource, NotificationMetrics } from "../metrics.js";
import { createPacer, isPacedMethod, type Pacer } from "./pacer.js";

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

/**
 * One pacer per bot (token and Bot API root): bot.api, the watcher's Api and the fresh ctx.api
 * of every conversation all count against the same Telegram limits.
 */
const pacers = new Map<string, Pacer>();
function pacerOf(api: Api): Pacer {
  const key = `${api.token}@${api.options?.apiRoot ?? ""}`;
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = createPacer();
    pacers.set(key, pacer);
  }
  return pacer;
}

/** Waits for the chat's and the bot's sending slot (each retry of auto-retry waits again). */
function pacing(pacer: Pacer): Transformer {
  return async (prev, method, payload, signal) => {
    if (isPacedMethod(method)) {
      const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
      await pacer.wait(typeof chatId === "number" || typeof chatId === "string" ? chatId : null);
    }
    return prev(method, payload, signal);
  };
}

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
   * Pacing and auto-retry (default on). The import watcher turns both off: it paces its own
   * sends, checking for shutdown after each wait, and reschedules a 429 itself, so no send of
   * its sits in a retry loop while the process stops.
   */
  managed?: boolean;
}

/**
 * The transformers of every Api object the bot uses: bot.api, the watcher's Api, and the fresh
 * ctx.api inside conversations (which does not inherit bot.api's transformers).
 * Installed innermost first: counting and pacing see every attempt auto-retry makes.
 */
export function installApiTransformers(api: Api, options: TransformerOptions = {}): void {
  if (options.metrics) api.config.use(counting(options.metrics, options.source ?? "reply"));
  if (options.managed !== false) {
    api.config.use(pacing(pacerOf(api)));
    // Bounded: auto-retry's defaults retry forever.
    api.config.use(
      autoRetry({ maxRetryAttempts: 4, maxDelaySeconds: 30, rethrowHttpErrors: false }),
    );
  }
  api.config.use(htmlByDefault);
}
