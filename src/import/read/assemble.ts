import {
  type ReadCell as Cell,
  cellText,
  FileRejected,
  type SheetRow,
  type Table,
} from "../../sheets/index.js";
import type {
  FileRejection,
  FileWarning,
  InvalidProduct,
  IssueCode,
  ParsedProduct,
  ProductIssue,
  ReadingInfo,
  SourceRef,
} from "../types.js";
import {
  type Column,
  type Header,
  hasProductColumns,
  isNumberingTitle,
  missingColumns,
  type ProductColumn,
  REQUIRED_COLUMNS,
  readHeader,
  type SkuColumn,
  untitledField,
} from "./columns.js";
import { barcodeOf, booleanOf, integerOf, priceOf, sameValue } from "./convert.js";
import { IssueBudget } from "./cost.js";
import { findHeader, headerTitles, indexColumns } from "./header.js";
import { type ProductSchema, validateProduct } from "./validate.js";
import {
  type Converted,
  codeList,
  hasLostKazakhLetters,
  hasLostWords,
  learnConvention,
  type NumberConvention,
  photoList,
} from "./values.js";

export interface Assembled {
  products: ParsedProduct[];
  invalid: InvalidProduct[];
  warnings: FileWarning[];
  reading?: ReadingInfo;
}

type Params = Record<string, string | number>;
type Json = Record<string, unknown>;

/** A value named in a problem is kept this long at most (the message shortens it further). */
export const PROBLEM_VALUE_MAX = 200;
export const problemValue = (text: string) => text.trim().slice(0, PROBLEM_VALUE_MAX);

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
  /**
   * The row each product column's value was taken from (its first filled row): the row as
   * read rather than a copy of the value, one object less for every field of every product.
   */
  sources: Record<string, SheetRow>;
  /** The product's rows as read, to name a cell's text beside a later problem. */
  sheetRows: SheetRow[];
  /** `sheetRows` by row number, made on the first problem that needs one (see `shownAt`). */
  byRow?: Map<number, SheetRow>;
  issues: Located[];
  /** Its place among the products, in the order of their first rows. */
  place: number;
}

/** A product once checked: valid, or with every issue. */
type Checked = { valid: ParsedProduct } | { invalid: InvalidProduct };

const sourceOf = (draft: Draft, field: string) =>
  Object.hasOwn(draft.sources, field) ? draft.sources[field] : undefined;
const rowsRef = (rows: number[]): SourceRef => ({ kind: "rows", rows });
const at = (field: string, row: number) => `${field}\u0000${row}`;

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

/** A column the import does not take, with data in some row: each such row is a problem. */
interface Stray {
  field: string;
  code: IssueCode;
}

const isProblem = (cell: Cell | undefined): cell is Extract<Cell, { kind: "problem" }> =>
  typeof cell === "object" && cell.kind === "problem";

/** The columns of a header, sorted by what the assembly does with them. */
class Layout {
  readonly columnIndex = new Map<string, number>();
  readonly keyColumn: Column | undefined;
  readonly productColumns: Column[];
  readonly skuColumns: Column[];
  readonly photoColumns: Column[];
  /** The columns whose text names a problem in a field: its column, or every photo column. */
  readonly shownColumns = new Map<string, number[]>();
  /** Indexes of the columns read, and of the ones ignored (an index column of row numbers). */
  readonly taken = new Set<number>();
  readonly strays = new Map<number, Stray>();
  /** The first column index not read: a row no wider than it has no stray cell. */
  readonly firstNotTaken: number;

  constructor(header: Header, ignored: ReadonlySet<number>) {
    for (const c of header.columns) {
      if (!this.columnIndex.has(c.name)) this.columnIndex.set(c.name, c.index);
      this.taken.add(c.index);
    }
    for (const i of ignored) this.taken.add(i);
    for (const p of header.problems) {
      if (!ignored.has(p.index)) this.strays.set(p.index, { field: p.field, code: p.code });
    }
    this.keyColumn = header.columns.find((c) => c.kind === "key");
    this.productColumns = header.columns.filter(
      (c) => c.kind === "product" || c.kind === "attribute",
    );
    this.skuColumns = header.columns.filter((c) => c.kind === "sku" && c.name !== "photos");
    this.photoColumns = header.columns.filter((c) => c.name === "photos");
    let first = 0;
    while (this.taken.has(first)) first++;
    this.firstNotTaken = first;
    for (const c of [...this.productColumns, ...this.skuColumns])
      this.shownColumns.set(c.name, [c.index]);
    if (this.photoColumns.length > 0)
      this.shownColumns.set(
        "photos",
        this.photoColumns.map((c) => c.index),
      );
  }
}

/**
 * Puts products together from the rows under the header: rows sharing a `productKey` are one
 * product (one SKU per row); every problem names its row, column and the value as shown.
 */
class Assembler {
  /**
   * The products in the order of their first rows: drafts until their last row is read, then
   * checked. A product is checked as soon as it is complete, so its draft is dropped while
   * young rather than kept, and copied by every collection, until the file's end.
   */
  private readonly products: (Draft | Checked)[] = [];
  private readonly byKey = new Map<string, Draft>();
  private readonly kazakhRows: number[] = [];
  private readonly paddedRows: number[] = [];

  constructor(
    private readonly layout: Layout,
    private readonly encoding: Pick<Table, "cp1251" | "text" | "untyped">,
    private readonly convention: NumberConvention,
    private readonly strayBudget: IssueBudget,
    private readonly schema: ProductSchema,
    private readonly vatRates: readonly number[],
  ) {}

  private draftFor(key: string): Draft {
    const known = key ? this.byKey.get(key) : undefined;
    if (known) return known;
    const draft: Draft = {
      rows: [],
      data: {},
      skuRows: [],
      attributeCodes: [],
      // An object, not a Map: drafts share its shape, and it is cheaper to fill.
      sources: {},
      sheetRows: [],
      issues: [],
      place: this.products.length,
    };
    this.products.push(draft);
    if (key) this.byKey.set(key, draft);
    return draft;
  }

  /** A row, its `productKey` ("" for none), and whether it is its product's last (see `lastRows`). */
  add(sheetRow: SheetRow, key: string, last: boolean): void {
    const draft = this.draftFor(key);
    this.addRow(draft, sheetRow);
    if (!last) return;
    this.products[draft.place] = this.check(draft);
    if (key) this.byKey.delete(key);
  }

  private addRow(draft: Draft, sheetRow: SheetRow): void {
    const { row, cells } = sheetRow;
    draft.rows.push(row);
    draft.sheetRows.push(sheetRow);
    draft.byRow?.set(row, sheetRow);
    this.noteStrayCells(draft, sheetRow);
    for (const column of this.layout.productColumns) this.addProductCell(draft, column, sheetRow);
    const sku: Json = {};
    const skuIndex = draft.skuRows.length;
    for (const column of this.layout.skuColumns) {
      const cell = cells[column.index];
      const raw = cellText(cell).trim();
      if (raw === "") continue;
      if (isProblem(cell)) this.issue(draft, row, column.name, cell.code, cell.params, raw);
      else this.setSkuValue(draft, sku, column.name as SkuColumn, cell!, row);
    }
    this.setPhotos(draft, sku, cells, row);
    listIn(draft.data, "skus").push(sku);
    draft.skuRows[skuIndex] = row;
  }

  /** A product column's cell: its first filled row gives the value, later ones must agree. */
  private addProductCell(draft: Draft, column: Column, sheetRow: SheetRow): void {
    const { row, cells } = sheetRow;
    const cell = cells[column.index];
    const raw = cellText(cell).trim();
    if (raw === "") return;
    const source = sourceOf(draft, column.name);
    if (!source) {
      draft.sources[column.name] = sheetRow;
      if (isProblem(cell)) this.issue(draft, row, column.name, cell.code, cell.params, raw);
      else this.setProductValue(draft, column, cell!, raw, row);
    } else if (!sameValue(cellText(source.cells[column.index]).trim(), raw)) {
      this.issue(draft, row, column.name, "conflict", { rows: `${source.row}, ${row}` }, raw);
    }
  }

  /** Photos from every photo column, left to right, each cell maybe a `|` list. */
  private setPhotos(draft: Draft, sku: Json, cells: readonly Cell[], row: number): void {
    const urls: string[] = [];
    for (const column of this.layout.photoColumns) {
      const cell = cells[column.index];
      const raw = cellText(cell).trim();
      if (isProblem(cell)) {
        this.issue(draft, row, "photos", cell.code, cell.params, raw);
      } else {
        const list = photoList(raw);
        if (list.ok) urls.push(...list.value);
        else this.issue(draft, row, "photos", list.code, list.params, raw);
      }
    }
    if (urls.length > 0) sku.photos = urls.map((mediaFile, i) => ({ mediaFile, order: i + 1 }));
  }

  /**
   * Data in a column the import does not take (unknown, duplicate or untitled) would be lost:
   * every row that has some is a problem naming the column and the value, never only the first.
   */
  private noteStrayCells(draft: Draft, sheetRow: SheetRow): void {
    if (sheetRow.cells.length <= this.layout.firstNotTaken) return;
    sheetRow.cells.forEach((cell, index) => {
      const issue = this.strayIssue(sheetRow.row, index, cell);
      if (!issue) return;
      // Counted as made: rows of thousands of such cells (a row is at most 16 384 wide) reach
      // the cap on what the result may cost.
      this.strayBudget.spend(issue);
      draft.issues.push({ issue, row: sheetRow.row, column: index });
    });
  }

  /** The problem of a cell in a column not taken, if it holds something. */
  private strayIssue(row: number, index: number, cell: Cell | undefined): ProductIssue | undefined {
    if (this.layout.taken.has(index)) return undefined;
    const value = cellText(cell).trim();
    if (value === "") return undefined;
    const stray = this.layout.strays.get(index);
    const letter = untitledField(index);
    return {
      ref: rowsRef([row]),
      field: stray?.field ?? letter,
      code: stray?.code ?? "untitled-column",
      params: { column: letter, value: problemValue(value) },
    };
  }

  /**
   * The text of a field's cell in one of the draft's rows as the seller sees it (trimmed; of
   * several photo columns the first filled one), or "" when it is empty or not a column read.
   * Looked up when a problem needs it rather than kept for every cell read.
   */
  private shownAt(draft: Draft, field: string, row: number): string {
    const columns = this.layout.shownColumns.get(field);
    if (!columns) return "";
    if (!draft.byRow) {
      draft.byRow = new Map();
      for (const r of draft.sheetRows) draft.byRow.set(r.row, r);
    }
    const cells = draft.byRow.get(row)?.cells;
    if (!cells) return "";
    for (const index of columns) {
      const raw = cellText(cells[index]).trim();
      if (raw !== "") return raw;
    }
    return "";
  }

  /** Records a problem with the value as the seller sees it (unless the params name one). */
  private issue(
    draft: Draft,
    row: number,
    field: string,
    code: IssueCode,
    params: Params | undefined,
    value: string,
  ): void {
    const all = { value: problemValue(value), ...params };
    const issue: ProductIssue = { ref: rowsRef([row]), field, code, params: all };
    draft.issues.push({ issue, row, column: this.layout.columnIndex.get(field) ?? -1 });
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
    else this.issue(draft, row, field, result.code, result.params, this.shownAt(draft, field, row));
  }

  private setProductValue(draft: Draft, column: Column, cell: Cell, raw: string, row: number) {
    const data = draft.data;
    if (column.kind === "attribute") {
      const codes = codeList(raw);
      if (codes.ok && codes.value.length === 0) return;
      this.checkLetters(draft, row, column.name, raw);
      this.convert(draft, row, column.name, codes, (valueCodes) => {
        listIn(data, "attributes").push({ code: column.code, valueCodes });
      });
      draft.attributeCodes.push(column.code);
      return;
    }
    const name = column.name as ProductColumn;
    switch (name) {
      case "productId":
      case "shopId":
      case "categoryId":
      case "brandId":
      case "vat":
        this.convert(draft, row, name, integerOf(cell, name === "vat"), (v) => {
          data[name] = v;
        });
        return;
      case "isLocalMade": {
        const value = booleanOf(cell);
        // ЖАЛҒАН, АҚИҚАТ, Иә, Жоқ saved as Windows-1251: the letters are lost, not the meaning.
        if (!value.ok && this.checkLetters(draft, row, name, raw)) return;
        this.convert(draft, row, name, value, (v) => {
          data.isLocalMade = v;
        });
        return;
      }
      default: {
        const [object, language] = name.split(".") as ["name" | "description", "rus" | "kaz"];
        objectIn(data, object)[language] = raw;
        this.checkLetters(draft, row, name, raw);
      }
    }
  }

  /**
   * In a Windows-1251 file, `?` where a Kazakh letter was, in any text column; in any text
   * file, words wholly turned into `?` by an encoding without Cyrillic.
   */
  private checkLetters(draft: Draft, row: number, field: string, raw: string): boolean {
    const { cp1251, text } = this.encoding;
    if (cp1251 && (hasLostKazakhLetters(raw) || hasLostWords(raw))) {
      this.issue(draft, row, field, "kazakh-letters-lost", undefined, raw);
      if (this.kazakhRows.at(-1) !== row) this.kazakhRows.push(row);
      return true;
    }
    if (text && !cp1251 && hasLostWords(raw)) {
      this.issue(draft, row, field, "letters-lost", undefined, raw);
      return true;
    }
    return false;
  }

  private setSkuValue(draft: Draft, sku: Json, name: SkuColumn, cell: Cell, row: number): void {
    const raw = cellText(cell).trim();
    switch (name) {
      case "skuId":
        this.convert(draft, row, name, integerOf(cell, false), (v) => {
          sku.skuId = v;
        });
        return;
      case "price":
        this.convert(draft, row, name, priceOf(cell, this.convention), (v) => {
          sku.price = v;
        });
        return;
      case "barcode": {
        const reading = barcodeOf(cell, this.encoding.untyped);
        if (!reading.ok) this.issue(draft, row, name, reading.code, reading.params, raw);
        else {
          sku.barcode = reading.value;
          if (reading.padded) this.paddedRows.push(row);
        }
        return;
      }
      case "attributeValueCodes": {
        this.convert(draft, row, name, codeList(raw), (codes) => {
          if (codes.length > 0) sku.attributeValueCodes = codes;
        });
        return;
      }
    }
  }

  /** A product's issues with the API schema's own, row by row, left to right. */
  private issuesOf(draft: Draft, schema: ProductSchema, vatRates: readonly number[]) {
    const result = validateProduct(schema, draft.data, vatRates);
    if (result.ok && draft.issues.length === 0) return { product: result.product };
    const issues = [...draft.issues];
    // A cell that already failed to convert is missing from the data; zod's "required" on
    // the same field and row would only repeat it.
    const taken = new Set(issues.map((l) => at(l.issue.field, l.row)));
    for (const mapped of result.ok ? [] : result.issues) {
      const { field, row } = this.locate(draft, mapped.path);
      if (taken.has(at(field, row))) continue;
      taken.add(at(field, row));
      const value = problemValue(this.shownAt(draft, field, row));
      const issue: ProductIssue = {
        ref: rowsRef([row]),
        field,
        code: mapped.code,
        params: { value, ...mapped.params },
      };
      issues.push({ issue, row, column: this.layout.columnIndex.get(field) ?? -1 });
    }
    issues.sort((a, b) => a.row - b.row || a.column - b.column);
    return { issues: issues.map((l) => l.issue) };
  }

  private check(draft: Draft): Checked {
    const ref = rowsRef(draft.rows);
    const checked = this.issuesOf(draft, this.schema, this.vatRates);
    if (!checked.product) return { invalid: { ref, issues: checked.issues ?? [] } };
    const skuRefs = draft.skuRows.map((r) => rowsRef([r]));
    return { valid: { ref, product: checked.product, skuRefs } };
  }

  finish(headerRow: number): Assembled {
    const products: ParsedProduct[] = [];
    const invalid: InvalidProduct[] = [];
    for (const item of this.products) {
      // Every product's last row has been read, so each is checked; a draft here would be a
      // slip in `lastRows`, and is checked all the same.
      const checked = "place" in item ? this.check(item) : item;
      if ("valid" in checked) products.push(checked.valid);
      else invalid.push(checked.invalid);
    }
    const warnings: FileWarning[] = [];
    if (this.encoding.cp1251) warnings.push({ code: "windows-1251" });
    if (this.kazakhRows.length > 0)
      warnings.push({ code: "kazakh-letters-lost", rows: this.kazakhRows });
    return { products, invalid, warnings, reading: this.reading(headerRow) };
  }

  private reading(headerRow: number): ReadingInfo {
    const reading: ReadingInfo = { headerRow };
    if (this.convention.decimal) reading.decimalSeparator = this.convention.decimal;
    if (this.convention.thousands) reading.thousandsSeparator = this.convention.thousands;
    const padded = this.paddedRows;
    if (padded.length > 0) {
      const rows = padded.slice(0, 10).join(", ") + (padded.length > 10 ? ", …" : "");
      // A number cell says the zeros were lost by the number; a text file only shows them gone.
      reading.notes = this.encoding.untyped
        ? [{ code: "barcodes-padded-text", params: { count: padded.length, rows, place: "rows" } }]
        : [{ code: "barcodes-padded", params: { count: padded.length, rows } }];
    }
    return reading;
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
    return { field, row: sourceOf(draft, field)?.row ?? draft.rows[0]! };
  }
}

/** The product a row belongs to: its `productKey`, or "" (a product of its own). */
const productKeyOf = (layout: Layout, { cells }: SheetRow) =>
  layout.keyColumn ? cellText(cells[layout.keyColumn.index]).trim() : "";

/** Which row is the last of its product, by the rows' keys: a row without one is a product of its own. */
function lastRows(keys: readonly string[]): boolean[] {
  const last = keys.map(() => true);
  const seen = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!key) return;
    const before = seen.get(key);
    if (before !== undefined) last[before] = false;
    seen.set(key, i);
  });
  return last;
}

const notProductList = (format: Format, expected = REQUIRED_COLUMNS) =>
  new FileRejected<FileRejection>("not-product-list", { expected: expected.join(", ") }, format);
type Format = "csv" | "xlsx" | "json";

/** The rows under the header (none: the sheet holds the header only, a template not filled in). */
export const rowsUnder = (table: Table, headerAt: number) => table.rows.slice(headerAt + 1);

/**
 * Turns the rows of a CSV or XLSX sheet into products: the header is found as a person would
 * (see `findHeader`), rows sharing a `productKey` are one product (one SKU per row), every
 * issue of every product is collected. The file is refused as soon as the issues of cells in
 * columns not read would cost the bot's thread more than `maxResultChars` (see `resultCost`).
 */
export function assembleProducts(
  table: Table,
  schema: ProductSchema,
  vatRates: readonly number[],
  format: Format,
  headerAt = findHeader(table),
  maxResultChars?: number,
): Assembled {
  const headerRow = headerAt === undefined ? undefined : table.rows[headerAt];
  if (!headerRow) throw notProductList(format);
  const header = readHeader(headerTitles(table, headerRow));
  if (!hasProductColumns(header)) throw notProductList(format);
  const rows = rowsUnder(table, headerAt!);
  if (rows.length === 0) throw new FileRejected("empty", undefined, format);
  // A column every product needs is missing: the file is refused naming it, rather than
  // every row named for the same reason.
  const missing = missingColumns(header);
  if (missing.length > 0) throw notProductList(format, missing);
  const price = header.columns.find((c) => c.name === "price");
  const convention = learnConvention(
    price ? rows.map((r) => r.cells[price.index]).filter((c) => typeof c === "string") : [],
  );
  // Untitled columns and ones titled `№` are ignored when they hold the row numbers only.
  const numbering = header.problems
    .filter((p) => p.code === "unknown-field" && isNumberingTitle(p.field))
    .map((p) => p.index);
  // An export's read-only columns (🔒) too: a row copied from an export keeps its stock.
  const ignored = indexColumns([...header.untitled, ...numbering], rows);
  for (const index of header.readOnly) ignored.add(index);
  const budget = new IssueBudget(maxResultChars);
  const layout = new Layout(header, ignored);
  const assembler = new Assembler(layout, table, convention, budget, schema, vatRates);
  const keys = rows.map((row) => productKeyOf(layout, row));
  const last = lastRows(keys);
  for (const [i, row] of rows.entries()) assembler.add(row, keys[i]!, last[i]!);
  return assembler.finish(headerRow.row);
}
