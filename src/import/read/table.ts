/** A spreadsheet row as text cells, numbered as the spreadsheet shows it (header = row 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** What the CSV and XLSX readers hand to the row assembly: only non-empty rows. */
export interface Table {
  header: SheetRow;
  rows: SheetRow[];
  /** Decoded from Windows-1251: Kazakh letters may have become `?`. */
  cp1251: boolean;
}

export function isEmptyRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== "") return false;
  return true;
}
