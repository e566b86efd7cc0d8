import type { ImportProduct } from "../../seller-api/index.js";
import { FileRejected } from "../../sheets/index.js";
import type {
  FileRejection,
  InvalidProduct,
  ParsedProduct,
  ProductIssue,
  ReadingInfo,
} from "../types.js";
import type { Assembled } from "./assemble.js";
import { isFlatRecords, readFlatRecords } from "./json-records.js";
import { jsonPath, jsonShown, type ProductSchema, validateProduct, valueAt } from "./validate.js";
import { barcodeFromUntypedText } from "./values.js";

/** An import request nests 7 levels deep (request, products, product, skus, sku, photos, photo). */
const MAX_DEPTH = 64;

/**
 * Finds the nesting depth without parsing, so `[[[[…` 100 000 deep is refused before
 * JSON.parse (or anything after it) recurses that deep. Brackets inside strings do not count.
 */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** What is wrong where, found by our own scan: Node's messages differ between versions. */
export interface JsonSyntaxError {
  offset: number;
  comment: boolean;
}

const WS: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * A minimal JSON syntax scan that finds the first error's offset (a trailing comma, a comment,
 * a missing quote, the end of the text), run only after JSON.parse has failed. Depth is
 * already bounded by `exceedsDepth`.
 */
export function findJsonError(text: string): JsonSyntaxError {
  let i = 0;
  const fail = (): never => {
    const comment = text[i] === "/" && (text[i + 1] === "/" || text[i + 1] === "*");
    throw { offset: Math.min(i, text.length), comment } satisfies JsonSyntaxError;
  };
  const skip = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  const value = (): void => {
    skip();
    const ch = text[i];
    if (ch === "{") container("}", true);
    else if (ch === "[") container("]", false);
    else if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else number();
  };
  const container = (close: string, object: boolean): void => {
    i++;
    skip();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      skip();
      if (object) {
        if (text[i] !== '"') fail();
        string();
        skip();
        if (text[i] !== ":") fail();
        i++;
      }
      value();
      skip();
      if (text[i] === ",") {
        i++;
        skip();
        if (text[i] === close) fail(); // a trailing comma
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      fail();
    }
  };
  try {
    value();
    skip();
    if (i < text.length) fail();
  } catch (error) {
    if (typeof error === "object" && error && "offset" in error) return error as JsonSyntaxError;
    throw error;
  }
  return { offset: text.length, comment: false };
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads `{"products": [...]}` or a bare array of products (seller-api.md 2.1). Positions are
 * 1-based, fields are JSON paths inside the product (`skus[0].price`). Properties of the
 * request object other than `products` are reported on the first product, like CSV's
 * unknown columns.
 */
export function readJson(
  text: string,
  schema: ProductSchema,
  vatRates: readonly number[],
  maxProducts: number,
): Assembled {
  if (exceedsDepth(text, MAX_DEPTH)) {
    throw new FileRejected<FileRejection>("bad-json", undefined, "json");
  }
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    const error = findJsonError(text);
    const where = lineAndColumn(text, error.offset);
    throw new FileRejected<FileRejection>(
      error.comment ? "json-comments" : "bad-json",
      where,
      "json",
    );
  }
  const expected = { expected: '{"products": [ … ]}' };
  let list: unknown;
  const extraKeys: string[] = [];
  if (Array.isArray(root)) list = root;
  else if (isObject(root) && "products" in root) {
    list = root.products ?? [];
    extraKeys.push(...Object.keys(root).filter((k) => k !== "products"));
  } else throw new FileRejected<FileRejection>("not-product-list", expected, "json");
  if (!Array.isArray(list))
    throw new FileRejected<FileRejection>("not-product-list", expected, "json");
  if (list.length === 0) throw new FileRejected("empty", undefined, "json");
  if (!list.some(isObject))
    throw new FileRejected<FileRejection>("not-product-list", expected, "json");
  if (list.length > maxProducts)
    throw new FileRejected("too-many-rows", { max: maxProducts }, "json");
  const table =
    extraKeys.length === 0 && isFlatRecords(list)
      ? readFlatRecords(list, schema, vatRates)
      : undefined;
  if (table) return table;

  const products: ParsedProduct[] = [];
  const invalid: InvalidProduct[] = [];
  /** Positions of products with a barcode restored, and how many barcodes were. */
  const padded = { positions: [] as number[], count: 0 };
  list.forEach((item, i) => {
    const ref = { kind: "position", position: i + 1 } as const;
    const issues: ProductIssue[] =
      i === 0
        ? extraKeys.map((field) => ({
            ref,
            field,
            code: "unknown-field" as const,
            params: { value: jsonShown((root as Record<string, unknown>)[field]) },
          }))
        : [];
    const result = validateProduct(schema, item, vatRates);
    const barcodes = readBarcodes(item);
    issues.push(...barcodes.issues.map((issue) => ({ ref, ...issue })));
    if (result.ok && issues.length === 0) {
      if (restoreBarcodes(result.product, barcodes.restored)) {
        padded.positions.push(i + 1);
        padded.count += barcodes.restored.size;
      }
      const skuRefs = (result.product.skus ?? []).map(() => ref);
      products.push({ ref, product: result.product, skuRefs });
      return;
    }
    if (!result.ok) {
      for (const mapped of result.issues) {
        const params = { value: jsonShown(valueAt(item, mapped.path)), ...mapped.params };
        issues.push({ ref, field: jsonPath(mapped.path), code: mapped.code, params });
      }
    }
    invalid.push({ ref, issues });
  });
  return { products, invalid, warnings: [], ...paddedNote(padded) };
}

/**
 * The SKUs' text barcodes by the text-file rule (see `barcodeFromUntypedText`): a script that
 * wrote a spreadsheet's number cells as text lost their leading zeros just as a CSV does. The
 * restored ones by SKU index; the others as issues. A barcode of another kind is the schema's.
 */
function readBarcodes(item: unknown): {
  restored: Map<number, string>;
  issues: Omit<ProductIssue, "ref">[];
} {
  const restored = new Map<number, string>();
  const issues: Omit<ProductIssue, "ref">[] = [];
  const skus = valueAt(item, ["skus"]);
  if (!Array.isArray(skus)) return { restored, issues };
  skus.forEach((sku, index) => {
    const barcode = valueAt(sku, ["barcode"]);
    if (typeof barcode !== "string") return;
    const read = barcodeFromUntypedText(barcode.trim());
    if (!read.ok) {
      const field = jsonPath(["skus", index, "barcode"]);
      issues.push({
        field,
        code: read.code,
        params: { ...read.params, value: jsonShown(barcode) },
      });
    } else if (read.padded) restored.set(index, read.value);
  });
  return { restored, issues };
}

/** Puts the restored barcodes in the product to be sent; whether there were any. */
function restoreBarcodes(product: ImportProduct, restored: Map<number, string>): boolean {
  for (const [index, barcode] of restored) {
    const sku = product.skus?.[index];
    if (sku) sku.barcode = barcode;
  }
  return restored.size > 0;
}

/** The note that barcodes were restored, naming the products' positions. */
function paddedNote({ positions, count }: { positions: number[]; count: number }): {
  reading?: ReadingInfo;
} {
  if (count === 0) return {};
  const rows = positions.slice(0, 10).join(", ") + (positions.length > 10 ? ", …" : "");
  const params = { count, rows, place: "positions" };
  return { reading: { notes: [{ code: "barcodes-padded-text", params }] } };
}
