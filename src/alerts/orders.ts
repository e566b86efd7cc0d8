import type { Order } from "../seller-api/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { authPause, recordApiOutcome } from "./health.js";
import { type DatedOrder, readNewestOrders } from "./newest-orders.js";
import { chatKeyOf } from "./settings.js";

/** What an order alert shows (kept in the outbox, so a restart needs no second API call). */
export interface OrderAlert {
  orderId: number;
  number: string;
  product: string;
  quantity: number | null;
  price: number | null;
  total: number | null;
  payout: number | null;
  status: string;
  created: string | null;
}

/** What was seen: the newest creation time and the orders at most OVERLAP before it. */
interface OrderCursor {
  newestMs: number;
  seen: Record<string, number>;
  /** The last round that ran (any outcome): how long the bot was away. */
  lastRoundAt: number;
}

/** Orders may show up a little late or out of order: the last hour is compared by id. */
const OVERLAP_MS = 60 * 60_000;
/** A round reads this many pages (1,000 orders) back to the cursor's overlap... */
const MAX_PAGES = 10;
/**
 * ...and on, up to this many (5,000 orders), while a page still holds orders not seen before: a
 * minute with more new orders than ten pages hold loses none (its oldest are deepest).
 */
const CATCH_UP_PAGES = 50;
/** Longer than this between rounds: the first round after says how long the bot was away. */
const AWAY_MIN_MS = 5 * 60_000;

const CURSOR = "orders:cursor";

export function orderAlertOf(order: Order): OrderAlert {
  return {
    orderId: order.orderId,
    number: order.orderNumber || String(order.orderId),
    product: order.productName ?? "",
    quantity: order.quantity ?? null,
    price: order.price ?? null,
    total: order.totalPrice ?? null,
    payout: order.totalPayoutAmount ?? order.payoutAmount ?? null,
    status: order.statusLabel || order.statusKey || "",
    created: order.createdDate ?? null,
  };
}

/**
 * One new-order round: reads the newest orders, queues an alert per new order and subscribed
 * chat, then moves the cursor. Queuing is idempotent (deterministic ids), so a crash between
 * the two steps repeats nothing; the first round ever only sets the cursor.
 */
export async function runOrdersRound(ctx: AlertContext, round: AlertRound) {
  const now = round.now();
  // The Seller API refuses the credentials and chats were told: one poll in a while only.
  const paused = await authPause(ctx, now, true);
  if (paused !== undefined) return { nextAt: paused };
  const cursor = await ctx.store.get<OrderCursor>(CURSOR);
  let found: DatedOrder[];
  try {
    const seen = cursor?.seen;
    found = await readNewestOrders(ctx, (cursor?.newestMs ?? now) - OVERLAP_MS, {
      maxPages: MAX_PAGES,
      unreadableAt: now,
      // The first round only sets the cursor: history is not read to its end.
      ...(seen && {
        catchUp: { upTo: CATCH_UP_PAGES, isNew: (o: Order) => seen[o.orderId] === undefined },
      }),
    });
  } catch (error) {
    ctx.logger.warn({ err: error }, "new-order poll failed");
    await recordApiOutcome(ctx, false, now, error);
    if (cursor) await ctx.store.set(CURSOR, { ...cursor, lastRoundAt: now });
    return { nextAt: now + ctx.settings.orderPollMs };
  }
  await recordApiOutcome(ctx, true, now);
  if (!cursor) {
    // First start: history is not replayed.
    await ctx.store.set(CURSOR, nextCursor(found, {}, 0, now));
    return { nextAt: now + ctx.settings.orderPollMs };
  }
  const fresh = found.filter(
    (f) =>
      cursor.seen[f.order.orderId] === undefined && f.createdMs >= cursor.newestMs - OVERLAP_MS,
  );
  if (fresh.length > 0) await queueOrders(ctx, fresh.reverse(), cursor.lastRoundAt, now);
  await ctx.store.set(CURSOR, nextCursor(found, cursor.seen, cursor.newestMs, now));
  return { nextAt: now + ctx.settings.orderPollMs };
}

function nextCursor(
  found: DatedOrder[],
  seen: Record<string, number>,
  newestMs: number,
  now: number,
): OrderCursor {
  const newest = Math.max(newestMs, ...found.map((f) => f.createdMs));
  const next: Record<string, number> = {};
  for (const [id, ms] of Object.entries(seen)) if (ms >= newest - OVERLAP_MS) next[id] = ms;
  for (const f of found)
    if (f.createdMs >= newest - OVERLAP_MS) next[f.order.orderId] = f.createdMs;
  return {
    newestMs: newest === Number.NEGATIVE_INFINITY ? now : newest,
    seen: next,
    lastRoundAt: now,
  };
}

async function queueOrders(
  ctx: AlertContext,
  fresh: DatedOrder[],
  lastRoundAt: number,
  now: number,
) {
  const away = now - lastRoundAt > Math.max(AWAY_MIN_MS, 3 * ctx.settings.orderPollMs);
  for (const chat of await ctx.store.chats()) {
    if (!chat.enabled.orders) continue;
    const chatKey = chatKeyOf(chat);
    if (away) {
      const total = fresh.reduce((sum, f) => sum + (f.order.totalPrice ?? 0), 0);
      await ctx.store.enqueue({
        id: `away:${lastRoundAt}:${chatKey}`,
        chatKey,
        kind: "away",
        at: now - 1,
        data: { sinceMs: lastRoundAt, untilMs: now, count: fresh.length, total },
      });
    }
    for (const [i, f] of fresh.entries()) {
      const queued = await ctx.store.enqueue({
        id: `o:${f.order.orderId}:${chatKey}`,
        chatKey,
        kind: "order",
        at: now + i,
        data: orderAlertOf(f.order),
      });
      if (!queued) ctx.metrics.alertSuppressed("duplicate");
    }
  }
}
