import {
  type ReadCell as Cell,
  cellText,
  generalText,
  type NumberCell,
  zeroPaddedWidth,
} from "../../sheets/index.js";
import type { IssueCode } from "../types.js";
import {
  type BarcodeReading,
  barcodeFromNumber,
  barcodeFromText,
  barcodeFromUntypedText,
  type Converted,
  foreignCurrency,
  type NumberConvention,
  parseBoolean,
  parseDecimal,
  parseInteger,
} from "./values.js";

/**
 * Value conversion of the table reader: one cell of a number, yes/no or barcode column, as the
 * seller's program shows it, into what the Seller API receives, or why it cannot be.
 */

const fail = (code: IssueCode, params?: Record<string, string | number>) =>
  ({ ok: false, code, ...(params ? { params } : {}) }) as const;

/** Twelve significant digits: `0.12 * 100` is 12, not 12.000000000000002. */
const tidy = (n: number) => Number(n.toPrecision(12));

/** What a cell shown in E-notation (`1,23E+05`) stands for, as the seller reads it. */
function scientificShown(shown: string): number {
  const match = /^-?\d+(?:,\d+)?E[+-]\d+$/.exec(shown.trim());
  return match ? Number(match[0].replace(",", ".")) : Number.NaN;
}

/**
 * A number column's cell: a date, a percent outside VAT (12345.5 shown 1234550%: neither the
 * value nor what is shown is the price) or a cell showing other digits than it holds (fewer
 * decimals, or an E-notation that rounds: 123456 shown 1,23E+05) is a problem.
 */
function numberOf(cell: NumberCell, percentAllowed: boolean): Converted<number> {
  if (cell.date) return fail("date-not-number", { value: cell.shown });
  if (cell.percent && !percentAllowed) return fail("percent-not-number", { value: cell.shown });
  const value = cell.percent ? tidy(cell.value * 100) : cell.value;
  const hidden = () =>
    fail("hidden-decimals", { value: cell.shown, stored: generalText(cell.value) });
  if (cell.scientific) {
    return scientificShown(cell.shown) === tidy(cell.value) ? { ok: true, value } : hidden();
  }
  if (cell.decimals !== undefined && !cell.percent) {
    const shown = Number(cell.value.toFixed(cell.decimals));
    if (shown !== tidy(cell.value)) return hidden();
  }
  return { ok: true, value };
}

const numberCell = (cell: Cell | undefined) =>
  typeof cell === "object" && cell.kind === "number" ? cell : undefined;

/** Ids and VAT; a percent cell (0.12 shown 12%) is the percent the seller sees. */
export function integerOf(cell: Cell, percentAllowed: boolean): Converted<number> {
  const number = numberCell(cell);
  if (number) {
    const converted = numberOf(number, percentAllowed);
    if (!converted.ok) return converted;
    if (!Number.isInteger(converted.value)) return fail("not-an-integer");
    if (!Number.isSafeInteger(converted.value)) return fail("too-big");
    return converted;
  }
  return parseInteger(cellText(cell).trim(), percentAllowed);
}

/**
 * A price: a number cell whose format shows a currency other than tenge (`2 890,00 ₽`) is a
 * sum the API would take for tenge, and nothing is converted: named, as such text is. Any other
 * price is read, then kept only if it can be sent as the seller sees it (`sendablePrice`).
 */
export function priceOf(cell: Cell, convention: NumberConvention): Converted<number> {
  const number = numberCell(cell);
  if (number?.currency) return foreignCurrency(number.shown, number.currency);
  const read = number ? numberOf(number, false) : parseDecimal(cellText(cell).trim(), convention);
  return read.ok ? sendablePrice(read.value) : read;
}

/** The largest price whose tiyn (hundredths) the API's double still holds exactly. */
const PRICE_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * A price the Seller API can be sent as the seller sees it: above zero, tiyn at most (two
 * decimals; what a spreadsheet keeps, 15 digits, is what counts), within a double's exact
 * hundredths.
 */
export function sendablePrice(value: number): Converted<number> {
  if (!(value > 0)) return fail("not-positive");
  if (value > PRICE_MAX) return fail("too-big", { max: PRICE_MAX });
  const shown = String(Number(value.toPrecision(15)));
  const decimals = shown.includes("e-") ? Infinity : (shown.split(".")[1]?.length ?? 0);
  return decimals > 2 ? fail("too-many-decimals") : { ok: true, value };
}

/**
 * A cost price (kept by the bot, never sent): read as a price is, but zero is a cost (a gift,
 * a sample) and a negative one is no cost at all; tiyn at most.
 */
export function costOf(cell: Cell, convention: NumberConvention): Converted<number> {
  const number = numberCell(cell);
  if (number?.currency) return foreignCurrency(number.shown, number.currency);
  const read = number ? numberOf(number, false) : parseDecimal(cellText(cell).trim(), convention);
  if (!read.ok) return read;
  if (read.value < 0) return fail("cost-negative");
  if (read.value > PRICE_MAX) return fail("too-big", { max: PRICE_MAX });
  const shown = String(Number(read.value.toPrecision(15)));
  const decimals = shown.includes("e-") ? Infinity : (shown.split(".")[1]?.length ?? 0);
  return decimals > 2 ? fail("cost-decimals") : read;
}

/** `isLocalMade`: a boolean cell, or a yes/no word in the seller's language. */
export function booleanOf(cell: Cell): Converted<boolean> {
  if (typeof cell === "object" && cell.kind === "boolean") return { ok: true, value: cell.value };
  return parseBoolean(cellText(cell).trim());
}

/**
 * A barcode: a number cell by the number-cell rule, text as typed (see `barcodeFromText`), or
 * in a file whose values have no type (CSV, JSON) as what a number cell may have left of it
 * (see `barcodeFromUntypedText`).
 */
export function barcodeOf(cell: Cell, untyped = false): BarcodeReading {
  const number = numberCell(cell);
  if (number) return barcodeFromNumber(number.value, number.shown, zeroPaddedWidth(number.format));
  const raw = cellText(cell).trim();
  return untyped ? barcodeFromUntypedText(raw) : barcodeFromText(raw);
}

/** Values on a product's later rows agree when equal up to spaces and case of list items. */
export function sameValue(a: string, b: string): boolean {
  return a === b || a.replace(/\s+/g, " ").toLowerCase() === b.replace(/\s+/g, " ").toLowerCase();
}
