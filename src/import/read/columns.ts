/** Product columns: one value per product, repeated (or left empty) on its later rows. */
export const PRODUCT_COLUMNS = [
  "productId",
  "shopId",
  "categoryId",
  "brandId",
  "isLocalMade",
  "name.rus",
  "name.kaz",
  "description.rus",
  "description.kaz",
  "vat",
] as const;
/** SKU columns: one SKU per row. */
export const SKU_COLUMNS = ["skuId", "attributeValueCodes", "price", "barcode", "photos"] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
export type SkuColumn = (typeof SKU_COLUMNS)[number];

/** Without at least one of these the file is not a product list at all. */
export const REQUIRED_COLUMNS = ["categoryId", "brandId", "name.rus", "description.rus", "price"];

export type Column =
  | { index: number; kind: "key"; name: "productKey" }
  | { index: number; kind: "product"; name: ProductColumn }
  | { index: number; kind: "sku"; name: SkuColumn }
  | { index: number; kind: "attribute"; name: string; code: string };

export interface HeaderProblem {
  /** The column as written, or `column N` when its title is empty. */
  field: string;
  index: number;
  code: "unknown-field" | "invalid";
  detail?: string;
}

export interface Header {
  columns: Column[];
  problems: HeaderProblem[];
  /** Untitled columns: only a problem when some row has a value in them. */
  untitled: number[];
}

const FIXED = new Map<string, Column["kind"]>([
  ["productkey", "key"],
  ...PRODUCT_COLUMNS.map((n) => [n.toLowerCase(), "product"] as const),
  ...SKU_COLUMNS.map((n) => [n.toLowerCase(), "sku"] as const),
]);
const CANONICAL = new Map<string, string>(
  ["productKey", ...PRODUCT_COLUMNS, ...SKU_COLUMNS].map((n) => [n.toLowerCase(), n]),
);
const ATTRIBUTE_PREFIX = "attributes.";

/**
 * Matches header titles to the JSON field paths of the contract: trimmed, any case for the
 * fixed names, attribute codes kept as written (`attributes.Color` is the code `Color`).
 */
export function readHeader(cells: readonly string[]): Header {
  const columns: Column[] = [];
  const problems: HeaderProblem[] = [];
  const untitled: number[] = [];
  const seen = new Set<string>();
  cells.forEach((raw, index) => {
    const title = raw.trim();
    if (title === "") {
      untitled.push(index);
      return;
    }
    const lower = title.toLowerCase();
    const kind = FIXED.get(lower);
    let column: Column | undefined;
    if (kind) {
      column = { index, kind, name: CANONICAL.get(lower) } as Column;
    } else if (lower.startsWith(ATTRIBUTE_PREFIX) && title.length > ATTRIBUTE_PREFIX.length) {
      const code = title.slice(ATTRIBUTE_PREFIX.length).trim();
      column = { index, kind: "attribute", name: `${ATTRIBUTE_PREFIX}${code}`, code };
    }
    if (!column) {
      problems.push({ field: title, index, code: "unknown-field" });
      return;
    }
    if (seen.has(column.name)) {
      problems.push({ field: column.name, index, code: "invalid", detail: "duplicate column" });
      return;
    }
    seen.add(column.name);
    columns.push(column);
  });
  return { columns, problems, untitled };
}

export function hasProductColumns(header: Header): boolean {
  return header.columns.some((c) => REQUIRED_COLUMNS.includes(c.name));
}
