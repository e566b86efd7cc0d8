import { InlineKeyboard } from "grammy";
import type { Locale } from "../../../i18n.js";
import type { ProductDetail, ProductListRequest } from "../../../seller-api/index.js";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";
import { shorten } from "../../../text/index.js";
import { exportButton, priceMenuButton, thresholdMenuButton } from "../../buttons/codecs.js";
import { ButtonNotice } from "../../buttons/handle.js";
import { categoryTree } from "../../catalog.js";
import { targetOf } from "../../chat-target.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { checkPage, listScreen, pagesOf, searchLines } from "../../lists/paged-list.js";
import { LIST_QUERY_TTL_MS, type ListQuery } from "../../lists/queries.js";
import { keyboardOf } from "../../screens/keyboard.js";
import type { Screen } from "../../screens/screen.js";
import { withTyping } from "../../screens/typing.js";
import { productBackButton, productOpenButton, productsPageButton } from "./buttons.js";
import { cardFacts } from "./card-facts.js";
import { type CardContext, productCard, productListItem, productName } from "./format.js";

/** Six products of three lines each, with a button per product, fit a phone screen. */
export const PRODUCTS_PAGE_SIZE = 6;
/** Telegram's limit of a message's text. */
const TEXT_LIMIT = 4096;

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/** Main photos (spec 2.4: the list's `photo`) of a shown page, for the cards opened from it. */
const photosKey = (qid: string, page: number) =>
  `${KEY_PREFIX.cache}products:photos:${qid}:${page}`;

export interface ProductsPage {
  screen: Screen;
  photos: Record<number, string>;
  /** Products on the page (0: none found). */
  count: number;
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
  checkPage(page);
  const locale = await localeOf(ctx);
  const list = await withTyping(
    ctx,
    () => deps.seller.listProducts(requestOf(query, page)),
    deps.logger,
  );
  const products = list.products ?? [];
  const total = list.totalCount ?? products.length;
  const first = (page - 1) * PRODUCTS_PAGE_SIZE + 1;
  const rows = products.map((p, i) => [
    InlineKeyboard.text(
      `${first + i}. ${shorten(productName(p.productName, locale), 32)}`,
      productOpenButton.encode({ q: qid, page, id: p.productId }),
    ),
  ]);
  const photos: Record<number, string> = {};
  for (const p of products) if (p.photo?.url) photos[p.productId] = p.photo.url;
  const screen = listScreen(ctx, {
    page,
    titleKey: "products-title",
    total,
    pages: pagesOf(total, PRODUCTS_PAGE_SIZE, list.totalPages),
    headLines: searchLines(ctx, query),
    items: products.map((p, i) => productListItem(ctx.t, p, first + i, locale)),
    rows: [
      ...rows,
      [
        InlineKeyboard.text(
          ctx.t("catalog-export-list"),
          exportButton.encode({ kind: "q", arg: qid }),
        ),
      ],
    ],
    empty: {
      lines: [
        ...searchLines(ctx, query),
        ctx.t(query.search ? "products-no-hits" : "products-empty"),
      ],
    },
    pageData: (to) => productsPageButton.encode({ q: qid, page: to }),
  });
  return { screen, photos, count: products.length };
}

/** A page of the list, its photos remembered for the cards opened from it. */
export async function showProductsPage(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<Screen> {
  const { screen, photos } = await productsListScreen(deps, ctx, qid, query, page);
  await rememberPhotos(deps.storage.kv, qid, page, photos);
  return screen;
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
  const [category, brand] = await Promise.all([
    product.categoryId == null
      ? undefined
      : deps.catalog.allCategories().then(
          (all) => {
            const path = categoryTree(all).path(product.categoryId!);
            return path.length > 0 ? path.map((n) => shorten(n, 40)).join(" › ") : undefined;
          },
          () => undefined,
        ),
    product.brandId == null
      ? undefined
      : deps.catalog.allBrands().then(
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
  checkPage(page, "products-product-gone", 0);
  const locale = await localeOf(ctx);
  const { product, extra, photo } = await withTyping(
    ctx,
    async () => {
      const details = await deps.seller.productDetails([productId]);
      const product = (details.products ?? []).find((p) => p.productId === productId);
      if (!product) throw new ButtonNotice("products-product-gone");
      const [context, facts, photo] = await Promise.all([
        cardContext(deps, product),
        cardFacts(deps, product, targetOf(ctx)),
        mainPhoto(deps.storage.kv, qid, page, product),
      ]);
      return { product, extra: { ...context, ...facts }, photo };
    },
    deps.logger,
  );
  return {
    text: productCard(ctx.t, product, extra, locale, TEXT_LIMIT),
    caption: productCard(ctx.t, product, extra, locale, 1024),
    photo,
    keyboard: keyboardOf([
      extra.threshold
        ? [
            InlineKeyboard.text(
              ctx.t("product-threshold-button"),
              thresholdMenuButton.encode({ id: productId }),
            ),
          ]
        : [],
      [
        InlineKeyboard.text(
          ctx.t("catalog-price-button"),
          priceMenuButton.encode({ id: productId }),
        ),
      ],
      [InlineKeyboard.text(ctx.t("list-back"), productBackButton.encode({ q: qid, page }))],
    ]),
  };
}
