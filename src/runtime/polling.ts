import { type RunnerHandle, run } from "@grammyjs/runner";
import type { App } from "../app.js";

export const ALLOWED_UPDATES = ["message", "callback_query"] as const;

/** The highest update id each runner fetched, to confirm it to Telegram at shutdown. */
const lastFetched = new WeakMap<RunnerHandle, () => number | undefined>();

/** Long polling through grammY's runner: updates of different chats run side by side. */
export async function startPolling(app: App): Promise<RunnerHandle> {
  let last: number | undefined;
  app.bot.api.config.use(async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    if (method === "getUpdates" && result.ok && Array.isArray(result.result)) {
      for (const update of result.result as { update_id: number }[]) {
        if (last === undefined || update.update_id > last) last = update.update_id;
      }
    }
    return result;
  });
  // getUpdates fails while a webhook is set.
  await app.bot.api.deleteWebhook();
  const runner = run(app.bot, {
    runner: {
      fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 },
      // Bounded concurrency: a flood cannot start unbounded work.
      maxRetryTime: 15 * 60_000,
    },
    sink: { concurrency: 64 },
  });
  lastFetched.set(runner, () => last);
  return runner;
}

/**
 * Stops fetching, lets the updates in flight finish (until `deadline`), then confirms the
 * fetched ones to Telegram so the next start does not receive them again.
 */
export async function stopPolling(app: App, runner: RunnerHandle, deadline: number) {
  await runner.stop();
  while (runner.size() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const last = lastFetched.get(runner)?.();
  if (runner.size() === 0 && last !== undefined) {
    await app.bot.api.getUpdates({ offset: last + 1, limit: 1, timeout: 0 }).catch(() => {});
  }
}
