import { type Options, Parser } from "csv-parse";
import { FileRejected } from "./reject.js";
import { type Cell, type HeaderProbe, isEmptyRow, type SheetRow, type Table } from "./table.js";
import type { DecodedText } from "./text.js";

const SEPARATORS = [";", ",", "\t", "|"] as const;
const SAMPLE_LINES = 20;

/** Per line of the first ones with content, how often `sep` occurs outside quotes. */
function countsPerLine(text: string, sep: string): number[] {
  // Character codes, not one-character strings: a 2 MB line is scanned once per separator.
  const QUOTE = 34;
  const LF = 10;
  const CR = 13;
  const SPACE = 32;
  const sepCode = sep.charCodeAt(0);
  const counts: number[] = [];
  let quoted = false;
  let n = 0;
  let content = false;
  for (let i = 0; i < text.length && counts.length < SAMPLE_LINES; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (ch === LF || ch === CR) {
      if (content) counts.push(n);
      n = 0;
      content = false;
    } else {
      if (ch === sepCode) n++;
      if (ch !== SPACE) content = true;
    }
  }
  if (content && counts.length < SAMPLE_LINES) counts.push(n);
  return counts;
}

/**
 * The separators of `;` `,` tab `|` that occur in the first lines, the most consistent first
 * (the same count on most lines), so a title line above the header or a comma in an unquoted
 * name does not decide it. Excel writes `;` in Russian/Kazakh locales and `,` elsewhere.
 */
function rankSeparators(text: string): string[] {
  const scores = new Map<string, number>();
  for (const sep of SEPARATORS) {
    const frequency = new Map<number, number>();
    for (const n of countsPerLine(text, sep))
      if (n > 0) frequency.set(n, (frequency.get(n) ?? 0) + 1);
    for (const [n, lines] of frequency)
      scores.set(sep, Math.max(scores.get(sep) ?? 0, lines * 1000 + n));
  }
  const ranked = [...scores.keys()].sort((a, b) => scores.get(b)! - scores.get(a)!);
  return ranked.length > 0 ? ranked : [","];
}

/** `sep=;` on the first line (Excel's hint): the separator, and the text after that line. */
export function separatorHint(text: string): { delimiter: string; rest: string } | undefined {
  const match = /^\ufeff?"?sep=(.)"?[^\r\n]*(\r\n|\r|\n|$)/i.exec(text);
  if (!match) return undefined;
  return { delimiter: match[1]!, rest: text.slice(match[0].length) };
}

const csvOptions = (delimiter: string): Options => ({
  delimiter,
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
});

/** A csv-parse error (an unclosed quote, ...) as `bad-csv` with the line. */
function badCsv(error: unknown): FileRejected {
  if (error instanceof FileRejected) return error;
  const line = (error as { lines?: unknown }).lines;
  return new FileRejected("bad-csv", typeof line === "number" ? { line } : undefined, "csv");
}

/** Bytes handed to csv-parse at a time: their records are taken before the next piece. */
const PIECE_BYTES = 64 * 1024;

/**
 * Hands `take` each record of `text` with its row as Excel numbers it (every record is a row,
 * a quoted multi-line cell stays in one), as csv-parse reads it, keeping none. csv-parse's
 * stream hands a record over as it is read (a Transform emits `data` synchronously), and its
 * counters then say how many records and skipped empty lines came before. Its own hook,
 * `on_record`, builds a context object per record (a million `;;;;` records took 2.7 s instead
 * of 0.6 s); empty lines are skipped, not read as records, since each would make an error object
 * (a record shorter than the first): a million took 28 s. Throws csv-parse's error, or `take`'s.
 */
function eachRecord(
  text: string,
  delimiter: string,
  take: (record: string[], row: number) => void,
): void {
  const parser = new Parser({ ...csvOptions(delimiter), skip_empty_lines: true });
  const { info } = parser;
  parser.on("data", (record: string[]) => take(record, info.records + info.empty_lines));
  // Not ignored: the stream's error is read from `errored` as soon as it is set.
  parser.on("error", () => undefined);
  const bytes = Buffer.from(text);
  try {
    for (let at = 0; at < bytes.length && !parser.errored; at += PIECE_BYTES)
      parser.write(bytes.subarray(at, at + PIECE_BYTES));
    if (!parser.errored) parser.end();
    if (parser.errored) throw parser.errored;
  } finally {
    parser.destroy();
  }
}

/** Thrown from `take` to stop reading: the header search found no header. */
class NoHeader extends Error {}

/** What one reading of the text with one separator gave. */
type Reading =
  | { delimiter: string; rows: SheetRow[]; header: boolean }
  | { delimiter: string; refused: FileRejected; header: boolean };

/**
 * The text's non-empty rows with `delimiter`, in one pass of csv-parse (`eachRecord`): blank
 * records count as rows but are not kept, so a million `;;;;` records keep nothing. A record
 * with something past `maxColumns` is refused, as a sheet's cell is. With `probe`, the reading
 * stops once its first rows hold no header (`header: false`).
 */
function readRows(
  text: string,
  delimiter: string,
  { maxRows, maxColumns }: CsvLimits,
  probe: HeaderProbe | undefined,
): Reading {
  const tooMany = () => new FileRejected("too-many-rows", { max: maxRows }, "csv");
  const rows: SheetRow[] = [];
  let probed = !probe;
  const check = () => {
    if (!probe!.found(rows)) throw new NoHeader();
    probed = true;
  };
  const take = (record: string[], row: number) => {
    if (isEmptyRow(record)) return;
    for (let i = record.length - 1; i >= maxColumns; i--)
      if (record[i]!.trim() !== "")
        throw new FileRejected("too-many-columns", { max: maxColumns }, "csv");
    // Title rows, the header and `maxRows` data rows (the header search's first rows in any case).
    if (probed && rows.length > maxRows) throw tooMany();
    // The record's own array, its formulas named in place: no second array per row.
    const cells: Cell[] = record;
    for (let i = 0; i < cells.length; i++) cells[i] = formulaCell(cells[i] as string);
    rows.push({ row, cells });
    if (!probed && rows.length === probe!.rows) check();
    else if (!probed && rows.length > maxRows + 1 && probe!.found(rows)) {
      // Past the cap with the header among the rows: refused before reading on.
      probed = true;
      throw tooMany();
    }
  };
  try {
    eachRecord(text, delimiter, take);
    if (!probed && rows.length > 0) check();
    if (rows.length > maxRows + 1) throw tooMany();
  } catch (error) {
    if (error instanceof NoHeader) return { delimiter, rows, header: false };
    // Refused past its header, the file is refused: no other separator is tried.
    return { delimiter, refused: badCsv(error), header: probed };
  }
  return { delimiter, rows, header: true };
}

/**
 * The reading with the most consistent separator, unless only another finds a header in its
 * first rows: a `;` file whose rows leave out their empty cells at the end and whose prices
 * have decimal commas splits more consistently on `,` (one comma a line) than on `;`. The
 * others are read only as far as their first rows.
 */
function readWithSeparator(
  text: string,
  hinted: string | undefined,
  limits: CsvLimits,
  probe: HeaderProbe | undefined,
): Reading {
  const ranked = hinted ? [hinted] : rankSeparators(text);
  const best = readRows(text, ranked[0]!, limits, probe);
  if (!best.header) {
    for (const delimiter of ranked.slice(1)) {
      const other = readRows(text, delimiter, limits, probe);
      if ("rows" in other && other.header) return other;
    }
  }
  return best;
}

/**
 * A cell saved as its formula (LibreOffice's CSV export with "save cell formulas": `=945*2`,
 * `=ROUND(12,345;2)`, `=FALSE()`): the file holds no value for it, so it is named, never
 * sent as the formula's text nor computed by guess.
 */
function formulaCell(text: string): Cell {
  if (text.charCodeAt(0) !== 61 || text.trim().length < 2) return text; // "="
  return {
    kind: "problem",
    code: "formula-in-csv",
    params: { formula: text.trim().slice(0, 200) },
    shown: text,
  };
}

/** Rows and columns a CSV may have: a record with something past `maxColumns` is refused. */
export interface CsvLimits {
  maxRows: number;
  maxColumns: number;
}

export interface CsvTable extends Table {
  delimiter: string;
}

/**
 * Parses CSV text into its non-empty rows (see `readRows`); a `sep=` hint line is not a row
 * (Excel does not show it). With `headerProbe`, a text with no header among its first rows is
 * read no further: its first rows are the table (the assembly then finds no header), as a
 * sheet is left.
 */
export function readCsv(
  decoded: DecodedText,
  limits: CsvLimits,
  headerProbe?: HeaderProbe,
): CsvTable {
  const hint = separatorHint(decoded.text);
  const text = hint ? hint.rest : decoded.text;
  const reading = readWithSeparator(text, hint?.delimiter, limits, headerProbe);
  if ("refused" in reading) throw reading.refused;
  if (reading.rows.length === 0) throw new FileRejected("empty", undefined, "csv");
  return {
    rows: reading.rows,
    cp1251: decoded.cp1251,
    text: true,
    untyped: true,
    delimiter: reading.delimiter,
  };
}
