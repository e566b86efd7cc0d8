import { FileRejected } from "./reject.js";

/** Records of a CSV text that have something in them, and the row number of each. */
export interface KeptRecords {
  /** The non-empty records joined by the file's own line break. */
  text: string;
  /** Row (record number, 1-based) of each kept record, in order. */
  rows: number[];
  /** Each kept record's text, and its count of fields as the scan splits it. */
  records: string[];
  fields: number[];
  /** The file's line break, which joins the records in `text`. */
  newline: string;
  /**
   * Every quote opens a field at its very start, is closed, and is followed by a separator, a
   * line break or the end: the text is plain RFC 4180, which every CSV parser reads alike.
   */
  regular: boolean;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** The file's line break as csv-parse will discover it: the first one outside quotes. */
function lineBreak(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === CR) return text.charCodeAt(i + 1) === LF ? "\r\n" : "\r";
    else if (!quoted && c === LF) return "\n";
  }
  return "\n";
}

/** Where `char` next occurs in `text` from `from`; the text's length when it does not. */
function positionOf(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

/**
 * One cheap pass that drops empty records (only separators and blanks) before csv-parse sees
 * the text: a "CSV bomb" of a million `;;;;` lines then costs a scan, not a million parsed
 * records. Quotes follow CSV rules (a quote opens a field only at its start, `""` escapes), so
 * a quoted line break stays inside its record and rows keep Excel's numbers. The caller
 * checks that csv-parse found as many records as were kept, and falls back otherwise.
 * Stops early once more than `maxRecords` are kept: returns undefined, or with `cut` the first
 * `maxRecords` (the header search reads no further). A record with something past its
 * `maxFields`th field is refused as it is met (a 20 MB line of `a;` would be ten million cells
 * for csv-parse and the header search). One loop on purpose: split into helpers, it made a
 * whole reading about 4 % slower (docs/benchmarks.md, "Measure 4").
 */
export function keepNonEmptyRecords(
  text: string,
  delimiter: string,
  maxRecords: number,
  cut = false,
  maxFields = Number.POSITIVE_INFINITY,
): KeptRecords | undefined {
  const newline = lineBreak(text);
  const nl0 = newline.charCodeAt(0);
  const nlLength = newline.length;
  const sep = delimiter.charCodeAt(0);
  const pieces: string[] = [];
  const rows: number[] = [];
  const fields: number[] = [];
  let separators = 0;
  let row = 0;
  let start = 0;
  /** The field (0-based) of the record's last character that is not blank; -1: none yet. */
  let filled = -1;
  let fieldStart = true;
  let quoted = false;
  let regular = true;
  const n = text.length;
  // Where the next separator, quote and line break are (n: none), each found once.
  let nextSep = -1;
  let nextQuote = -1;
  let nextBreak = -1;
  const nextSpecial = (from: number): number => {
    if (nextSep < from) nextSep = positionOf(text, delimiter[0]!, from);
    if (nextQuote < from) nextQuote = positionOf(text, '"', from);
    if (nextBreak < from) nextBreak = positionOf(text, newline[0]!, from);
    return Math.min(nextSep, nextQuote, nextBreak);
  };
  /** Where the last record ended (before its line break). */
  let lastEnd = 0;
  const kept = (): KeptRecords => {
    // Nothing dropped (the usual file): the text itself up to its last record, not a copy.
    const whole = rows.length === row ? text.slice(0, lastEnd) : pieces.join(newline);
    return { text: whole, rows, records: pieces, fields, newline, regular: regular && !quoted };
  };
  const tooWide = () => new FileRejected("too-many-columns", { max: maxFields }, "csv");
  const endRecord = (end: number): boolean => {
    if (filled >= maxFields) throw tooWide();
    row++;
    lastEnd = end;
    if (filled >= 0) {
      pieces.push(text.slice(start, end));
      rows.push(row);
      fields.push(separators + 1);
    }
    separators = 0;
    return rows.length <= maxRecords;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          filled = separators;
          i += 2;
          continue;
        }
        quoted = false;
        const next = text.charCodeAt(i + 1);
        const lineEnds = next === nl0 && (nlLength === 1 || text.charCodeAt(i + 2) === LF);
        if (i + 1 < n && next !== sep && !lineEnds) regular = false;
      } else if (c > 0x20) {
        // The field has content: nothing up to its next quote can change that.
        filled = separators;
        const next = text.indexOf('"', i + 1);
        i = next < 0 ? n : next;
        continue;
      }
      i++;
    } else if (c === QUOTE && fieldStart) {
      quoted = true;
      fieldStart = false;
      i++;
    } else if (c === sep) {
      if (filled >= maxFields) throw tooWide();
      fieldStart = true;
      separators++;
      i++;
    } else if (c === nl0 && (nlLength === 1 || text.charCodeAt(i + 1) === LF)) {
      if (!endRecord(i)) return cut ? firstOf(kept(), maxRecords) : undefined;
      i += nlLength;
      start = i;
      filled = -1;
      fieldStart = true;
    } else {
      // A quote inside a field is text to csv-parse (relaxed quotes), not to every parser.
      if (c === QUOTE) regular = false;
      fieldStart = false;
      if (c > 0x20 && c !== 0xa0 && c !== 0xfeff) {
        // The field has content: on to the next character that may end it or the record.
        filled = separators;
        i = nextSpecial(i + 1);
        continue;
      }
      i++;
    }
  }
  if (start < n && !endRecord(n)) return cut ? firstOf(kept(), maxRecords) : undefined;
  return kept();
}

function firstOf(kept: KeptRecords, count: number): KeptRecords {
  const records = kept.records.slice(0, count);
  return {
    ...kept,
    text: records.join(kept.newline),
    rows: kept.rows.slice(0, count),
    records,
    fields: kept.fields.slice(0, count),
  };
}
