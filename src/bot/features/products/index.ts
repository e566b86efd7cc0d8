import { Composer, GrammyError } from "grammy";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { registerPagedList } from "../../lists/paged-list.js";
import { createListQueries } from "../../lists/queries.js";
import { menuCommand } from "../../menu.js";
import { editScreen, sendScreen } from "../../screens/screen.js";
import { productBackButton, productOpenButton, productsPageButton } from "./buttons.js";
import {
  type ProductCard,
  productCardOf,
  productsListScreen,
  rememberPhotos,
  showProductsPage,
} from "./screens.js";

const PRODUCTS = menuCommand("products", 20);
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

/** A product's card as a new message (from an alert's button): its "back" shows the list. */
export async function sendProductCard(deps: FeatureDeps, ctx: BotContext, productId: number) {
  const qid = await createListQueries(deps.storage.kv).save("products", {}, ctx.chat!.id);
  await sendCard(deps, ctx, await productCardOf(deps, ctx, qid, 0, productId));
}

/** The card of a product id if there is such a product (then sent); false if there is none. */
export async function sendProductCardIfAny(
  deps: FeatureDeps,
  ctx: BotContext,
  productId: number,
): Promise<boolean> {
  const qid = await createListQueries(deps.storage.kv).save("products", {}, ctx.chat!.id);
  const card = await productCardOf(deps, ctx, qid, 0, productId).catch((error) => {
    if (error instanceof ButtonNotice) return undefined;
    throw error;
  });
  if (card) await sendCard(deps, ctx, card);
  return card !== undefined;
}

/** The first page of products whose names have `search`, if any (then sent); false if none. */
export async function sendProductsFound(
  deps: FeatureDeps,
  ctx: BotContext,
  search: string,
): Promise<boolean> {
  const query = { search };
  const qid = await createListQueries(deps.storage.kv).save("products", query, ctx.chat!.id);
  const page = await productsListScreen(deps, ctx, qid, query, 1);
  if (page.count === 0) return false;
  await rememberPhotos(deps.storage.kv, qid, 1, page.photos);
  await sendScreen(ctx, page.screen);
  return true;
}

/** `/products [search]`: products paged in place; a tap sends the product's card below. */
function createProductsFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const kv = deps.storage.kv;
  const queries = createListQueries(kv);

  registerPagedList(composer, deps, queries, {
    kind: "products",
    command: PRODUCTS,
    pageButton: productsPageButton,
    parse: (search) => (search ? { search } : {}),
    show: (ctx, qid, query, page) => showProductsPage(deps, ctx, qid, query, page),
    // A product id (as /orders, /jobs and the summaries show them) opens that product's card;
    // its "back" then shows the whole list. An id that is no product is searched as text.
    answerDirectly: (ctx, text) =>
      PRODUCT_ID.test(text)
        ? sendProductCardIfAny(deps, ctx, Number(text))
        : Promise.resolve(false),
  });

  onButton(composer, productOpenButton, deps.requireLink, deps.logger, async (ctx, data) => {
    await queries.require("products", data.q, ctx.chat!.id);
    await sendCard(deps, ctx, await productCardOf(deps, ctx, data.q, data.page, data.id));
  });

  // Back from a card: the card goes away and the list it was opened from is in view again;
  // where the card cannot be deleted (too old), the list page comes as a new message.
  onButton(composer, productBackButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const query = await queries.require("products", data.q, ctx.chat!.id);
    const deleted = await ctx.deleteMessage().then(
      () => true,
      (error: unknown) => {
        // Handled: a card Telegram will not delete (older than 48 h) stays, the list comes below.
        deps.logger.debug({ err: (error as Error).name }, "card not deleted; list sent anew");
        return false;
      },
    );
    // Page 0: the card was opened by id, with no list above it to return to.
    if (deleted && data.page > 0) return;
    const screen = await showProductsPage(deps, ctx, data.q, query, Math.max(1, data.page));
    await (deleted ? sendScreen(ctx, screen) : editScreen(ctx, kv, screen, deps.logger));
  });

  return composer;
}

export const productsFeature: Feature = { commands: [PRODUCTS], create: createProductsFeature };
