import type { RunnerHandle } from "@grammyjs/runner";
import type { App } from "../app.js";
import { type HttpServer, startHttpServer } from "./http.js";
import { startPolling, stopPolling } from "./polling.js";
import { createReadiness } from "./readiness.js";
import { createWebhookReceiver, registerWebhook, type WebhookReceiver } from "./webhook.js";

export interface Runtime {
  mode: "polling" | "webhook";
  /** The HTTP port (webhook mode, or polling mode with PORT set). */
  port: number | undefined;
  /**
   * Graceful stop: stop taking updates, finish those in flight, stop the watcher (it finishes
   * its poll and releases its claims), close storage and the HTTP server. Never throws.
   */
  stop(options?: { deadline?: number }): Promise<void>;
}

export interface RuntimeOptions {
  /** Interface to listen on (default: every interface). */
  host?: string;
}

/** Starts receiving updates as configured, the HTTP endpoints, and the import watcher. */
export async function startRuntime(app: App, options: RuntimeOptions = {}): Promise<Runtime> {
  const { config, logger } = app;
  let stopping = false;
  const readiness = createReadiness(app);
  let webhook: WebhookReceiver | undefined;
  if (config.mode === "webhook") {
    webhook = createWebhookReceiver(app, config.webhook!.secret);
  }
  let http: HttpServer | undefined;
  if (config.port !== undefined || webhook) {
    http = await startHttpServer(
      config.port ?? 0,
      { metrics: app.metrics, readiness, webhook, stopping: () => stopping },
      options.host,
    );
  }
  let runner: RunnerHandle | undefined;
  if (webhook) await registerWebhook(app, config.webhook!.url, config.webhook!.secret);
  else runner = await startPolling(app);
  app.watcher.start();
  logger.info({ mode: config.mode, port: http?.port, storage: app.storage.kind }, "bot started");

  let stopped: Promise<void> | undefined;
  const stop = async (deadline: number) => {
    stopping = true;
    const step = async (name: string, task: () => Promise<unknown>) => {
      try {
        await task();
      } catch (error) {
        logger.warn({ step: name, err: (error as Error)?.message }, "shutdown step failed");
      }
    };
    // 1. No new updates; 2. the ones in flight finish.
    if (runner) await step("polling", () => stopPolling(app, runner!, deadline));
    if (webhook) {
      webhook.close();
      http?.stopAccepting();
      await step("webhook", () => within(webhook!.drain(), deadline));
    }
    // 3. The watcher finishes its poll and releases its claims; storage closes.
    await step("app", () => within(app.close(), deadline));
    // 4. The HTTP server last, so health checks answer while draining.
    await step("http", () => http?.close() ?? Promise.resolve());
    logger.info({ inFlight: webhook?.inFlight ?? runner?.size() ?? 0 }, "bot stopped");
  };
  return {
    mode: config.mode,
    port: http?.port,
    stop(opts = {}) {
      stopped ??= stop(opts.deadline ?? Date.now() + 9000);
      return stopped;
    },
  };
}

/** Waits for a task, but not past the deadline. */
function within(task: Promise<unknown>, deadline: number): Promise<unknown> {
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
