import type { AlertContext } from "./context.js";
import { chatKeyOf } from "./settings.js";

interface HealthState {
  /** When the Seller API started failing (first failed round). */
  failingSince?: number;
  /** Chats were told alerts are delayed. */
  announced?: boolean;
  /** Last round that reached the Seller API (shown in /settings). */
  lastSuccessAt?: number;
}

export const readHealth = (ctx: Pick<AlertContext, "store">) =>
  ctx.store.get<HealthState>("health").then((h) => h ?? {});

/**
 * Seller API health as alert rounds see it. One "alerts are delayed" message per chat after
 * `healthDelayMs` of failures and one "resumed" when a round succeeds again, never one per
 * failed round: the messages' ids carry the outage's start, so repeats are deduplicated.
 */
export async function recordApiOutcome(ctx: AlertContext, ok: boolean, now: number) {
  const state = await readHealth(ctx);
  if (ok) {
    const announced = state.announced && state.failingSince !== undefined;
    if (announced) await announce(ctx, "up", state.failingSince!, now);
    await ctx.store.set("health", { lastSuccessAt: now });
    return;
  }
  const failingSince = state.failingSince ?? now;
  let announcedNow = state.announced ?? false;
  if (!announcedNow && now - failingSince >= ctx.settings.healthDelayMs) {
    await announce(ctx, "down", failingSince, now);
    ctx.metrics.alertsDelayed();
    announcedNow = true;
  }
  await ctx.store.set("health", { ...state, failingSince, announced: announcedNow });
}

async function announce(ctx: AlertContext, state: "down" | "up", since: number, now: number) {
  for (const chat of await ctx.store.chats()) {
    if (!chat.enabled.health) continue;
    const key = chatKeyOf(chat);
    await ctx.store.enqueue({
      id: `h:${state}:${since}:${key}`,
      chatKey: key,
      kind: "health",
      at: now,
      data: { state, since },
    });
  }
}
