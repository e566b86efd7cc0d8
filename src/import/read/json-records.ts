import {
  type ReadCell as Cell,
  isEmptyRow,
  type SheetRow,
  type Table,
} from "../../sheets/index.js";
import type { SourceRef } from "../types.js";
import { type Assembled, assembleProducts } from "./assemble.js";
import { findHeader } from "./header.js";
import type { ProductSchema } from "./validate.js";

type Flat = Record<string, string | number | boolean | null>;

/**
 * Records whose values are all plain: a table saved as JSON (pandas `to_json(orient="records")`
 * writes `{"name.rus": …, "price": …}`). None can be a product of seller-api.md 2.1, whose
 * name and SKUs are nested, so reading them as the table they are guesses nothing.
 */
export function isFlatRecords(list: readonly unknown[]): list is Flat[] {
  return list.every(
    (item) =>
      typeof item === "object" &&
      item !== null &&
      !Array.isArray(item) &&
      Object.values(item).every((v) => v === null || typeof v !== "object"),
  );
}

/** A JSON value as the cell a spreadsheet would hold: numbers keep the digits the file shows. */
function cellOf(value: Flat[string] | undefined): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return { kind: "boolean", value, shown: String(value) };
  const shown = String(value);
  return { kind: "number", value, shown, format: "General", percent: false, date: false };
}

/** The record's position instead of a row: the seller's file has records, not rows. */
const positionOf = (ref: SourceRef): SourceRef =>
  ref.kind === "rows" ? { kind: "position", position: ref.rows[0] ?? 1 } : ref;

/**
 * Flat records read as table rows (titles matched, numbers by the table's rules, products
 * grouped by `productKey`), every issue located at its record's position. Undefined when the
 * keys name no product columns: then they are reported as JSON products are.
 */
export function readFlatRecords(
  records: readonly Flat[],
  schema: ProductSchema,
  vatRates: readonly number[],
): Assembled | undefined {
  const titles = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const rows: SheetRow[] = [{ row: 0, cells: titles }];
  records.forEach((record, i) => {
    const cells = titles.map((title) => cellOf(record[title]));
    if (!isEmptyRow(cells)) rows.push({ row: i + 1, cells });
  });
  const table: Table = { rows, cp1251: false, untyped: true };
  if (findHeader(table) !== 0) return undefined;
  const assembled = assembleProducts(table, schema, vatRates, "json", 0);
  const { headerRow: _row, notes, ...reading } = assembled.reading ?? {};
  // Notes name records by their positions, not rows.
  const placed = notes?.map((n) => ({ ...n, params: { ...n.params, place: "positions" } }));
  return {
    products: assembled.products.map((p) => ({
      ...p,
      ref: positionOf(p.ref),
      skuRefs: p.skuRefs.map(positionOf),
    })),
    invalid: assembled.invalid.map((p) => ({
      ref: positionOf(p.ref),
      issues: p.issues.map((issue) => ({ ...issue, ref: positionOf(issue.ref) })),
    })),
    warnings: assembled.warnings,
    reading: placed ? { ...reading, notes: placed } : reading,
  };
}
