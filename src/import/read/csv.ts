import { type Options, parse } from "csv-parse/sync";
import Papa from "papaparse";
import { type KeptRecords, keepNonEmptyRecords } from "./records.js";
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

/**
 * The separator, and the header search's first rows read with it: the most consistent one,
 * unless only another splits a header out of those rows. A `;` file whose rows leave out
 * their empty cells at the end and whose prices have decimal commas splits more consistently
 * on `,` (one comma a line) than on `;`.
 */
function chooseSeparator(
  text: string,
  hinted: string | undefined,
  probe: HeaderProbe | undefined,
  maxColumns: number,
): { delimiter: string; first: ReturnType<typeof readFirstRows>; header: boolean } {
  const ranked = hinted ? [hinted] : rankSeparators(text);
  /** The probe's rows split by `delimiter`, or the refusal a row too wide gets with it. */
  const firstRows = (delimiter: string) => {
    try {
      const first = probe && readFirstRows(text, delimiter, probe.rows, maxColumns);
      const header = first !== undefined && first.rows.length > 0 && probe!.found(first.rows);
      return { delimiter, first, header };
    } catch (error) {
      if (!(error instanceof FileRejected)) throw error;
      return { delimiter, first: undefined, header: false, refused: error };
    }
  };
  const best = firstRows(ranked[0]!);
  if (!probe || best.header) return best;
  for (const delimiter of ranked.slice(1)) {
    const other = firstRows(delimiter);
    if (other.header) return other;
  }
  if (best.refused) throw best.refused;
  return best;
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
  skip_empty_lines: false,
});

/** A csv-parse error (an unclosed quote, ...) as `bad-csv` with the line. */
function badCsv(error: unknown): FileRejected {
  if (error instanceof FileRejected) return error;
  const line = (error as { lines?: unknown }).lines;
  return new FileRejected("bad-csv", typeof line === "number" ? { line } : undefined, "csv");
}

/**
 * Runs csv-parse, handing each non-empty record to `take` with its record index (0-based);
 * returns the number of records. Each record is handed over as it is parsed (`on_record`), so
 * empty records are never kept: this reads any text, however many empty records it holds.
 */
function parseRecords(
  text: string,
  delimiter: string,
  take: (cells: string[], index: number) => void,
) {
  let index = 0;
  const options: Options = {
    ...csvOptions(delimiter),
    on_record: (record: string[]) => {
      if (!isEmptyRow(record)) take(record, index);
      index++;
      return null;
    },
  };
  try {
    parse(text, options);
  } catch (error) {
    throw badCsv(error);
  }
  return index;
}

/**
 * The records of text holding `expected` non-empty records (the pre-scan's), as csv-parse
 * returns them; undefined when it finds more (parsing stops one past `expected`), fewer, or
 * cannot parse it: then the whole text decides, and names the file's own line. No
 * `on_record`: csv-parse builds a context object for each record it hands to one, which
 * costs about a third of its time on a product list. Plain RFC 4180 text (`regular`, as the
 * pre-scan found it: what Excel and LibreOffice save) is read by Papa Parse, five times
 * faster; on such text both read the same records (a property test holds them to it), and
 * anything Papa Parse finds wrong is left to csv-parse.
 */
function parseText(text: string, delimiter: string, kept: KeptRecords): string[][] | undefined {
  const expected = kept.rows.length;
  // Papa Parse would guess another separator for one it cannot take (a quote, from `sep="`).
  if (kept.regular && !Papa.BAD_DELIMITERS.includes(delimiter)) {
    const papa = Papa.parse<string[]>(text, {
      delimiter,
      newline: kept.newline as Papa.ParseConfig["newline"],
      quoteChar: '"',
      escapeChar: '"',
      preview: expected + 1,
    });
    // The kept text ends with its last record, not a line break (Papa Parse would read an
    // empty record after one, csv-parse none).
    if (papa.errors.length === 0 && papa.data.length === expected) return papa.data;
  }
  try {
    const records = parse(text, { ...csvOptions(delimiter), to: expected + 1 }) as string[][];
    return records.length === expected ? records : undefined;
  } catch {
    return undefined;
  }
}

/** The widest record the padding below evens out to (more columns: parsed as they are). */
const EVEN_MAX_FIELDS = 2048;

/**
 * The kept records as csv-parse returns them (see `parseText`). csv-parse makes an error, with
 * a JSON copy of the record, for every record whose length differs from the first's, even
 * when told to accept it: a CSV whose rows leave out their empty last cells read at two
 * thirds of the speed. Such records are padded with separators to the widest one before
 * parsing and cut back to their own length after, when that adds at most the text's own
 * length; whatever csv-parse returns must then be exactly the records plus empty cells, or the
 * text is parsed as it is.
 */
function parseKept(kept: KeptRecords, delimiter: string): string[][] | undefined {
  let width = 0;
  let total = 0;
  for (const count of kept.fields) {
    width = Math.max(width, count);
    total += count;
  }
  const padding = width * kept.fields.length - total;
  if (padding === 0 || padding > kept.text.length || width > EVEN_MAX_FIELDS)
    return parseText(kept.text, delimiter, kept);
  const even = kept.records.map((record, i) => record + delimiter.repeat(width - kept.fields[i]!));
  const records = parseText(even.join(kept.newline), delimiter, kept);
  if (records && cutBack(records, kept.fields, width)) return records;
  return parseText(kept.text, delimiter, kept);
}

/** Cuts each record back to `fields[i]` cells; false unless all it cuts is empty padding. */
function cutBack(records: string[][], fields: number[], width: number): boolean {
  for (const [i, record] of records.entries()) {
    if (record.length !== width) return false;
    for (let j = fields[i]!; j < width; j++) if (record[j] !== "") return false;
    record.length = fields[i]!;
  }
  return true;
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
 * The first `count` non-empty rows alone, read as the whole text is, and whether they are all
 * the text has (fewer than `count`); undefined when the pre-scan and csv-parse disagree on
 * them (then only the whole reading decides).
 */
function readFirstRows(
  text: string,
  delimiter: string,
  count: number,
  maxColumns: number,
): { rows: SheetRow[]; whole: boolean } | undefined {
  const kept = keepNonEmptyRecords(text, delimiter, count, true, maxColumns);
  const records = kept && parseKept(kept, delimiter);
  if (!records) return undefined;
  const rows = records.map((cells, i) => ({
    row: kept!.rows[i] ?? 0,
    cells: cells.map(formulaCell),
  }));
  return { rows, whole: rows.length < count };
}

/**
 * Parses CSV text into non-empty rows numbered as Excel shows them: every record is one row
 * (a quoted multi-line cell stays in one row), blank records count as rows but are not
 * kept, and a `sep=` hint line is not a row (Excel does not show it). Empty records are
 * dropped by a cheap pre-scan first (see `keepNonEmptyRecords`); if its record count ever
 * disagrees with csv-parse (odd quoting, mixed line breaks), the text is parsed again whole.
 * With `headerProbe`, a text with no header among its first rows is read no further: its
 * first rows are the table (the assembly then finds no header), as a sheet is left.
 */
export function readCsv(
  decoded: DecodedText,
  { maxRows, maxColumns }: CsvLimits,
  headerProbe?: HeaderProbe,
): CsvTable {
  const hint = separatorHint(decoded.text);
  const text = hint ? hint.rest : decoded.text;
  const chosen = chooseSeparator(text, hint?.delimiter, headerProbe, maxColumns);
  const { delimiter, first } = chosen;
  const table = (rows: SheetRow[]): CsvTable => ({
    rows,
    cp1251: decoded.cp1251,
    text: true,
    untyped: true,
    delimiter,
  });
  if (first?.rows.length && !chosen.header) return table(first.rows);
  // A short text was read whole by the probe: not parsed a second time.
  const probed = first?.whole ? first.rows.filter((r) => !isEmptyRow(r.cells)) : [];
  if (probed.length > 0 && probed.length <= maxRows + 1) return table(probed);
  const tooMany = () => new FileRejected("too-many-rows", { max: maxRows }, "csv");
  const found: SheetRow[] = [];
  const collect = (rowOf: (index: number) => number) => (cells: Cell[], index: number) => {
    if (found.length > maxRows) throw tooMany();
    // The record's own array, its formulas named in place: no second array per row.
    for (let i = 0; i < cells.length; i++) cells[i] = formulaCell(cells[i] as string);
    found.push({ row: rowOf(index), cells });
  };
  // Title rows, the header and `maxRows` data rows.
  const kept = keepNonEmptyRecords(text, delimiter, maxRows + 1, false, maxColumns);
  if (!kept) throw tooMany();
  const records = parseKept(kept, delimiter);
  if (records) {
    const take = collect((i) => kept.rows[i] ?? 0);
    for (const [index, record] of records.entries()) if (!isEmptyRow(record)) take(record, index);
  } else {
    parseRecords(
      text,
      delimiter,
      collect((i) => i + 1),
    );
  }
  if (found.length > maxRows + 1) throw tooMany();
  if (found.length === 0) throw new FileRejected("empty", undefined, "csv");
  return table(found);
}
