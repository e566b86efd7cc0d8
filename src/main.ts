import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger, scrubSecrets } from "./logger.js";
import { startRuntime } from "./runtime/index.js";

/** Everything must be done this long after the first signal (contract: exit 0 within 10 s). */
const SHUTDOWN_BUDGET_MS = 9000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line that names the setting, no stack trace (contract 1).
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  process.on("unhandledRejection", (reason) => {
    // Logged, not fatal: one failed background task must not take every chat down.
    logger.error(
      { err: (reason as Error)?.name, msg: (reason as Error)?.message },
      "unhandled rejection",
    );
  });
  const app = createApp(config, logger);
  app.metrics.collectProcessMetrics();

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the operator wants out now.
      logger.warn({ signal }, "second signal; exiting at once");
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_BUDGET_MS;
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(0);
    }, SHUTDOWN_BUDGET_MS + 500).unref();
    // Stopping starts synchronously (no more getUpdates / webhook requests), then it is logged.
    const done = runtime?.stop({ deadline }) ?? app.close();
    logger.info({ signal }, "stopping");
    void done.finally(() => process.exit(0));
  };
  let runtime: Awaited<ReturnType<typeof startRuntime>> | undefined;
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  await app.init();
  if (stopping) return;
  runtime = await startRuntime(app);
  if (stopping) await runtime.stop();
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Fatal: ${scrubSecrets(message, [])}\n`);
  process.exit(1);
});
