import type { App } from "../app.js";
import { createSellerApi, SellerApiError } from "../seller-api/index.js";

export interface ReadinessReport {
  ready: boolean;
  storage: "ok" | "unreachable";
  sellerApi: "ok" | "unreachable";
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
}

const PROBE_TIMEOUT_MS = 3000;
/** A probe result is reused this long, so a busy load balancer never hammers the Seller API. */
const CACHE_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timed out")), ms);
    promise.then(
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

/**
 * GET /readyz: storage answers a ping, and the Seller API answers a link-status read for chat 0
 * (a cheap call that changes nothing). The probe has its own client: one attempt, a short
 * timeout, warnings only in the log and no share of the bot's metrics.
 */
export function createReadiness(app: App): Readiness {
  const probe = createSellerApi({
    baseUrl: app.config.sellerApiUrl,
    auth: app.config.sellerAuth,
    timeoutMs: Math.min(PROBE_TIMEOUT_MS, app.config.sellerApiTimeoutMs),
    logger: app.logger.child({ probe: "readyz" }, { level: "warn" }),
    readAttempts: 1,
  });
  let cached: { at: number; report: ReadinessReport } | undefined;
  let running: Promise<ReadinessReport> | undefined;

  const storageOk = () =>
    withTimeout(app.storage.kv.ping(), PROBE_TIMEOUT_MS).then(
      () => "ok" as const,
      () => "unreachable" as const,
    );
  const sellerApiOk = () =>
    withTimeout(probe.linkStatus(0), PROBE_TIMEOUT_MS + 500).then(
      () => "ok" as const,
      (error: unknown) =>
        // An answer of any kind but "no answer" or "we may not call it" means it is reachable.
        error instanceof SellerApiError &&
        error.kind !== "unavailable" &&
        error.kind !== "unauthorized"
          ? ("ok" as const)
          : ("unreachable" as const),
    );

  return {
    check() {
      if (cached && Date.now() - cached.at < CACHE_MS) return Promise.resolve(cached.report);
      running ??= Promise.all([storageOk(), sellerApiOk()])
        .then(([storage, sellerApi]) => {
          const report = { ready: storage === "ok" && sellerApi === "ok", storage, sellerApi };
          cached = { at: Date.now(), report };
          return report;
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    },
  };
}
