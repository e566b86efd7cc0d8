import type { SellerAuth } from "../config.js";
import { SellerApiError } from "./errors.js";
import { authTokenSchema } from "./schemas.js";
import type { SellerFetch } from "./transport.js";

/** Supplies the bearer token: a fixed one, or one obtained and renewed with client credentials. */
export interface TokenProvider {
  get(): Promise<string>;
  /** Drops `token` if it is still the current one, so the next get() fetches a fresh one. */
  invalidate(token: string): void;
  readonly renewable: boolean;
}

/** Renew this long before the token's stated expiry, so no call goes out with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_LIFETIME_MS = 10 * 60_000;

export function createTokenProvider(
  http: SellerFetch,
  auth: SellerAuth,
  baseUrl: string,
  timeoutMs: number,
): TokenProvider {
  if (auth.kind === "token") {
    return { get: async () => auth.token, invalidate: () => {}, renewable: false };
  }
  let current: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    try {
      const raw = await http("/api/v1/auth/token", {
        baseURL: baseUrl,
        method: "POST",
        body: { client_id: auth.clientId, client_secret: auth.clientSecret },
        timeout: timeoutMs,
        retry: 0,
      });
      const parsed = authTokenSchema.parse(raw);
      const lifetimeMs = parsed.expiresIn ? parsed.expiresIn * 1000 : DEFAULT_LIFETIME_MS;
      current = {
        token: parsed.accessToken,
        renewAt: Date.now() + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, lifetimeMs / 2),
      };
      return parsed.accessToken;
    } catch (error) {
      const status = (error as { status?: number }).status;
      throw new SellerApiError({
        kind: status === 401 || status === 400 || status === 403 ? "unauthorized" : "unavailable",
        operation: "authToken",
        status,
        message: "could not obtain a Seller API token",
        cause: error instanceof Error ? new Error(error.name) : undefined,
      });
    }
  };

  return {
    renewable: true,
    async get() {
      if (current && Date.now() < current.renewAt) return current.token;
      // One shared refresh: concurrent callers wait for the same request.
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(token) {
      if (current?.token === token) current = undefined;
    },
  };
}
