import type {
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
  knownTitles,
  missingColumns,
  type ProductColumn,
  REQUIRED_COLUMNS,
  readHeader,
  type SkuColumn,
  untitledField,
} from "./columns.js";
import { generalText, zeroPaddedWidth } from "./numfmt.js";
import { FileRejected } from "./reject.js";
import { type Cell, cellText, type NumberCell, type SheetRow, type Table } from "./table.js";
import { type ProductSchema, validateProduct } from "./validate.js";
import {
  barcodeFromNumber,
  barcodeFromText,
  type Converted,
  codeList,
  hasLostKazakhLetters,
  hasLostWords,
  learnConvention,
  type NumberConvention,
  parseBoolean,
  parseDecimal,
  parseInteger,
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

/** A column the import does not take, with data in some row: each such row is a problem. */
interface Stray {
  field: string;
  code: IssueCode;
  letter: string;
}

class Assembler {
  private readonly drafts: Draft[] = [];
  private readonly byKey = new Map<string, Draft>();
  private readonly kazakhRows: number[] = [];
  private readonly paddedRows: number[] = [];
  private readonly columnIndex = new Map<string, number>();
  private readonly keyColumn: Column | undefined;
  private readonly productColumns: Column[];
  private readonly skuColumns: Column[];
  private readonly photoColumns: Column[];
  /** Indexes of the columns read, and of the ones ignored (an index column of row numbers). */
  private readonly taken = new Set<number>();
  private readonly strays = new Map<number, Stray>();

  constructor(
    header: Header,
    private readonly encoding: Pick<Table, "cp1251" | "text">,
    private readonly convention: NumberConvention,
    ignored: ReadonlySet<number>,
  ) {
    for (const c of header.columns) {
      if (!this.columnIndex.has(c.name)) this.columnIndex.set(c.name, c.index);
      this.taken.add(c.index);
    }
    for (const i of ignored) this.taken.add(i);
    for (const p of header.problems) {
      if (ignored.has(p.index)) continue;
      this.strays.set(p.index, { field: p.field, code: p.code, letter: untitledField(p.index) });
    }
    this.keyColumn = header.columns.find((c) => c.kind === "key");
    this.productColumns = header.columns.filter(
      (c) => c.kind === "product" || c.kind === "attribute",
    );
    this.skuColumns = header.columns.filter((c) => c.kind === "sku" && c.name !== "photos");
    this.photoColumns = header.columns.filter((c) => c.name === "photos");
  }

  add(sheetRow: SheetRow): void {
    const { row, cells } = sheetRow;
    const text = (c: Column) => cellText(cells[c.index]).trim();
    const key = this.keyColumn ? text(this.keyColumn) : "";
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
    this.noteStrayCells(draft, sheetRow);
    for (const column of this.productColumns) {
      const raw = text(column);
      if (raw === "") continue;
      const source = draft.sources.get(column.name);
      if (!source) {
        draft.sources.set(column.name, { raw, row });
        const cell = cells[column.index]!;
        if (typeof cell === "object" && cell.kind === "problem") {
          this.issue(draft, row, column.name, cell.code, cell.params);
        } else this.setProductValue(draft, column, cell, raw, row);
      } else if (!sameValue(source.raw, raw)) {
        this.issue(draft, row, column.name, "conflict", { rows: `${source.row}, ${row}` });
      }
    }
    const sku: Json = {};
    const skuIndex = draft.skuRows.length;
    for (const column of this.skuColumns) {
      const cell = cells[column.index];
      if (cellText(cell).trim() === "") continue;
      if (typeof cell === "object" && cell.kind === "problem") {
        this.issue(draft, row, column.name, cell.code, cell.params);
      } else this.setSkuValue(draft, sku, column.name as SkuColumn, cell!, row);
    }
    this.setPhotos(draft, sku, cells, row);
    listIn(draft.data, "skus").push(sku);
    draft.skuRows[skuIndex] = row;
  }

  /** Photos from every photo column, left to right, each cell maybe a `|` list. */
  private setPhotos(draft: Draft, sku: Json, cells: readonly Cell[], row: number): void {
    const urls: string[] = [];
    for (const column of this.photoColumns) {
      const cell = cells[column.index];
      if (typeof cell === "object" && cell.kind === "problem") {
        this.issue(draft, row, "photos", cell.code, cell.params);
      } else {
        const list = photoList(cellText(cell));
        if (list.ok) urls.push(...list.value);
        else this.issue(draft, row, "photos", list.code, list.params);
      }
    }
    if (urls.length > 0) sku.photos = urls.map((mediaFile, i) => ({ mediaFile, order: i + 1 }));
  }

  /**
   * Data in a column the import does not take (unknown, duplicate or untitled) would be lost:
   * every row that has some is a problem naming the column and the value, never only the first.
   */
  private noteStrayCells(draft: Draft, sheetRow: SheetRow): void {
    sheetRow.cells.forEach((cell, index) => {
      if (this.taken.has(index)) return;
      const value = cellText(cell).trim();
      if (value === "") return;
      const stray = this.strays.get(index);
      const letter = untitledField(index);
      const params = { column: letter, value: value.slice(0, 100) };
      const located: Located = {
        issue: {
          ref: rowsRef([sheetRow.row]),
          field: stray?.field ?? letter,
          code: stray?.code ?? "untitled-column",
          params,
        },
        row: sheetRow.row,
        column: index,
      };
      draft.issues.push(located);
    });
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

  private integer(draft: Draft, row: number, field: string, cell: Cell, set: (v: number) => void) {
    this.convert(draft, row, field, integerOf(cell, field === "vat"), set);
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
        this.integer(draft, row, name, cell, (v) => {
          data[name] = v;
        });
        return;
      case "isLocalMade": {
        const value: Converted<boolean> =
          typeof cell === "object" && cell.kind === "boolean"
            ? { ok: true, value: cell.value }
            : parseBoolean(raw);
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
      this.issue(draft, row, field, "kazakh-letters-lost");
      if (this.kazakhRows.at(-1) !== row) this.kazakhRows.push(row);
      return true;
    }
    if (text && !cp1251 && hasLostWords(raw)) {
      this.issue(draft, row, field, "letters-lost");
      return true;
    }
    return false;
  }

  private setSkuValue(draft: Draft, sku: Json, name: SkuColumn, cell: Cell, row: number): void {
    const raw = cellText(cell).trim();
    switch (name) {
      case "skuId":
        this.integer(draft, row, name, cell, (v) => {
          sku.skuId = v;
        });
        return;
      case "price":
        this.convert(draft, row, name, priceOf(cell, this.convention), (v) => {
          sku.price = v;
        });
        return;
      case "barcode": {
        const number = typeof cell === "object" && cell.kind === "number" ? cell : undefined;
        const reading = number
          ? barcodeFromNumber(number.value, number.shown, zeroPaddedWidth(number.format))
          : barcodeFromText(raw);
        if (!reading.ok) this.issue(draft, row, name, reading.code, reading.params);
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

  finish(schema: ProductSchema, vatRates: readonly number[], headerRow: number): Assembled {
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
      reading.notes = [{ code: "barcodes-padded", params: { count: padded.length, rows } }];
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
    return { field, row: draft.sources.get(field)?.row ?? draft.rows[0]! };
  }
}

/** Values on a product's later rows agree when equal up to spaces and case of list items. */
function sameValue(a: string, b: string): boolean {
  return a === b || a.replace(/\s+/g, " ").toLowerCase() === b.replace(/\s+/g, " ").toLowerCase();
}

const fail = (code: IssueCode, params?: Record<string, string | number>) =>
  ({ ok: false, code, ...(params ? { params } : {}) }) as const;

/** Twelve significant digits: `0.12 * 100` is 12, not 12.000000000000002. */
const tidy = (n: number) => Number(n.toPrecision(12));

/**
 * A number column's cell: a date, a percent outside VAT (12345.5 shown 1234550%: neither the
 * value nor what is shown is the price) or a cell showing other digits than it holds is a problem.
 */
function numberOf(cell: NumberCell, percentAllowed: boolean): Converted<number> {
  if (cell.date) return fail("date-not-number", { value: cell.shown });
  if (cell.percent && !percentAllowed) return fail("percent-not-number", { value: cell.shown });
  const value = cell.percent ? tidy(cell.value * 100) : cell.value;
  if (cell.decimals !== undefined && !cell.percent) {
    const shown = Number(cell.value.toFixed(cell.decimals));
    if (shown !== tidy(cell.value)) {
      return fail("hidden-decimals", { value: cell.shown, stored: generalText(cell.value) });
    }
  }
  return { ok: true, value };
}

/** Ids and VAT; a percent cell (0.12 shown 12%) is the percent the seller sees. */
export function integerOf(cell: Cell, percentAllowed: boolean): Converted<number> {
  if (typeof cell === "object" && cell.kind === "number") {
    const number = numberOf(cell, percentAllowed);
    if (!number.ok) return number;
    if (!Number.isInteger(number.value)) return fail("not-an-integer");
    if (!Number.isSafeInteger(number.value)) return fail("too-big");
    return number;
  }
  return parseInteger(cellText(cell).trim(), percentAllowed);
}

export function priceOf(cell: Cell, convention: NumberConvention): Converted<number> {
  if (typeof cell === "object" && cell.kind === "number") return numberOf(cell, false);
  return parseDecimal(cellText(cell).trim(), convention);
}

/** How far down a title block may reach before the header. */
const HEADER_SEARCH_ROWS = 30;

/**
 * The header as a person finds it: the first row whose cells name known columns (two of
 * them, or one of the required ones), skipping title rows, empty rows and group rows above.
 * Returns its place in `table.rows`.
 */
export function findHeader(table: Table): number | undefined {
  const limit = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const { known, required } = knownTitles(table.rows[i]!.cells.map(cellText));
    if (known >= 2 || (known === 1 && required)) return i;
  }
  return undefined;
}

/** Header titles with merged cells spread: `photos` merged over G:I titles G, H and I. */
function headerTitles(table: Table, headerRow: SheetRow): string[] {
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
function indexColumns(untitled: readonly number[], rows: readonly SheetRow[]): Set<number> {
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

/**
 * Turns the rows of a CSV or XLSX sheet into products: the header is found as a person would
 * (see `findHeader`), rows sharing a `productKey` are one product (one SKU per row), every
 * issue of every product is collected.
 */
export function assembleProducts(
  table: Table,
  schema: ProductSchema,
  vatRates: readonly number[],
  format: "csv" | "xlsx" | "json",
  headerAt = findHeader(table),
): Assembled {
  const headerRow = headerAt === undefined ? undefined : table.rows[headerAt];
  if (!headerRow) {
    throw new FileRejected("not-product-list", { expected: REQUIRED_COLUMNS.join(", ") }, format);
  }
  const header = readHeader(headerTitles(table, headerRow));
  if (!hasProductColumns(header)) {
    throw new FileRejected("not-product-list", { expected: REQUIRED_COLUMNS.join(", ") }, format);
  }
  const rows = table.rows.slice(headerAt! + 1);
  if (rows.length === 0) throw new FileRejected("empty", undefined, format);
  // A column every product needs is missing: the file is refused naming it, rather than
  // every row named for the same reason.
  const missing = missingColumns(header);
  if (missing.length > 0) {
    throw new FileRejected("not-product-list", { expected: missing.join(", ") }, format);
  }
  const price = header.columns.find((c) => c.name === "price");
  const convention = learnConvention(
    price ? rows.map((r) => r.cells[price.index]).filter((c) => typeof c === "string") : [],
  );
  // Untitled columns and ones titled `№` are ignored when they hold the row numbers only.
  const numbering = header.problems
    .filter((p) => p.code === "unknown-field" && isNumberingTitle(p.field))
    .map((p) => p.index);
  const ignored = indexColumns([...header.untitled, ...numbering], rows);
  const assembler = new Assembler(header, table, convention, ignored);
  for (const row of rows) assembler.add(row);
  return assembler.finish(schema, vatRates, headerRow.row);
}
