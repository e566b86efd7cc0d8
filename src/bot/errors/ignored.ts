import { GrammyError } from "grammy";
import type { Logger } from "../../logger.js";

/** What a log may say of an ignored failure: Telegram's own answer, else only its name. */
const summaryOf = (error: unknown) =>
  error instanceof GrammyError
    ? `${error.error_code}: ${error.description}`
    : error instanceof Error
      ? error.name
      : typeof error;

/**
 * For a failure that must not stop what is under way (answering a button press that Telegram
 * no longer accepts, a cache entry left to expire): logged at debug with why ignoring it is
 * safe, instead of swallowed without a word. Error texts are left out: a network error's text
 * may carry a Bot API URL, and with it the token.
 */
export function ignoreFailure(logger: Logger | undefined, why: string) {
  return (error: unknown) => {
    logger?.debug({ err: summaryOf(error) }, why);
  };
}
