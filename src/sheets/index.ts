/**
 * Spreadsheet files: one streaming XLSX writer (workbooks of visible and hidden sheets, rows
 * written as they come, text, numbers, booleans, dates and formulas with their values, number
 * formats, bold or filled rows, frozen panes, widths, filters). A floor of its own: it imports
 * nothing of the project.
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
