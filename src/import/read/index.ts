import type { FileFormat, ImportFileResult, ReadImportFile, ReadOptions } from "../types.js";
import { readCsv } from "./csv.js";
import { detect } from "./detect.js";
import { readJson } from "./json.js";
import { FileRejected, rejection } from "./reject.js";
import { assembleProducts } from "./rows.js";
import { decodeText } from "./text.js";
import { productSchemaFor } from "./validate.js";
import { readXlsx } from "./xlsx.js";

/** What the cloud Bot API lets a bot download. */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_ROWS = 100_000;
/** An .xlsx compresses ~5-10x; far more than that unpacked is a zip bomb, not a product list. */
const XLSX_UNPACK_FACTOR = 20;

/** The format, once known, so an unexpected failure is reported as that format's breakage. */
interface Progress {
  format?: FileFormat;
}

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
  if (bytes.length > maxBytes) {
    const max = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return rejection("too-large", { max, maxBytes });
  }
  if (bytes.length === 0) return rejection("empty");
  const schema = productSchemaFor(options.vatRates);

  const detected = detect(bytes, file.fileName, file.mimeType);
  if (detected.kind === "reject") {
    return rejection(detected.reason, detected.params, detected.format);
  }
  if (detected.kind === "xlsx") {
    progress.format = "xlsx";
    const maxUnpacked = Math.max(maxBytes * XLSX_UNPACK_FACTOR, 64 * 1024 * 1024);
    const table = await readXlsx(bytes, detected.entries, maxRows, maxUnpacked);
    return {
      ok: true,
      format: "xlsx",
      ...assembleProducts(table, schema, options.vatRates, "xlsx"),
    };
  }
  const decoded = decodeText(bytes);
  const start = /\S/.exec(decoded.text);
  if (!start) return rejection("empty", undefined, detected.hint);
  const first = decoded.text[start.index];
  if (first === "{" || first === "[" || detected.hint === "json") {
    progress.format = "json";
    const text = decoded.text.slice(start.index);
    return { ok: true, format: "json", ...readJson(text, schema, options.vatRates, maxRows) };
  }
  progress.format = "csv";
  const table = readCsv(decoded, maxRows);
  return { ok: true, format: "csv", ...assembleProducts(table, schema, options.vatRates, "csv") };
}

/**
 * Reads a seller's import file (JSON, CSV or XLSX) into valid products and invalid ones with
 * every issue. Never throws: whatever the bytes, the answer is an `ImportFileResult`.
 */
export const readImportFile: ReadImportFile = async (file, options) => {
  const progress: Progress = {};
  try {
    return await read(file, options, progress);
  } catch (error) {
    if (error instanceof FileRejected) return rejection(error.reason, error.params, error.format);
    // Anything else (a stack overflow or a library's surprise on hostile input) means the
    // file is broken in its format: still an answer, never a crash.
    const detail = error instanceof Error ? error.name : "error";
    const { format } = progress;
    return format
      ? rejection(`bad-${format}`, { detail }, format)
      : rejection("binary", { detail });
  }
};
