import { autoRetry } from "@grammyjs/auto-retry";
import type { Api, Transformer } from "grammy";

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
 * The transformers of every Api object the bot uses: bot.api, and the fresh ctx.api inside
 * conversations (which does not inherit bot.api's transformers).
 */
export function installApiTransformers(api: Api): void {
  // Bounded: auto-retry's defaults retry forever.
  api.config.use(autoRetry({ maxRetryAttempts: 4, maxDelaySeconds: 30, rethrowHttpErrors: false }));
  api.config.use(htmlByDefault);
}
