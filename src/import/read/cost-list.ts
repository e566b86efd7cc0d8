import { cellText, type Table } from "../../sheets/index.js";
import type { CostList, CostRow } from "../types.js";
import { COST_COLUMN, type Column, columnFor } from "./columns.js";
import { cellValue } from "./edits.js";
import { learnConvention } from "./values.js";

/** Columns that make a table a product list (or a returned export), not a list of costs. */
const PRODUCT_SIGNS = new Set(["productId", "categoryId", "brandId"]);

/** The header's columns by name (the first of each); undefined when it names no cost list. */
function costColumns(titles: readonly string[]) {
  const byName = new Map<string, Column>();
  titles.forEach((title, index) => {
    const column = columnFor(title.trim(), index);
    if (column && !byName.has(column.name)) byName.set(column.name, column);
  });
  if ([...byName.keys()].some((name) => PRODUCT_SIGNS.has(name))) return undefined;
  const barcode = byName.get("barcode");
  const cost = byName.get(COST_COLUMN);
  return barcode && cost ? { barcode, cost } : undefined;
}

/**
 * A list of barcodes and cost prices (any other columns, a name say, are left alone): each
 * row's barcode and cost as canonical texts, or why a cell cannot be read. A row with a
 * barcode and an empty cost removes that cost; a row empty in both is no row.
 */
export function readCostList(table: Table, headerAt: number): CostList | undefined {
  const titles = Array.from(table.rows[headerAt]!.cells, cellText);
  const columns = costColumns(titles);
  if (!columns) return undefined;
  const body = table.rows.slice(headerAt + 1);
  const convention = learnConvention(
    body.map((r) => r.cells[columns.cost.index]).filter((c) => typeof c === "string"),
  );
  const rows: CostRow[] = [];
  for (const r of body) {
    const row: CostRow = { row: r.row, issues: [] };
    for (const column of [columns.barcode, columns.cost]) {
      const cell = r.cells[column.index];
      const text = cellText(cell).trim();
      if (text === "") continue;
      const read = cellValue(column, cell!, convention);
      if (!read.ok)
        row.issues.push({
          field: column.name,
          code: read.code,
          params: { value: text, ...read.params },
        });
      else if (read.value) row[column.name === "barcode" ? "barcode" : "cost"] = read.value;
    }
    if (row.barcode === undefined && row.cost === undefined && row.issues.length === 0) continue;
    if (row.barcode === undefined && !row.issues.some((i) => i.field === "barcode"))
      row.issues.push({ field: "barcode", code: "required", params: { value: "—" } });
    rows.push(row);
  }
  return { rows };
}
