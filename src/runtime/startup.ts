import { Api, GrammyError, HttpError } from "grammy";
import type { App } from "../app.js";
import type { Clock } from "../clock.js";
import { createSellerApi, SellerApiError } from "../seller-api/index.js";

/** Start-up cannot go on; the message names the setting to check (one line, no stack). */
export class StartupError extends Error {
  override name = "StartupError";
}

const TELEGRAM_ATTEMPTS = 8;
const MAX_BACKOFF_MS = 30_000;
const SELLER_API_MAX_BACKOFF_MS = 60_000;

/** Why a Bot API call failed, in an operator's words, with the setting to check. */
export function describeTelegramFailure(
  error: unknown,
  apiRoot: string,
): { message: string; setting: string; fatal: boolean } {
  if (error instanceof GrammyError) {
    if (error.error_code === 401) {
      return {
        message: "Telegram refused the bot token (401 Unauthorized): check BOT_TOKEN",
        setting: "BOT_TOKEN",
        fatal: true,
      };
    }
    if (error.error_code === 404) {
      return {
        message: `Telegram answered 404 Not Found at ${apiRoot}: check BOT_TOKEN and BOT_API_ROOT`,
        setting: "BOT_API_ROOT",
        fatal: true,
      };
    }
    if (error.error_code === 409) {
      return {
        message:
          "another process is receiving this bot's updates (409 Conflict): stop it, or check BOT_TOKEN and BOT_MODE",
        setting: "BOT_TOKEN",
        fatal: true,
      };
    }
    if (typeof error.error_code !== "number") {
      return {
        message: `${apiRoot} does not answer like a Telegram Bot API: check BOT_API_ROOT`,
        setting: "BOT_API_ROOT",
        fatal: true,
      };
    }
    return {
      message: `Telegram at ${apiRoot} answered ${error.error_code} ${error.description}: check BOT_API_ROOT`,
      setting: "BOT_API_ROOT",
      fatal: false,
    };
  }
  const cause = error instanceof HttpError ? (error.error as Error | undefined) : error;
  const code = (cause as { code?: string } | undefined)?.code;
  const detail = code ?? (cause instanceof Error ? cause.message : String(cause));
  return {
    message: `Telegram cannot be reached at ${apiRoot} (${detail}): check BOT_API_ROOT and the network`,
    setting: "BOT_API_ROOT",
    fatal: false,
  };
}

/**
 * Reaches Telegram (getMe, one plain request per attempt so every failure is seen), then
 * prepares the bot. Each failed attempt is logged once with its cause and the setting to
 * check; network failures are retried with a back-off of at most 30 s, 8 attempts in all
 * (about 2 minutes); a refused token or a root that is no Bot API stop at once.
 * Resolves false when `signal` aborted (a stop during start-up).
 */
export async function initTelegram(app: App, clock: Clock, signal: AbortSignal): Promise<boolean> {
  const { config, logger } = app;
  const probe = new Api(config.botToken, { apiRoot: config.botApiRoot });
  for (let attempt = 1; ; attempt++) {
    if (signal.aborted) return false;
    try {
      app.bot.botInfo = await probe.getMe(signal as Parameters<typeof probe.getMe>[0]);
      await app.init();
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      const { message, setting, fatal } = describeTelegramFailure(error, config.botApiRoot);
      if (fatal) throw new StartupError(message);
      if (attempt >= TELEGRAM_ATTEMPTS) {
        throw new StartupError(`${message} (gave up after ${attempt} attempts)`);
      }
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempt - 1));
      logger.warn({ attempt, setting, retryInMs: delay, err: error }, message);
      await clock.sleep(delay, signal);
    }
  }
}

/**
 * Checks once that the Seller API answers and accepts our credentials; while it does not,
 * each failed check is logged with its cause and the settings to check, and repeated with
 * a back-off of at most a minute. The bot runs meanwhile (its users are told the service is
 * unavailable). Stops when `signal` aborts.
 */
export async function watchSellerApiAtStart(
  app: App,
  clock: Clock,
  signal: AbortSignal,
): Promise<void> {
  const { config, logger } = app;
  const probe = createSellerApi({
    baseUrl: config.sellerApiUrl,
    auth: config.sellerAuth,
    timeoutMs: Math.min(5000, config.sellerApiTimeoutMs),
    logger: logger.child({ probe: "start" }, { level: "silent" }),
    readAttempts: 1,
  });
  const credentials =
    config.sellerAuth.kind === "token"
      ? "SELLER_API_TOKEN"
      : "SELLER_CLIENT_ID and SELLER_CLIENT_SECRET";
  for (let attempt = 1; !signal.aborted; attempt++) {
    let problem: { message: string; setting: string } | undefined;
    try {
      await probe.linkStatus(0);
    } catch (error) {
      if (error instanceof SellerApiError && error.kind === "unauthorized") {
        problem = {
          message: `the Seller API refused the bot's credentials (${error.status ?? error.operation}): check ${credentials}`,
          setting: credentials,
        };
      } else if (error instanceof SellerApiError && error.kind === "unavailable") {
        const code = (error.cause as { cause?: { code?: string } } | undefined)?.cause?.code;
        problem = {
          message: `the Seller API cannot be reached at ${config.sellerApiUrl} (${code ?? error.status ?? error.message}): check SELLER_API_URL and the network`,
          setting: "SELLER_API_URL",
        };
      }
      // Any other answer (400, 404, a shape we do not expect for chat 0) means it is there.
    }
    if (!problem) {
      if (attempt > 1) logger.info({ attempt }, "the Seller API answers now");
      return;
    }
    const delay = Math.min(SELLER_API_MAX_BACKOFF_MS, 2000 * 2 ** (attempt - 1));
    logger.warn({ attempt, setting: problem.setting, retryInMs: delay }, problem.message);
    await clock.sleep(delay, signal);
  }
}
