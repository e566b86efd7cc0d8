import type { ForeignCurrency } from "./currency.js";
import { formatCell, formatCurrency } from "./numfmt.js";
import { FileRejected } from "./reject.js";
import { type Cell, type HeaderProbe, isEmptyRow, type SheetRow, type Table } from "./table.js";
import type { Attributes, XmlHandlers } from "./xml.js";

/** A number cell's value as XML numbers are written (`1990`, `-0.5`, `1.2E+400`). */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export interface SheetLimits {
  /** Most non-empty rows kept (title rows and the header included). */
  maxRows: number;
  /** Most non-empty cells in a sheet. */
  maxCells: number;
  /** Highest column and row a cell reference may name (Excel's own: XFD, 1 048 576). */
  maxColumn: number;
  maxRowIndex: number;
}

export interface SheetContext {
  formats: string[];
  shared: string[];
  /** The workbook asks to recalculate on load: cached formula values cannot be trusted. */
  recalculate: boolean;
  date1904: boolean;
  limits: SheetLimits;
  /** Called once its `rows` non-empty rows are read; a sheet with no header is left there. */
  headerProbe?: HeaderProbe;
}

/** Thrown to stop reading a sheet that has no header where one would be. */
export class NoHeader extends Error {}

/** `AB12` → column 28 (1-based), row 12; undefined when it is not a reference. */
export function parseRef(ref: string): { column: number; row: number } | undefined {
  const match = /^\$?([A-Za-z]{1,7})\$?(\d{1,12})$/.exec(ref);
  if (!match) return undefined;
  let column = 0;
  for (const ch of match[1]!.toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { column, row: Number(match[2]) };
}

/** A cell as it is being read: its attributes, value text and formula. */
interface RawCell {
  ref: string;
  column: number;
  type: string;
  style: number;
  value: string[];
  formula?: string[];
  sharedFormula?: string;
}

class SheetReader {
  readonly rows: SheetRow[] = [];
  readonly merges: NonNullable<Table["merges"]> = [];
  private row: { row: number; cells: Cell[] } | undefined;
  private lastRow = 0;
  private lastColumn = 0;
  private cell: RawCell | undefined;
  private text: "value" | "formula" | "inline" | undefined;
  private inlineString = false;
  private cells = 0;
  private readonly sharedFormulas = new Map<string, string>();
  /** The foreign currency each style's number format shows (null: none), found once a style. */
  private readonly currencies = new Map<number, ForeignCurrency | null>();

  constructor(private readonly context: SheetContext) {}

  private tooLarge(limit: "columns" | "rows" | "cells", max: number): never {
    const reason =
      limit === "columns"
        ? "too-many-columns"
        : limit === "rows"
          ? "too-many-rows"
          : "too-many-cells";
    throw new FileRejected(reason, { max }, "xlsx");
  }

  private checkRef(column: number, row: number): void {
    const { maxColumn, maxRowIndex } = this.context.limits;
    if (column > maxColumn) this.tooLarge("columns", maxColumn);
    if (row > maxRowIndex) this.tooLarge("rows", maxRowIndex);
  }

  /** `<dimension ref="A1:ZZZZZZ2">` names the extent before any cell is read. */
  dimension(ref: string): void {
    for (const corner of ref.split(":")) {
      const at = parseRef(corner);
      if (at) this.checkRef(at.column, at.row);
      else if (/^[A-Za-z]+\d+$/.test(corner))
        this.tooLarge("rows", this.context.limits.maxRowIndex);
    }
  }

  openRow(attrs: Attributes): void {
    const r = attrs.r === undefined ? this.lastRow + 1 : Number(attrs.r);
    if (!Number.isSafeInteger(r) || r < 1) throw new FileRejected("bad-xlsx", undefined, "xlsx");
    this.checkRef(1, r);
    this.lastRow = r;
    this.lastColumn = 0;
    this.row = { row: r, cells: [] };
  }

  closeRow(): void {
    const row = this.row;
    this.row = undefined;
    if (!row || isEmptyRow(row.cells)) return;
    if (this.rows.length >= this.context.limits.maxRows) {
      throw new FileRejected("too-many-rows", { max: this.context.limits.maxRows }, "xlsx");
    }
    this.rows.push(row);
    const probe = this.context.headerProbe;
    if (probe && this.rows.length === probe.rows && !probe.found(this.rows)) throw new NoHeader();
  }

  openCell(attrs: Attributes): void {
    if (!this.row) this.openRow({});
    let column = this.lastColumn + 1;
    const ref = attrs.r;
    if (ref !== undefined) {
      const at = parseRef(ref);
      if (!at) this.tooLarge("columns", this.context.limits.maxColumn);
      this.checkRef(at.column, at.row);
      column = at.column;
    }
    this.lastColumn = column;
    this.cell = {
      ref: ref ?? `${columnName(column)}${this.row!.row}`,
      column,
      type: attrs.t ?? "n",
      style: Number(attrs.s ?? 0),
      value: [],
    };
  }

  open(name: string, attrs: Attributes): void {
    if (name === "c") this.openCell(attrs);
    else if (name === "row") this.openRow(attrs);
    else if (name === "v" && this.cell) this.text = "value";
    else if (name === "f" && this.cell) {
      this.cell.formula = [];
      if (attrs.t === "shared" && attrs.si !== undefined) this.cell.sharedFormula = attrs.si;
      this.text = "formula";
    } else if (name === "is" && this.cell) this.inlineString = true;
    else if (name === "t" && this.inlineString) this.text = "inline";
    else if (name === "rPh") this.inlineString = false;
    else if (name === "dimension" && attrs.ref) this.dimension(attrs.ref);
    else if (name === "mergeCell" && attrs.ref) this.merge(attrs.ref);
  }

  onText(text: string): void {
    if (!this.cell || !this.text) return;
    if (this.text === "formula") this.cell.formula!.push(text);
    else this.cell.value.push(text);
  }

  close(name: string): void {
    if (name === "v" || name === "f" || name === "t") this.text = undefined;
    else if (name === "is") this.inlineString = false;
    else if (name === "c") this.closeCell();
    else if (name === "row") this.closeRow();
  }

  private merge(ref: string): void {
    const [a, b] = ref.split(":");
    const from = a ? parseRef(a) : undefined;
    const to = b ? parseRef(b) : undefined;
    if (!from || !to || this.merges.length >= 10_000) return;
    this.checkRef(to.column, to.row);
    if (to.row < from.row || to.column < from.column) return;
    if (to.row === from.row && to.column === from.column) return;
    this.merges.push({
      row: from.row,
      lastRow: to.row,
      from: from.column - 1,
      to: to.column - 1,
    });
  }

  private closeCell(): void {
    const raw = this.cell;
    this.cell = undefined;
    this.text = undefined;
    if (!raw || !this.row) return;
    const cell = this.toCell(raw);
    if (cell === undefined || (typeof cell === "string" && cell === "")) return;
    if (++this.cells > this.context.limits.maxCells) {
      this.tooLarge("cells", this.context.limits.maxCells);
    }
    this.row.cells[raw.column - 1] = cell;
  }

  private formulaText(raw: RawCell): string | undefined {
    if (!raw.formula) return undefined;
    let text = raw.formula.join("");
    if (raw.sharedFormula !== undefined) {
      if (text) this.sharedFormulas.set(raw.sharedFormula, text);
      else text = this.sharedFormulas.get(raw.sharedFormula) ?? "";
    }
    return `=${text}`;
  }

  /** The cell as the seller's program shows it, or why it cannot be trusted. */
  private toCell(raw: RawCell): Cell | undefined {
    const value = raw.value.join("");
    const formula = this.formulaText(raw);
    if (formula !== undefined && (value === "" || this.context.recalculate)) {
      const params = { cell: raw.ref, formula: formula.slice(0, 200) };
      return { kind: "problem", code: "formula-not-calculated", params, shown: formula };
    }
    // A typed cell with no value (`<c t="s"/>`, `<c t="s"><v></v></c>`, `t="str"`, `t="b"` or
    // `t="inlineStr"` with none), as some writers save an empty cell, is empty: never shared
    // string 0 (`Number("")`), nor FALSE.
    if (value.trim() === "") return undefined;
    switch (raw.type) {
      case "s": {
        const text = this.context.shared[Number(value)];
        if (text === undefined) throw new FileRejected("bad-xlsx", undefined, "xlsx");
        return text;
      }
      case "str":
      case "inlineStr":
        return value;
      case "b":
        return { kind: "boolean", value: value === "1", shown: value === "1" ? "TRUE" : "FALSE" };
      case "e":
        return {
          kind: "problem",
          code: "cell-error",
          params: { cell: raw.ref, value },
          shown: value,
        };
      case "d":
        return this.isoDateCell(raw, value);
      default:
        return this.numberCell(raw, value);
    }
  }

  /**
   * A cell of type `d` holds an ISO 8601 date (`2026-03-15T14:05:09`); it shows under its
   * number format like any date, so it is read as the serial it stands for.
   */
  private isoDateCell(raw: RawCell, value: string): Cell {
    const zoned = !value.includes("T") || /(?:[zZ]|[+-]\d\d:\d\d)$/.test(value);
    const ms = Date.parse(zoned ? value : `${value}Z`);
    if (!Number.isFinite(ms)) return value;
    const serial = ms / 86_400_000 + 25_569 - (this.context.date1904 ? 1462 : 0);
    return this.numberCell(raw, String(serial));
  }

  private numberCell(raw: RawCell, text: string): Cell {
    let value = Number(text);
    if (!Number.isFinite(value)) {
      // A number past a double's range (`1E+400`) is named in its row; anything else in a
      // number cell's value is no number at all: the file is damaged.
      if (Number.isNaN(value) || !NUMBER_TEXT.test(text.trim()))
        throw new FileRejected("bad-xlsx", undefined, "xlsx");
      const shown = text.trim();
      return { kind: "problem", code: "too-big", params: { cell: raw.ref, value: shown }, shown };
    }
    const format = this.context.formats[raw.style] ?? "General";
    const shown = formatCell(value, format);
    if (shown.date && this.context.date1904) {
      value += 1462;
      return { kind: "number", value, format, ...formatCell(value, format) };
    }
    const currency = this.currencyOf(raw.style, format);
    return currency
      ? { kind: "number", value, format, ...shown, currency }
      : { kind: "number", value, format, ...shown };
  }

  private currencyOf(style: number, format: string): ForeignCurrency | undefined {
    let currency = this.currencies.get(style);
    if (currency === undefined) {
      currency = formatCurrency(format) ?? null;
      this.currencies.set(style, currency);
    }
    return currency ?? undefined;
  }
}

export function columnName(column: number): string {
  let name = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * Reads one worksheet as the seller's program shows it, streaming: only non-empty rows are
 * kept, cells are stored where they are (a cell at column XFD costs one slot, not the gap),
 * and a reference, dimension, row or cell count over the limits refuses the file before
 * anything more is read.
 */
export function readSheetXml(parse: (handlers: XmlHandlers) => void, context: SheetContext): Table {
  const reader = new SheetReader(context);
  try {
    parse({
      open: (name, attrs) => reader.open(name, attrs),
      text: (text) => reader.onText(text),
      close: (name) => reader.close(name),
    });
  } catch (error) {
    if (!(error instanceof NoHeader)) throw error;
  }
  const rows = reader.rows.sort((a, b) => a.row - b.row);
  return { rows, cp1251: false, merges: reader.merges };
}
