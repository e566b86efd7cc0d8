import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../i18n.js";
import type { Order, OrderListRequest } from "../../../seller-api/schemas.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../helpers/html.js";
import { fitBlocks, shorten } from "../../helpers/text.js";
import { withTyping } from "../../helpers/typing.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice } from "../../keyboards/button.js";
import type { ListQuery } from "../../keyboards/list-query.js";
import { grid, keyboardOf, pageCount, pagerRow } from "../../keyboards/pager.js";
import type { Screen } from "../../keyboards/screen.js";
import {
  orderOpenButton,
  ordersFilterButton,
  ordersPageButton,
  ordersStatusButton,
} from "./buttons.js";
import { orderButtonLabel, orderDetails, orderListItem } from "./format.js";
import type { StatusChoice } from "./statuses.js";

/** Six orders of four lines each fit a phone screen without scrolling far. */
export const ORDERS_PAGE_SIZE = 6;
/** Pages beyond this are not asked for (forged data). */
export const MAX_PAGE = 100_000;
const TEXT_LIMIT = 4096;

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

function requestOf(query: ListQuery, page: number): OrderListRequest {
  const filters: OrderListRequest["filters"] = {};
  if (query.search) filters.search = query.search;
  if (query.status) filters.orderStatus = [query.status];
  return {
    pageNumber: page,
    pageSize: ORDERS_PAGE_SIZE,
    sortBy: "createdDate",
    sortDirection: "desc",
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

export async function fetchOrdersPage(
  deps: FeatureDeps,
  ctx: BotContext,
  query: ListQuery,
  page: number,
) {
  const list = await withTyping(ctx, () => deps.api.listOrders(requestOf(query, page)));
  const orders = list.orders ?? [];
  const total = list.totalCount ?? orders.length;
  const pages = Math.max(list.totalPages ?? 0, pageCount(total, ORDERS_PAGE_SIZE));
  return { orders, total, pages };
}

/** Lines that say what the list is narrowed to. */
function filterLines(ctx: BotContext, query: ListQuery): string[] {
  const lines: string[] = [];
  if (query.search) lines.push(ctx.t("list-search", { search: escapeHtml(query.search) }));
  if (query.status) {
    lines.push(
      ctx.t("orders-status-filter", { status: escapeHtml(query.statusLabel ?? query.status) }),
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
  if (page < 1 || page > MAX_PAGE) throw new ButtonNotice("list-page-gone");
  const locale = await localeOf(ctx);
  const { orders, total, pages } = await fetchOrdersPage(deps, ctx, query, page);
  const filterButton = InlineKeyboard.text(
    ctx.t("orders-filter-button"),
    ordersFilterButton.encode({ q: qid, page }),
  );
  if (orders.length === 0) {
    if (page > 1) throw new ButtonNotice("list-page-gone");
    const narrowed = Boolean(query.search || query.status);
    const text = [
      ...filterLines(ctx, query),
      narrowed ? ctx.t("orders-no-hits") : ctx.t("orders-empty"),
    ].join("\n");
    return { text, keyboard: query.status ? keyboardOf([[filterButton]]) : undefined };
  }
  const head = [
    ctx.t("orders-title", { page: String(page), pages: String(pages), total: String(total) }),
    ...filterLines(ctx, query),
  ].join("\n");
  const items = orders.map((order) => orderListItem(ctx.t, order, locale, deps.config.timeZone));
  const text = fitBlocks(head, items, TEXT_LIMIT, (left) =>
    ctx.t("list-more", { count: String(left) }),
  );
  const openButtons = orders.map((order) =>
    InlineKeyboard.text(
      orderButtonLabel(order),
      orderOpenButton.encode({ q: qid, page, id: order.orderId }),
    ),
  );
  const keyboard = keyboardOf([
    ...grid(openButtons, 3),
    [filterButton],
    pagerRow(page, pages, (to) => ordersPageButton.encode({ q: qid, page: to })),
  ]);
  return { text, keyboard };
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
  if (page < 1 || page > MAX_PAGE) throw new ButtonNotice("orders-order-gone");
  const locale = await localeOf(ctx);
  let order: Order | undefined;
  for (const candidate of [page, page + 1]) {
    const { orders, pages } = await fetchOrdersPage(deps, ctx, query, candidate);
    order = orders.find((o) => o.orderId === orderId);
    if (order || candidate >= pages) break;
  }
  if (!order) throw new ButtonNotice("orders-order-gone");
  const back = InlineKeyboard.text(ctx.t("list-back"), ordersPageButton.encode({ q: qid, page }));
  return {
    text: orderDetails(ctx.t, order, locale, deps.config.timeZone),
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
      mark(choice.key === query.status, shorten(choice.label, 30)),
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
