import { type Options, parse } from "csv-parse/sync";
import { keepNonEmptyRecords } from "./records.js";
import { FileRejected } from "./reject.js";
import { isEmptyRow, type SheetRow, type Table } from "./table.js";
import type { DecodedText } from "./text.js";

const SEPARATORS = [";", ",", "\t"] as const;

/**
 * The separator is whichever of `;` `,` tab occurs most in the first line outside quotes:
 * Excel writes `;` in Russian/Kazakh locales and `,` elsewhere, always the same in the header.
 */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  let seenContent = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === "\n" || ch === "\r") {
      // Blank leading lines are skipped: the header is the first line with something on it.
      if (seenContent) break;
    } else {
      if (ch !== " " && ch !== "\t") seenContent = true;
      const n = counts.get(ch);
      if (n !== undefined) counts.set(ch, n + 1);
    }
  }
  let best = ",";
  let bestCount = 0;
  for (const [sep, n] of counts) {
    if (n > bestCount) {
      best = sep;
      bestCount = n;
    }
  }
  return best;
}

/**
 * Runs csv-parse, handing each non-empty record to `take` with its record index (0-based).
 * csv-parse errors (an unclosed quote, ...) become `bad-csv` with the line.
 */
function parseRecords(
  text: string,
  delimiter: string,
  take: (cells: string[], index: number) => void,
) {
  let index = 0;
  const options: Options = {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    on_record: (record: string[]) => {
      if (!isEmptyRow(record)) take(record, index);
      index++;
      return null;
    },
  };
  try {
    parse(text, options);
  } catch (error) {
    if (error instanceof FileRejected) throw error;
    const line = (error as { lines?: unknown }).lines;
    throw new FileRejected("bad-csv", typeof line === "number" ? { line } : undefined, "csv");
  }
  return index;
}

/**
 * Parses CSV text into non-empty rows numbered as Excel shows them: every record is one row
 * (a quoted multi-line cell stays in one row) and blank records count as rows but are not
 * kept. Empty records are dropped by a cheap pre-scan first (see `keepNonEmptyRecords`); if
 * its record count ever disagrees with csv-parse (odd quoting, mixed line breaks), the text
 * is parsed again whole, numbering records as csv-parse sees them.
 */
export function readCsv(decoded: DecodedText, maxRows: number): Table {
  const delimiter = detectSeparator(decoded.text);
  const tooMany = () => new FileRejected("too-many-rows", { max: maxRows }, "csv");
  const found: SheetRow[] = [];
  const collect = (rowOf: (index: number) => number) => (cells: string[], index: number) => {
    if (found.length > maxRows) throw tooMany();
    found.push({ row: rowOf(index), cells });
  };
  // The header plus `maxRows` data rows.
  const kept = keepNonEmptyRecords(decoded.text, delimiter, maxRows + 1);
  if (!kept) throw tooMany();
  const count = parseRecords(
    kept.text,
    delimiter,
    collect((i) => kept.rows[i] ?? 0),
  );
  if (count !== kept.rows.length) {
    found.length = 0;
    parseRecords(
      decoded.text,
      delimiter,
      collect((i) => i + 1),
    );
  }
  if (found.length > maxRows + 1) throw tooMany();
  const [header, ...rows] = found;
  if (!header) throw new FileRejected("empty", undefined, "csv");
  return { header, rows, cp1251: decoded.cp1251 };
}
