import { type Order, pagingEnd } from "../seller-api/index.js";
import { parseApiDate } from "../text/index.js";
import type { AlertContext } from "./context.js";

const PAGE_SIZE = 100;

export interface DatedOrder {
  order: Order;
  /** When the order was created (ms), read in the seller's time zone. */
  createdMs: number;
}

export interface NewestOrdersOptions {
  maxPages: number;
  unreadableAt?: number;
  /**
   * Past `maxPages`, up to `upTo` pages are read while the last page held an order `isNew` says
   * was not read before: a burst of more orders than `maxPages` hold is read to its end.
   */
  catchUp?: { upTo: number; isNew: (order: Order) => boolean };
}

/**
 * The newest orders first, page by page (the API sorts by `createdDate`), down to the first page
 * that reaches back past `sinceMs`, or `maxPages` (then on while `catchUp` says). An order whose
 * date cannot be read gets `unreadableAt` (new-order alerts then compare it by id), or is left
 * out when that is undefined.
 */
export async function readNewestOrders(
  ctx: AlertContext,
  sinceMs: number,
  options: NewestOrdersOptions,
): Promise<DatedOrder[]> {
  const found: DatedOrder[] = [];
  const seen = new Set<number>();
  const ended = pagingEnd();
  const lastPage = Math.max(options.maxPages, options.catchUp?.upTo ?? 0);
  for (let page = 1; page <= lastPage; page++) {
    const list = await ctx.seller.listOrders({
      pageNumber: page,
      pageSize: PAGE_SIZE,
      sortBy: "createdDate",
      sortDirection: "desc",
    });
    const orders = list.orders ?? [];
    const before = seen.size;
    for (const order of orders) {
      // An order a previous page showed (the list moved as new orders came) is taken once.
      if (seen.has(order.orderId)) continue;
      seen.add(order.orderId);
      const createdMs =
        parseApiDate(order.createdDate, ctx.settings.timeZone) ?? options.unreadableAt;
      if (createdMs !== undefined) found.push({ order, createdMs });
    }
    const fresh = seen.size > before;
    if (ended({ page, count: orders.length, fresh, totalPages: list.totalPages })) break;
    if ((found.at(-1)?.createdMs ?? 0) < sinceMs) break;
    if (page >= options.maxPages && !orders.some((o) => options.catchUp?.isNew(o))) break;
  }
  return found;
}
