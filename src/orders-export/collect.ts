/**
 * The order lines of a period, read from `orders/list` (newest first, no date filter) down to the
 * period's start: page by page for the orders export, several pages in flight for the money
 * figures. Pages are handed on in page order and never held beyond those in flight, so the
 * caller writes or adds up each line as it comes.
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
  /** The oldest instant met so far (where the reading stands), when a date was read. */
  reachedAt?: number;
}

export interface CollectOptions {
  seller: Pick<SellerApi, "listOrders">;
  filters: OrderListRequest["filters"];
  period: Pick<ExportPeriod, "from" | "to">;
  timeZone: string;
  /** Now, to tell whether the newest orders can belong to the period at all. */
  now: number;
  /** After each page. */
  onPage?: (progress: CollectProgress) => Promise<void> | void;
  /** Pages asked for at once (default 1: one after the other). */
  concurrency?: number;
  /** Default EXPORT_MAX_PAGES. */
  maxPages?: number;
  /**
   * Read on until a page is wholly older than the period (its newest dated line is), not
   * only until one holds an older line: a line the service's sort put a page late still counts.
   */
  untilWhollyOlder?: boolean;
}

/** A line of the period and the instant it is counted at. */
export interface DatedLine {
  order: Order;
  /**
   * When it was created; a line whose date cannot be read takes its neighbour's (the list is
   * sorted by the service's own instant), or `now` before any line was dated.
   */
  at: number;
  /** Whether `at` was read from the line itself. */
  dated: boolean;
}

type OrderList = Awaited<ReturnType<SellerApi["listOrders"]>>;

/** How a walk through the pages ended. */
export interface WalkEnd {
  /** It reached the period's start or the list's end (not the page limit). */
  complete: boolean;
  /** The newest instant read from a line (the newest order of the list, on page 1). */
  newestAt?: number;
  /** Pages read (a page asked for again counted once). */
  pages: number;
}

/** What identifies an order line: an order may list several products. */
export const lineKey = (o: Order) => `${o.orderId}|${o.orderGuid}|${o.barcode}|${o.productName}`;

/** Where the reading stands in the newest-first list. */
interface Walk {
  /** An order of the period (or a period that reaches now) was met: undated ones now count. */
  inside: boolean;
  /** An order older than the period was met: no later page can hold one of the period. */
  passed: boolean;
  /** The last instant read from a line, for its undated neighbours. */
  lastAt: number;
  /** The oldest and the newest instants read from a line. */
  oldestAt?: number;
  newestAt?: number;
  /** The newest and the oldest instants read on the current page. */
  pageNewestAt?: number;
  pageOldestAt?: number;
}

/**
 * Whether an order belongs to the period, and when it counts. A date the bot cannot read (the
 * spec does not give the format) is placed by its neighbours: an order met after one of the
 * period and before any older one is taken as of the period.
 */
function place(order: Order, walk: Walk, options: CollectOptions): DatedLine | undefined {
  const at = parseApiDate(order.createdDate, options.timeZone);
  const { from, to } = options.period;
  if (at === undefined) {
    return walk.inside && !walk.passed ? { order, at: walk.lastAt, dated: false } : undefined;
  }
  walk.lastAt = at;
  walk.oldestAt = Math.min(walk.oldestAt ?? at, at);
  walk.newestAt = Math.max(walk.newestAt ?? at, at);
  walk.pageNewestAt = Math.max(walk.pageNewestAt ?? at, at);
  walk.pageOldestAt = Math.min(walk.pageOldestAt ?? at, at);
  if (at >= to) return undefined;
  if (at < from) {
    walk.passed = true;
    return undefined;
  }
  walk.inside = true;
  return { order, at, dated: true };
}

/** Whether the pages read have gone past the period's start. */
const past = (walk: Walk, options: CollectOptions) =>
  options.untilWhollyOlder
    ? walk.pageNewestAt !== undefined && walk.pageNewestAt < options.period.from
    : walk.passed;

/**
 * About how many more pages reach past the period's start, from the time the last page
 * spanned (half again, and one: the page wholly older): pages are not asked for far beyond the
 * end, where a short period (today) would waste a request per lane.
 */
function pagesLeft(walk: Walk, options: CollectOptions): number {
  const { pageNewestAt: newest, pageOldestAt: oldest } = walk;
  if (newest === undefined || oldest === undefined || newest <= oldest) return Infinity;
  const left = Math.max(0, oldest - options.period.from) / (newest - oldest);
  return Math.ceil(left * 1.5) + 1;
}

/** Whether page `n` was the last one the list has. */
function lastPage(n: number, count: number, list: OrderList) {
  if (count === 0) return true;
  const size = list.pageSize && list.pageSize > 0 ? list.pageSize : EXPORT_PAGE_SIZE;
  const pages =
    list.totalPages ?? (list.totalCount != null ? Math.ceil(list.totalCount / size) : undefined);
  return pages !== undefined ? n >= pages : count < size;
}

/** How many pages the list has, as far as an answer says. */
function pagesOf(list: OrderList): number | undefined {
  const size = list.pageSize && list.pageSize > 0 ? list.pageSize : EXPORT_PAGE_SIZE;
  return (
    list.totalPages ?? (list.totalCount != null ? Math.ceil(list.totalCount / size) : undefined)
  );
}

/**
 * Pages asked for ahead of the one being read: at most `concurrency` in flight, a lane asked
 * again as soon as its answer is in (not once the page is worked), and at most twice as many
 * asked for and not yet worked (the memory a slow reader can take). One lane is one page after
 * the other, each asked once the one before is worked. A page asked for and then not needed
 * (the period ended before it) is left to finish; its failure is of no consequence.
 */
function pageFetcher(options: CollectOptions) {
  const lanes = Math.max(1, options.concurrency ?? 1);
  const asked = new Map<number, Promise<OrderList>>();
  let next = 1;
  let last = 1;
  let running = 0;
  let stopped = false;
  const fetch = (n: number) =>
    options.seller.listOrders({
      pageNumber: n,
      pageSize: EXPORT_PAGE_SIZE,
      sortBy: "createdDate",
      sortDirection: "desc",
      ...(options.filters ? { filters: options.filters } : {}),
    });
  const fill = () => {
    while (!stopped && running < lanes && asked.size < 2 * lanes && next <= last) {
      const n = next++;
      running++;
      const page = fetch(n);
      asked.set(n, page);
      // Observed at once: a page asked for ahead may fail before it is worked, or never be.
      page
        .catch(() => undefined)
        .then(() => {
          running--;
          if (lanes > 1) fill();
        });
    }
  };
  return {
    fetch,
    /** Page `n` (pages up to `upTo` exist), the pages after it asked for meanwhile. */
    take(n: number, upTo: number): Promise<OrderList> {
      last = Math.max(last, upTo);
      fill();
      const page = asked.get(n)!;
      asked.delete(n);
      fill();
      return page;
    },
    /** Pages no longer needed: none asked for again, their answers (or failures) dropped. */
    abandon() {
      stopped = true;
      asked.clear();
    },
  };
}

/**
 * The lines of the period, page by page in page order, each page's lines of the period newest
 * first. Pages are read until one holds an order older than the period (the rest of that page
 * is still looked at, in case the service's sort and the dates disagree), or with
 * `untilWhollyOlder` until one holds nothing newer than the period's start. A line already read
 * on one of the two pages before (new orders pushed it down meanwhile) is not given twice; a
 * page answered before new orders arrived that the page above it already counted (its
 * `totalCount` is smaller) is asked for again, since the lines pushed down onto it are not on
 * it yet.
 */
export async function* periodPages(options: CollectOptions): AsyncGenerator<DatedLine[], WalkEnd> {
  const walk: Walk = {
    inside: options.period.to > options.now,
    passed: false,
    lastAt: options.now,
  };
  const pages = pageFetcher(options);
  const maxPages = options.maxPages ?? EXPORT_MAX_PAGES;
  let recent: Set<string>[] = [];
  let found = 0;
  let known: number | undefined;
  let horizon = Number.POSITIVE_INFINITY;
  let counted: number | undefined;
  const end = (complete: boolean, pagesRead: number): WalkEnd => ({
    complete,
    pages: pagesRead,
    ...(walk.newestAt !== undefined ? { newestAt: walk.newestAt } : {}),
  });
  try {
    for (let n = 1; n <= maxPages; n++) {
      // Page 1 alone: its answer tells how many pages there are to ask for at once.
      let list = await pages.take(n, n === 1 ? 1 : Math.min(maxPages, known ?? n, horizon));
      if (counted != null && list.totalCount != null && list.totalCount < counted) {
        list = await pages.fetch(n);
      }
      counted = list.totalCount ?? counted;
      known = Math.max(known ?? 0, pagesOf(list) ?? n + 1);
      const orders = list.orders ?? [];
      const keys = new Set<string>();
      const lines: DatedLine[] = [];
      walk.pageNewestAt = undefined;
      walk.pageOldestAt = undefined;
      for (const order of orders) {
        const key = lineKey(order);
        keys.add(key);
        if (recent.some((page) => page.has(key))) continue;
        const line = place(order, walk, options);
        if (line) lines.push(line);
      }
      recent = [recent.at(-1) ?? new Set<string>(), keys];
      found += lines.length;
      if (lines.length > 0) yield lines;
      await options.onPage?.({
        pages: n,
        orders: found,
        ...(walk.oldestAt !== undefined ? { reachedAt: walk.oldestAt } : {}),
      });
      if (past(walk, options) || lastPage(n, orders.length, list)) return end(true, n);
      horizon = n + pagesLeft(walk, options);
    }
    return end(false, maxPages);
  } finally {
    pages.abandon();
  }
}

/**
 * Every order line of the period, newest first, one page read after the other (the orders
 * export writes each as it comes).
 */
export async function* ordersOfPeriod(options: CollectOptions): AsyncGenerator<Order> {
  for await (const lines of periodPages(options)) for (const line of lines) yield line.order;
}
