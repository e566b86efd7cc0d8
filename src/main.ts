import { ConfigError, loadConfig } from "./config.js";
import { createLogger, scrubSecrets, secretsOf } from "./logger.js";
import type { Runtime } from "./runtime/index.js";

/** Everything must be done this long after the first signal (contract: exit 0 within 10 s). */
const SHUTDOWN_BUDGET_MS = 9000;

/** The one line a setting problem prints (one line, no stack trace). */
function configErrorLine(error: ConfigError): string {
  const hint = error.missing ? " (to see the bot without any settings: npm run demo)" : "";
  return `Configuration error: ${error.message}${hint}\n`;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(configErrorLine(error));
      process.exit(1);
    }
    throw error;
  }
  // The bot's modules load once the settings are known to be whole: a setting missing is
  // answered at once, without loading grammY, the features and the clients first.
  const [{ createApp }, { createRuntime, keepMemoryReducerAwake, StartupError }] =
    await Promise.all([import("./app.js"), import("./runtime/index.js")]);
  const secrets = secretsOf(config);
  const logger = createLogger(config.logLevel, undefined, { secrets });
  process.on("unhandledRejection", (reason) => {
    // Logged, not fatal: one failed background task must not take every chat down.
    logger.error({ err: reason }, "unhandled rejection");
  });
  const app = createApp(config, logger);
  app.metrics.collectProcessMetrics();
  keepMemoryReducerAwake();

  let runtime: Runtime | undefined;
  let stopping = false;
  const stopAndExit = (code: number) => {
    const deadline = Date.now() + SHUTDOWN_BUDGET_MS;
    setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(code);
    }, SHUTDOWN_BUDGET_MS + 500).unref();
    // Stopping starts synchronously (no more getUpdates / webhook requests), then it is logged.
    const done = runtime?.stop({ deadline }) ?? app.close();
    return done.finally(() => {
      logger.info({ code }, "exiting");
      process.exit(code);
    });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the operator wants out now.
      logger.warn({ signal }, "second signal; exiting at once");
      process.exit(signal === "SIGINT" ? 130 : 143);
    }
    stopping = true;
    void stopAndExit(0);
    logger.info({ signal }, "stopping");
  };
  // Both signals, however they come: to this process alone, or to its whole group (Ctrl-C).
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    runtime = await createRuntime(app, { initialize: true, checkSellerApi: true });
    if (stopping) return void (await runtime.stop());
    runtime.failed.catch((error: unknown) => {
      logger.fatal({ err: error }, "receiving updates failed for good; exiting");
      if (!stopping) {
        stopping = true;
        void stopAndExit(1);
      }
    });
    await runtime.start();
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    logger.fatal({ err: error.message }, "cannot start");
    process.stderr.write(`Cannot start: ${scrubSecrets(error.message, secrets)}\n`);
    stopping = true;
    await stopAndExit(1);
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Fatal: ${scrubSecrets(message, [])}\n`);
  process.exit(1);
});
