/**
 * The catalog in spreadsheets: the export (live cards read in batches, written streaming), the
 * returned file's difference against the export and the live cards, the stored preview, the
 * whole-card edits that apply it, and their undo.
 */
export { selected } from "./apply.js";
export type { Change, Diff } from "./diff.js";
export type { LiveSku } from "./fields.js";
export { type ListFilter, listAll, readCharacteristics, readDetails } from "./live.js";
export { type CatalogService, createCatalogService, type Refusal } from "./service.js";
export type { StoredPreview } from "./store.js";
export { diffWorkbook, exportTexts, previewText } from "./texts.js";
