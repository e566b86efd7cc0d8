import { SellerApiError } from "../seller-api/index.js";
import type { AlertContext } from "./context.js";
import { chatKeyOf, kindEnabled } from "./settings.js";

/** The Seller API refusing the bot's credentials, poll after poll. */
interface AuthState {
  /** Refused polls in a row. */
  failures: number;
  /** The first refused poll of the row. */
  since: number;
  /** Chats were told the connection needs attention. */
  announced: boolean;
  /** While announced: the next new-order poll that tries again; the other polls wait. */
  nextTryAt?: number;
}

interface HealthState {
  /** When the Seller API started failing (first failed round). */
  failingSince?: number;
  /** Chats were told alerts are delayed. */
  announced?: boolean;
  /** Last round that reached the Seller API (shown in /settings). */
  lastSuccessAt?: number;
  auth?: AuthState;
}

/** What a health message says (kept in the outbox). */
export interface HealthNotice {
  state: "down" | "up" | "auth-down" | "auth-up";
  since: number;
  /** auth-down: refused polls in a row, and how often the bot tries meanwhile. */
  polls?: number;
  retryMs?: number;
}

export const readHealth = (ctx: Pick<AlertContext, "store">) =>
  ctx.store.get<HealthState>("health").then((h) => h ?? {});

/** A failure that is the Seller API refusing the bot's credentials (401/403). */
export const isRefused = (error: unknown) =>
  error instanceof SellerApiError && error.kind === "unauthorized";

/**
 * Whether the polls wait because chats were told the credentials are refused: undefined when
 * they do not, else when the new-order poll tries again (`orders`), or the other polls' next time.
 */
export async function authPause(
  ctx: Pick<AlertContext, "store">,
  now: number,
  orders = false,
): Promise<number | undefined> {
  const auth = (await readHealth(ctx)).auth;
  if (!auth?.announced) return undefined;
  if (!orders) return now;
  return auth.nextTryAt !== undefined && now < auth.nextTryAt ? auth.nextTryAt : undefined;
}

/**
 * Seller API health as the new-order rounds see it. One "alerts are delayed" message per chat
 * after `healthDelayMs` of failures and one "resumed" when a round succeeds again, never one
 * per failed round: the messages' ids carry the outage's start, so repeats are deduplicated.
 * Refused credentials are their own story: after `authAfterPolls` refused polls in a row one
 * "the connection needs attention" per chat, polls slowed to `authRetryMs` meanwhile, and one
 * "works again" when a poll is answered.
 */
export async function recordApiOutcome(
  ctx: AlertContext,
  ok: boolean,
  now: number,
  error?: unknown,
) {
  const state = await readHealth(ctx);
  if (ok) {
    const announced = state.announced && state.failingSince !== undefined;
    if (announced) await announce(ctx, { state: "up", since: state.failingSince! }, now);
    if (state.auth?.announced)
      await announce(ctx, { state: "auth-up", since: state.auth.since }, now);
    await ctx.store.set("health", { lastSuccessAt: now });
    return;
  }
  if (isRefused(error)) {
    await ctx.store.set("health", { ...state, auth: await refused(ctx, state.auth, now) });
    return;
  }
  // Another failure breaks a row of refusals not yet told.
  const auth = state.auth?.announced ? state.auth : undefined;
  const failingSince = state.failingSince ?? now;
  let announcedNow = state.announced ?? false;
  if (!announcedNow && now - failingSince >= ctx.settings.healthDelayMs) {
    await announce(ctx, { state: "down", since: failingSince }, now);
    ctx.metrics.alertsDelayed();
    announcedNow = true;
  }
  await ctx.store.set("health", {
    ...state,
    failingSince,
    announced: announcedNow,
    ...(auth ? { auth } : { auth: undefined }),
  });
}

async function refused(ctx: AlertContext, auth: AuthState | undefined, now: number) {
  const next: AuthState = {
    failures: (auth?.failures ?? 0) + 1,
    since: auth?.since ?? now,
    announced: auth?.announced ?? false,
  };
  const { authAfterPolls, authRetryMs } = ctx.settings;
  if (!next.announced && next.failures >= authAfterPolls) {
    const notice = { state: "auth-down", since: next.since, polls: next.failures } as const;
    await announce(ctx, { ...notice, retryMs: authRetryMs }, now);
    ctx.logger.warn(
      { failures: next.failures },
      "the Seller API refuses the bot's credentials; chats told, polls slowed",
    );
    next.announced = true;
  }
  if (next.announced) next.nextTryAt = now + authRetryMs;
  return next;
}

async function announce(ctx: AlertContext, notice: HealthNotice, now: number) {
  for (const chat of await ctx.store.chats()) {
    if (!kindEnabled(chat, "health")) continue;
    const key = chatKeyOf(chat);
    await ctx.store.enqueue({
      id: `h:${notice.state}:${notice.since}:${key}`,
      chatKey: key,
      kind: "health",
      at: now,
      data: notice,
    });
  }
}
