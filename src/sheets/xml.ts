/**
 * Cells as SpreadsheetML text (as Excel, LibreOffice, Google Sheets and openpyxl read it).
 *
 * Text is written as inline strings (`t="inlineStr"`), not through a shared-strings table:
 * Excel, LibreOffice, openpyxl (so pandas) and Google Sheets all read them, and a row's text is
 * written with its row, so a sheet streams with nothing kept for the end (a shared table must
 * be held, or at least its index of every string, until the workbook closes).
 */

// Characters XML 1.0 does not allow (and DEL): dropped.
const INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;
const SPECIAL = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

/** Text for an element's content or an attribute's value. */
export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replace(INVALID, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** `0` → `A`, `26` → `AA`. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * A formula (without its `=`, in Excel's English syntax: `SUM(H2:H41)`) and the value it
 * computes, stored beside it: a program that does not calculate (a script, a viewer, pandas)
 * reads the same figure Excel shows.
 */
export interface Formula {
  formula: string;
  value: string | number | boolean | Date;
}

/**
 * What a cell holds. A `Date` is a wall-clock time given by its UTC fields (a spreadsheet has
 * no time zones): it is stored as Excel's serial day and shown by its style's date format.
 */
export type CellValue = string | number | boolean | Date | Formula | null | undefined;

const MS_PER_DAY = 86_400_000;
/** Serial day of 1970-01-01 (Excel's day 1 is 1900-01-01, counting its missing 29 February). */
const UNIX_EPOCH_SERIAL = 25_569;
/** 1900-03-01: before it, Excel's serial days are off by its phantom 29 February 1900. */
const FIRST_TRUE_SERIAL = 61;

/** Excel's serial day of a wall-clock time, or undefined before 1900-03-01 or for no date. */
export function serialDay(date: Date): number | undefined {
  const serial = date.getTime() / MS_PER_DAY + UNIX_EPOCH_SERIAL;
  return serial >= FIRST_TRUE_SERIAL ? serial : undefined;
}

/** `yyyy-mm-dd hh:mm:ss` of a wall-clock time, for a date Excel cannot hold as a day. */
const dateText = (date: Date) =>
  Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 19).replace("T", " ");

const isFormula = (value: CellValue): value is Formula =>
  typeof value === "object" && value !== null && !(value instanceof Date);

function inline(text: string, s: string): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
  return `${s} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

function formulaTail({ formula, value }: Formula, s: string): string {
  const f = `<f>${escapeXml(formula)}</f>`;
  const stored = value instanceof Date ? (serialDay(value) ?? dateText(value)) : value;
  if (typeof stored === "number") {
    // No value rather than a wrong one: a program that calculates still shows the figure.
    return Number.isFinite(stored) ? `${s}>${f}<v>${stored}</v></c>` : `${s}>${f}</c>`;
  }
  if (typeof stored === "boolean") return `${s} t="b">${f}<v>${stored ? 1 : 0}</v></c>`;
  return `${s} t="str">${f}<v>${escapeXml(stored)}</v></c>`;
}

/**
 * A cell after its reference (`<c r="B7"` + this) with its style: a number, a boolean, a date,
 * an inline string or a formula with its value; an empty cell only when it has a style (a
 * grey or formatted column stays so), else undefined (no cell).
 */
export function cellTail(value: CellValue, style: number): string | undefined {
  const s = style ? ` s="${style}"` : "";
  if (value === undefined || value === null || value === "") return style ? `${s}/>` : undefined;
  if (typeof value === "number") {
    if (Number.isFinite(value)) return `${s}><v>${value}</v></c>`;
    return style ? `${s}/>` : undefined;
  }
  if (typeof value === "boolean") return `${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return style ? `${s}/>` : undefined;
    const serial = serialDay(value);
    return serial === undefined ? inline(dateText(value), s) : `${s}><v>${serial}</v></c>`;
  }
  if (isFormula(value)) return formulaTail(value, s);
  return inline(String(value), s);
}

/** A cell made ready before its place is known: its tail (see cellTail) as UTF-8. */
export function readyCell(value: CellValue, style: number): Uint8Array | undefined {
  const tail = cellTail(value, style);
  return tail === undefined ? undefined : Buffer.from(tail, "utf8");
}
