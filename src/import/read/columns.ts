import { ATTRIBUTE_TITLE, columnName, normalizeTitle, titleFields } from "../../sheets/index.js";

export { normalizeTitle };

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

/** Columns that may repeat, read left to right (several photo columns, one merged title). */
const REPEATABLE: ReadonlySet<string> = new Set(["photos"]);

/**
 * The SKU's cost price: kept by the bot, never sent to the Seller API (a returned export's
 * column, or a list of barcodes and costs).
 */
export const COST_COLUMN = "cost";

export type Column =
  | { index: number; kind: "key"; name: "productKey" }
  | { index: number; kind: "cost"; name: typeof COST_COLUMN }
  | { index: number; kind: "product"; name: ProductColumn }
  | { index: number; kind: "sku"; name: SkuColumn }
  | { index: number; kind: "attribute"; name: string; code: string };

export interface HeaderProblem {
  /** The column as written, or its letter (`column C`) when its title is empty. */
  field: string;
  index: number;
  code: "unknown-field" | "duplicate-column" | "untitled-column";
}

export interface Header {
  columns: Column[];
  problems: HeaderProblem[];
  /** Untitled columns: only a problem when some row has a value in them. */
  untitled: number[];
  /** Read-only columns of an export (titled 🔒…): their cells are never read, nor named. */
  readOnly: number[];
}

/** A title starting with 🔒, written as an escape: the bundle stays ASCII (scripts/build.ts). */
export const READ_ONLY_TITLE = /^\s*\u{1F512}/u;

/**
 * The titles read for each field: the vocabulary's (src/sheets: both languages, the field's own
 * name, English and other words sellers write), normalized (see `normalizeTitle`).
 */
const BY_TITLE: ReadonlyMap<string, string> = titleFields();
const KIND: ReadonlyMap<string, Column["kind"]> = new Map<string, Column["kind"]>([
  ["productKey", "key"],
  [COST_COLUMN, "cost"],
  ...PRODUCT_COLUMNS.map((n) => [n, "product"] as const),
  ...SKU_COLUMNS.map((n) => [n, "sku"] as const),
]);
const ATTRIBUTE_PREFIX = ATTRIBUTE_TITLE;

/**
 * The longest text taken for a column title. Every cell of the rows searched for the header is
 * tried as a title: a sheet of long descriptions (or one shared 1 MB string in every cell) would
 * otherwise cost seconds of normalising text that names no column.
 */
export const MAX_TITLE_CHARS = 200;

/** The column a title names, or undefined. `Фото 2` is photos, `attributes.Color` the code `Color`. */
export function columnFor(title: string, index: number): Column | undefined {
  if (title.length > MAX_TITLE_CHARS) return undefined;
  const attribute = ATTRIBUTE_PREFIX.exec(title);
  if (attribute && title.length > attribute[0].length) {
    const code = title.slice(attribute[0].length).trim();
    return { index, kind: "attribute", name: `attributes.${code}`, code };
  }
  const key = normalizeTitle(title);
  const name = BY_TITLE.get(key) ?? BY_TITLE.get(key.replace(/\d+$/, ""));
  if (!name) return undefined;
  if (name !== "photos" && !BY_TITLE.has(key)) return undefined;
  return { index, kind: KIND.get(name)!, name } as Column;
}

/**
 * Matches header titles to the contract's fields (aliases above). Cells are sparse: a
 * title's place is its index. A second column of a field is a problem, except photos.
 */
export function readHeader(cells: readonly string[]): Header {
  const columns: Column[] = [];
  const problems: HeaderProblem[] = [];
  const untitled: number[] = [];
  const readOnly: number[] = [];
  const seen = new Set<string>();
  const width = cells.length;
  for (let index = 0; index < width; index++) {
    const title = (cells[index] ?? "").trim();
    if (title === "") {
      // Only columns up to the last title can be "untitled"; the rest are tracked per row.
      untitled.push(index);
      continue;
    }
    if (READ_ONLY_TITLE.test(title)) {
      readOnly.push(index);
      continue;
    }
    const column = columnFor(title, index);
    if (!column) {
      problems.push({ field: title, index, code: "unknown-field" });
      continue;
    }
    if (seen.has(column.name) && !REPEATABLE.has(column.name)) {
      problems.push({ field: column.name, index, code: "duplicate-column" });
      continue;
    }
    seen.add(column.name);
    columns.push(column);
  }
  return { columns, problems, untitled, readOnly };
}

/**
 * Titles of a column of row numbers (`№`, `№ п/п`, `#`, `No.`, pandas' `Unnamed: 0`), normalized.
 * Such a column is ignored when it holds exactly the row numbers (see `indexColumns`).
 */
const NUMBERING_TITLES: ReadonlySet<string> = new Set([
  "",
  "пп",
  "n",
  "no",
  "nº",
  "nr",
  "номер",
  "нөмір",
  "unnamed0",
  "index",
]);
export const isNumberingTitle = (title: string) =>
  title.length <= MAX_TITLE_CHARS && NUMBERING_TITLES.has(normalizeTitle(title));

/** How many known columns a row's cells name, each counted once (`Фото 1`, `Фото 2`: one). */
export function knownTitles(cells: readonly string[]): { known: number; required: boolean } {
  const names = new Set<string>();
  // A title names the same column wherever it stands: a row of a million `1`s is one lookup.
  const looked = new Set<string>();
  let required = false;
  for (const cell of cells) {
    // Cells are sparse: a hole is a cell with nothing in it.
    const title = typeof cell === "string" ? cell.trim() : "";
    if (!title || looked.has(title)) continue;
    looked.add(title);
    const column = columnFor(title, 0);
    if (!column) continue;
    names.add(column.name);
    if (REQUIRED_COLUMNS.includes(column.name)) required = true;
  }
  return { known: names.size, required };
}

/** Columns no product can do without (the API requires them), missing from the header. */
export function missingColumns(header: Header): string[] {
  const present = new Set(header.columns.map((c) => c.name));
  return ["categoryId", "brandId", "name.rus", "description.rus", "price"].filter(
    (name) => !present.has(name),
  );
}

export function hasProductColumns(header: Header): boolean {
  return header.columns.some((c) => REQUIRED_COLUMNS.includes(c.name));
}

/** `column C` for a column with no title: the letter the seller's program shows. */
export const untitledField = (index: number) => columnName(index + 1);
