import type { App } from "../app.js";
import { type Clock, systemClock } from "../clock.js";
import { type HttpServer, internalRoutes, publicRoutes, startHttpServer } from "./http.js";
import { type Polling, startPolling, stopPolling, within } from "./polling.js";
import { createReadiness } from "./readiness.js";
import {
  describeTelegramFailure,
  initTelegram,
  StartupError,
  watchSellerApiAtStart,
} from "./startup.js";
import { createWebhookReceiver, registerWebhook, type WebhookReceiver } from "./webhook.js";

export { keepMemoryReducerAwake } from "./memory-reducer.js";
export { StartupError } from "./startup.js";

export interface Runtime {
  mode: "polling" | "webhook";
  /** The public HTTP port (webhook and /healthz), when there is one. */
  port: number | undefined;
  /** The internal HTTP port (/metrics, /readyz, /healthz), when METRICS_PORT is set. */
  metricsPort: number | undefined;
  /**
   * Starts receiving updates (after reaching Telegram, when `initialize`). Resolves when the
   * bot runs, or when a stop came first; throws StartupError when start-up cannot go on.
   */
  start(): Promise<void>;
  /**
   * Graceful stop: stop taking updates, finish those in flight, stop the watcher (it finishes
   * its poll and releases its claims), close storage and the HTTP servers. Never throws.
   */
  stop(options?: { deadline?: number }): Promise<void>;
  /** Rejects when receiving updates failed for good after start (a refused token, say). */
  readonly failed: Promise<never>;
}

export interface RuntimeOptions {
  /** Interface of the public port (default: every interface). */
  host?: string;
  /** Reach Telegram with retries and call app.init() (main); tests initialise the app first. */
  initialize?: boolean;
  /** Check the Seller API at start and log until it answers (main). */
  checkSellerApi?: boolean;
  clock?: Clock;
}

type Phase = "starting" | "running" | "stopping";

/** What one runtime's start and stop share. */
interface RuntimeState {
  app: App;
  options: RuntimeOptions;
  clock: Clock;
  phase: Phase;
  aborter: AbortController;
  webhook: WebhookReceiver | undefined;
  publicHttp: HttpServer | undefined;
  internalHttp: HttpServer | undefined;
  polling: Polling | undefined;
  sellerApiWatch: Promise<void>;
  rejectFailed: (error: Error) => void;
}

/** Opens the webhook (after registering it) or starts polling. */
async function receiveUpdates(s: RuntimeState) {
  const { app, webhook } = s;
  if (webhook) {
    await registerWebhook(app, app.config.webhook!.url, app.config.webhook!.secret);
    webhook.open();
    return;
  }
  s.polling = await startPolling(app, s.clock);
  s.polling.runner.task()?.catch((error: unknown) => {
    if (s.phase === "stopping") return;
    s.rejectFailed(error instanceof Error ? error : new Error(String(error)));
  });
}

async function startReceiving(s: RuntimeState) {
  const { app, options } = s;
  const { config, logger } = app;
  if (options.initialize && !(await initTelegram(app, s.clock, s.aborter.signal))) return;
  if (s.phase !== "starting") return;
  try {
    await receiveUpdates(s);
  } catch (error) {
    // setWebhook / deleteWebhook refused or unreachable: one line naming the setting.
    throw new StartupError(describeTelegramFailure(error, config.botApiRoot).message);
  }
  if (s.phase !== "starting") return;
  app.watcher.start();
  s.phase = "running";
  if (options.checkSellerApi)
    s.sellerApiWatch = watchSellerApiAtStart(app, s.clock, s.aborter.signal);
  logger.info(
    {
      mode: config.mode,
      port: s.publicHttp?.port,
      metricsPort: s.internalHttp?.port,
      storage: app.storage.kind,
    },
    "bot started",
  );
}

async function stopAll(s: RuntimeState, deadline: number) {
  const { app, webhook, publicHttp, internalHttp } = s;
  const wasRunning = s.phase === "running";
  s.phase = "stopping";
  s.aborter.abort();
  const step = async (name: string, task: () => Promise<unknown>) => {
    try {
      await within(task(), deadline);
    } catch (error) {
      app.logger.warn({ step: name, err: error }, "shutdown step failed");
    }
  };
  // 1. No new updates; 2. the ones in flight finish.
  const polling = s.polling;
  if (polling) await step("polling", () => stopPolling(app, polling, deadline));
  if (webhook) {
    webhook.close();
    publicHttp?.stopAccepting();
    await step("webhook", () => webhook.drain());
  }
  await step("seller api check", () => s.sellerApiWatch);
  // 3. The watcher finishes its poll and releases its claims; storage closes.
  await step("app", () => app.close());
  // 4. The HTTP servers last, so health checks answer while draining.
  await step("http", () => Promise.all([publicHttp?.close(), internalHttp?.close()]));
  app.logger.info(
    { inFlight: webhook?.inFlight ?? polling?.runner.size() ?? 0, wasRunning },
    "bot stopped",
  );
}

/**
 * The HTTP endpoints listen at once (so /healthz answers while start-up waits for Telegram);
 * `start()` then begins receiving updates and the import watcher.
 */
export async function createRuntime(app: App, options: RuntimeOptions = {}): Promise<Runtime> {
  const { config } = app;
  const webhook: WebhookReceiver | undefined =
    config.mode === "webhook" ? createWebhookReceiver(app, config.webhook!.secret) : undefined;
  const state: RuntimeState = {
    app,
    options,
    clock: options.clock ?? systemClock,
    phase: "starting",
    aborter: new AbortController(),
    webhook,
    publicHttp: undefined,
    internalHttp: undefined,
    polling: undefined,
    sellerApiWatch: Promise.resolve(),
    rejectFailed: () => undefined,
  };
  const { publicHttp, internalHttp } = await startEndpoints(
    app,
    webhook,
    options.host,
    () => state.phase,
  );
  state.publicHttp = publicHttp;
  state.internalHttp = internalHttp;
  const failed = new Promise<never>((_, reject) => {
    state.rejectFailed = reject;
  });
  // Nobody may be listening (tests); the rejection is still observed through `failed`.
  failed.catch(() => undefined);
  let stopped: Promise<void> | undefined;
  return {
    mode: config.mode,
    port: publicHttp?.port,
    metricsPort: internalHttp?.port,
    start: () => startReceiving(state),
    stop(opts = {}) {
      stopped ??= stopAll(state, opts.deadline ?? Date.now() + 9000);
      return stopped;
    },
    failed,
  };
}

/** A port that cannot be listened on ends start-up with one line naming its setting. */
async function listen(
  app: App,
  name: "PORT" | "METRICS_PORT",
  port: number,
  route: Parameters<typeof startHttpServer>[1],
  host?: string,
): Promise<HttpServer> {
  try {
    return await startHttpServer(port, route, app.logger, host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`${name} ${port} cannot be listened on (${code}): check ${name}`);
  }
}

/** The public port (webhook, /healthz) and the internal one (/metrics, /readyz), as configured. */
async function startEndpoints(
  app: App,
  webhook: WebhookReceiver | undefined,
  host: string | undefined,
  phase: () => "starting" | "running" | "stopping",
): Promise<{ publicHttp?: HttpServer; internalHttp?: HttpServer }> {
  const { config } = app;
  const publicHttp =
    config.port !== undefined || webhook
      ? await listen(app, "PORT", config.port ?? 0, publicRoutes(webhook), host)
      : undefined;
  if (config.metrics.port === undefined) return { publicHttp };
  const routes = internalRoutes({ metrics: app.metrics, readiness: createReadiness(app), phase });
  try {
    const internalHttp = await listen(
      app,
      "METRICS_PORT",
      config.metrics.port,
      routes,
      config.metrics.host,
    );
    return { publicHttp, internalHttp };
  } catch (error) {
    await publicHttp?.close();
    throw error;
  }
}

/** Creates the runtime and starts it (tests, with the app already initialised). */
export async function startRuntime(app: App, options: RuntimeOptions = {}): Promise<Runtime> {
  const runtime = await createRuntime(app, options);
  await runtime.start();
  return runtime;
}

export { type Polling, startPolling, stopPolling } from "./polling.js";
