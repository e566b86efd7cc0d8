import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../i18n.js";
import type { ProductDetail, ProductListRequest } from "../../../seller-api/schemas.js";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../helpers/html.js";
import { fitBlocks, shorten } from "../../helpers/text.js";
import { withTyping } from "../../helpers/typing.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice } from "../../keyboards/button.js";
import { LIST_QUERY_TTL_MS, type ListQuery } from "../../keyboards/list-query.js";
import { keyboardOf, pageCount, pagerRow } from "../../keyboards/pager.js";
import type { Screen } from "../../keyboards/screen.js";
import { allBrands, allCategories, categoryTree } from "../directories/catalog.js";
import { productBackButton, productOpenButton, productsPageButton } from "./buttons.js";
import { type CardContext, productCard, productListItem, productName } from "./format.js";

/** Six products of three lines each, with a button per product, fit a phone screen. */
export const PRODUCTS_PAGE_SIZE = 6;
const MAX_PAGE = 100_000;
const TEXT_LIMIT = 4096;

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/** Main photos (spec 2.4: the list's `photo`) of a shown page, for the cards opened from it. */
const photosKey = (qid: string, page: number) =>
  `${KEY_PREFIX.cache}products:photos:${qid}:${page}`;

export interface ProductsPage {
  screen: Screen;
  photos: Record<number, string>;
}

function requestOf(query: ListQuery, page: number): ProductListRequest {
  return {
    pageNumber: page,
    pageSize: PRODUCTS_PAGE_SIZE,
    sortBy: "id",
    // The catalogue's own order. The product list accepts exactly `Asc`/`Desc`.
    sortDirection: "Asc",
    ...(query.search ? { filters: { search: query.search } } : {}),
  };
}

/** A page of products in catalogue order; a page past the end is refused. */
export async function productsListScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<ProductsPage> {
  if (page < 1 || page > MAX_PAGE) throw new ButtonNotice("list-page-gone");
  const locale = await localeOf(ctx);
  const list = await withTyping(ctx, () => deps.api.listProducts(requestOf(query, page)));
  const products = list.products ?? [];
  const searchLine = query.search
    ? [ctx.t("list-search", { search: escapeHtml(query.search) })]
    : [];
  if (products.length === 0) {
    if (page > 1) throw new ButtonNotice("list-page-gone");
    const text = [...searchLine, ctx.t(query.search ? "products-no-hits" : "products-empty")].join(
      "\n",
    );
    return { screen: { text }, photos: {} };
  }
  const total = list.totalCount ?? products.length;
  const pages = Math.max(list.totalPages ?? 0, pageCount(total, PRODUCTS_PAGE_SIZE));
  const first = (page - 1) * PRODUCTS_PAGE_SIZE + 1;
  const head = [
    ctx.t("products-title", { page: String(page), pages: String(pages), total: String(total) }),
    ...searchLine,
  ].join("\n");
  const items = products.map((p, i) => productListItem(ctx.t, p, first + i, locale));
  const text = fitBlocks(head, items, TEXT_LIMIT, (left) =>
    ctx.t("list-more", { count: String(left) }),
  );
  const rows = products.map((p, i) => [
    InlineKeyboard.text(
      `${first + i}. ${shorten(productName(p.productName, locale), 32)}`,
      productOpenButton.encode({ q: qid, page, id: p.productId }),
    ),
  ]);
  const photos: Record<number, string> = {};
  for (const p of products) if (p.photo?.url) photos[p.productId] = p.photo.url;
  return {
    screen: {
      text,
      keyboard: keyboardOf([
        ...rows,
        pagerRow(page, pages, (to) => productsPageButton.encode({ q: qid, page: to })),
      ]),
    },
    photos,
  };
}

export function rememberPhotos(
  kv: KeyValueStore,
  qid: string,
  page: number,
  photos: Record<number, string>,
) {
  if (Object.keys(photos).length === 0) return Promise.resolve();
  return kv.set(photosKey(qid, page), photos, LIST_QUERY_TTL_MS);
}

/** Only http(s) links can be handed to Telegram as a photo. */
const isPhotoUrl = (url: string | null | undefined): url is string =>
  typeof url === "string" && /^https?:\/\/\S+$/i.test(url) && url.length <= 2048;

/** The list's main photo of the product, else the first photo of its SKUs. */
async function mainPhoto(
  kv: KeyValueStore,
  qid: string,
  page: number,
  product: ProductDetail,
): Promise<string | undefined> {
  const listed = (await kv.get<Record<string, string>>(photosKey(qid, page)))?.[product.productId];
  if (isPhotoUrl(listed)) return listed;
  const photos = (product.skus ?? [])
    .flatMap((sku) => sku.photos ?? [])
    .filter((photo) => isPhotoUrl(photo.url))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return photos[0]?.url ?? undefined;
}

/** Category path and brand name from the cached directories; ids alone if they fail. */
async function cardContext(deps: FeatureDeps, product: ProductDetail): Promise<CardContext> {
  const kv = deps.storage.kv;
  const [category, brand] = await Promise.all([
    product.categoryId == null
      ? undefined
      : allCategories(deps.api, kv).then(
          (all) => {
            const path = categoryTree(all).path(product.categoryId!);
            return path.length > 0 ? path.map((n) => shorten(n, 40)).join(" › ") : undefined;
          },
          () => undefined,
        ),
    product.brandId == null
      ? undefined
      : allBrands(deps.api, kv).then(
          (all) => all.find((b) => b.id === product.brandId)?.name ?? undefined,
          () => undefined,
        ),
  ]);
  return { ...(category ? { category } : {}), ...(brand ? { brand: shorten(brand, 60) } : {}) };
}

export interface ProductCard {
  text: string;
  caption: string;
  photo: string | undefined;
  keyboard: InlineKeyboard;
}

export async function productCardOf(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  page: number,
  productId: number,
): Promise<ProductCard> {
  // Page 0: opened by id, not from a list page.
  if (page < 0 || page > MAX_PAGE) throw new ButtonNotice("products-product-gone");
  const locale = await localeOf(ctx);
  const { product, extra, photo } = await withTyping(ctx, async () => {
    const details = await deps.api.productDetails([productId]);
    const product = (details.products ?? []).find((p) => p.productId === productId);
    if (!product) throw new ButtonNotice("products-product-gone");
    const [extra, photo] = await Promise.all([
      cardContext(deps, product),
      mainPhoto(deps.storage.kv, qid, page, product),
    ]);
    return { product, extra, photo };
  });
  return {
    text: productCard(ctx.t, product, extra, locale, TEXT_LIMIT),
    caption: productCard(ctx.t, product, extra, locale, 1024),
    photo,
    keyboard: keyboardOf([
      [InlineKeyboard.text(ctx.t("list-back"), productBackButton.encode({ q: qid, page }))],
    ]),
  };
}
