/**
 * The orders of a period, read page by page from `orders/list` (newest first), never holding
 * more than one page: the caller writes each order as it comes.
 */

import type { Order, OrderListRequest, SellerApi } from "../seller-api/index.js";
import { parseApiDate } from "../text/index.js";
import type { ExportPeriod } from "./period.js";

/** The spec's largest page (seller-api.md 8). */
export const EXPORT_PAGE_SIZE = 100;
/** A stop for a list that never ends (a service that repeats its last page): 200,000 orders. */
export const EXPORT_MAX_PAGES = 2000;

export interface CollectProgress {
  pages: number;
  /** Order lines of the period found so far. */
  orders: number;
}

export interface CollectOptions {
  seller: Pick<SellerApi, "listOrders">;
  filters: OrderListRequest["filters"];
  period: ExportPeriod;
  timeZone: string;
  /** Now, to tell whether the newest orders can belong to the period at all. */
  now: number;
  /** After each page. */
  onPage?: (progress: CollectProgress) => Promise<void>;
}

/** What identifies an order line: an order may list several products. */
const lineKey = (o: Order) => `${o.orderId}|${o.orderGuid}|${o.barcode}|${o.productName}`;

/** Where the reading stands in the newest-first list. */
interface Walk {
  /** An order of the period (or a period that reaches now) was met: undated ones now count. */
  inside: boolean;
  /** An order older than the period was met: no later page can hold one of the period. */
  passed: boolean;
}

/**
 * Whether an order belongs to the period. A date the bot cannot read (the spec does not give
 * the format) is placed by its neighbours: the list is sorted by the service's own instant, so
 * an order met after one of the period and before any older one is taken as of the period.
 */
function belongs(order: Order, walk: Walk, options: CollectOptions): boolean {
  const at = parseApiDate(order.createdDate, options.timeZone);
  const { from, to } = options.period;
  if (at === undefined) return walk.inside && !walk.passed;
  if (at >= to) return false;
  if (at < from) {
    walk.passed = true;
    return false;
  }
  walk.inside = true;
  return true;
}

/** Whether page `n` was the last one the list has. */
function lastPage(
  n: number,
  count: number,
  list: { pageSize?: number | null; totalPages?: number | null; totalCount?: number | null },
) {
  if (count === 0) return true;
  const size = list.pageSize && list.pageSize > 0 ? list.pageSize : EXPORT_PAGE_SIZE;
  const pages =
    list.totalPages ?? (list.totalCount != null ? Math.ceil(list.totalCount / size) : undefined);
  return pages !== undefined ? n >= pages : count < size;
}

/**
 * Every order line of the period, newest first. Pages are read until one holds an order older
 * than the period (the rest of that page is still looked at, in case the service's sort and
 * the dates disagree). A line already read on the previous page (new orders pushed it down
 * meanwhile) is not given twice.
 */
export async function* ordersOfPeriod(options: CollectOptions): AsyncGenerator<Order> {
  const walk: Walk = { inside: options.period.to > options.now, passed: false };
  let previous = new Set<string>();
  let found = 0;
  for (let n = 1; n <= EXPORT_MAX_PAGES; n++) {
    const list = await options.seller.listOrders({
      pageNumber: n,
      pageSize: EXPORT_PAGE_SIZE,
      sortBy: "createdDate",
      sortDirection: "desc",
      ...(options.filters ? { filters: options.filters } : {}),
    });
    const orders = list.orders ?? [];
    const keys = new Set<string>();
    for (const order of orders) {
      const key = lineKey(order);
      keys.add(key);
      if (previous.has(key) || !belongs(order, walk, options)) continue;
      found++;
      yield order;
    }
    previous = keys;
    await options.onPage?.({ pages: n, orders: found });
    if (walk.passed || lastPage(n, orders.length, list)) return;
  }
}
