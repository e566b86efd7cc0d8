import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startPolling } from "./runtime/polling.js";

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
  const app = createApp(config, logger);
  await app.init();
  const runner = await startPolling(app);
  app.watcher.start();
  logger.info({ mode: config.mode, storage: app.storage.kind }, "bot started");

  const stop = async () => {
    logger.info("stopping");
    if (runner.isRunning()) await runner.stop();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Fatal: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
