import type { Order } from "../seller-api/index.js";
import { parseApiDate } from "../text/index.js";
import type { AlertContext } from "./context.js";

const PAGE_SIZE = 100;

export interface DatedOrder {
  order: Order;
  /** When the order was created (ms), read in the seller's time zone. */
  createdMs: number;
}

/**
 * The newest orders first, page by page (the API sorts by `createdDate`), down to the first page
 * that reaches back past `sinceMs`, or `maxPages`. An order whose date cannot be read gets
 * `unreadableAt` (new-order alerts then compare it by id), or is left out when that is undefined.
 */
export async function readNewestOrders(
  ctx: AlertContext,
  sinceMs: number,
  options: { maxPages: number; unreadableAt?: number },
): Promise<DatedOrder[]> {
  const found: DatedOrder[] = [];
  for (let page = 1; page <= options.maxPages; page++) {
    const list = await ctx.seller.listOrders({
      pageNumber: page,
      pageSize: PAGE_SIZE,
      sortBy: "createdDate",
      sortDirection: "desc",
    });
    const orders = list.orders ?? [];
    for (const order of orders) {
      const createdMs =
        parseApiDate(order.createdDate, ctx.settings.timeZone) ?? options.unreadableAt;
      if (createdMs !== undefined) found.push({ order, createdMs });
    }
    const oldest = found.at(-1)?.createdMs ?? 0;
    if (orders.length < PAGE_SIZE || oldest < sinceMs || page >= (list.totalPages ?? page)) break;
  }
  return found;
}
