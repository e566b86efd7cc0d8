import type { ImportProduct } from "../seller-api/index.js";
import { CELL_PROBLEMS, type FileFormat, READING_REJECTIONS } from "../sheets/index.js";

/**
 * Shared vocabulary of the import: the reader turns a seller's file into products that keep
 * a reference to where they came from, the sender and the watcher carry those references to
 * the results, and the summary names rows (CSV/XLSX) or positions (JSON) back to the seller.
 */

export type { FileFormat };

/**
 * Where a product or SKU stands in the seller's file. Rows are numbered as a spreadsheet
 * shows them (the header is row 1); positions are 1-based places in the JSON products array.
 */
export type SourceRef = { kind: "rows"; rows: number[] } | { kind: "position"; position: number };

/** Reasons a product is invalid; each has a locale key `import-issue-<code>`. */
export const ISSUE_CODES = [
  "required", // a required value is missing or empty
  "not-a-number", // price, ids, vat, order: not a number
  "not-an-integer", // ids, vat: not a whole number
  "not-positive", // ids, price: zero or negative
  "not-a-boolean", // isLocalMade: not true/false/1/0/да/нет/иә/жоқ
  "not-a-string", // JSON: a text field holds a number/object
  "not-a-list", // JSON: an array field holds something else
  "unknown-field", // JSON: a property the API does not allow; CSV: an unknown column
  "vat-not-allowed", // vat not among IMPORT_VAT_RATES (params: allowed)
  "conflict", // CSV: rows of one productKey disagree on a product column (params: rows)
  "too-long", // text longer than the API or Telegram can carry (params: max)
  "invalid-url", // photos: not an http(s) URL
  "kazakh-letters-lost", // Windows-1251 file: `?` where Kazakh letters were
  "letters-lost", // a text file saved without Cyrillic: whole words became `?`
  "invalid", // anything else (params: detail, optional)
  // A value the reader will not guess at; `value` is the cell as the seller sees it.
  // A cell the sheets' reader cannot trust: formula-not-calculated, cell-error, too-big,
  // formula-in-csv (src/sheets/read/table.ts).
  ...CELL_PROBLEMS,
  "ambiguous-number", // `1,234` with nothing in the file telling thousands from decimals (params: value)
  "hidden-decimals", // XLSX: the cell shows fewer decimals than it holds (params: value, stored)
  "date-not-number", // XLSX: a date in a number column (params: value)
  "percent-not-number", // XLSX: a percent cell in a number column other than VAT (params: value)
  "barcode-digits-lost", // a number cell over 15 digits: the spreadsheet rounded it (params: value)
  "barcode-leading-zeros", // a number-cell barcode too short to be a code as is (params: value, digits)
  "barcode-short", // CSV/JSON: all digits, fewer than 13, and no check digit proves the zeros lost (params: value, digits)
  "barcode-scientific", // a barcode shown as 4,6E+12: its digits are gone (params: value)
  "barcode-apostrophe", // a barcode written '4870000000012: the apostrophe is in the text (params: value)
  "list-separator", // codes separated by `;` or `,` instead of `|` (params: value)
  "photos-separator", // photo links separated by `;`, `,` or a space instead of `|` (params: value)
  "untitled-column", // data in a column with no title (params: column, value)
  "duplicate-column", // a second column of the same field (params: column)
  "too-small", // a number under its minimum (params: min)
  // too-big (a cell problem too): a number over its maximum (params: max, optional)
  "too-many-decimals", // a price with more decimals than tenge has (tiyn: two)
  "wrong-type", // JSON: a value of the wrong kind
  "number-in-quotes", // JSON: a number written as a string, "12345.50" (params: value)
  "number-not-text", // JSON: a text field (barcode) written as a number (params: value)
  "scientific-number", // a number in E-notation as a spreadsheet shows it, `1,23E+05`: digits may be gone (params: value)
  "cost-negative", // a cost price below zero
  "cost-decimals", // a cost price with more decimals than tenge has
  "cost-no-barcode", // a cost on a row whose SKU has no barcode (costs are kept by barcode)
  "cost-twice", // one barcode given two different costs in one file (params: rows)
  "unknown-barcode", // a barcode of no SKU of the shop (a list of costs)
  "ambiguous-name", // a characteristic or value named by a name several have (params: value, codes)
  "foreign-currency", // a sum shown in another currency, `2 890,00 ₽` (params: value, currency RUB|USD|EUR|other|locale, sign)
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export interface ProductIssue {
  /** The row(s) or position of the product (or of the SKU row the issue is on). */
  ref: SourceRef;
  /** The column name (CSV/XLSX), e.g. `price` or `attributes.color`, or the JSON path, e.g. `skus[0].price`. */
  field: string;
  code: IssueCode;
  params?: Record<string, string | number>;
}

export interface ParsedProduct {
  ref: SourceRef;
  /** Ready for the API: validated by the strict import schema. */
  product: ImportProduct;
  /** Where each SKU of `product.skus` came from, index for index. */
  skuRefs: SourceRef[];
}

export interface InvalidProduct {
  ref: SourceRef;
  issues: ProductIssue[];
}

/**
 * Why a file is not a product list at all: the sheets' reader's reasons (a file it cannot read,
 * src/sheets/read/reject.ts), then the import's own; each has a locale key `import-file-<reason>`.
 */
export const FILE_REJECTIONS = [
  ...READING_REJECTIONS,
  "too-large", // over the size cap
  "bad-json", // JSON that does not parse, or is nested absurdly deep
  "not-product-list", // parses, but has none of the expected columns / shape (params: expected)
  "json-comments", // JSON with // or /* */ comments (params: line, column)
  "read-timeout", // reading took longer than the cap, in seconds (params: max)
  "read-memory", // reading needed more memory than the cap, in MB (params: max)
  "too-much-text", // what was read would cost the bot more than the cap, in MB (params: max)
  "no-products-sheet", // a workbook with no visible sheet whose header names our columns (params: expected)
] as const;
export type FileRejection = (typeof FILE_REJECTIONS)[number];

export interface FileWarning {
  code: "kazakh-letters-lost" | "windows-1251";
  /** Rows where it was seen (CSV). */
  rows?: number[];
}

/**
 * Rows of a returned export (rows with a `productId`): each row's values as canonical texts
 * (the same text for the same value whatever program saved the file), read by the import's
 * own conversion rules. Columns are matched by title, never by position; an empty cell is
 * absent (it keeps the value). Columns titled with the read-only mark are ignored.
 */
export interface EditRow {
  row: number;
  productId: number;
  skuId?: number;
  /** Field (`price`, `name.rus`, `attributes.color`…) → canonical text. */
  values: Record<string, string>;
  issues: { field: string; code: IssueCode; params?: Record<string, string | number> }[];
}

export interface EditRows {
  rows: EditRow[];
  /** Fields the file has a column for. */
  fields: string[];
  /** The hidden export sheet's cells as text, when the file has it. */
  meta?: string[][];
}

/** One row of a list of barcodes and cost prices. */
export interface CostRow {
  row: number;
  barcode?: string;
  /** The cost per unit in tenge as canonical text (`1234.5`); absent: the cell is empty. */
  cost?: string;
  issues: EditRow["issues"];
}

/** A file of barcodes and cost prices (nothing of it goes to the Seller API). */
export interface CostList {
  rows: CostRow[];
}

export type ImportFileResult =
  | {
      ok: true;
      format: FileFormat;
      /** Valid products, in file order. */
      products: ParsedProduct[];
      /** Invalid products, in file order, with every issue found (not only the first). */
      invalid: InvalidProduct[];
      warnings: FileWarning[];
      /** How the file was read, shown to the seller before anything is sent. */
      reading?: ReadingInfo;
      /** Rows naming an existing product (a returned export): edits, not new products. */
      edits?: EditRows;
      /** A list of barcodes and cost prices, not a product list. */
      costs?: CostList;
    }
  | {
      ok: false;
      format?: FileFormat;
      reason: FileRejection;
      params?: Record<string, string | number>;
    };

export type ImportFileRejection = Extract<ImportFileResult, { ok: false }>;

/**
 * Valid products as the reading worker wrote them, in file order: runs of JSON text in UTF-8,
 * each a JSON array of `ParsedProduct`. The bot's thread keeps them as they came: it stores
 * them in the draft as they are, and parses them only to send them (src/import/draft.ts).
 */
export interface ProductsText {
  count: number;
  runs: Uint8Array[];
}

/** What the reading workers answer: a reading's result, its valid products as text. */
export type ReadFileResult =
  | (Omit<Extract<ImportFileResult, { ok: true }>, "products"> & { products: ProductsText })
  | ImportFileRejection;

/**
 * How the reader understood a file, so the seller can see a wrong reading before confirming.
 * Every field is optional: a reader fills in what applies to its format.
 */
export interface ReadingInfo {
  /** XLSX/ODS: the sheet the products were read from, its 1-based place and the sheet count. */
  sheet?: { name: string; index: number; count: number };
  /** CSV/XLSX: the row (as the seller's program numbers it) taken as the header. */
  headerRow?: number;
  /** CSV: the text encoding detected, e.g. "UTF-8", "UTF-8 BOM", "UTF-16LE", "Windows-1251". */
  encoding?: string;
  /** CSV: the field separator, e.g. ";", ",", "\t". */
  delimiter?: string;
  /** The decimal and thousands separators the numbers were read with, when the file shows them. */
  decimalSeparator?: string;
  thousandsSeparator?: string;
  /** Notes the seller should confirm, e.g. barcodes restored to 13 digits (locale keys + params). */
  notes?: { code: ReadingNote; params?: Record<string, string | number> }[];
}

/** Notes on a reading the seller should confirm; each has a locale key `import-note-<code>`. */
export const READING_NOTES = [
  "barcodes-padded", // number-cell barcodes restored to 13 digits (params: count, rows)
  "barcodes-padded-text", // CSV/JSON barcodes of fewer than 13 digits restored to 13 (params: count, rows, place rows|positions)
  "sheets-header-only", // sheets before the products with a header and no rows, passed over (params: sheets)
] as const;
export type ReadingNote = (typeof READING_NOTES)[number];

export interface ReadOptions {
  /** VAT rates the import accepts (IMPORT_VAT_RATES). */
  vatRates: number[];
  /** Size cap in bytes (default 20 MB, what the cloud Bot API lets a bot download). */
  maxBytes?: number;
  /** Row cap of CSV/XLSX (default 100 000) and product cap of JSON. */
  maxRows?: number;
  /** Time cap of one reading in ms (default 30 s); the reading's worker is stopped past it. */
  timeLimitMs?: number;
  /** Heap cap of the reading's worker in MB (default 512). */
  memoryLimitMb?: number;
}

export type ImportFile = { bytes: Uint8Array; fileName: string; mimeType?: string };

/** A reading on the calling thread (src/import/read/index.ts, `parseImportFile`). */
export type ReadImportFile = (file: ImportFile, options: ReadOptions) => Promise<ImportFileResult>;

/** A reading in the reading workers (`createImportReader().read`): what the bot uses. */
export type ReadFile = (file: ImportFile, options: ReadOptions) => Promise<ReadFileResult>;
