import { cellText, type SheetRow, type Table } from "../../sheets/index.js";
import { knownTitles } from "./columns.js";

/**
 * How far down the header may stand: the first 30 non-empty rows (a title block, a date line,
 * group rows). The XLSX reader stops reading a sheet whose first 30 rows hold no header.
 */
export const HEADER_SEARCH_ROWS = 30;

/** How many known columns a row names, or 0 when it cannot be a header at all. */
function headerScore(titles: readonly string[]): number {
  const { known, required } = knownTitles(titles);
  // Two known columns, or one of the required ones: less is a title or a data row.
  return known >= 2 || (known === 1 && required) ? known : 0;
}

/**
 * The header as a person finds it: among the first `HEADER_SEARCH_ROWS` non-empty rows, the
 * one that names the most known columns (two of them at least, or one required one), each
 * counted once, with merged titles read where the program shows them (see `headerTitles`).
 * A title row or a row of merged group cells above the titles ("Товар", "Цена" over price and
 * VAT) names fewer, so it never wins over the row of titles beneath it. On a tie the lower row
 * wins when it stands right beneath (a template's technical names above the titles sellers
 * read), the upper one otherwise: a header repeated further down must not hide the rows
 * between, which are then named as rows rather than skipped. Returns its place in `table.rows`.
 */
export function findHeader(table: Pick<Table, "rows" | "merges" | "text">): number | undefined {
  const limit = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
  let best: number | undefined;
  let bestScore = 0;
  for (let i = 0; i < limit; i++) {
    const score = headerScore(headerTitles(table, table.rows[i]!));
    const beneath = best !== undefined && i === best + 1 && score === bestScore;
    if (score > bestScore || (beneath && score > 0)) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}

/**
 * A row's titles with merged cells read as the program shows them: a title merged across
 * columns applies to each (`photos` merged over G:I titles G, H and I), and one merged down
 * from a group row (`Штрихкод` over rows 2:3, beside `Цена` over price and VAT) is the title
 * of the row beneath too.
 */
export function headerTitles(
  table: Pick<Table, "rows" | "merges" | "text">,
  headerRow: SheetRow,
): string[] {
  const titles = headerRow.cells.map(cellText);
  if (table.text) fillFromGroupRow(table, headerRow, titles);
  for (const merge of table.merges ?? []) {
    if (merge.row > headerRow.row || merge.lastRow < headerRow.row) continue;
    const top =
      merge.row === headerRow.row ? headerRow : table.rows.find((r) => r.row === merge.row);
    const title = cellText(top?.cells[merge.from]);
    if (title.trim() === "") continue;
    for (let i = merge.from; i <= merge.to; i++) if (!titles[i]?.trim()) titles[i] = title;
  }
  return titles;
}

/**
 * A CSV keeps no merges: a title merged down over two header rows (`Штрихкод` over rows 2:3
 * beside `Цена` over price and VAT) is saved in the upper row, the lower one left empty. So an
 * empty title under a title of the row just above, itself naming known columns, is that title.
 */
function fillFromGroupRow(table: Pick<Table, "rows">, headerRow: SheetRow, titles: string[]) {
  const at = table.rows.indexOf(headerRow);
  const above = at > 0 ? table.rows[at - 1] : undefined;
  if (!above || above.row !== headerRow.row - 1) return;
  const upper = above.cells.map(cellText);
  if (headerScore(upper) === 0) return;
  upper.forEach((title, i) => {
    if (title.trim() !== "" && !titles[i]?.trim()) titles[i] = title;
  });
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
