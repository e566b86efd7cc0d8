/** The money workbook as openpyxl (a spreadsheet program's library, not the bot's writer) reads it. */
import { withXlsxFile } from "./catalog.js";
import { runWithOpenpyxl } from "./python.js";

export type Value = string | number | boolean | null;
/** A cell as openpyxl reads it: its stored value, its number format, bold. */
export type Seen = [Value, string, boolean];
export interface OpenedBook {
  sheets: string[];
  active: string;
  /** Stored values (data_only: what a program that does not calculate reads). */
  values: Record<string, Seen[][]>;
  /** The formulas, where a cell has one. */
  formulas: Record<string, (string | null)[][]>;
}

const OPENPYXL = `
import json, sys, datetime, openpyxl
def val(v):
    if isinstance(v, datetime.datetime): return "date " + v.isoformat()
    return v
values = openpyxl.load_workbook(sys.argv[1], data_only=True)
formulas = openpyxl.load_workbook(sys.argv[1], data_only=False)
def cells(ws):
    return [[[val(c.value), c.number_format, bool(c.font.b)] for c in r] for r in ws.iter_rows()]
def formula(v):
    return v if isinstance(v, str) and v.startswith("=") else None
print(json.dumps({
    "sheets": [ws.title for ws in values.worksheets],
    "active": values.active.title,
    "values": {ws.title: cells(ws) for ws in values.worksheets},
    "formulas": {ws.title: [[formula(c.value) for c in r] for r in ws.iter_rows()] for ws in formulas.worksheets},
}, ensure_ascii=False))
`;

export function openBook(bytes: Uint8Array): Promise<OpenedBook> {
  return withXlsxFile(bytes, async (path) => JSON.parse(await runWithOpenpyxl(OPENPYXL, [path])));
}

/** A sheet as a table: its header's titles, its rows, a row by its first cell. */
export function table(book: OpenedBook, sheet: string, headerRow = 0) {
  const rows = book.values[sheet];
  if (!rows) throw new Error(`no sheet ${sheet}: ${book.sheets}`);
  const header = rows[headerRow]!.map(([v]) => v);
  const col = (title: string) => {
    const i = header.indexOf(title);
    if (i < 0) throw new Error(`no column ${title} in ${sheet}: ${JSON.stringify(header)}`);
    return i;
  };
  return {
    header,
    rows,
    col,
    row: (label: string) => {
      const found = rows.find((r) => r[0]![0] === label);
      if (!found) throw new Error(`no row ${label} in ${sheet}`);
      return found;
    },
  };
}

/** A money cell's value in tiyn. */
export const tiynOf = (cell: Seen | undefined) => Math.round((cell![0] as number) * 100);
