/**
 * Spreadsheet files, both ways. The writer: one streaming XLSX writer (workbooks of visible and
 * hidden sheets, rows written as they come, text, numbers, booleans, dates and formulas with
 * their values, number formats, bold or filled rows, frozen panes, widths, filters). The reader
 * (read/): a file's kind told by its bytes, and its cells as the seller's program shows them
 * (XLSX from its zip and XML, with number formats and dates; CSV in its encoding and with its
 * separator), within bounds. What the cells mean (products, edits, costs) is the import's.
 * Here the reader's vocabulary (cells, tables, refusals, number formats); its parsers have an
 * entry of their own, read/index.ts, so that a thread that only writes never loads them.
 * A floor of its own: it imports nothing of the project.
 */

export {
  ATTRIBUTE_TITLE,
  ATTRIBUTE_WORDS,
  attributeTitle,
  BOOLEAN_WORDS,
  COLUMN_WORDS,
  type ColumnWord,
  columnTitle,
  columnWord,
  normalizeTitle,
  type SheetLanguage,
  titleFields,
  titleOf,
  type ValueKind,
} from "./columns.js";
export { MONEY_COLUMN_WORDS, type MoneyColumn, moneyColumnWord } from "./money-columns.js";
export { ORDER_COLUMN_WORDS } from "./order-columns.js";
export { currencyOfText, type ForeignCurrency } from "./read/currency.js";
export { generalText, zeroPaddedWidth } from "./read/numfmt.js";
export {
  type FileFormat,
  FileRejected,
  READING_REJECTIONS,
  type ReadingRejection,
} from "./read/reject.js";
export {
  CELL_PROBLEMS,
  type Cell as ReadCell,
  type CellProblem,
  cellText,
  type HeaderProbe,
  isEmptyRow,
  type NumberCell,
  type SheetRow,
  type Table,
} from "./read/table.js";
export { columnName } from "./read/xlsx-sheet.js";
export { megabytes } from "./read/zip.js";
export { NUMBER_FORMAT, type StyleSpec } from "./styles.js";
export {
  type Cell,
  type ColumnSpec,
  createWorkbook,
  createWorkbookFile,
  type RowOptions,
  type SheetSpec,
  type SheetWriter,
  type Workbook,
  type WorkbookFile,
  type WorkbookOptions,
} from "./workbook.js";
export {
  type CellValue,
  columnLetters,
  type Formula,
  readyCell,
  serialDay,
} from "./xml.js";
