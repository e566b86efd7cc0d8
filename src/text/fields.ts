import { escapeHtml } from "./html.js";
import { shorten } from "./text.js";

/** A translation into the chat's language (text-only arguments: every caller's `t` fits). */
type Translate = (key: string, vars?: Record<string, string>) => string;

/**
 * A field of the Seller API (an import path such as `skus[0].price`, `name.rus`,
 * `attributes[1].valueCodes[0]`, or the catalog's `attributes.<code>`) as the seller calls it,
 * in the chat's language: «Цена», «Название (рус.)». A seller never reads the API's names; a
 * text the bot does not know as a field (a column the seller titled) is shown as written, in
 * quotes. The result is HTML (escaped).
 */
export function fieldLabel(t: Translate, field: string): string {
  const path: string[] = field
    .replace(/\[\d+\]/g, "")
    .split(".")
    .filter(Boolean)
    // `Skus[0].Price` as a validator names it is `skus[0].price`.
    .map((name) => name.charAt(0).toLowerCase() + name.slice(1));
  // A whole request's path (`products[1].name.rus`) names the product's own field.
  if (path[0] === "products" && path.length > 1) path.shift();
  const key = labelKey(path);
  if (key) return t(key);
  const [head, ...rest] = path;
  // `attributes.<code>` (a file's column, the catalog's preview): the characteristic's code.
  if ((head === "attributes" || head === "attribute") && rest.length > 0) {
    return t("field-attribute-code", { code: escapeHtml(shorten(rest.join("."), 40)) });
  }
  return field.trim() === "" ? "—" : `«${escapeHtml(shorten(field.trim(), 40))}»`;
}

/** The API's names by what they are (the last name that says it; indexes dropped). */
const LEAVES: Readonly<Record<string, string>> = {
  price: "field-price",
  barcode: "field-barcode",
  skuBarcode: "field-barcode",
  photos: "field-photos",
  mediaFile: "field-photos",
  categoryId: "field-category",
  brandId: "field-brand",
  isLocalMade: "field-local-made",
  vat: "field-vat",
  productId: "field-product-id",
  skuId: "field-sku-id",
  shopId: "field-shop",
  productKey: "field-product-key",
  attributeValueCodes: "field-sku-values",
  attributeValueIds: "field-sku-values",
  skus: "field-skus",
  attributes: "field-attributes",
  name: "field-name",
  description: "field-description",
};

function labelKey(path: readonly string[]): string | undefined {
  const [head, second] = path;
  const last = path.at(-1);
  if (!head || !last) return undefined;
  if ((head === "name" || head === "description") && path.length <= 2) {
    if (second === "rus" || second === "kaz") return `field-${head}-${second}`;
    if (second === undefined) return LEAVES[head];
    return undefined;
  }
  if (head === "attributes" && path.length === 2) {
    if (second === "code" || second === "id") return "field-attribute";
    if (second === "valueCodes" || second === "valueIds") return "field-attribute-values";
    return undefined;
  }
  if (head === "skus" && path.length >= 3 && path[1] === "photos") return "field-photos";
  if (path.length > 2) return undefined;
  if (path.length === 2 && head !== "skus") return undefined;
  return LEAVES[last];
}

/** The Seller API's error codes the bot has a sentence of its own for (as the sandbox gives them). */
const KNOWN_CODES = new Set([
  "PRODUCT_NOT_FOUND",
  "SHOP_NOT_FOUND",
  "CATEGORY_NOT_FOUND",
  "CATEGORY_NOT_LEAF",
  "BRAND_NOT_FOUND",
  "ATTRIBUTE_NOT_FOUND",
  "ATTRIBUTE_VALUE_NOT_FOUND",
  "SKU_NOT_FOUND",
  "INVALID_PRICE",
  "DUPLICATE_BARCODE",
]);

/**
 * An error of the Seller API as a seller reads it (plain text, not escaped): a code the bot
 * knows in a sentence of its own; any other's text only after a sentence in the chat's
 * language, so an English line never stands alone. The code itself is never shown.
 */
export function apiErrorText(
  t: Translate,
  error: { code?: string | null; description?: string | null },
): string {
  const code = (error.code ?? "").trim().toUpperCase();
  if (KNOWN_CODES.has(code)) return t(`api-code-${code.toLowerCase().replace(/_/g, "-")}`);
  const text = (error.description ?? "").trim();
  return text ? t("api-error-other", { text }) : t("api-error-none");
}

/**
 * Order statuses the bot knows, by their key as `normalizeStatus` compares them (letters only,
 * lower case). The spec names none (2.9): these are the marketplace's usual ones.
 */
const ORDER_STATES: Readonly<Record<string, string>> = {
  new: "order-state-new",
  accepted: "order-state-accepted",
  acceptedbyseller: "order-state-accepted",
  delivering: "order-state-delivering",
  indelivery: "order-state-delivering",
  delivered: "order-state-delivered",
  completed: "order-state-completed",
  cancelled: "order-state-cancelled",
  canceled: "order-state-cancelled",
  returnrequested: "order-state-return-requested",
  returned: "order-state-returned",
};

/**
 * An order's status in the chat's language for a key the bot knows; otherwise the API's own
 * label (or, with none, its key), whole, as files write it; "" with neither.
 */
export function orderStatusName(
  t: Translate,
  key: string | null | undefined,
  label: string | null | undefined,
): string {
  const known = ORDER_STATES[(key ?? "").toLowerCase().replace(/[^a-z]/g, "")];
  if (known) return t(known);
  return label?.trim() || key?.trim() || "";
}

/** An order's status as a chat shows it (`orderStatusName`, shortened). Plain text: escape it. */
export function orderStatusText(
  t: Translate,
  key: string | null | undefined,
  label: string | null | undefined,
): string {
  return shorten(orderStatusName(t, key, label) || "—", 40);
}
