import type { Clock } from "../clock.js";

/**
 * A rate budget: at most `perMinute` calls a minute, as a bucket holding ten seconds' worth
 * (a burst of that many may go at once, then calls go at the steady rate). `take()` resolves
 * when a call may go out, waiting on the injected clock; waiters that wake together take what
 * has come in, the others wait again.
 */
export interface RateBudget {
  /** Resolves when one call may go out (at once when `signal` is aborted). */
  take(signal?: AbortSignal): Promise<void>;
}

export function createRateBudget(options: { perMinute: number; clock: Clock }): RateBudget {
  const { clock } = options;
  const perMs = options.perMinute / 60_000;
  const capacity = Math.max(1, Math.ceil(options.perMinute / 6));
  let tokens = capacity;
  let at = clock.now();
  const refill = () => {
    const now = clock.now();
    tokens = Math.min(capacity, tokens + (now - at) * perMs);
    at = now;
  };
  return {
    async take(signal) {
      for (;;) {
        refill();
        if (tokens >= 1) {
          tokens -= 1;
          return;
        }
        if (signal?.aborted) return;
        await clock.sleep(Math.ceil((1 - tokens) / perMs), signal);
      }
    },
  };
}
