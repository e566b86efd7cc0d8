import type { IssueCode } from "../types.js";

/** A cell converted to what the API expects, or why it could not be. */
export type Converted<T> =
  | { ok: true; value: T }
  | { ok: false; code: IssueCode; params?: Record<string, string | number> };

const fail = (code: IssueCode, params?: Record<string, string | number>) =>
  ({ ok: false, code, ...(params ? { params } : {}) }) as const;

// Spaces Excel and sellers put between thousands: normal, no-break (U+00A0), narrow no-break
// (U+202F), thin (U+2009) and figure (U+2007) spaces.
const GROUP_SPACES = /[\s\u00a0\u202f\u2009\u2007']/g;
// A currency sign Excel keeps when a price cell is formatted as money.
const CURRENCY = /^(?:₸|тг\.?|kzt|руб\.?|₽)\s*|\s*(?:₸|тг\.?|kzt|руб\.?|₽)$/giu;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * `1234.5`, `1234,5`, `1 234,50` (any space as thousands separator), `1,234.50`, `1.234,50`:
 * with both `.` and `,` the last one is the decimal mark; a lone kind is decimal unless it
 * repeats (`1,234,567`), which only makes sense as thousands.
 */
export function parseDecimal(raw: string): Converted<number> {
  let s = raw.replace(CURRENCY, "").replace(GROUP_SPACES, "");
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const thousands = lastDot > lastComma ? "," : ".";
    s = s.split(thousands).join("");
    s = s.replace(",", ".");
  } else if (lastComma >= 0) {
    const parts = s.split(",");
    const grouped = parts.length > 2 && parts.slice(1).every((p) => /^\d{3}$/.test(p));
    if (parts.length > 2 && !grouped) return fail("not-a-number");
    s = grouped ? parts.join("") : s.replace(",", ".");
  } else if (s.split(".").length > 2) {
    const parts = s.split(".");
    if (!parts.slice(1).every((p) => /^\d{3}$/.test(p))) return fail("not-a-number");
    s = parts.join("");
  }
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
  if (!Number.isSafeInteger(number.value)) return fail("invalid", { detail: "too large" });
  return number;
}

const TRUE = new Set(["true", "1", "да", "иә", "yes", "истина", "ақиқат"]);
const FALSE = new Set(["false", "0", "нет", "жоқ", "no", "ложь", "жалған"]);

/** Also the words Excel writes for TRUE/FALSE in Russian (ИСТИНА/ЛОЖЬ) and Kazakh locales. */
export function parseBoolean(raw: string): Converted<boolean> {
  const word = raw.toLowerCase();
  if (TRUE.has(word)) return { ok: true, value: true };
  if (FALSE.has(word)) return { ok: true, value: false };
  return fail("not-a-boolean");
}

/** `a|b|c`; empty pieces (a trailing `|`) are dropped. */
export function splitList(raw: string): string[] {
  const out: string[] = [];
  for (const piece of raw.split("|")) {
    const value = piece.trim();
    if (value !== "") out.push(value);
  }
  return out;
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * `?` inside a word (`Ж?ксы`) or starting one (`?ала`): what is left of Kazakh letters after a
 * Windows-1251 save. A `?` ending a word is a question mark, so it is not counted.
 */
const LOST_LETTER = /\p{L}\?+\p{L}|(?:^|[^\p{L}\p{N}?/=&])\?+\p{L}/u;
export function hasLostKazakhLetters(text: string): boolean {
  return LOST_LETTER.test(text);
}

/** Barcodes from number cells may come as `4.6E+12`; write them out as the digits. */
export function barcodeText(raw: string): string {
  if (/^\d(?:\.\d+)?e\+\d+$/i.test(raw)) {
    const value = Number(raw);
    if (Number.isSafeInteger(value)) return String(value);
  }
  return raw;
}
