import { currencyOfText, type ForeignCurrency } from "../../sheets/index.js";
import type { IssueCode } from "../types.js";

/** A cell converted to what the API expects, or why it could not be. */
export type Converted<T> =
  | { ok: true; value: T }
  | { ok: false; code: IssueCode; params?: Record<string, string | number> };

const fail = (code: IssueCode, params?: Record<string, string | number>) =>
  ({ ok: false, code, ...(params ? { params } : {}) }) as const;

// Spaces Excel and sellers put between thousands: normal, no-break (U+00A0), narrow no-break
// (U+202F), thin (U+2009) and figure (U+2007) spaces, and the apostrophe.
const GROUP_SPACE = "[ \\u00a0\\u202f\\u2009\\u2007']";
const GROUP_SPACES = new RegExp(GROUP_SPACE, "g");
// A currency sign Excel keeps when a price cell is formatted as money.
const CURRENCY = /^(?:₸|тг\.?|kzt)\s*|\s*(?:₸|тг\.?|kzt)$/giu;
/** A letter every currency sign above holds (same case folding): without one, none is there. */
const CURRENCY_LETTER = /[₸тk]/iu;
/** `raw` without a currency sign at either end. */
const withoutCurrency = (raw: string) =>
  CURRENCY_LETTER.test(raw) ? raw.replace(CURRENCY, "") : raw;
/** Something beside digits and separators that could name a currency: a sign or a letter. */
const FOREIGN_MARK = /[\p{Sc}\p{L}]/u;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Up to 15 digits and nothing else: a finite number whatever the convention. */
const PLAIN_DIGITS = /^\d{1,15}$/;
/**
 * Digits, maybe grouped in threes by spaces, then a decimal mark and one or two digits: most
 * prices a spreadsheet saves (`12 345,50`). No convention can read them otherwise.
 */
const PLAIN_DECIMAL = new RegExp(`^\\d+(?:${GROUP_SPACE}\\d{3})*[.,]\\d{1,2}$`);
const GROUPED = new RegExp(`\\d${GROUP_SPACE}\\d{3}`);

/**
 * How a file writes numbers: its decimal mark and thousands separator, decided from what the
 * file itself shows (see `learnConvention`). `undefined` marks are not known.
 */
export interface NumberConvention {
  decimal?: "," | ".";
  thousands?: "," | "." | " ";
}

/** What one value tells about the convention, if anything. */
function evidence(raw: string): NumberConvention {
  // Plain digits tell nothing (most ids and whole prices).
  if (PLAIN_DIGITS.test(raw)) return {};
  const s = withoutCurrency(raw).trim();
  if (GROUPED.test(s)) {
    const mark = /\d([.,])\d+$/.exec(s)?.[1] as "," | "." | undefined;
    return mark ? { thousands: " ", decimal: mark } : { thousands: " " };
  }
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    return lastDot > lastComma
      ? { decimal: ".", thousands: "," }
      : { decimal: ",", thousands: "." };
  }
  for (const mark of [",", "."] as const) {
    const parts = s.split(mark);
    if (parts.length === 2 && !/^\d{3}$/.test(parts[1]!)) return { decimal: mark };
    if (parts.length > 2 && parts.slice(1).every((p) => /^\d{3}$/.test(p))) {
      return { thousands: mark, decimal: mark === "," ? "." : "," };
    }
  }
  return {};
}

/**
 * The convention of a column (or file) from its values: every value that tells something
 * must agree; when they disagree nothing is known and ambiguous values become problems.
 */
export function learnConvention(values: Iterable<string>): NumberConvention {
  let decimal: NumberConvention["decimal"] | null;
  let thousands: NumberConvention["thousands"] | null;
  for (const value of values) {
    const e = evidence(value);
    if (e.decimal) decimal = decimal === undefined || decimal === e.decimal ? e.decimal : null;
    if (e.thousands) {
      thousands = thousands === undefined || thousands === e.thousands ? e.thousands : null;
    }
  }
  const out: NumberConvention = {};
  if (decimal) out.decimal = decimal;
  if (thousands) out.thousands = thousands;
  if (out.decimal && out.decimal === out.thousands) return {};
  // Thousands by spaces is how ru/kk write numbers, and their decimal mark is the comma.
  if (out.thousands === " " && !out.decimal) out.decimal = ",";
  return out;
}

/** `1,234` / `1.234`: thousands or decimals, by the convention; undefined when it does not say. */
function groupOrDecimal(
  mark: "," | ".",
  convention: NumberConvention,
): "decimal" | "thousands" | undefined {
  if (convention.decimal === mark) return "decimal";
  if (convention.thousands === mark) return "thousands";
  if (mark === "," && convention.decimal === ".") return "thousands";
  // A point is a decimal point unless the file groups thousands with points: ru and kk never
  // do, and programs (pandas, Python's csv) write `1.234` for one and a quarter.
  if (mark === "." && convention.decimal === undefined) return "decimal";
  return undefined;
}

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/** As programs print a number: a lower-case `e` and a signed exponent of two digits or more. */
const PRINTED_SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]\d{2,}$/;

/**
 * A number in E-notation. As a program prints one (R's `write.csv2` writes 100000 as `1e+05`,
 * with every significant digit) it is the number it states, read exactly. As a spreadsheet
 * shows one (`1,23E+05`, upper-case, saved "as shown") its digits may be rounded away: named
 * with the value, never guessed.
 */
function scientificNumber(s: string, raw: string): Converted<number> {
  if (!PRINTED_SCIENTIFIC.test(s)) return fail("scientific-number", { value: raw.trim() });
  const [mantissa = ""] = s.split("e");
  const value = Number(s.replace(",", "."));
  const digits = mantissa.replace(/\D/g, "").replace(/^0+/, "");
  if (!Number.isFinite(value) || digits.length > 15) {
    return fail("scientific-number", { value: raw.trim() });
  }
  return { ok: true, value: Number(value.toPrecision(15)) };
}

/**
 * `1234.5`, `1234,5`, `12 345,50` (any space or an apostrophe between thousands),
 * `12,345.50`, `1.234,50`: read by the file's convention. A lone `,` or `.` followed by exactly
 * three digits (`1,234`) is thousands or decimals depending on the file: when the file does not
 * tell, it is `ambiguous-number`, never a guess. A `.` with other than three digits after it is
 * decimal whatever the file says.
 */
export function parseDecimal(raw: string, convention: NumberConvention = {}): Converted<number> {
  // Plain digits (ids, VAT, whole prices: most cells) and plain decimals (most other prices)
  // read as `parseAnyDecimal` would, only sooner.
  if (PLAIN_DIGITS.test(raw)) return { ok: true, value: Number(raw) };
  if (PLAIN_DECIMAL.test(raw))
    return { ok: true, value: Number(raw.replace(GROUP_SPACES, "").replace(",", ".")) };
  return parseAnyDecimal(raw, convention);
}

/**
 * A sum in a currency other than tenge, named with the value as shown and the currency: the
 * API takes tenge and the bot converts nothing.
 */
export function foreignCurrency(shown: string, currency: ForeignCurrency) {
  const params = { value: shown.trim(), currency: currency.code, sign: currency.sign };
  return fail("foreign-currency", params);
}

/** `parseDecimal` without its shortcuts for the usual forms (one rule, compared by a test). */
export function parseAnyDecimal(raw: string, convention: NumberConvention = {}): Converted<number> {
  // A ruble or dollar sign beside the number (`2 890,00 ₽`, `$19.90`): not tenge.
  const currency = FOREIGN_MARK.test(raw) ? currencyOfText(raw) : undefined;
  if (currency) return foreignCurrency(raw, currency);
  let s = withoutCurrency(raw).trim();
  if (SCIENTIFIC.test(s)) return scientificNumber(s, raw);
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const thousands = lastDot > lastComma ? "," : ".";
    s = s.split(thousands).join("").replace(",", ".");
  } else {
    const mark: "," | "." | undefined = lastComma >= 0 ? "," : lastDot >= 0 ? "." : undefined;
    if (mark) {
      const parts = s.split(mark);
      const grouped = parts.length > 2 && parts.slice(1).every((p) => /^\d{3}$/.test(p));
      const threeAfter = parts.length === 2 && /^\d{3}$/.test(parts[1]!.replace(GROUP_SPACES, ""));
      if (parts.length > 2) {
        if (!grouped) return fail("not-a-number");
        s = parts.join("");
      } else if (threeAfter && !/^[+-]?0?$/.test(parts[0]!)) {
        const reading = groupOrDecimal(mark, convention);
        if (!reading) return fail("ambiguous-number", { value: raw.trim() });
        s = reading === "decimal" ? s.replace(mark, ".") : parts.join("");
      } else s = s.replace(mark, ".");
    }
  }
  s = s.replace(GROUP_SPACES, "");
  if (!DECIMAL.test(s)) return fail("not-a-number");
  const value = Number(s);
  return Number.isFinite(value) ? { ok: true, value } : fail("not-a-number");
}

/** Ids and VAT: whole numbers; `12%` is accepted for VAT as Excel writes percent cells. */
export function parseInteger(raw: string, allowPercent = false): Converted<number> {
  const text = allowPercent ? raw.replace(/\s*%$/, "") : raw;
  const number = parseDecimal(text);
  if (!number.ok) return number;
  if (!Number.isInteger(number.value)) return fail("not-an-integer");
  if (!Number.isSafeInteger(number.value)) return fail("too-big");
  return number;
}

const TRUE: ReadonlySet<string> = new Set(["true", "1", "да", "иә", "yes", "истина", "ақиқат"]);
const FALSE: ReadonlySet<string> = new Set(["false", "0", "нет", "жоқ", "no", "ложь", "жалған"]);

/** Also the words Excel writes for TRUE/FALSE in Russian (ИСТИНА/ЛОЖЬ) and Kazakh locales. */
export function parseBoolean(raw: string): Converted<boolean> {
  const word = raw.toLowerCase();
  if (TRUE.has(word)) return { ok: true, value: true };
  if (FALSE.has(word)) return { ok: true, value: false };
  return fail("not-a-boolean");
}

/** `a|b|c`; empty pieces (a trailing `|`) are dropped. */
export function splitList(raw: string): string[] {
  // The split's own array, trimmed and closed up in place: no second array per cell.
  const pieces = raw.split("|");
  let kept = 0;
  for (const piece of pieces) {
    const value = piece.trim();
    if (value !== "") pieces[kept++] = value;
  }
  pieces.length = kept;
  return pieces;
}

/**
 * Value codes: a `|` list. A code holding `;` or `,` is codes the seller separated otherwise
 * (`red;blue`, `s, m`): sent as one code it would match none, so it is named, not split.
 */
export function codeList(raw: string): Converted<string[]> {
  const codes = splitList(raw);
  if (codes.some((code) => /[;,]/.test(code))) return fail("list-separator", { value: raw });
  return { ok: true, value: codes };
}

/** Photo links of one cell: `|` between them; `;`, `,` or a space before a second link is named. */
export function photoList(raw: string): Converted<string[]> {
  const urls = splitList(raw);
  if (urls.some((url) => /[;,\s]\s*https?:\/\//i.test(url))) {
    return fail("photos-separator", { value: raw });
  }
  return { ok: true, value: urls };
}

/**
 * An http(s) link with a host. A link starting `http://` or `https://` that parses as a URL
 * has that protocol and, the scheme being special, a host (an empty one does not parse), so
 * `URL.canParse` says it without making a URL object for each photo.
 */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

/**
 * What is left of Kazakh letters after a Windows-1251 save, at any place in a word: `?` before
 * a letter (`?аза?стан`, `Ж?ксы`), or after one when the sentence goes on in lower case
 * (`б?л ?ала` → `бұл қала`), or glued to closing punctuation inside quotes (`«Та?»`). A `?`
 * that ends a sentence (`Подходит?`, `Что это? Куртка`) is a question mark.
 */
const LOST_LETTER = /(?:\p{L}|^|[\s«"'(-])\?+\p{L}|\p{L}\?+(?=[\s,;:]+\p{Ll})|\p{L}\?+(?=[»"')])/u;
export function hasLostKazakhLetters(text: string): boolean {
  // Every reading above holds a `?`: most text has none, and is passed over at once.
  return text.includes("?") && LOST_LETTER.test(text);
}

/**
 * A whole word of `?`: what a program saving text in an encoding without Cyrillic (LibreOffice's
 * CSV export with its default options: "????? USB-C 1 ?") leaves of every word. Question marks
 * that end a sentence stand after a letter (`Что??`), never alone between spaces.
 */
const LOST_WORD = /(?:^|[\s«"'(])\?{2,}(?=[\s\d»"'),.;:!-]|$)/u;
export function hasLostWords(text: string): boolean {
  return text.includes("?") && LOST_WORD.test(text);
}

/** GS1 check digit of a GTIN-8/12/13/14 (digits only). */
export function isValidGtin(digits: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) {
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

export type BarcodeReading =
  | { ok: true; value: string; padded?: boolean }
  | { ok: false; code: IssueCode; params: Record<string, string | number> };

/**
 * A barcode from a spreadsheet number cell: the digits its format shows when that format
 * keeps leading zeros (`0000000000000`); 8, 13 and 14 digits as they are; a shorter code
 * restored to 13 digits only when that form has a valid GS1 check digit (`padded`, which the
 * confirmation says); over 15 digits the spreadsheet has already rounded it. Else a problem.
 */
export function barcodeFromNumber(
  value: number,
  shown: string,
  zeroWidth?: number,
): BarcodeReading {
  if (!Number.isInteger(value) || value < 0) {
    return { ok: false, code: "barcode-scientific", params: { value: shown } };
  }
  if (value >= 1e15) return { ok: false, code: "barcode-digits-lost", params: { value: shown } };
  const digits = String(value);
  if (zeroWidth !== undefined && zeroWidth >= digits.length) {
    return { ok: true, value: digits.padStart(zeroWidth, "0") };
  }
  return barcodeFromDigits(digits, shown, "barcode-leading-zeros");
}

/**
 * 8, 13 or 14 digits as they are; fewer than 13 restored to 13 with zeros in front when that
 * form has a valid GS1 check digit (a 12-digit UPC-A is such a form, the same GTIN); else
 * `failure`, with the digits counted.
 */
function barcodeFromDigits(digits: string, shown: string, failure: IssueCode): BarcodeReading {
  if (digits.length === 8 || digits.length === 13 || digits.length === 14) {
    return { ok: true, value: digits };
  }
  if (digits.length < 13) {
    const padded = digits.padStart(13, "0");
    if (isValidGtin(padded)) return { ok: true, value: padded, padded: true };
  }
  return { ok: false, code: failure, params: { value: shown, digits: digits.length } };
}

/**
 * A number as a spreadsheet or a data tool writes it into a text file: digits grouped by
 * thousands (`4 870 000 000 012`, what a grouped number format saves "as shown") or with a
 * zero fraction (`4870000000012.0`, what pandas writes for a column with an empty cell). A
 * barcode has neither, so such a value is the number a cell held, not what the seller typed.
 */
const GROUPED_DIGITS = /^\d{1,3}(?:([ \u00a0\u202f,.'])\d{3})(?:\1\d{3})*$/;
const ZERO_FRACTION = /^(\d+)[.,]0+$/;

/**
 * A barcode typed or saved as text: as it is, unless it shows a number in E-notation, or a
 * number grouped by thousands or with a zero fraction: those are read by the number-cell rule.
 */
export function barcodeFromText(raw: string): BarcodeReading {
  if (raw.startsWith("'")) return { ok: false, code: "barcode-apostrophe", params: { value: raw } };
  if (/^\d+(?:[.,]\d+)?e\+?\d+$/i.test(raw)) {
    return { ok: false, code: "barcode-scientific", params: { value: raw } };
  }
  const whole =
    ZERO_FRACTION.exec(raw)?.[1] ?? (GROUPED_DIGITS.test(raw) ? raw.replace(/\D/g, "") : undefined);
  if (whole !== undefined) return barcodeFromNumber(Number(whole), raw);
  return { ok: true, value: raw };
}

/** All digits, fewer than 13: what is left of a code whose leading zeros a number lost. */
const SHORT_DIGITS = /^\d{1,12}$/;

/**
 * A barcode in a text file (CSV, JSON), where no cell type says whether a program wrote a
 * number cell's digits: as `barcodeFromText`, and all digits fewer than 13 (an EAN-8 aside)
 * are read as what a converter left of a number cell (pandas' `read_excel` → `to_csv`,
 * LibreOffice's CSV export): restored to 13 digits where the check digit proves it, else named
 * (`barcode-short`) with the digits counted. Never sent at a length no barcode has.
 */
export function barcodeFromUntypedText(raw: string): BarcodeReading {
  const read = barcodeFromText(raw);
  if (!read.ok || read.value !== raw || !SHORT_DIGITS.test(raw)) return read;
  return barcodeFromDigits(raw, raw, "barcode-short");
}
