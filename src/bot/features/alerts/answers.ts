/**
 * What the buttons of an alert answer, shared by the private chat and subscribed groups: the
 * chat decides only where the answer goes and which buttons it keeps.
 */
import type { Locale } from "../../../i18n.js";
import type { Order } from "../../../seller-api/index.js";
import { ButtonNotice } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { createListQueries } from "../../lists/queries.js";
import type { Screen } from "../../screens/screen.js";
import { orderDetails } from "../orders/format.js";
import { ordersListScreen } from "../orders/screens.js";
import { productCardOf } from "../products/screens.js";

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/** An alerted order's details; a ButtonNotice when the order is no longer listed. */
export async function alertOrderText(
  deps: FeatureDeps,
  ctx: BotContext,
  data: { id: number; num: string },
): Promise<string> {
  const order = await findOrder(deps, data.id, data.num);
  if (!order) throw new ButtonNotice("alerts-order-gone");
  return orderDetails(ctx.t, order, deps.formats[await localeOf(ctx)]);
}

/** The first page of the newest orders (a grouped order alert's button). */
export async function newestOrdersScreen(deps: FeatureDeps, ctx: BotContext): Promise<Screen> {
  const qid = await createListQueries(deps.storage.kv).save("orders", {}, ctx.chat!.id);
  return ordersListScreen(deps, ctx, qid, {}, 1);
}

/** There is no single-order endpoint: the order is searched by its number. */
async function findOrder(deps: FeatureDeps, id: number, num: string): Promise<Order | undefined> {
  const list = await deps.seller.listOrders({
    pageNumber: 1,
    pageSize: 20,
    sortBy: "createdDate",
    sortDirection: "desc",
    ...(num ? { filters: { search: num } } : {}),
  });
  return (list.orders ?? []).find((o) => o.orderId === id);
}

/** A product's card as text, without its buttons (a group: they belong to the private chat). */
export async function alertProductText(
  deps: FeatureDeps,
  ctx: BotContext,
  productId: number,
): Promise<string> {
  const qid = await createListQueries(deps.storage.kv).save("products", {}, ctx.chat!.id);
  return (await productCardOf(deps, ctx, qid, 0, productId)).text;
}
