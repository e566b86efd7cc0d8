import type { Config } from "../config.js";
import { type I18nInstance, type Locale, translator } from "../i18n.js";
import type { Logger } from "../logger.js";
import type { ImportProduct } from "../seller-api/index.js";
import { DownloadError, downloadTelegramFile } from "./download.js";
import type { DraftStore } from "./draft.js";
import {
  formatLine,
  MESSAGE_PROBLEM_LIMIT,
  MESSAGE_PROBLEM_PREVIEW,
  problemLines,
  problemReport,
  warningTexts,
} from "./problems.js";
import { firstProduct } from "./read/parts.js";
import type {
  CostList,
  EditRows,
  FileFormat,
  FileRejection,
  ReadFile,
  ReadingInfo,
} from "./types.js";

/** What the chat is told about a read document (the products themselves stay in the draft). */
export type Prepared =
  | { kind: "download-failed" }
  | { kind: "rejected"; reason: FileRejection; params: Record<string, string | number> }
  | {
      kind: "read";
      draftId: string;
      format: FileFormat;
      valid: number;
      invalid: number;
      /** Problems shown in the message (HTML lines, in the chat's language). */
      lines: string[];
      /** All problems; more than `lines` when the report is attached. */
      problems: number;
      hasReport: boolean;
      warnings: string[];
      /** How the file was read, and the first valid product as it will be sent. */
      reading?: ReadingInfo;
      first?: ImportProduct;
      /** A returned export's edit rows (the catalog edit takes them from here). */
      edits?: EditRows;
      /** A list of barcodes and cost prices (the catalog keeps them). */
      costs?: CostList;
    };

export interface PrepareDeps {
  config: Config;
  logger: Logger;
  i18n: I18nInstance;
  drafts: DraftStore;
  /** The app's file reader (its warm worker threads). */
  readFile: ReadFile;
}

export interface PrepareInput {
  draftId: string;
  chatId: number;
  locale: Locale;
  fileName: string;
  mimeType: string | undefined;
  filePath: string;
  fileSize: number | undefined;
  maxBytes: number;
}

/**
 * Downloads and reads the document, keeps its valid products (and the problem report) in
 * storage as a draft, and answers what the chat needs to be told. No Bot API calls here.
 */
export async function prepareImport(deps: PrepareDeps, input: PrepareInput): Promise<Prepared> {
  const log = deps.logger.child({ module: "import", chatId: input.chatId, draft: input.draftId });
  let bytes: Uint8Array;
  try {
    bytes = await downloadTelegramFile({
      apiRoot: deps.config.botApiRoot,
      token: deps.config.botToken,
      filePath: input.filePath,
      ...(input.fileSize !== undefined && { fileSize: input.fileSize }),
      maxBytes: input.maxBytes,
    });
  } catch (error) {
    const tooLarge = error instanceof DownloadError && error.reason === "too-large";
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "download failed");
    return tooLarge
      ? { kind: "rejected", reason: "too-large", params: { max: megabytes(input.maxBytes) } }
      : { kind: "download-failed" };
  }

  const started = performance.now();
  const result = await deps.readFile(
    { bytes, fileName: input.fileName, ...(input.mimeType && { mimeType: input.mimeType }) },
    { vatRates: deps.config.import.vatRates, maxBytes: input.maxBytes },
  );
  const ms = Math.round(performance.now() - started);
  if (!result.ok) {
    log.info({ reason: result.reason, bytes: bytes.length, ms }, "import file rejected");
    const params = { ...(result.params ?? {}) };
    if (result.reason === "too-large") params.max = megabytes(input.maxBytes);
    return { kind: "rejected", reason: result.reason, params };
  }
  log.info(
    {
      format: result.format,
      valid: result.products.count,
      invalid: result.invalid.length,
      bytes: bytes.length,
      ms,
    },
    "import file read",
  );

  const t = translator(deps.i18n, input.locale);
  const first = firstProduct(result.products);
  const all = problemLines(t, result.invalid);
  const hasReport = all.length > MESSAGE_PROBLEM_LIMIT;
  const shown = hasReport ? all.slice(0, MESSAGE_PROBLEM_PREVIEW) : all;
  if (result.products.count > 0 || hasReport) {
    await deps.drafts.save({
      id: input.draftId,
      chatId: input.chatId,
      fileName: input.fileName,
      format: result.format,
      products: result.products,
      invalid: result.invalid.length,
      ...(hasReport && { report: problemReport(t, result.format, all) }),
    });
  }
  return {
    kind: "read",
    draftId: input.draftId,
    format: result.format,
    valid: result.products.count,
    invalid: result.invalid.length,
    lines: shown.map((line) => formatLine(t, line)),
    problems: all.length,
    hasReport,
    warnings: warningTexts(t, result.warnings),
    ...(result.reading && { reading: result.reading }),
    ...(first && { first: first.product }),
    ...(result.edits && { edits: result.edits }),
    ...(result.costs && { costs: result.costs }),
  };
}

/** A byte cap as whole megabytes, for messages. */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
