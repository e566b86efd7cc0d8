/**
 * Typed text that no dialogue and no feature took: what a seller types to find something. An
 * order number shows that order; a product id or a barcode, the product's card; other words,
 * the products whose names have them; nothing found says so and what to try.
 */
import { listAll, readDetails } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import { type Order, type ProductDetail, SellerApiError } from "../../../seller-api/index.js";
import { escapeHtml, shorten } from "../../../text/index.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { MAX_SEARCH } from "../../lists/paged-list.js";
import { withTyping } from "../../screens/typing.js";
import { orderDetails } from "../orders/format.js";
import { sendProductCardIfAny, sendProductsFound } from "../products/index.js";

/** Order lines looked at for a number or barcode: one page of the service's search. */
const ORDERS_LOOKED_AT = 20;
/** Products whose details are read to find a barcode (one details request). */
const BARCODE_CANDIDATES = 30;
/**
 * A catalog of at most this many products is read whole for a barcode no search finds: a few
 * list pages and ten details requests, within one answer's deadline.
 */
const BARCODE_SCAN_PRODUCTS = 300;
/**
 * Order lines of one number shown at most (an order of many products): three details of the
 * longest product names still fit one message.
 */
const ORDER_LINES_SHOWN = 3;

/** Digits as a seller may type them: spaces or dashes between groups, a leading № or #. */
function digitsOf(text: string): string | undefined {
  const compact = text.replace(/^[\u2116#]\s*/, "").replace(/[\s-]/g, "");
  return /^\d{1,20}$/.test(compact) ? compact : undefined;
}

/** Lines of the orders search for `text` (the service's own search: number, name, barcode). */
async function ordersMatching(deps: FeatureDeps, text: string): Promise<Order[]> {
  const list = await deps.seller.listOrders({
    pageNumber: 1,
    pageSize: ORDERS_LOOKED_AT,
    sortBy: "createdDate",
    sortDirection: "desc",
    filters: { search: text },
  });
  return list.orders ?? [];
}

/** The order lines whose number is `number` as one message; false when there are none. */
async function showOrder(deps: FeatureDeps, ctx: BotContext, lines: Order[], number: string) {
  const own = lines.filter((o) => o.orderNumber?.trim() === number);
  if (own.length === 0) return false;
  const fmt = deps.formats[(await ctx.i18n.getLocale()) as Locale];
  const shown = own.slice(0, ORDER_LINES_SHOWN).map((o) => orderDetails(ctx.t, o, fmt));
  if (own.length > shown.length)
    shown.push(ctx.t("search-order-more", { count: own.length - shown.length }));
  await ctx.reply(shown.join("\n\n"));
  return true;
}

/**
 * The product whose SKU has `barcode`. The product list has no barcode filter: the candidates
 * are the products the list's search gives for the barcode (a service may search barcodes) and
 * those named by order lines of that barcode; their details tell.
 */
async function productOfBarcode(
  deps: FeatureDeps,
  barcode: string,
  lines: Order[],
): Promise<ProductDetail | undefined> {
  const names = [...new Set(lines.filter((o) => o.barcode === barcode).map((o) => o.productName))];
  const searches = [barcode, ...names.filter((n): n is string => Boolean(n?.trim())).slice(0, 3)];
  const lists = await Promise.all(
    searches.map((search) =>
      deps.seller.listProducts({
        pageNumber: 1,
        pageSize: 10,
        sortBy: "id",
        sortDirection: "Asc",
        filters: { search: shorten(search, MAX_SEARCH) },
      }),
    ),
  );
  const ids = [...new Set(lists.flatMap((l) => (l.products ?? []).map((p) => p.productId)))];
  const has = (p: ProductDetail) => (p.skus ?? []).some((s) => s.skuBarcode?.trim() === barcode);
  if (ids.length > 0) {
    const details = await deps.seller.productDetails(ids.slice(0, BARCODE_CANDIDATES));
    const found = (details.products ?? []).find(has);
    if (found) return found;
  }
  // A product never sold is named by no order: a small catalog is read whole instead.
  const size = await catalogSize(deps);
  if (size === 0 || size > BARCODE_SCAN_PRODUCTS) return undefined;
  const all = await listAll(deps.seller, {});
  const details = await readDetails(
    deps.seller,
    all.map((p) => p.productId),
  );
  return details.find(has);
}

/** How many products the catalog has, as its list's first page says. */
async function catalogSize(deps: FeatureDeps): Promise<number> {
  const first = await deps.seller.listProducts({
    pageNumber: 1,
    pageSize: 1,
    sortBy: "id",
    sortDirection: "Asc",
  });
  return first.totalCount ?? (first.products ?? []).length;
}

/** The card of a typed number as a product id; a number the service refuses as one is none. */
async function cardOfId(deps: FeatureDeps, ctx: BotContext, id: number): Promise<boolean> {
  try {
    return await sendProductCardIfAny(deps, ctx, id);
  } catch (error) {
    const refused =
      error instanceof SellerApiError && ["invalid", "not_found"].includes(error.kind);
    if (!refused) throw error;
    deps.logger.info(
      { err: error.kind },
      "a typed number refused as a product id: no such product",
    );
    return false;
  }
}

/**
 * Digits: an order number, a product id, a barcode, then a part of names, in that order;
 * whether any was found.
 */
async function findByDigits(deps: FeatureDeps, ctx: BotContext, digits: string) {
  const lines = await withTyping(ctx, () => ordersMatching(deps, digits), deps.logger);
  const order = await showOrder(deps, ctx, lines, digits);
  const id = Number(digits);
  const asId = !digits.startsWith("0") && Number.isSafeInteger(id) && id > 0;
  if (asId && (await cardOfId(deps, ctx, id))) return true;
  if (order) return true;
  const product = await withTyping(ctx, () => productOfBarcode(deps, digits, lines), deps.logger);
  if (product) return sendProductCardIfAny(deps, ctx, product.productId);
  // Digits of a name («15» of «iPhone 15»): the products whose names have them.
  return sendProductsFound(deps, ctx, digits);
}

/** Words: products by name; else an order of that number (numbers may have letters). */
async function findByWords(deps: FeatureDeps, ctx: BotContext, words: string) {
  if (await sendProductsFound(deps, ctx, words)) return true;
  const lines = await withTyping(ctx, () => ordersMatching(deps, words), deps.logger);
  return showOrder(deps, ctx, lines, words);
}

/** Finds what `text` names and shows it, or says that nothing was found and what to try. */
export async function findTyped(deps: FeatureDeps, ctx: BotContext, text: string): Promise<void> {
  const typed = shorten(text.trim().replace(/\s+/g, " "), MAX_SEARCH);
  const digits = digitsOf(typed);
  const found = digits
    ? await findByDigits(deps, ctx, digits)
    : await findByWords(deps, ctx, typed);
  if (found) return;
  await ctx.reply(
    ctx.t(digits ? "search-nothing-number" : "search-nothing", { text: escapeHtml(typed) }),
  );
}
