import type {
  FileWarning,
  InvalidProduct,
  IssueCode,
  ParsedProduct,
  ProductIssue,
  SourceRef,
} from "../types.js";
import {
  type Column,
  type Header,
  hasProductColumns,
  type ProductColumn,
  REQUIRED_COLUMNS,
  readHeader,
  type SkuColumn,
} from "./columns.js";
import { FileRejected } from "./reject.js";
import type { SheetRow, Table } from "./table.js";
import { type ProductSchema, validateProduct } from "./validate.js";
import {
  barcodeText,
  type Converted,
  hasLostKazakhLetters,
  parseBoolean,
  parseDecimal,
  parseInteger,
  splitList,
} from "./values.js";

export interface Assembled {
  products: ParsedProduct[];
  invalid: InvalidProduct[];
  warnings: FileWarning[];
}

type Params = Record<string, string | number>;
type Json = Record<string, unknown>;

/** An issue with the column it is in, to list a product's issues row by row, left to right. */
interface Located {
  issue: ProductIssue;
  row: number;
  column: number;
}

/** A product being put together from its rows. */
interface Draft {
  rows: number[];
  data: Json;
  skuRows: number[];
  /** Attribute codes, index for index with `data.attributes`. */
  attributeCodes: string[];
  /** Each product column's value and the row it was taken from (its first filled row). */
  sources: Map<string, { raw: string; row: number }>;
  issues: Located[];
}

const rowsRef = (rows: number[]): SourceRef => ({ kind: "rows", rows });

/** `data[key]` as an array, created on first use. */
function listIn(data: Json, key: string): Json[] {
  const existing = data[key];
  if (Array.isArray(existing)) return existing as Json[];
  const created: Json[] = [];
  data[key] = created;
  return created;
}

/** `data[key]` as an object, created on first use. */
function objectIn(data: Json, key: string): Json {
  const existing = data[key];
  if (existing && typeof existing === "object") return existing as Json;
  const created: Json = {};
  data[key] = created;
  return created;
}

class Assembler {
  private readonly drafts: Draft[] = [];
  private readonly byKey = new Map<string, Draft>();
  private readonly kazakhRows: number[] = [];
  private readonly columnIndex = new Map<string, number>();
  private readonly keyColumn: Column | undefined;
  private readonly productColumns: Column[];
  private readonly skuColumns: Column[];
  /** Columns the file has that the import does not know (or duplicates), with data in them. */
  private readonly extraWithData = new Set<number>();

  constructor(
    private readonly header: Header,
    private readonly cp1251: boolean,
  ) {
    for (const c of header.columns) this.columnIndex.set(c.name, c.index);
    this.keyColumn = header.columns.find((c) => c.kind === "key");
    this.productColumns = header.columns.filter(
      (c) => c.kind === "product" || c.kind === "attribute",
    );
    this.skuColumns = header.columns.filter((c) => c.kind === "sku");
  }

  add(sheetRow: SheetRow): void {
    const { row, cells } = sheetRow;
    const cell = (c: Column) => (cells[c.index] ?? "").trim();
    this.noteExtraColumns(cells);
    const key = this.keyColumn ? cell(this.keyColumn) : "";
    let draft = key ? this.byKey.get(key) : undefined;
    if (!draft) {
      draft = {
        rows: [],
        data: {},
        skuRows: [],
        attributeCodes: [],
        sources: new Map(),
        issues: [],
      };
      this.drafts.push(draft);
      if (key) this.byKey.set(key, draft);
    }
    draft.rows.push(row);
    for (const column of this.productColumns) {
      const raw = cell(column);
      if (raw === "") continue;
      const source = draft.sources.get(column.name);
      if (!source) {
        draft.sources.set(column.name, { raw, row });
        this.setProductValue(draft, column, raw, row);
      } else if (!sameValue(source.raw, raw)) {
        this.issue(draft, row, column.name, "conflict", { rows: `${source.row}, ${row}` });
      }
    }
    const sku: Json = {};
    const skuIndex = draft.skuRows.length;
    for (const column of this.skuColumns) {
      const raw = cell(column);
      if (raw !== "") this.setSkuValue(draft, sku, column.name as SkuColumn, raw, row);
    }
    listIn(draft.data, "skus").push(sku);
    draft.skuRows[skuIndex] = row;
  }

  private noteExtraColumns(cells: readonly string[]): void {
    for (const p of this.header.problems) {
      if (!this.extraWithData.has(p.index) && (cells[p.index] ?? "").trim() !== "") {
        this.extraWithData.add(p.index);
      }
    }
    for (const index of this.header.untitled) {
      if (!this.extraWithData.has(index) && (cells[index] ?? "").trim() !== "") {
        this.extraWithData.add(index);
      }
    }
  }

  private issue(draft: Draft, row: number, field: string, code: IssueCode, params?: Params): void {
    const issue: ProductIssue = { ref: rowsRef([row]), field, code, ...(params ? { params } : {}) };
    draft.issues.push({ issue, row, column: this.columnIndex.get(field) ?? -1 });
  }

  /** Sets a converted value, or records why the cell could not be converted. */
  private convert<T>(
    draft: Draft,
    row: number,
    field: string,
    result: Converted<T>,
    set: (v: T) => void,
  ) {
    if (result.ok) set(result.value);
    else this.issue(draft, row, field, result.code, result.params);
  }

  private setProductValue(draft: Draft, column: Column, raw: string, row: number): void {
    const data = draft.data;
    if (column.kind === "attribute") {
      const valueCodes = splitList(raw);
      if (valueCodes.length === 0) return;
      listIn(data, "attributes").push({ code: column.code, valueCodes });
      draft.attributeCodes.push(column.code);
      return;
    }
    const name = column.name as ProductColumn;
    switch (name) {
      case "productId":
      case "shopId":
      case "categoryId":
      case "brandId":
        this.convert(draft, row, name, parseInteger(raw), (v) => {
          data[name] = v;
        });
        return;
      case "vat":
        this.convert(draft, row, name, parseInteger(raw, true), (v) => {
          data.vat = v;
        });
        return;
      case "isLocalMade":
        this.convert(draft, row, name, parseBoolean(raw), (v) => {
          data.isLocalMade = v;
        });
        return;
      default: {
        const [object, language] = name.split(".") as ["name" | "description", "rus" | "kaz"];
        objectIn(data, object)[language] = raw;
        if (language === "kaz" && this.cp1251 && hasLostKazakhLetters(raw)) {
          this.issue(draft, row, name, "kazakh-letters-lost");
          if (this.kazakhRows.at(-1) !== row) this.kazakhRows.push(row);
        }
      }
    }
  }

  private setSkuValue(draft: Draft, sku: Json, name: SkuColumn, raw: string, row: number): void {
    switch (name) {
      case "skuId":
        this.convert(draft, row, name, parseInteger(raw), (v) => {
          sku.skuId = v;
        });
        return;
      case "price":
        this.convert(draft, row, name, parseDecimal(raw), (v) => {
          sku.price = v;
        });
        return;
      case "barcode":
        sku.barcode = barcodeText(raw);
        return;
      case "attributeValueCodes": {
        const codes = splitList(raw);
        if (codes.length > 0) sku.attributeValueCodes = codes;
        return;
      }
      case "photos": {
        const urls = splitList(raw);
        if (urls.length > 0) sku.photos = urls.map((mediaFile, i) => ({ mediaFile, order: i + 1 }));
        return;
      }
    }
  }

  /**
   * Columns the import does not know are a problem of the file, not of one product. They are
   * reported once, as an `unknown-field` issue on the header row (row 1) attached to the
   * first product, and only when some row has a value in them: an empty stray column loses
   * nothing, while a misspelt one (`prise`, `name.kz`) would silently drop the seller's data.
   * The seller sees it in the list of problems and may fix the file or import the others.
   */
  private reportExtraColumns(first: Draft, headerRow: number): void {
    const byIndex = new Map(this.header.problems.map((p) => [p.index, p]));
    for (const index of [...this.extraWithData].sort((a, b) => a - b)) {
      const problem = byIndex.get(index);
      const field = problem?.field ?? `column ${index + 1}`;
      const params = problem?.detail ? { detail: problem.detail } : undefined;
      const issue: ProductIssue = {
        ref: rowsRef([headerRow]),
        field,
        code: problem?.code ?? "unknown-field",
        ...(params ? { params } : {}),
      };
      first.issues.push({ issue, row: headerRow, column: index });
    }
  }

  finish(schema: ProductSchema, vatRates: readonly number[], headerRow: number): Assembled {
    const first = this.drafts[0];
    if (first) this.reportExtraColumns(first, headerRow);
    const products: ParsedProduct[] = [];
    const invalid: InvalidProduct[] = [];
    for (const draft of this.drafts) {
      const ref = rowsRef(draft.rows);
      const result = validateProduct(schema, draft.data, vatRates);
      if (result.ok && draft.issues.length === 0) {
        products.push({
          ref,
          product: result.product,
          skuRefs: draft.skuRows.map((r) => rowsRef([r])),
        });
        continue;
      }
      const issues = [...draft.issues];
      // A cell that already failed to convert is missing from the data; zod's "required" on
      // the same field and row would only repeat it.
      const taken = new Set(issues.map((l) => `${l.issue.field}\u0000${l.row}`));
      if (!result.ok) {
        for (const mapped of result.issues) {
          const { field, row } = this.locate(draft, mapped.path);
          const key = `${field}\u0000${row}`;
          if (taken.has(key)) continue;
          taken.add(key);
          const issue: ProductIssue = {
            ref: rowsRef([row]),
            field,
            code: mapped.code,
            ...(mapped.params ? { params: mapped.params } : {}),
          };
          issues.push({ issue, row, column: this.columnIndex.get(field) ?? -1 });
        }
      }
      issues.sort((a, b) => a.row - b.row || a.column - b.column);
      invalid.push({ ref, issues: issues.map((l) => l.issue) });
    }
    const warnings: FileWarning[] = [];
    if (this.cp1251) warnings.push({ code: "windows-1251" });
    if (this.kazakhRows.length > 0)
      warnings.push({ code: "kazakh-letters-lost", rows: this.kazakhRows });
    return { products, invalid, warnings };
  }

  /** The column and row a zod path points at: a SKU's row for SKU fields. */
  private locate(draft: Draft, path: readonly PropertyKey[]): { field: string; row: number } {
    const [head, index, child] = path;
    if (head === "skus" && typeof index === "number") {
      const field = typeof child === "string" ? child : "price";
      return { field, row: draft.skuRows[index] ?? draft.rows[0]! };
    }
    let field: string;
    if (head === "attributes" && typeof index === "number") {
      field = `attributes.${draft.attributeCodes[index] ?? ""}`;
    } else if (head === "name" || head === "description") {
      field = `${head}.${typeof index === "string" ? index : "rus"}`;
    } else {
      field = String(head ?? "");
    }
    return { field, row: draft.sources.get(field)?.row ?? draft.rows[0]! };
  }
}

/** Values on a product's later rows agree when equal up to spaces and case of list items. */
function sameValue(a: string, b: string): boolean {
  return a === b || a.replace(/\s+/g, " ").toLowerCase() === b.replace(/\s+/g, " ").toLowerCase();
}

/**
 * Turns the rows of a CSV or XLSX sheet into products: rows sharing a `productKey` are one
 * product (one SKU per row), every issue of every product is collected.
 */
export function assembleProducts(
  table: Table,
  schema: ProductSchema,
  vatRates: readonly number[],
  format: "csv" | "xlsx",
): Assembled {
  const header = readHeader(table.header.cells);
  if (!hasProductColumns(header)) {
    throw new FileRejected("not-product-list", { expected: REQUIRED_COLUMNS.join(", ") }, format);
  }
  if (table.rows.length === 0) throw new FileRejected("empty", undefined, format);
  const assembler = new Assembler(header, table.cp1251);
  for (const row of table.rows) assembler.add(row);
  return assembler.finish(schema, vatRates, table.header.row);
}
