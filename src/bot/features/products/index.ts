import { Composer, GrammyError } from "grammy";
import type { BotContext } from "../../context.js";
import { shorten } from "../../helpers/text.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice, runButton, runCommand } from "../../keyboards/button.js";
import { createListQueries, type ListQuery } from "../../keyboards/list-query.js";
import { editScreen, sendScreen } from "../../keyboards/screen.js";
import { productBackButton, productOpenButton, productsPageButton } from "./buttons.js";
import { type ProductCard, productCardOf, productsListScreen, rememberPhotos } from "./screens.js";

const MAX_SEARCH = 100;
const PRODUCT_ID = /^[1-9]\d{0,14}$/;

/**
 * A card goes out as the product's photo with the details as caption; when Telegram cannot
 * fetch the photo (a 400 such as "failed to get HTTP URL content"), as text.
 */
async function sendCard(deps: FeatureDeps, ctx: BotContext, card: ProductCard) {
  if (card.photo) {
    try {
      await ctx.replyWithPhoto(card.photo, { caption: card.caption, reply_markup: card.keyboard });
      return;
    } catch (error) {
      if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
      deps.logger.info(
        { err: error.description },
        "product photo refused; sending the card as text",
      );
    }
  }
  await ctx.reply(card.text, {
    reply_markup: card.keyboard,
    link_preview_options: { is_disabled: true },
  });
}

/** `/products [search]`: products paged in place; a tap sends the product's card below. */
export function createProductsFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const kv = deps.storage.kv;
  const queries = createListQueries(kv);

  const queryOf = async (qid: string): Promise<ListQuery> => {
    const query = await queries.load("products", qid);
    if (!query) throw new ButtonNotice("list-outdated");
    return query;
  };

  composer.command("products", deps.requireLink, (ctx) =>
    runCommand(ctx, async () => {
      const search = shorten(ctx.match, MAX_SEARCH);
      // A product id (as /orders, /jobs and the summaries show them) opens that product's card;
      // its "back" then shows the whole list. An id that is no product is searched as text.
      if (PRODUCT_ID.test(search)) {
        const qid = await queries.save("products", {});
        const card = await productCardOf(deps, ctx, qid, 0, Number(search)).catch((error) => {
          if (error instanceof ButtonNotice) return undefined;
          throw error;
        });
        if (card) return sendCard(deps, ctx, card);
      }
      const query: ListQuery = search ? { search } : {};
      const qid = await queries.save("products", query);
      const { screen, photos } = await productsListScreen(deps, ctx, qid, query, 1);
      await rememberPhotos(kv, qid, 1, photos);
      await sendScreen(ctx, screen);
    }),
  );

  composer.callbackQuery(productsPageButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = productsPageButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const query = await queryOf(data.q);
      const { screen, photos } = await productsListScreen(deps, ctx, data.q, query, data.page);
      await rememberPhotos(kv, data.q, data.page, photos);
      await editScreen(ctx, kv, screen);
    }),
  );

  composer.callbackQuery(productOpenButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = productOpenButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      await queryOf(data.q);
      await sendCard(deps, ctx, await productCardOf(deps, ctx, data.q, data.page, data.id));
    }),
  );

  // Back from a card: the card goes away and the list it was opened from is in view again;
  // where the card cannot be deleted (too old), the list page comes as a new message.
  composer.callbackQuery(productBackButton.pattern, deps.requireLink, (ctx) =>
    runButton(ctx, async () => {
      const data = productBackButton.decode(ctx.callbackQuery.data);
      if (!data) throw new ButtonNotice("button-unknown");
      const query = await queryOf(data.q);
      const deleted = await ctx.deleteMessage().then(
        () => true,
        () => false,
      );
      // Page 0: the card was opened by id, with no list above it to return to.
      if (deleted && data.page > 0) return;
      const page = Math.max(1, data.page);
      const { screen, photos } = await productsListScreen(deps, ctx, data.q, query, page);
      await rememberPhotos(kv, data.q, page, photos);
      await (deleted ? sendScreen(ctx, screen) : editScreen(ctx, kv, screen));
    }),
  );

  return composer;
}
