import type { ImportProduct } from "../seller-api/schemas.js";

/**
 * Shared vocabulary of the import: the reader turns a seller's file into products that keep
 * a reference to where they came from, the sender and the watcher carry those references to
 * the results, and the summary names rows (CSV/XLSX) or positions (JSON) back to the seller.
 */

export type FileFormat = "json" | "csv" | "xlsx";

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
  "invalid", // anything else (params: detail)
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

/** Why a file is not a product list at all; each has a locale key `import-file-<reason>`. */
export const FILE_REJECTIONS = [
  "empty", // no bytes, or only a header / an empty array
  "too-large", // over the size cap
  "binary", // not text, not a spreadsheet
  "unsupported-type", // e.g. .docx, .pdf, an image
  "bad-json", // JSON that does not parse, or is nested absurdly deep
  "bad-csv", // CSV that cannot be parsed (unclosed quote, ...)
  "bad-xlsx", // a broken spreadsheet
  "not-product-list", // parses, but has none of the expected columns / shape (params: expected)
  "too-many-rows", // over the row cap (params: max)
] as const;
export type FileRejection = (typeof FILE_REJECTIONS)[number];

export interface FileWarning {
  code: "kazakh-letters-lost" | "windows-1251";
  /** Rows where it was seen (CSV). */
  rows?: number[];
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
    }
  | {
      ok: false;
      format?: FileFormat;
      reason: FileRejection;
      params?: Record<string, string | number>;
    };

export interface ReadOptions {
  /** VAT rates the import accepts (IMPORT_VAT_RATES). */
  vatRates: number[];
  /** Size cap in bytes (default 20 MB, what the cloud Bot API lets a bot download). */
  maxBytes?: number;
  /** Row cap of CSV/XLSX (default 100 000) and product cap of JSON. */
  maxRows?: number;
}

/** The reader's entry point (src/import/read/index.ts implements it). */
export type ReadImportFile = (
  file: { bytes: Uint8Array; fileName: string; mimeType?: string },
  options: ReadOptions,
) => Promise<ImportFileResult>;
