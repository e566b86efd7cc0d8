import type { ForeignCurrency } from "./currency.js";

/**
 * Why a cell cannot be trusted as it is shown; a reader above the sheets names each to the
 * seller as an issue of its own (the import: `import-issue-<code>`).
 */
export const CELL_PROBLEMS = [
  "formula-not-calculated", // XLSX: a formula with no trustworthy saved value (params: cell, formula)
  "cell-error", // XLSX: an error value such as #N/A (params: cell, value)
  "too-big", // XLSX: a number past a double's range, `1E+400` (params: cell, value)
  "formula-in-csv", // CSV saved with cell formulas: `=945*2` where a value should be (params: formula, value)
] as const;
export type CellProblem = (typeof CELL_PROBLEMS)[number];

/**
 * A cell as the reader hands it to the row assembly: text as the seller sees it (CSV, and
 * spreadsheet text cells), or a spreadsheet number/boolean with what it shows, or a cell that
 * cannot be trusted (a formula never calculated, an error value) with why.
 */
export type Cell =
  | string
  | {
      kind: "number";
      value: number;
      /** The text the cell shows under its number format. */
      shown: string;
      format: string;
      percent: boolean;
      date: boolean;
      /** Decimals the format shows, when fixed. */
      decimals?: number;
      /** Shown in E-notation (`1,23E+05`), which may round what the cell holds. */
      scientific?: boolean;
      /** The format shows a currency other than tenge (`# ##0,00 ₽`). */
      currency?: ForeignCurrency;
    }
  | { kind: "boolean"; value: boolean; shown: string }
  | {
      kind: "problem";
      code: CellProblem;
      params: Record<string, string | number>;
      shown: string;
    };

export type NumberCell = Extract<Cell, { kind: "number" }>;

/**
 * A row numbered as the seller's program shows it. `cells` may be sparse (a cell far to the
 * right costs one slot, never the gap): read it with `cellText(cells[i])`.
 */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

/**
 * Where a reader looks for the header before reading on: `found` is called with the first
 * `rows` non-empty rows, false when none of them is a header, so a sheet or CSV that is not
 * a product list (a 10 000-row lookup list) is not read further.
 */
export interface HeaderProbe {
  rows: number;
  found: (rows: SheetRow[]) => boolean;
}

/** What the CSV and XLSX readers hand to the row assembly: only non-empty rows. */
export interface Table {
  /** Non-empty rows in order, the header among them (found by the assembly). */
  rows: SheetRow[];
  /** Decoded from Windows-1251: Kazakh letters may have become `?`. */
  cp1251: boolean;
  /** Read from a text file (CSV), where a program that could not encode a letter wrote `?`. */
  text?: boolean;
  /**
   * Values carry no cell type (CSV, JSON records): all digits may be what a converter wrote of
   * a number cell, its leading zeros lost (see `barcodeFromUntypedText`).
   */
  untyped?: boolean;
  /**
   * Merged cells (XLSX), rows `row`..`lastRow` and columns `from`..`to` (0-based): a title
   * merged across columns applies to each, one merged down from a group row to the header row.
   */
  merges?: { row: number; lastRow: number; from: number; to: number }[];
}

export function cellText(cell: Cell | undefined): string {
  if (cell === undefined) return "";
  return typeof cell === "string" ? cell : cell.shown;
}

export function isEmptyRow(cells: readonly Cell[]): boolean {
  // `some` skips the holes of a sparse row.
  return !cells.some((cell) => cellText(cell).trim() !== "");
}
