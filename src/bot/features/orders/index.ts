import { Composer } from "grammy";
import { noopButton } from "../../callback-data.js";
import type { BotContext } from "../../context.js";
import { shorten } from "../../helpers/text.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice, runButton, runCommand } from "../../keyboards/button.js";
import { createListQueries, type ListQuery } from "../../keyboards/list-query.js";
import { editScreen, sendScreen } from "../../keyboards/screen.js";
import {
  orderOpenButton,
  ordersFilterButton,
  ordersPageButton,
  ordersStatusButton,
} from "./buttons.js";
import { orderDetailsScreen, ordersListScreen, statusMenuScreen } from "./screens.js";
import { orderStatusChoices } from "./statuses.js";

/** A search longer than this is cut: nobody types more, and it is echoed back in the header. */
export const MAX_SEARCH = 100;

/** `/orders [search]`: newest orders first, paged in place, with details and a status filter. */
export function createOrdersFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const kv = deps.storage.kv;
  const queries = createListQueries(kv);

  /** The stored query of a button, or a notice that the list is outdated. */
  const queryOf = async (qid: string): Promise<ListQuery> => {
    const query = await queries.load("orders", qid);
    if (!query) throw new ButtonNotice("list-outdated");
    return query;
  };

  composer.command("orders", deps.requireLink, (ctx) =>
    runCommand(ctx, async () => {
      const search = shorten(ctx.match, MAX_SEARCH);
      const query: ListQuery = search ? { search } : {};
      const qid = await queries.save("orders", query);
      await sendScreen(ctx, await ordersListScreen(deps, ctx, qid, query, 1));
    }),
  );

  composer.callbackQuery(ordersPageButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = ordersPageButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const query = await queryOf(data.q);
      await editScreen(ctx, kv, await ordersListScreen(deps, ctx, data.q, query, data.page));
    }),
  );

  composer.callbackQuery(orderOpenButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = orderOpenButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const query = await queryOf(data.q);
      const screen = await orderDetailsScreen(deps, ctx, data.q, query, data.page, data.id);
      await editScreen(ctx, kv, screen);
    }),
  );

  composer.callbackQuery(ordersFilterButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = ordersFilterButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const query = await queryOf(data.q);
      const choices = await orderStatusChoices(deps.api, kv);
      if (choices.length === 0) throw new ButtonNotice("orders-no-statuses");
      // The menu keeps its own choices: the cached status list may change before a press.
      const menuQid = await queries.save("orders", { ...query, choices });
      await editScreen(ctx, kv, statusMenuScreen(ctx, menuQid, data.q, data.page, query, choices));
    }),
  );

  composer.callbackQuery(ordersStatusButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = ordersStatusButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const menu = await queryOf(data.q);
      const choice = data.i === -1 ? undefined : menu.choices?.[data.i];
      if (!menu.choices || (data.i !== -1 && !choice)) throw new ButtonNotice("button-unknown");
      const query: ListQuery = {
        ...(menu.search ? { search: menu.search } : {}),
        ...(choice ? { status: choice.key, statusLabel: choice.label } : {}),
      };
      const qid = await queries.save("orders", query);
      await editScreen(ctx, kv, await ordersListScreen(deps, ctx, qid, query, 1));
    }),
  );

  // The page counter of every list (orders, products, directories) does nothing.
  composer.callbackQuery(noopButton.pattern, deps.requireLink, (ctx) => ctx.answerCallbackQuery());

  return composer;
}
