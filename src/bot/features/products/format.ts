import type { Locale } from "../../../i18n.js";
import type { ProductDetail, ProductListItem } from "../../../seller-api/index.js";
import {
  escapeHtml,
  fitBlocksCounted,
  formatMoney,
  formatNumber,
  htmlToText,
  localized,
  productStateKey,
  shorten,
  shortenText,
} from "../../../text/index.js";
import type { CardFacts } from "./card-facts.js";

type T = (key: string, vars?: Record<string, string>) => string;

export function stateLabel(t: T, value: string | null | undefined): string {
  const key = productStateKey(value);
  return key ? t(key) : escapeHtml(shorten(value || "—", 30));
}

/** The product's name in the chat's language (the other one when it has none). */
export function productName(name: ProductListItem["productName"], locale: Locale): string {
  return localized(name, locale) || "—";
}

export function productListItem(t: T, product: ProductListItem, n: number, locale: Locale): string {
  return t("products-item", {
    n: String(n),
    name: escapeHtml(shorten(productName(product.productName, locale), 90)),
    id: String(product.productId),
    status: stateLabel(t, product.productStatus),
    moderation: stateLabel(t, product.moderationStatus),
    stock: formatNumber(product.totalWmsQuantity ?? 0, locale),
    sales: formatNumber(product.salesCount ?? 0, locale),
  });
}

/** What the card shows beside the details themselves (directories, list, alerts). */
export interface CardContext extends Partial<CardFacts> {
  category?: string;
  brand?: string;
}

/** `Цвет: чёрный, белый; Страна: Казахстан`, names from the directories where known. */
function attributesText(product: ProductDetail, extra: CardContext): string {
  const attributeNames = extra.attributeNames ?? {};
  const valueNames = extra.valueNames ?? {};
  return (product.attributes ?? [])
    .map((a) => {
      const values = (a.valueIds ?? []).map((v) => valueNames[v] ?? String(v));
      return `${attributeNames[a.id] ?? a.id}: ${values.join(", ") || "—"}`;
    })
    .join("; ");
}

/** Stock, sales, days left and the alert threshold: what a seller acts on. */
function stockLines(t: T, extra: CardContext, locale: Locale): string {
  const lines: string[] = [];
  if (extra.stock) {
    lines.push(
      t("product-stock", {
        stock: formatNumber(extra.stock.stock, locale),
        sales: formatNumber(extra.stock.sales, locale),
      }),
    );
    if (extra.stock.daysLeft !== undefined) {
      lines.push(t("product-days-left", { days: formatNumber(extra.stock.daysLeft, locale) }));
    }
  }
  if (extra.threshold) {
    lines.push(
      t(extra.threshold.own ? "product-threshold-own" : "product-threshold-default", {
        count: formatNumber(extra.threshold.value, locale),
      }),
    );
  }
  return lines.join("\n");
}

/**
 * A product card of at most `limit` visible characters: the description is shortened (with a
 * marker) before any SKU is left out, and left-out SKUs are counted.
 */
export function productCard(
  t: T,
  product: ProductDetail,
  extra: CardContext,
  locale: Locale,
  limit: number,
): string {
  const idOr = (id: number | null | undefined, name?: string) =>
    id == null ? "—" : name ? `${escapeHtml(name)} (<code>${id}</code>)` : `<code>${id}</code>`;
  const head = t("product-card", {
    // A caption has room for a shorter name than a text card.
    // The list has the name in both languages; the detail view only in Russian (spec 2.5).
    name: escapeHtml(
      shorten(productName(extra.name ?? product.name, locale), limit > 1024 ? 1000 : 300),
    ),
    id: String(product.productId),
    category: idOr(product.categoryId, extra.category),
    brand: idOr(product.brandId, extra.brand),
    vat: product.vat == null ? "—" : `${formatNumber(product.vat, locale)} %`,
    local: t(
      product.isLocalMade == null
        ? "product-unknown"
        : product.isLocalMade
          ? "product-yes"
          : "product-no",
    ),
  });
  const attributes = attributesText(product, extra);
  const stock = stockLines(t, extra, locale);
  const attributesLine = attributes
    ? t("product-attributes", { attributes: escapeHtml(shorten(attributes, 300)) })
    : "";
  const skus = product.skus ?? [];
  const skuTitle = t("product-skus", { count: String(skus.length) });
  const skuLines = skus.map((sku) =>
    t("product-sku", {
      id: String(sku.skuId),
      price: formatMoney(sku.price, locale),
      barcode: escapeHtml(shorten(sku.skuBarcode || "—", 60)),
      values:
        (sku.attributeValueIds ?? [])
          .map((v) => escapeHtml(extra.valueNames?.[v] ?? String(v)))
          .join(", ") || "—",
    }),
  );
  const description = htmlToText(localized(product.description, locale));
  const compose = (descriptionMax: number) => {
    const parts = [head, stock, attributesLine];
    if (description && descriptionMax > 0) {
      const short = shortenText(description, descriptionMax, t("product-description-cut"));
      parts.push(`${t("product-description")}\n${escapeHtml(short)}`);
    }
    parts.push(skuTitle);
    return fitBlocksCounted(
      parts.filter(Boolean).join("\n\n"),
      skuLines,
      limit,
      (left) => t("product-skus-more", { count: String(left) }),
      "\n",
    );
  };
  // Try a generous description first, then shorter ones, until every SKU fits.
  for (const max of limit > 1024 ? [1500, 600, 200] : [300, 120]) {
    const card = compose(max);
    if (card.omitted === 0) return card.text;
  }
  return compose(0).text;
}
