import {
  type ReadCell as Cell,
  cellText,
  columnWord,
  type SheetRow,
  type Table,
  zeroPaddedWidth,
} from "../../sheets/index.js";
import type { EditRow, EditRows } from "../types.js";
import { type Column, columnFor, READ_ONLY_TITLE } from "./columns.js";
import { costOf, integerOf, priceOf } from "./convert.js";
import {
  barcodeFromNumber,
  barcodeFromText,
  type Converted,
  learnConvention,
  type NumberConvention,
  parseBoolean,
  photoList,
} from "./values.js";

const priceText = (price: number) => String(Number(price.toPrecision(12)));

function headerColumns(cells: readonly Cell[]): { columns: Column[]; readOnly: number[] } {
  const columns: Column[] = [];
  const readOnly: number[] = [];
  const seen = new Set<string>();
  cells.forEach((cell, index) => {
    const title = cellText(cell).trim();
    if (!title) return;
    if (READ_ONLY_TITLE.test(title)) {
      readOnly.push(index);
      return;
    }
    const column = columnFor(title, index);
    if (!column || (seen.has(column.name) && column.name !== "photos")) return;
    seen.add(column.name);
    columns.push(column);
  });
  return { columns, readOnly };
}

type Reading = Converted<string> | { ok: true; value: undefined };

/** A number read as the canonical text the edit compares (one function, not one per cell). */
const asText = (r: Converted<number>): Reading => (r.ok ? { ok: true, value: String(r.value) } : r);

export function cellValue(column: Column, cell: Cell, convention: NumberConvention): Reading {
  const raw = cellText(cell).trim();
  if (typeof cell === "object" && cell.kind === "problem") {
    return { ok: false, code: cell.code, params: cell.params };
  }
  // How a cell is read is the kind of value its field holds (the vocabulary, src/sheets).
  const kind = column.kind === "attribute" ? "values" : columnWord(column.name)?.kind;
  switch (kind) {
    case "id":
    case "percent":
      return asText(integerOf(cell, kind === "percent"));
    case "money": {
      // A price must be above zero; a cost price may be zero (the bot keeps it, never sent).
      const amount = column.name === "cost" ? costOf(cell, convention) : priceOf(cell, convention);
      return amount.ok ? { ok: true, value: priceText(amount.value) } : amount;
    }
    case "boolean": {
      if (typeof cell === "object" && cell.kind === "boolean")
        return { ok: true, value: String(cell.value) };
      const b = parseBoolean(raw);
      return b.ok ? { ok: true, value: String(b.value) } : b;
    }
    case "barcode": {
      const r =
        typeof cell === "object" && cell.kind === "number"
          ? barcodeFromNumber(cell.value, cell.shown, zeroPaddedWidth(cell.format))
          : barcodeFromText(raw);
      return r.ok ? { ok: true, value: r.value } : r;
    }
    case "links": {
      const r = photoList(raw);
      return r.ok ? { ok: true, value: r.value.join("|") } : r;
    }
    case "values":
      return { ok: true, value: characteristicList(raw) };
    default:
      return { ok: true, value: raw };
  }
}

/**
 * A returned export's characteristics: codes, or names as the export writes them (`250 г; 500 г`,
 * a SKU's `Вес: 250 г`), `|` or `;` between them, read as they are, `|` between: the catalog
 * knows the directories and makes codes of them (a name may hold a comma, so none is refused here).
 */
const characteristicList = (raw: string) =>
  raw
    .split(/[|;]/)
    .map((piece) => piece.trim())
    .filter(Boolean)
    .join("|");

/** Columns naming what a row edits, not values it edits. */
const ID_FIELDS: ReadonlySet<string> = new Set(["productId", "skuId", "shopId"]);

/** Reads one row of an edit; photos of several columns are joined left to right. */
function readRow(
  row: SheetRow,
  columns: Column[],
  convention: NumberConvention,
  groupProductId: string | undefined,
): EditRow | undefined {
  const values: Record<string, string> = {};
  // The row's ids are read apart from the values it edits: `values` is never deleted from
  // (an object deleted from is slower to fill, copy and write out).
  const ids: Record<string, string> = {};
  const issues: EditRow["issues"] = [];
  for (const column of columns) {
    const cell = row.cells[column.index];
    if (cellText(cell).trim() === "" || column.kind === "key") continue;
    const read = cellValue(column, cell!, convention);
    if (!read.ok) {
      // The cell as the seller sees it, beside the reason (the preview names both).
      const params = { value: cellText(cell).trim(), ...read.params };
      issues.push({ field: column.name, code: read.code, params });
    } else if (read.value !== undefined && read.value !== "") {
      const into = ID_FIELDS.has(column.name) ? ids : values;
      const prior = into[column.name];
      into[column.name] = column.name === "photos" && prior ? `${prior}|${read.value}` : read.value;
    }
  }
  const productId = Number(ids.productId ?? groupProductId);
  if (!Number.isSafeInteger(productId) || productId <= 0) return undefined;
  const skuId = ids.skuId ? Number(ids.skuId) : undefined;
  return { row: row.row, productId, ...(skuId && { skuId }), values, issues };
}

/** A productKey group whose rows name different products: its other rows belong to none. */
const DISAGREE = Symbol("disagree");

/**
 * Each productKey's product, from the rows of its group that name one: the import format lets
 * a group's later rows leave product columns empty, `productId` included. A group naming two
 * products is `DISAGREE`.
 */
function groupProducts(
  body: SheetRow[],
  keyIndex: number,
  idIndex: number,
): Map<string, string | typeof DISAGREE> {
  const groups = new Map<string, string | typeof DISAGREE>();
  for (const r of body) {
    const key = cellText(r.cells[keyIndex]).trim();
    const id = cellText(r.cells[idIndex]).trim();
    if (!key || !id) continue;
    const known = groups.get(key);
    if (known === undefined) groups.set(key, id);
    else if (known !== id) groups.set(key, DISAGREE);
  }
  return groups;
}

/**
 * Splits a table with a `productId` column: rows naming a product, or sharing a `productKey`
 * with rows that name it, are edits (read here); the rest, with read-only cells blanked, are
 * new products for the import's own assembly. Undefined when the header has no `productId`
 * column or no row names a product.
 */
export function splitEdits(
  table: Table,
  headerAt: number,
): { edits: EditRows; rest: Table } | undefined {
  const headerRow = table.rows[headerAt]!;
  const { columns, readOnly } = headerColumns(headerRow.cells);
  const idColumn = columns.find((c) => c.name === "productId");
  if (!idColumn) return undefined;
  const body = table.rows.slice(headerAt + 1);
  const ownId = (r: SheetRow) => cellText(r.cells[idColumn.index]).trim();
  if (!body.some(ownId)) return undefined;
  const keyColumn = columns.find((c) => c.name === "productKey");
  const groups = keyColumn ? groupProducts(body, keyColumn.index, idColumn.index) : new Map();
  const groupOf = (r: SheetRow) =>
    keyColumn && groups.get(cellText(r.cells[keyColumn.index]).trim());
  const price = columns.find((c) => c.name === "price");
  const convention = learnConvention(
    price ? body.map((r) => r.cells[price.index]).filter((c) => typeof c === "string") : [],
  );
  const rows: EditRow[] = [];
  const others: SheetRow[] = [];
  for (const r of body) {
    // Its own productId, else its group's (undefined: a new product).
    const own = ownId(r);
    const group = own ? undefined : groupOf(r);
    if (!own && group === undefined) {
      if (readOnly.length === 0) {
        others.push(r);
        continue;
      }
      const cells = [...r.cells];
      for (const i of readOnly) delete cells[i];
      others.push({ row: r.row, cells });
      continue;
    }
    const read = group === DISAGREE ? undefined : readRow(r, columns, convention, group);
    if (read) rows.push(read);
    else
      rows.push({
        row: r.row,
        productId: 0,
        values: {},
        issues: [{ field: "productId", code: group === DISAGREE ? "conflict" : "not-a-number" }],
      });
  }
  const fields = columns.filter(
    (c) => !["productId", "skuId", "productKey", "shopId"].includes(c.name),
  );
  return {
    edits: { rows, fields: [...new Set(fields.map((c) => c.name))] },
    rest: { ...table, rows: [...table.rows.slice(0, headerAt + 1), ...others] },
  };
}
