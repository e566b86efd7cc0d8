import { isEmptyRow } from "./table.js";

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A character `trim()` keeps, or may keep: a record of none is empty, any other is checked by
 * `isEmptyRow` (the rarer Unicode spaces are left to it).
 */
const inked = (c: number) => c !== 0x20 && (c < 0x09 || c > 0x0d) && c !== 0xa0 && c !== 0xfeff;

/** Where the field that starts at `from` ends, and its text. */
interface Field {
  value: string;
  /** The index of the character after the field (a separator, a line break, or the end). */
  end: number;
  inked: boolean;
}

/** A quoted field at `from` (a quote): its text with `""` unescaped, or undefined if unclosed. */
function quotedField(text: string, from: number): Field | undefined {
  let at = from + 1;
  let escaped = false;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return undefined;
    if (text.charCodeAt(quote + 1) === QUOTE) {
      escaped = true;
      at = quote + 2;
      continue;
    }
    let value = text.slice(from + 1, quote);
    if (escaped) value = value.replaceAll('""', '"');
    let ink = false;
    for (let i = 0; i < value.length && !ink; i++) ink = inked(value.charCodeAt(i));
    return { value, end: quote + 1, inked: ink };
  }
}

/** An unquoted field at `from`: up to the separator or line break (a quote in it is text). */
function plainField(text: string, from: number, sep: number): Field {
  let ink = false;
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === sep || c === CR || c === LF) break;
    if (!ink && inked(c)) ink = true;
  }
  return { value: text.slice(from, i), end: i, inked: ink };
}

/** The line break at `at` as csv-parse discovers it: `\r\n` before `\n` and `\r`. */
function lineBreakAt(text: string, at: number): string {
  if (text.charCodeAt(at) === CR) return text.charCodeAt(at + 1) === LF ? "\r\n" : "\r";
  return "\n";
}

/**
 * Reads CSV text as csv-parse does with the options of `parseRecords` (`bom`,
 * `relax_column_count`, `relax_quotes`, empty lines kept as records, the record delimiter
 * being the first line break outside quotes), directly, for text in the common form: fields
 * unquoted (a quote inside one is text) or quoted (`""` a quote) and followed by the
 * separator, the line break or the end. Hands each non-empty record to `take` with its index
 * (0-based), as `parseRecords` does; an empty one (a CSV bomb's `;;;;`) costs its scan only.
 * Returns false as soon as the text holds anything else (a closing quote followed by other
 * text, a quote left open, a line break of another kind than the first), or when `take`
 * returns false: csv-parse then reads the text whole (see `readCsv`).
 */
export function readPlainCsv(
  text: string,
  delimiter: string,
  take: (cells: string[], index: number) => boolean,
): boolean {
  const sep = delimiter.charCodeAt(0);
  if (delimiter.length !== 1 || sep === QUOTE || sep === CR || sep === LF) return false;
  // csv-parse reads the text as UTF-8 bytes, where a lone surrogate becomes U+FFFD.
  if (LONE_SURROGATE.test(text)) return false;
  const n = text.length;
  let newline = "";
  let index = 0;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let cells: string[] = [];
  let ink = false;
  while (at < n) {
    const field = text.charCodeAt(at) === QUOTE ? quotedField(text, at) : plainField(text, at, sep);
    if (!field) return false;
    cells.push(field.value);
    if (field.inked) ink = true;
    const end = field.end;
    const c = text.charCodeAt(end);
    if (c === sep) {
      at = end + 1;
      // A separator at the very end: csv-parse ends the record with an empty field.
      if (at < n) continue;
      cells.push("");
    } else if (end < n) {
      if (c !== CR && c !== LF) return false;
      newline ||= lineBreakAt(text, end);
      if (!text.startsWith(newline, end)) return false;
      at = end + newline.length;
    } else at = n;
    if (ink && !isEmptyRow(cells)) {
      if (!take(cells, index)) return false;
      cells = [];
    } else cells.length = 0;
    ink = false;
    index++;
  }
  return true;
}
