import { knownTitles } from "./columns.js";
import { cellText, type SheetRow, type Table } from "./table.js";

/**
 * How far down the header may stand: the first 30 non-empty rows (a title block, a date line,
 * group rows). The XLSX reader stops reading a sheet whose first 30 rows hold no header.
 */
export const HEADER_SEARCH_ROWS = 30;

/** How many known columns a row names, or 0 when it cannot be a header at all. */
function headerScore(row: SheetRow): number {
  const { known, required } = knownTitles(row.cells.map(cellText));
  // Two known columns, or one of the required ones: less is a title or a data row.
  return known >= 2 || (known === 1 && required) ? known : 0;
}

/**
 * The header as a person finds it: among the first `HEADER_SEARCH_ROWS` non-empty rows, the
 * one that names the most known columns (two of them at least, or one required one). A title
 * row or a row of merged group cells above the titles ("Товар", "Цена" over price and VAT)
 * names fewer, so it never wins over the row of titles beneath it. On a tie the upper row
 * wins: a header repeated further down (a printout's page header) must not hide the rows
 * between, which are then named as rows rather than skipped. Returns its place in `table.rows`.
 */
export function findHeader(table: Pick<Table, "rows">): number | undefined {
  const limit = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
  let best: number | undefined;
  let bestScore = 0;
  for (let i = 0; i < limit; i++) {
    const score = headerScore(table.rows[i]!);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/** Header titles with merged cells spread: `photos` merged over G:I titles G, H and I. */
export function headerTitles(table: Table, headerRow: SheetRow): string[] {
  const titles = headerRow.cells.map(cellText);
  for (const merge of table.merges ?? []) {
    if (merge.row !== headerRow.row) continue;
    const title = titles[merge.from] ?? "";
    for (let i = merge.from + 1; i <= merge.to; i++) if (!titles[i]?.trim()) titles[i] = title;
  }
  return titles;
}

/**
 * Untitled columns holding the row numbers 0, 1, 2… or 1, 2, 3… (pandas writes its index
 * so): ignored. Any other untitled column with data is a problem on each row that has some.
 */
export function indexColumns(untitled: readonly number[], rows: readonly SheetRow[]): Set<number> {
  const out = new Set<number>();
  for (const index of untitled) {
    const first = Number(cellText(rows[0]?.cells[index]).trim());
    if (first !== 0 && first !== 1) continue;
    const isIndex = rows.every((r, k) => {
      const text = cellText(r.cells[index]).trim();
      return text !== "" && Number(text) === first + k;
    });
    if (isIndex) out.add(index);
  }
  return out;
}
