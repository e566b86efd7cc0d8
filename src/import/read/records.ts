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
 * Where the next separator, quote or line break is from a position on (the text's length:
 * none); each of the three is looked up once and kept until the scan passes it.
 */
function specialFinder(text: string, delimiter: string, newline: string) {
  let sep = -1;
  let quote = -1;
  let lineBreak = -1;
  return (from: number): number => {
    if (sep < from) sep = positionOf(text, delimiter[0]!, from);
    if (quote < from) quote = positionOf(text, '"', from);
    if (lineBreak < from) lineBreak = positionOf(text, newline[0]!, from);
    return Math.min(sep, quote, lineBreak);
  };
}

/** The quote closing a field opened before `from` (`""` is a quote inside it); -1: none. */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at >= 0; at = text.indexOf('"', at + 2)) {
    if (text.charCodeAt(at + 1) !== QUOTE) return at;
  }
  return -1;
}

/** Whether text[from, to) holds anything but spaces and control characters. */
function hasContent(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x20) return true;
  return false;
}

/** The records kept so far: those with something in them, each with its row number. */
class Kept {
  readonly records: string[] = [];
  readonly rows: number[] = [];
  readonly fields: number[] = [];
  /** Records ended so far, kept or not. */
  private row = 0;
  /** Where the last record ended (before its line break). */
  private lastEnd = 0;

  constructor(
    private readonly text: string,
    private readonly newline: string,
    private readonly maxRecords: number,
  ) {}

  /** Ends the record text[start, end); false once more than `maxRecords` are kept. */
  end(start: number, end: number, content: boolean, fieldCount: number): boolean {
    this.row++;
    this.lastEnd = end;
    if (content) {
      this.records.push(this.text.slice(start, end));
      this.rows.push(this.row);
      this.fields.push(fieldCount);
    }
    return this.rows.length <= this.maxRecords;
  }

  result(regular: boolean): KeptRecords {
    const { records, rows, fields, newline } = this;
    // Nothing dropped (the usual file): the text itself up to its last record, not a copy.
    const text =
      rows.length === this.row ? this.text.slice(0, this.lastEnd) : records.join(newline);
    return { text, rows, records, fields, newline, regular };
  }
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
  const n = text.length;
  const kept = new Kept(text, newline, maxRecords);
  const nextSpecial = specialFinder(text, delimiter, newline);
  const endsLine = (at: number) =>
    text.charCodeAt(at) === nl0 && (nlLength === 1 || text.charCodeAt(at + 1) === LF);
  const tooWide = () => new FileRejected("too-many-columns", { max: maxFields }, "csv");
  let separators = 0;
  let start = 0;
  /** The field (0-based) of the record's last character that is not blank; -1: none yet. */
  let filled = -1;
  let fieldStart = true;
  let regular = true;
  const endRecord = (end: number) => {
    if (filled >= maxFields) throw tooWide();
    return kept.end(start, end, filled >= 0, separators + 1);
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE && fieldStart) {
      // A quoted field, to its closing quote (or the end: never closed).
      const close = closingQuote(text, i + 1);
      const end = close < 0 ? n : close;
      if (hasContent(text, i + 1, end)) filled = separators;
      const after = end + 1;
      if (close < 0 || (after < n && text.charCodeAt(after) !== sep && !endsLine(after)))
        regular = false;
      fieldStart = false;
      i = after;
    } else if (c === sep) {
      if (filled >= maxFields) throw tooWide();
      fieldStart = true;
      separators++;
      i++;
    } else if (c === nl0 && (nlLength === 1 || text.charCodeAt(i + 1) === LF)) {
      if (!endRecord(i)) return cut ? firstOf(kept.result(regular), maxRecords) : undefined;
      i += nlLength;
      start = i;
      filled = -1;
      separators = 0;
      fieldStart = true;
    } else {
      // A quote inside a field is text to csv-parse (relaxed quotes), not to every parser.
      if (c === QUOTE) regular = false;
      fieldStart = false;
      if (c > 0x20 && c !== 0xa0 && c !== 0xfeff) {
        // The field has content: on to the next character that may end it or the record.
        filled = separators;
        i = nextSpecial(i + 1);
      } else i++;
    }
  }
  if (start < n && !endRecord(n))
    return cut ? firstOf(kept.result(regular), maxRecords) : undefined;
  return kept.result(regular);
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
