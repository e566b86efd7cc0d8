import { type RunnerHandle, run } from "@grammyjs/runner";
import type { App } from "../app.js";
import { type Clock, systemClock } from "../clock.js";
import { describeTelegramFailure } from "./startup.js";

export const ALLOWED_UPDATES = ["message", "callback_query"] as const;

/** getUpdates failing again and again waits this long at most between tries. */
const MAX_FETCH_BACKOFF_MS = 30_000;

export interface Polling {
  runner: RunnerHandle;
  /** The highest update id fetched, to confirm it to Telegram at shutdown. */
  lastFetched(): number | undefined;
}

/**
 * Long polling through grammY's runner: updates of different chats run side by side. A failing
 * getUpdates is logged (cause and the setting to check) and retried with a back-off of at most
 * 30 s; the runner itself is silent (it would print the request URL, token included).
 */
export async function startPolling(app: App, clock: Clock = systemClock): Promise<Polling> {
  let last: number | undefined;
  let failures = 0;
  const log = app.logger.child({ module: "polling" });
  app.bot.api.config.use(async (prev, method, payload, signal) => {
    if (method !== "getUpdates") return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (result.ok && Array.isArray(result.result)) {
        if (failures > 0) log.info({ failures }, "Telegram answers getUpdates again");
        failures = 0;
        for (const update of result.result as { update_id: number }[]) {
          if (last === undefined || update.update_id > last) last = update.update_id;
        }
      }
      return result;
    } catch (error) {
      if (signal?.aborted) throw error;
      failures++;
      const delay = Math.min(MAX_FETCH_BACKOFF_MS, 500 * 2 ** Math.min(failures - 1, 10));
      const { message, setting } = describeTelegramFailure(error, app.config.botApiRoot);
      log.warn({ attempt: failures, setting, retryInMs: delay, err: error }, message);
      await clock.sleep(delay, (signal ?? undefined) as AbortSignal | undefined);
      throw error;
    }
  });
  // getUpdates fails while a webhook is set.
  await app.bot.api.deleteWebhook();
  const runner = run(app.bot, {
    runner: {
      fetch: { allowed_updates: [...ALLOWED_UPDATES], timeout: 30 },
      // The back-off is ours (above); the runner only tries again after a short pause.
      retryInterval: 100,
      maxRetryTime: 7 * 24 * 60 * 60_000,
      silent: true,
    },
    // Bounded concurrency: a flood cannot start unbounded work.
    sink: { concurrency: 64 },
  });
  return { runner, lastFetched: () => last };
}

/**
 * Stops fetching, lets the updates in flight finish (until `deadline`), then confirms the
 * fetched ones to Telegram so the next start does not receive them again.
 */
export async function stopPolling(app: App, polling: Polling, deadline: number) {
  const { runner } = polling;
  await within(runner.stop(), deadline);
  while (runner.size() > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const last = polling.lastFetched();
  if (runner.size() === 0 && last !== undefined && Date.now() < deadline) {
    const confirm = app.bot.api.getUpdates({ offset: last + 1, limit: 1, timeout: 0 });
    await within(confirm, Math.min(deadline, Date.now() + 2000)).catch((error: unknown) => {
      // Not confirmed: the next start receives these updates again and handles them twice.
      app.logger.warn({ err: error }, "could not confirm the last updates to Telegram");
    });
  }
}

/** Waits for a task, but not past the deadline (the task goes on, unobserved). */
export function within(task: Promise<unknown>, deadline: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    task.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
