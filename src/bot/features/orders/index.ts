import { Composer } from "grammy";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { registerPagedList } from "../../lists/paged-list.js";
import { createListQueries, type ListQuery } from "../../lists/queries.js";
import { menuCommand } from "../../menu.js";
import { editScreen } from "../../screens/screen.js";
import {
  orderOpenButton,
  ordersFilterButton,
  ordersPageButton,
  ordersStatusButton,
} from "./buttons.js";
import { ordersExportDatesDialogue, registerOrdersExport } from "./export.js";
import { orderDetailsScreen, ordersListScreen, statusMenuScreen } from "./screens.js";
import { orderStatusChoices } from "./statuses.js";

const ORDERS = menuCommand("orders", 10);

export { ordersExportEntry, showOrdersExport } from "./export.js";

/**
 * `/orders [search]`: newest orders first, paged in place, with details, a status filter and
 * an Excel export of what the list shows.
 */
function createOrdersFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const kv = deps.storage.kv;
  const queries = createListQueries(kv);
  const edit = (ctx: BotContext, screen: Parameters<typeof editScreen>[2]) =>
    editScreen(ctx, kv, screen, deps.logger);

  registerPagedList(composer, deps, queries, {
    kind: "orders",
    command: ORDERS,
    pageButton: ordersPageButton,
    parse: (search) => (search ? { search } : {}),
    show: (ctx, qid, query, page) => ordersListScreen(deps, ctx, qid, query, page),
  });

  onButton(composer, orderOpenButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const query = await queries.require("orders", data.q, ctx.chat!.id);
    await edit(ctx, await orderDetailsScreen(deps, ctx, data.q, query, data.page, data.id));
  });

  onButton(composer, ordersFilterButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const query = await queries.require("orders", data.q, ctx.chat!.id);
    const choices = await orderStatusChoices(deps.seller, kv);
    if (choices.length === 0) throw new ButtonNotice("orders-no-statuses");
    // The menu keeps its own choices: the cached status list may change before a press.
    const menuQid = await queries.save("orders", { ...query, choices }, ctx.chat!.id);
    await edit(ctx, statusMenuScreen(ctx, menuQid, data.q, data.page, query, choices));
  });

  onButton(composer, ordersStatusButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const menu = await queries.require("orders", data.q, ctx.chat!.id);
    const choice = data.i === -1 ? undefined : menu.choices?.[data.i];
    if (!menu.choices || (data.i !== -1 && !choice)) throw new ButtonNotice("button-unknown");
    const query: ListQuery = {
      ...(menu.search ? { search: menu.search } : {}),
      ...(choice ? { status: choice.key, statusLabel: choice.label } : {}),
    };
    const qid = await queries.save("orders", query, ctx.chat!.id);
    await edit(ctx, await ordersListScreen(deps, ctx, qid, query, 1));
  });

  registerOrdersExport(composer, deps, queries);
  return composer;
}

export const ordersFeature: Feature = {
  commands: [ORDERS],
  dialogues: [ordersExportDatesDialogue],
  create: createOrdersFeature,
};
