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

/**
 * One cheap pass that drops empty records (only separators and blanks) before csv-parse sees
 * the text: a "CSV bomb" of a million `;;;;` lines then costs a scan, not a million parsed
 * records. Quotes follow CSV rules (a quote opens a field only at its start, `""` escapes), so
 * a quoted line break stays inside its record and rows keep Excel's numbers. The caller
 * checks that csv-parse found as many records as were kept, and falls back otherwise.
 * Stops early once more than `maxRecords` are kept: returns undefined, or with `cut` the first
 * `maxRecords` (the header search reads no further). A record with something past its
 * `maxFields`th field is refused as it is met (a 20 MB line of `a;` would be ten million cells
 * for csv-parse and the header search).
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
  const n = text.length;
  /** Where the last record ended (before its line break). */
  let lastEnd = 0;
  const kept = (): KeptRecords => {
    // Nothing dropped (the usual file): the text itself up to its last record, not a copy.
    const whole = rows.length === row ? text.slice(0, lastEnd) : pieces.join(newline);
    return { text: whole, rows, records: pieces, fields, newline };
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
      } else if (c > 0x20) filled = separators;
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
      if (c > 0x20 && c !== 0xa0 && c !== 0xfeff) filled = separators;
      fieldStart = false;
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
