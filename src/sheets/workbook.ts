/**
 * The streaming XLSX writer: a workbook of sheets whose rows are written as they come, each
 * sheet's XML deflated in pieces on libuv's threads (zip.ts). To a file, the first sheet goes
 * to disk as it is deflated; nothing holds a sheet's rows as objects, only the deflated bytes
 * of the sheets still waiting for their turn in the archive.
 */
import { NUMBER_FORMAT, type StyleSpec, Styles } from "./styles.js";
import { type CellValue, cellTail, columnLetters, escapeXml, type Formula } from "./xml.js";
import { Backlog, DeflatedFile, ZipWriter } from "./zip.js";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Pieces (of 1 MB of text) being deflated before `drained` asks the writer to wait. */
const MOST_DEFLATING = 4;

export interface ColumnSpec {
  /** In characters of the default font, as Excel measures them. */
  width?: number;
  /** The column's own style: what its cells get unless their row or they say otherwise, and a cell the seller adds below the rows. */
  style?: number;
}

export interface SheetSpec {
  /** Made valid for Excel (at most 31 characters, none of `[]:*?/\`) and unique in the book. */
  name: string;
  hidden?: boolean;
  columns?: readonly ColumnSpec[];
  /** Rows at the top and columns at the left that stay in view while scrolling. */
  frozen?: { rows?: number; columns?: number };
  /** Filter buttons on the first row, over the columns and rows written. */
  autoFilter?: boolean;
  /** Its place among the tabs, lowest first (by default: the order sheets were added). */
  place?: number;
  /** The tab shown when the file opens (by default: the first tab, when visible). */
  selected?: boolean;
}

/** A cell: its value, in its column's (or row's) style, or with a style of its own. */
export type Cell = CellValue | { value: CellValue; style: number };

export interface RowOptions {
  /** Laid over each cell's column style (a bold totals row keeps the columns' formats). */
  style?: number;
}

export interface SheetWriter {
  readonly name: string;
  /** Rows written so far (the next row's number is this + 1). */
  readonly rows: number;
  /** The next row, its cells from column A; undefined or null leaves a cell empty. */
  row(cells: readonly Cell[], options?: RowOptions): void;
  /** The next row of cells made ready before (readyCell, in this workbook's styles). */
  readyRow(cells: readonly (Uint8Array | undefined)[]): void;
  /** No more rows (a sheet not ended is ended with the workbook). */
  end(): void;
  /** Leaves the sheet out of the workbook; not once it is being written to a file. */
  discard(): void;
}

export interface Workbook<Result> {
  /** The style of a look, to give columns, rows and cells. */
  style(spec: StyleSpec): number;
  /** A new sheet, written from now on. */
  sheet(spec: SheetSpec): SheetWriter;
  /** Resolves once the deflating keeps up: a fast writer awaits it now and then. */
  drained(): Promise<void>;
  /** Ends the sheets and writes the package: the file's bytes, or the file itself. */
  finish(): Promise<Result>;
}

export interface WorkbookFile extends Workbook<void> {
  /** Stops and closes a file that will not be used (the caller removes it). */
  abort(): Promise<void>;
}

export interface WorkbookOptions {
  /** When the files of the archive were made (their zip time); 1980-01-01 by default. */
  at?: Date;
}

const FORBIDDEN = /[[\]:*?/\\\x00-\x1F]/g;

/** A sheet name Excel takes: `taken` holds the names so far, lower-cased. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(FORBIDDEN, "_")
      .replace(/^'+|'+$/g, "")
      .trim()
      .slice(0, 31) || "Sheet";
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = base.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

/** The frozen pane of a sheet view, or nothing. */
function paneXml(frozen: SheetSpec["frozen"]): string {
  const rows = frozen?.rows ?? 0;
  const columns = frozen?.columns ?? 0;
  if (rows <= 0 && columns <= 0) return "";
  const topLeft = `${columnLetters(columns)}${rows + 1}`;
  const active = rows && columns ? "bottomRight" : rows ? "bottomLeft" : "topRight";
  const split = `${columns ? ` xSplit="${columns}"` : ""}${rows ? ` ySplit="${rows}"` : ""}`;
  return `<pane${split} topLeftCell="${topLeft}" activePane="${active}" state="frozen"/><selection pane="${active}" activeCell="${topLeft}" sqref="${topLeft}"/>`;
}

/** A worksheet up to its first row: the view (selected, frozen pane), column widths. */
function sheetHead(spec: SheetSpec, selected: boolean): string {
  const view = `<sheetViews><sheetView${selected ? ' tabSelected="1"' : ""} workbookViewId="0">${paneXml(spec.frozen)}</sheetView></sheetViews>`;
  const cols = (spec.columns ?? [])
    .map((c, i) => {
      const width = c.width === undefined ? "" : ` width="${c.width}"`;
      const style = c.style ? ` style="${c.style}"` : "";
      const custom = c.width === undefined ? "" : ' customWidth="1"';
      return width || style ? `<col min="${i + 1}" max="${i + 1}"${width}${style}${custom}/>` : "";
    })
    .join("");
  // No <dimension>: the rows are written before their number is known (it is optional).
  return `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${view}<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ""}<sheetData>`;
}

const isStyled = (cell: Cell): cell is { value: CellValue; style: number } =>
  typeof cell === "object" && cell !== null && !(cell instanceof Date) && "style" in cell;

const isDate = (value: CellValue) =>
  value instanceof Date || (value as Formula | null | undefined)?.value instanceof Date;

/** What a sheet needs of its workbook. */
interface BookParts {
  styles: Styles;
  backlog: Backlog;
  zip: ZipWriter;
  /** The style for a date with no date format of its own over `style`. */
  dated(style: number): number;
  /** The sheet names taken so far, lower-cased (a discarded sheet gives its name back). */
  names: Set<string>;
}

/** One sheet being written. */
class Sheet implements SheetWriter {
  readonly file: DeflatedFile;
  private readonly columnStyles: number[];
  /** Each column's style under a row style, by the row style. */
  private readonly rowStyles = new Map<number, number[]>();
  private readonly letters: string[] = [];
  private written = 0;
  private widest = 0;
  ended = false;
  discarded = false;

  constructor(
    private readonly book: BookParts,
    readonly name: string,
    readonly spec: SheetSpec,
    readonly order: number,
    readonly selected: boolean,
    fileNumber: number,
  ) {
    this.file = new DeflatedFile(`xl/worksheets/sheet${fileNumber}.xml`, book.backlog);
    this.columnStyles = (spec.columns ?? []).map((c) => c.style ?? 0);
    this.file.write(sheetHead(spec, selected));
    book.zip.add(this.file);
  }

  get rows() {
    return this.written;
  }

  private letter(i: number) {
    while (this.letters.length <= i) this.letters.push(columnLetters(this.letters.length));
    return this.letters[i]!;
  }

  private stylesUnder(rowStyle: number): number[] {
    let styles = this.rowStyles.get(rowStyle);
    if (!styles) {
      styles = this.columnStyles.map((column) => this.book.styles.merge(rowStyle, column));
      this.rowStyles.set(rowStyle, styles);
    }
    return styles;
  }

  private open() {
    if (this.ended) throw new Error(`the sheet ${this.name} is ended`);
    return ++this.written;
  }

  row(cells: readonly Cell[], options?: RowOptions): void {
    const r = this.open();
    const rowStyle = options?.style ?? 0;
    const styles = rowStyle ? this.stylesUnder(rowStyle) : this.columnStyles;
    let xml = `<row r="${r}">`;
    const count = Math.max(cells.length, rowStyle ? styles.length : 0);
    for (let i = 0; i < count; i++) {
      const cell = cells[i];
      const value = isStyled(cell) ? cell.value : cell;
      let style = isStyled(cell) ? cell.style : (styles[i] ?? rowStyle);
      if (isDate(value)) style = this.book.dated(style);
      const tail = cellTail(value, style);
      if (tail !== undefined) xml += `<c r="${this.letter(i)}${r}"${tail}`;
    }
    this.widest = Math.max(this.widest, cells.length);
    this.file.write(`${xml}</row>`);
  }

  readyRow(cells: readonly (Uint8Array | undefined)[]): void {
    const r = this.open();
    this.file.writeAscii(`<row r="${r}">`);
    for (let i = 0; i < cells.length; i++) {
      const tail = cells[i];
      if (tail === undefined) continue;
      this.file.writeAscii(`<c r="${this.letter(i)}${r}"`);
      this.file.writeBytes(tail);
    }
    this.widest = Math.max(this.widest, cells.length);
    this.file.writeAscii("</row>");
  }

  /** The range the filter buttons cover, when asked for and there is a row. */
  get filtered(): string | undefined {
    if (!this.spec.autoFilter || this.written === 0 || this.widest === 0) return undefined;
    return `A1:${columnLetters(this.widest - 1)}${this.written}`;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    const filter = this.filtered;
    this.file.write(`</sheetData>${filter ? `<autoFilter ref="${filter}"/>` : ""}</worksheet>`);
    this.file.end();
  }

  discard(): void {
    if (!this.book.zip.remove(this.file)) {
      throw new Error(`the sheet ${this.name} is already being written out`);
    }
    this.discarded = true;
    this.ended = true;
    // Its name is free again: a sheet written anew in its place keeps it (not «Товары (2)»).
    this.book.names.delete(this.name.toLowerCase());
  }
}

/** `'Name'!$A$1:$S$42`: a range of a sheet as a defined name gives it. */
const absolute = (sheet: string, range: string) =>
  `'${sheet.replace(/'/g, "''")}'!${range
    .split(":")
    .map((ref) => ref.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2"))
    .join(":")}`;

/** The package's parts besides the sheets, for the sheets in their tab order. */
function packageParts(tabs: readonly Sheet[], styles: Styles): Record<string, string> {
  const path = (s: Sheet) => s.file.name.replace(/^xl\//, "");
  const selected = tabs.findIndex((s) => s.selected && !s.spec.hidden);
  const active = selected >= 0 ? selected : tabs.findIndex((s) => !s.spec.hidden);
  const list = tabs
    .map(
      (s, i) =>
        `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.spec.hidden ? ' state="hidden"' : ""} r:id="rId${i + 1}"/>`,
    )
    .join("");
  const filters = tabs
    .map((s, i) => {
      const range = s.filtered;
      return range
        ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(absolute(s.name, range))}</definedName>`
        : "";
    })
    .join("");
  const rels = tabs
    .map((s, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${path(s)}"/>`)
    .join("");
  const overrides = tabs
    .map(
      (s) =>
        `<Override PartName="/${s.file.name}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  return {
    "[Content_Types].xml": `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
    "_rels/.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView activeTab="${active}"/></bookViews><sheets>${list}</sheets>${filters ? `<definedNames>${filters}</definedNames>` : ""}</workbook>`,
    "xl/_rels/workbook.xml.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}">${rels}<Relationship Id="rId${tabs.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": `${DECLARATION}${styles.xml(MAIN)}`,
  };
}

/** The workbook over an archive: `close` lays it out and gives what the caller gets. */
function book<Result>(zip: ZipWriter, close: () => Promise<Result>): Workbook<Result> {
  const styles = new Styles();
  const backlog = new Backlog(MOST_DEFLATING);
  const sheets: Sheet[] = [];
  const names = new Set<string>();
  const dateTime = () => styles.of({ numFmt: NUMBER_FORMAT.dateTime });
  const parts: BookParts = {
    styles,
    backlog,
    zip,
    dated: (style) => (styles.hasFormat(style) ? style : styles.merge(dateTime(), style)),
    names,
  };
  return {
    style: (spec) => styles.of(spec),
    sheet(spec) {
      const order = spec.place ?? sheets.length;
      // Decided now (the view is the sheet's first bytes): the first tab, unless told.
      const selected = spec.selected ?? (!spec.hidden && order === 0);
      const name = sheetName(spec.name, names);
      const sheet = new Sheet(parts, name, spec, order, selected, sheets.length + 1);
      sheets.push(sheet);
      return sheet;
    },
    drained: () => backlog.idle(),
    async finish() {
      for (const sheet of sheets) sheet.end();
      const tabs = sheets.filter((s) => !s.discarded).sort((a, b) => a.order - b.order);
      if (!tabs.some((s) => !s.spec.hidden)) throw new Error("a workbook needs a visible sheet");
      for (const [name, text] of Object.entries(packageParts(tabs, styles))) {
        const file = new DeflatedFile(name, backlog);
        file.write(text);
        file.end();
        zip.add(file);
      }
      await zip.close();
      return close();
    },
  };
}

/** A workbook in memory: `finish` gives the file's bytes. */
export function createWorkbook(options: WorkbookOptions = {}): Workbook<Buffer> {
  const { zip, bytes } = ZipWriter.inMemory(options.at ?? new Date(0));
  return book(zip, async () => bytes());
}

/** A workbook written to `path` as it goes: the first sheet added streams to the file. */
export function createWorkbookFile(path: string, options: WorkbookOptions = {}): WorkbookFile {
  const { zip, close } = ZipWriter.toFile(path, options.at ?? new Date(0));
  return { ...book(zip, close), abort: close };
}
