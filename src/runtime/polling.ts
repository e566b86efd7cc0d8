import { type RunnerHandle, run } from "@grammyjs/runner";
import type { App } from "../app.js";

export const ALLOWED_UPDATES = ["message", "callback_query"] as const;

/** Long polling through grammY's runner: updates of different chats run side by side. */
export async function startPolling(app: App): Promise<RunnerHandle> {
  // getUpdates fails while a webhook is set.
  await app.bot.api.deleteWebhook();
  return run(app.bot, {
    runner: {
      fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 },
      // Bounded concurrency: a flood cannot start unbounded work.
      maxRetryTime: 15 * 60_000,
    },
    sink: { concurrency: 64 },
  });
}
