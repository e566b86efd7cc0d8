import type { z } from "zod";
import type { SellerAuth } from "../config.js";
import { SellerApiError } from "./errors.js";
import { exchange } from "./http.js";
import { authTokenSchema } from "./schemas.js";

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
  auth: SellerAuth,
  baseUrl: string,
  timeoutMs: number,
): TokenProvider {
  if (auth.kind === "token") {
    return { get: async () => auth.token, invalidate: () => {}, renewable: false };
  }
  let current: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  /** No token: refused (unauthorized) or not obtained (unavailable); the cause's name only. */
  const failure = (status: number | undefined, cause?: unknown) =>
    new SellerApiError({
      kind: status === 401 || status === 400 || status === 403 ? "unauthorized" : "unavailable",
      operation: "authToken",
      status,
      message: "could not obtain a Seller API token",
      cause: cause instanceof Error ? new Error(cause.name) : undefined,
    });

  const fetchToken = async (): Promise<string> => {
    let answer: Awaited<ReturnType<typeof exchange>>;
    try {
      answer = await exchange({
        method: "POST",
        baseUrl,
        path: "/api/v1/auth/token",
        body: { client_id: auth.clientId, client_secret: auth.clientSecret },
        headers: { Accept: "application/json" },
        timeoutMs,
      });
    } catch (error) {
      throw failure(undefined, error);
    }
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status);
    let parsed: z.infer<typeof authTokenSchema>;
    try {
      parsed = authTokenSchema.parse(JSON.parse(answer.text));
    } catch (error) {
      throw failure(undefined, error);
    }
    const lifetimeMs = parsed.expiresIn ? parsed.expiresIn * 1000 : DEFAULT_LIFETIME_MS;
    current = {
      token: parsed.accessToken,
      renewAt: Date.now() + Math.max(lifetimeMs - EXPIRY_MARGIN_MS, lifetimeMs / 2),
    };
    return parsed.accessToken;
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
