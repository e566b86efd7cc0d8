import type { ImportProduct } from "../seller-api/index.js";

/**
 * The fields a seller may change in an exported file, as canonical texts: the same text for
 * the same value whatever program saved the file (`1990` for 1990.0, codes and photo links
 * joined by `|`). Product fields sit on every SKU row of the product; SKU fields on one row.
 */
export const PRODUCT_FIELDS = [
  "categoryId",
  "brandId",
  "isLocalMade",
  "name.rus",
  "name.kaz",
  "description.rus",
  "description.kaz",
  "vat",
] as const;
export const SKU_FIELDS = ["attributeValueCodes", "price", "barcode", "photos"] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type SkuField = (typeof SKU_FIELDS)[number];
/** A product field, a SKU field or `attributes.<code>` (a product's characteristic). */
export type Field = string;

export const isSkuField = (field: Field): field is SkuField =>
  (SKU_FIELDS as readonly string[]).includes(field);

/** Field → canonical text; a field without a value is absent. */
export type Values = Record<Field, string>;

export interface LiveSku {
  skuId: number;
  valueIds: number[];
  /** Undefined when some value id has no code the directory gives. */
  valueCodes: string[] | undefined;
  /**
   * What the export writes for each of `valueCodes` where the directories name some of them
   * (`Вес: 250 г`, a code where they give no name); absent: the codes themselves.
   */
  valueLabels?: string[];
  /** The values' names, when the directory names every one (what a seller calls the variant). */
  valueNames?: string[];
  price: number;
  barcode: string;
  photos: string[];
}

export interface LiveCard {
  productId: number;
  categoryId: number;
  brandId: number;
  isLocalMade: boolean | undefined;
  name: { rus: string; kaz?: string };
  /** `kaz` only when a read view gives it (the spec's detail view does not). */
  description: { rus: string; kaz?: string };
  vat: number | undefined;
  attributes: {
    id: number;
    code: string | undefined;
    valueCodes: string[] | undefined;
    /** The characteristic's name in the directory, where it reads back as this code alone. */
    name?: string;
    /** What the export writes for each of `valueCodes` (names where given); absent: codes. */
    valueLabels?: string[];
  }[];
  skus: LiveSku[];
  /** Every attribute and SKU value could be written as codes. */
  codesKnown: boolean;
  /** From the list (read-only in the file). */
  stock?: number;
  sales?: number;
  productStatus?: string;
  moderationStatus?: string;
}

export const joinList = (items: readonly string[]) => items.join("|");
export const priceText = (price: number) => String(Number(price.toPrecision(12)));

/** The card's values on one SKU's row (product fields repeated on each). */
export function productValues(card: LiveCard): Values {
  const values: Values = {
    categoryId: String(card.categoryId),
    brandId: String(card.brandId),
    "name.rus": card.name.rus,
  };
  if (card.isLocalMade !== undefined) values.isLocalMade = String(card.isLocalMade);
  if (card.name.kaz) values["name.kaz"] = card.name.kaz;
  if (card.description.rus) values["description.rus"] = card.description.rus;
  if (card.description.kaz) values["description.kaz"] = card.description.kaz;
  if (card.vat !== undefined) values.vat = String(card.vat);
  for (const a of card.attributes) {
    if (a.code && a.valueCodes) values[`attributes.${a.code}`] = joinList(a.valueCodes);
  }
  return values;
}

export function skuValues(sku: LiveSku): Values {
  const values: Values = { price: priceText(sku.price) };
  if (sku.barcode) values.barcode = sku.barcode;
  if (sku.photos.length > 0) values.photos = joinList(sku.photos);
  if (sku.valueCodes && sku.valueCodes.length > 0)
    values.attributeValueCodes = joinList(sku.valueCodes);
  return values;
}

/**
 * A list of names as a cell shows it: `; ` between them (a seller's own way of listing); codes
 * alone keep the import format's `|`. The readers take either.
 */
const namesCell = (labels: readonly string[]) => labels.join("; ");

/** A product characteristic's cell as the export writes it: names where given, else codes. */
export function attributeCell(a: LiveCard["attributes"][number]): string | undefined {
  if (a.valueLabels) return namesCell(a.valueLabels);
  return a.valueCodes ? joinList(a.valueCodes) : undefined;
}

/** A SKU's characteristics as the export writes them (`Вес: 250 г`), where the directories name them. */
export function skuLabelsCell(sku: LiveSku): string | undefined {
  if (sku.valueLabels && sku.valueLabels.length > 0) return namesCell(sku.valueLabels);
  return undefined;
}

const split = (text: string | undefined) => (text ? text.split("|").filter(Boolean) : []);

/** A changed value on a card: product fields (skuId undefined) or one SKU's. */
export interface CardChange {
  skuId?: number;
  field: Field;
  value: string;
}

/**
 * The whole card as the import takes it: every field and every SKU as live, with `changes`
 * put in. Undefined when some characteristic has no code (never sent without them) unless the
 * changes give every missing one.
 */
export function cardWith(
  card: LiveCard,
  changes: readonly CardChange[],
): ImportProduct | undefined {
  const product = changes.filter((c) => c.skuId === undefined);
  const get = (field: Field) => product.find((c) => c.field === field)?.value;
  const attributes: { code: string; valueCodes: string[] }[] = [];
  for (const a of card.attributes) {
    const given = a.code ? get(`attributes.${a.code}`) : undefined;
    const codes = given !== undefined ? split(given) : a.valueCodes;
    if (!a.code || !codes) return undefined;
    attributes.push({ code: a.code, valueCodes: codes });
  }
  for (const c of product) {
    if (!c.field.startsWith("attributes.")) continue;
    const code = c.field.slice("attributes.".length);
    if (!attributes.some((a) => a.code === code))
      attributes.push({ code, valueCodes: split(c.value) });
  }
  // Each SKU's changes, grouped once: a product may have hundreds of SKUs.
  const bySku = new Map<number, CardChange[]>();
  for (const c of changes) {
    if (c.skuId === undefined) continue;
    const group = bySku.get(c.skuId);
    if (group) group.push(c);
    else bySku.set(c.skuId, [c]);
  }
  const skus = [];
  for (const sku of card.skus) {
    const own = bySku.get(sku.skuId) ?? [];
    const field = (f: SkuField) => own.find((c) => c.field === f)?.value;
    const codes = field("attributeValueCodes");
    const valueCodes = codes !== undefined ? split(codes) : sku.valueCodes;
    if (!valueCodes) return undefined;
    const photos = field("photos") !== undefined ? split(field("photos")) : sku.photos;
    const barcode = field("barcode") ?? sku.barcode;
    skus.push({
      skuId: sku.skuId,
      ...(valueCodes.length > 0 && { attributeValueCodes: valueCodes }),
      price: Number(field("price") ?? sku.price),
      ...(barcode && { barcode }),
      ...(photos.length > 0 && {
        photos: photos.map((mediaFile, i) => ({ mediaFile, order: i + 1 })),
      }),
    });
  }
  const kaz = get("name.kaz") ?? card.name.kaz;
  const descriptionKaz = get("description.kaz") ?? card.description.kaz;
  const isLocalMade = get("isLocalMade") ?? card.isLocalMade?.toString();
  const vat = get("vat") ?? card.vat?.toString();
  return {
    productId: card.productId,
    categoryId: Number(get("categoryId") ?? card.categoryId),
    brandId: Number(get("brandId") ?? card.brandId),
    ...(isLocalMade !== undefined && { isLocalMade: isLocalMade === "true" }),
    name: { rus: get("name.rus") ?? card.name.rus, ...(kaz && { kaz }) },
    description: {
      rus: get("description.rus") ?? card.description.rus,
      ...(descriptionKaz && { kaz: descriptionKaz }),
    },
    ...(vat !== undefined && { vat: Number(vat) }),
    attributes,
    skus,
  };
}
