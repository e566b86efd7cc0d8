/**
 * The reader's parsers: a file's kind told by its bytes (`detect`), its text decoded, CSV and
 * XLSX read into tables. An entry apart from src/sheets/index.ts because they load csv-parse
 * and saxes: the bot's thread, which writes workbooks and uses the reader's vocabulary through
 * index.ts, never loads them; only the reading worker does (src/import/read/parse.ts).
 */

export { readCsv } from "./csv.js";
export { detect } from "./detect.js";
export { decodeText } from "./text.js";
export { openWorkbook, type XlsxLimits } from "./xlsx.js";
export type { ZipEntry, ZipLimits } from "./zip.js";
