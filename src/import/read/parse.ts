import {
  cellText,
  FileRejected,
  type HeaderProbe,
  megabytes,
  type Table,
} from "../../sheets/index.js";
import {
  decodeText,
  detect,
  openWorkbook,
  readCsv,
  type XlsxLimits,
  type ZipEntry,
  type ZipLimits,
} from "../../sheets/read/index.js";
import type {
  CostList,
  EditRows,
  FileFormat,
  FileRejection,
  ImportFileResult,
  ReadImportFile,
  ReadingInfo,
  ReadOptions,
} from "../types.js";
import { type Assembled, assembleProducts, rowsUnder } from "./assemble.js";
import { REQUIRED_COLUMNS } from "./columns.js";
import { resultTextLimit, tooMuchText } from "./cost.js";
import { readCostList } from "./cost-list.js";
import { splitEdits } from "./edits.js";
import { findHeader, HEADER_SEARCH_ROWS } from "./header.js";
import { readJson } from "./json.js";
import { crossingCost } from "./parts.js";
import { rejection } from "./reject.js";
import { type ProductSchema, productSchemaFor } from "./validate.js";

/** What the cloud Bot API lets a bot download. */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_ROWS = 100_000;
/** An .xlsx compresses ~5-10x; far more than that unpacked is a zip bomb, not a product list. */
const XLSX_UNPACK_FACTOR = 20;
/**
 * Excel's own sheet extent: a reference past it is crafted, not saved by a program; a CSV row
 * with something past its last column is more than any spreadsheet shows.
 */
const MAX_COLUMN = 16_384;
const MAX_ROW_INDEX = 1_048_576;
/** Non-empty cells of a sheet: 100 000 rows of 20 filled columns. */
const MAX_CELLS = 2_000_000;
const MAX_ZIP_ENTRIES = 10_000;

/** The format, once known, so an unexpected failure is reported as that format's breakage. */
interface Progress {
  format?: FileFormat;
}

/** Every cap of one reading; `maxResultChars` bounds what the result may cost (`resultCost`). */
type ReadLimits = XlsxLimits & ZipLimits & { maxResultChars: number };

function limitsFor(maxBytes: number, maxRows: number): ReadLimits {
  const unpacked = Math.max(maxBytes * XLSX_UNPACK_FACTOR, 64 * 1024 * 1024);
  return {
    maxResultChars: resultTextLimit(maxBytes),
    maxPartBytes: unpacked,
    maxEntryBytes: unpacked,
    maxTotalBytes: unpacked,
    maxEntries: MAX_ZIP_ENTRIES,
    // Title rows and the header besides the products.
    maxRows: maxRows + 50,
    maxCells: MAX_CELLS,
    maxColumn: MAX_COLUMN,
    maxRowIndex: MAX_ROW_INDEX,
  };
}

/**
 * The header where a person looks for it (the first `HEADER_SEARCH_ROWS` non-empty rows): a
 * sheet or a CSV with none there is not a product list, and is not read further. `text`: the
 * rows come from a CSV (a title merged over two rows is saved in the upper one).
 */
const headerProbe = (text: boolean): HeaderProbe => ({
  rows: HEADER_SEARCH_ROWS,
  found: (rows) => findHeader({ rows, text }) !== undefined,
});

/** Sheet names as the seller's program shows them on the tabs: «Шаблон», «Товары». */
const sheetList = (names: readonly string[]) =>
  names
    .slice(0, 10)
    .map((name) => `«${name.slice(0, 60)}»`)
    .join(", ") + (names.length > 10 ? ", …" : "");

/**
 * The products sheet: the first visible sheet with product rows under a header that names
 * the required columns. A sheet holding the header only (an empty template before the
 * products) is passed over, and the confirmation says so. Sheets are read one at a time, so
 * a lookup sheet before the products costs its reading only.
 */
function readWorkbook(
  bytes: Uint8Array,
  entries: ZipEntry[],
  limits: ReadLimits,
  schema: ProductSchema,
  vatRates: number[],
): Assembled {
  const workbook = openWorkbook(bytes, entries, limits, headerProbe(false));
  const headerOnly: string[] = [];
  let refused: FileRejected<FileRejection> | undefined;
  for (const [place, sheet] of workbook.sheets.entries()) {
    const table = sheet.read();
    const headerAt = findHeader(table);
    if (headerAt === undefined) continue;
    if (rowsUnder(table, headerAt).length === 0) {
      headerOnly.push(sheet.name);
      continue;
    }
    let assembled: Assembled & { edits?: EditRows; costs?: CostList };
    try {
      const max = limits.maxResultChars;
      assembled = assembleWithEdits(table, schema, vatRates, "xlsx", headerAt, max);
    } catch (error) {
      // A header missing a required column: a later sheet may still hold the products.
      if (!(error instanceof FileRejected) || error.reason !== "not-product-list") throw error;
      refused ??= error;
      continue;
    }
    if (assembled.edits) {
      const meta = workbook.hiddenSheets.find((s) => s.name === EXPORT_SHEET);
      if (meta) assembled.edits.meta = meta.read().rows.map((r) => Array.from(r.cells, cellText));
    }
    const reading: ReadingInfo = { ...assembled.reading };
    if (place > 0 || sheet.index > 1) {
      reading.sheet = { name: sheet.name, index: sheet.index, count: workbook.sheetCount };
    }
    if (headerOnly.length > 0) {
      const note = {
        code: "sheets-header-only" as const,
        params: { sheets: sheetList(headerOnly) },
      };
      reading.notes = [note, ...(reading.notes ?? [])];
    }
    return { ...assembled, reading };
  }
  if (refused) throw refused;
  // Headers and no rows under any of them: the template was sent before it was filled in.
  if (headerOnly.length > 0) {
    const looked = workbook.sheets.map((s) => s.name);
    throw new FileRejected("empty", { sheets: sheetList(looked) }, "xlsx");
  }
  // Several sheets and none with products: say so, the seller may have sent the wrong book.
  const reason = workbook.sheets.length > 1 ? "no-products-sheet" : "not-product-list";
  throw new FileRejected<FileRejection>(reason, { expected: REQUIRED_COLUMNS.join(", ") }, "xlsx");
}

/** The hidden sheet of the bot's own catalog export (its id, time and exported values). */
const EXPORT_SHEET = "bot-export";

/**
 * A returned export: rows naming a `productId` are edits (read by `splitEdits`), the others
 * new products for the usual assembly. Any other file: the usual assembly.
 */
function assembleWithEdits(
  table: Table,
  schema: ProductSchema,
  vatRates: number[],
  format: "csv" | "xlsx",
  headerAt: number | undefined,
  maxResultChars: number,
): Assembled & { edits?: EditRows; costs?: CostList } {
  const costs = headerAt === undefined ? undefined : readCostList(table, headerAt);
  if (costs) {
    const reading = { headerRow: table.rows[headerAt!]!.row };
    return { products: [], invalid: [], warnings: [], reading, costs };
  }
  const split = headerAt === undefined ? undefined : splitEdits(table, headerAt);
  if (!split) return assembleProducts(table, schema, vatRates, format, headerAt, maxResultChars);
  const hasNew = split.rest.rows.length > headerAt! + 1;
  const assembled: Assembled = hasNew
    ? assembleProducts(split.rest, schema, vatRates, format, headerAt, maxResultChars)
    : {
        products: [],
        invalid: [],
        warnings: [],
        reading: { headerRow: table.rows[headerAt!]!.row },
      };
  return { ...assembled, edits: split.edits };
}

const ok = (
  format: FileFormat,
  assembled: Assembled,
  extra: ReadingInfo = {},
): ImportFileResult => {
  const { reading, ...rest } = assembled;
  return { ok: true, format, ...rest, reading: { ...extra, ...reading } };
};

async function read(
  file: Parameters<ReadImportFile>[0],
  options: ReadOptions,
  progress: Progress,
): Promise<ImportFileResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const { bytes } = file;
  // The size cap comes first: nothing else looks at an oversize file. `max` is in MB, as the
  // locale text shows it.
  if (bytes.length > maxBytes)
    return rejection("too-large", { max: megabytes(maxBytes), maxBytes });
  if (bytes.length === 0) return rejection("empty");
  const schema = productSchemaFor(options.vatRates);
  const limits = limitsFor(maxBytes, maxRows);
  const detected = detect(bytes, file.fileName, file.mimeType, limits);
  if (detected.kind === "reject") {
    return rejection(detected.reason, detected.params, detected.format);
  }
  if (detected.kind === "xlsx") {
    progress.format = "xlsx";
    return ok("xlsx", readWorkbook(bytes, detected.entries, limits, schema, options.vatRates));
  }
  const decoded = decodeText(bytes);
  const start = /\S/.exec(decoded.text);
  if (!start) return rejection("empty", undefined, detected.hint);
  const first = decoded.text[start.index];
  if (first === "{" || first === "[" || detected.hint === "json") {
    progress.format = "json";
    const text = decoded.text.slice(start.index);
    const assembled = readJson(text, schema, options.vatRates, maxRows);
    return ok("json", assembled, { encoding: decoded.encoding });
  }
  progress.format = "csv";
  const table = readCsv(decoded, { maxRows, maxColumns: MAX_COLUMN }, headerProbe(true));
  const headerAt = findHeader(table);
  const max = limits.maxResultChars;
  const assembled = assembleWithEdits(table, schema, options.vatRates, "csv", headerAt, max);
  return ok("csv", assembled, { encoding: decoded.encoding, delimiter: table.delimiter });
}

/**
 * Reads a seller's import file (JSON, CSV or XLSX) into valid products and invalid ones with
 * every issue, in this thread. Never throws: whatever the bytes, the answer is an
 * `ImportFileResult`. `readImportFile` (index.ts) runs it in a bounded worker.
 */
export const parseImportFile: ReadImportFile = async (file, options) => {
  const progress: Progress = {};
  try {
    const result = await read(file, options, progress);
    const max = resultTextLimit(options.maxBytes ?? DEFAULT_MAX_BYTES);
    if (result.ok && crossingCost(result, max) > max) {
      const refusal = tooMuchText(max);
      return rejection(refusal.reason, refusal.params, result.format);
    }
    return result;
  } catch (error) {
    if (error instanceof FileRejected) {
      return rejection(error.reason, error.params, error.format ?? progress.format);
    }
    // Anything else (a stack overflow or a library's surprise on hostile input) means the
    // file is broken in its format: still an answer, never a crash.
    const { format } = progress;
    return format ? rejection(`bad-${format}`, undefined, format) : rejection("binary");
  }
};
