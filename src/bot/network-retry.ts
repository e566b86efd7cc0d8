import { HttpError, type Transformer } from "grammy";

/**
 * Network failures of a Bot API call (no answer at all) are tried again a few times, with a
 * short back-off, then the error goes on. auto-retry alone would retry them for ever (its
 * attempt limit counts only 429 and 5xx answers). getUpdates is left to the polling loop,
 * which has its own logged back-off.
 */
export function boundedNetworkRetry(attempts = 3, baseDelayMs = 1000): Transformer {
  return async (prev, method, payload, signal) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await prev(method, payload, signal);
      } catch (error) {
        const last = attempt >= attempts || method === "getUpdates" || signal?.aborted;
        if (!(error instanceof HttpError) || last) throw error;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, baseDelayMs * 2 ** (attempt - 1));
          signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }
  };
}
