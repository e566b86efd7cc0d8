/**
 * The import's public entry: what the app wires (reader, service, watcher) and what the bot's
 * import feature shows (limits, texts of problems and of the confirmation). The rest of
 * src/import is its own business.
 */
export {
  type Characteristics,
  characteristicsOf,
  codesOfNames,
  type DirectoryListing,
} from "./characteristics.js";
export { confirmationBlock } from "./confirm.js";
export { TELEGRAM_DOWNLOAD_LIMIT } from "./download.js";
export { DRAFT_TTL_MS, newDraftId } from "./draft.js";
export { megabytes, type Prepared } from "./prepare.js";
export { fitMessage, issueReason, rejectionText } from "./problems.js";
export { sendablePrice } from "./read/convert.js";
export { createImportReader, type ImportReader, parseImportFile } from "./read/index.js";
export { parseDecimal } from "./read/values.js";
export { reportFileName } from "./report.js";
export { type ImportJob, ProgressMessage, type ProgressState } from "./sender/index.js";
export { createImportService, type ImportService } from "./service.js";
export { CSV_TEMPLATE_NAME, csvTemplate, JSON_TEMPLATE_NAME, jsonTemplate } from "./templates.js";
export type {
  CostList,
  CostRow,
  EditRow,
  EditRows,
  ParsedProduct,
  ReadFile,
} from "./types.js";
export {
  createImportWatcher,
  IMPORT_WORK,
  type ImportWatcher,
  type WatcherOptions,
} from "./watcher/index.js";
export type { DocumentStatus } from "./watcher/types.js";
