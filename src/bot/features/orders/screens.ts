import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../i18n.js";
import type { Order, OrderListRequest } from "../../../seller-api/index.js";
import { escapeHtml, orderStatusText, shorten } from "../../../text/index.js";
import { ButtonNotice } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { checkPage, listScreen, pagesOf, searchLines } from "../../lists/paged-list.js";
import type { ListQuery } from "../../lists/queries.js";
import { grid, keyboardOf } from "../../screens/keyboard.js";
import type { Screen } from "../../screens/screen.js";
import { withTyping } from "../../screens/typing.js";
import {
  orderOpenButton,
  ordersExportButton,
  ordersFilterButton,
  ordersPageButton,
  ordersStatusButton,
} from "./buttons.js";
import { orderButtonLabel, orderDetails, orderListItem } from "./format.js";
import type { StatusChoice } from "./statuses.js";

/** Six orders of four lines each fit a phone screen without scrolling far. */
export const ORDERS_PAGE_SIZE = 6;

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/** The list's search and status filter as the Seller API takes them; undefined: none. */
export function filtersOf(query: ListQuery): OrderListRequest["filters"] {
  const filters: NonNullable<OrderListRequest["filters"]> = {};
  if (query.search) filters.search = query.search;
  if (query.status) filters.orderStatus = [query.status];
  return Object.keys(filters).length > 0 ? filters : undefined;
}

function requestOf(query: ListQuery, page: number): OrderListRequest {
  const filters = filtersOf(query);
  return {
    pageNumber: page,
    pageSize: ORDERS_PAGE_SIZE,
    sortBy: "createdDate",
    sortDirection: "desc",
    ...(filters ? { filters } : {}),
  };
}

export async function fetchOrdersPage(
  deps: FeatureDeps,
  ctx: BotContext,
  query: ListQuery,
  page: number,
) {
  const list = await withTyping(
    ctx,
    () => deps.seller.listOrders(requestOf(query, page)),
    deps.logger,
  );
  const orders = list.orders ?? [];
  const total = list.totalCount ?? orders.length;
  const pages = pagesOf(total, ORDERS_PAGE_SIZE, list.totalPages);
  return { orders, total, pages };
}

/** Lines that say what the list is narrowed to. */
export function filterLines(ctx: BotContext, query: ListQuery): string[] {
  const lines = searchLines(ctx, query);
  if (query.status) {
    lines.push(
      ctx.t("orders-status-filter", {
        status: escapeHtml(orderStatusText(ctx.t, query.status, query.statusLabel)),
      }),
    );
  }
  return lines;
}

/** A page of orders, newest first; a page past the end is refused, the message stays. */
export async function ordersListScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<Screen> {
  checkPage(page);
  const fmt = deps.formats[await localeOf(ctx)];
  const { orders, total, pages } = await fetchOrdersPage(deps, ctx, query, page);
  const filterButton = InlineKeyboard.text(
    ctx.t("orders-filter-button"),
    ordersFilterButton.encode({ q: qid, page }),
  );
  const exportButton = InlineKeyboard.text(
    ctx.t("orders-export-button"),
    ordersExportButton.encode({ q: qid }),
  );
  const narrowed = Boolean(query.search || query.status);
  const openButtons = orders.map((order) =>
    InlineKeyboard.text(
      orderButtonLabel(order),
      orderOpenButton.encode({ q: qid, page, id: order.orderId }),
    ),
  );
  return listScreen(ctx, {
    page,
    titleKey: "orders-title",
    total,
    pages,
    headLines: filterLines(ctx, query),
    items: orders.map((order) => orderListItem(ctx.t, order, fmt)),
    rows: [...grid(openButtons, 3), [filterButton, exportButton]],
    empty: {
      lines: [...filterLines(ctx, query), ctx.t(narrowed ? "orders-no-hits" : "orders-empty")],
      rows: query.status ? [[filterButton]] : [],
    },
    pageData: (to) => ordersPageButton.encode({ q: qid, page: to }),
  });
}

/**
 * One order's details. There is no single-order endpoint: the order is looked up on the page it
 * was listed on, then on the next one (newer orders may have pushed it there).
 */
export async function orderDetailsScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
  orderId: number,
): Promise<Screen> {
  checkPage(page, "orders-order-gone");
  const fmt = deps.formats[await localeOf(ctx)];
  let order: Order | undefined;
  for (const candidate of [page, page + 1]) {
    const { orders, pages } = await fetchOrdersPage(deps, ctx, query, candidate);
    order = orders.find((o) => o.orderId === orderId);
    if (order || candidate >= pages) break;
  }
  if (!order) throw new ButtonNotice("orders-order-gone");
  const back = InlineKeyboard.text(ctx.t("list-back"), ordersPageButton.encode({ q: qid, page }));
  return {
    text: orderDetails(ctx.t, order, fmt),
    keyboard: keyboardOf([[back]]),
  };
}

/** The status menu: the statuses of the seller's own orders, "all", and back to the page. */
export function statusMenuScreen(
  ctx: BotContext,
  menuQid: string,
  backQid: string,
  page: number,
  query: ListQuery,
  choices: StatusChoice[],
): Screen {
  const mark = (selected: boolean, label: string) => (selected ? `• ${label}` : label);
  const buttons = choices.map((choice, i) =>
    InlineKeyboard.text(
      mark(
        choice.key === query.status,
        shorten(orderStatusText(ctx.t, choice.key, choice.label), 30),
      ),
      ordersStatusButton.encode({ q: menuQid, i }),
    ),
  );
  const all = InlineKeyboard.text(
    mark(!query.status, ctx.t("orders-status-all")),
    ordersStatusButton.encode({ q: menuQid, i: -1 }),
  );
  const back = InlineKeyboard.text(
    ctx.t("list-back"),
    ordersPageButton.encode({ q: backQid, page }),
  );
  return {
    text: [ctx.t("orders-status-choose"), ...filterLines(ctx, { search: query.search })].join("\n"),
    keyboard: keyboardOf([...grid(buttons, 2), [all], [back]]),
  };
}
