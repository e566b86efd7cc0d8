/**
 * The parts of a plain .xlsx package as text: cells, sheet heads, the workbook, its styles and
 * relationships (SpreadsheetML as Excel, LibreOffice, Google Sheets and openpyxl read it).
 */

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell styles of styles.xml (cellXfs), by their index. */
export const STYLE = {
  plain: 0,
  header: 1,
  readOnlyHeader: 2,
  /** Text number format (`@`): typed digits stay text, leading zeros kept. */
  text: 3,
  /** Grey fill. */
  readOnly: 4,
} as const;

// Characters XML 1.0 does not allow (and DEL), dropped as exceljs drops them.
const INVALID = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;
const SPECIAL = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

/** Text for an element's content or an attribute's value. */
export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replace(INVALID, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** `0` → `A`, `26` → `AA`. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export type CellValue = string | number | boolean | undefined | null;

/**
 * A cell after its reference (`<c r="B7"` + this): a number, a boolean or an inline string
 * with its style; an empty cell only when it has a style, else undefined.
 */
export function cellTail(value: CellValue, style: number): string | undefined {
  const s = style ? ` s="${style}"` : "";
  if (value === undefined || value === null || value === "") return style ? `${s}/>` : undefined;
  if (typeof value === "number" && Number.isFinite(value)) return `${s}><v>${value}</v></c>`;
  if (typeof value === "boolean") return `${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = String(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
  return `${s} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
}

/** A row of cells given in column order from A (undefined: no cell); `letters` A, B, … */
export function rowXml(
  row: number,
  tails: readonly (string | undefined)[],
  letters: readonly string[] = tails.map((_t, i) => columnLetters(i)),
): string {
  let xml = `<row r="${row}">`;
  tails.forEach((tail, i) => {
    if (tail !== undefined) xml += `<c r="${letters[i]}${row}"${tail}`;
  });
  return `${xml}</row>`;
}

export interface SheetColumn {
  width: number;
  /** The column's own style: what a cell the seller adds below the rows gets. */
  style?: number;
}

/** A worksheet up to its first row: size, the frozen header, column widths. */
export function sheetHead(opts: {
  columns: readonly SheetColumn[];
  /** Rows and columns used, when known before the rows are written. */
  size?: { rows: number; columns: number };
  frozenHeader?: boolean;
  selected?: boolean;
}): string {
  const size = opts.size;
  const dimension = size
    ? `<dimension ref="A1:${columnLetters(Math.max(0, size.columns - 1))}${Math.max(1, size.rows)}"/>`
    : "";
  const pane = opts.frozenHeader
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
    : "";
  const view = `<sheetViews><sheetView${opts.selected ? ' tabSelected="1"' : ""} workbookViewId="0">${pane}</sheetView></sheetViews>`;
  const cols = opts.columns
    .map((c, i) => {
      const style = c.style ? ` style="${c.style}"` : "";
      return `<col min="${i + 1}" max="${i + 1}" width="${c.width}"${style} customWidth="1"/>`;
    })
    .join("");
  return `${DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">${dimension}${view}<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ""}<sheetData>`;
}

export const SHEET_TAIL = "</sheetData></worksheet>";

const font = (bold: boolean) =>
  `<font>${bold ? "<b/>" : ""}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
const solid = (argb: string) =>
  `<fill><patternFill patternType="solid"><fgColor rgb="${argb}"/><bgColor indexed="64"/></patternFill></fill>`;
const xf = (numFmt: number, fontId: number, fillId: number) =>
  `<xf numFmtId="${numFmt}" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0"${numFmt ? ' applyNumberFormat="1"' : ""}${fontId ? ' applyFont="1"' : ""}${fillId ? ' applyFill="1"' : ""}/>`;

/** styles.xml with the styles of STYLE, in its order (header blue, read-only grey). */
export const STYLES_XML = `${DECLARATION}<styleSheet xmlns="${MAIN}"><fonts count="2">${font(false)}${font(true)}</fonts><fills count="4"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>${solid("FFDDEBF7")}${solid("FFE0E0E0")}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5">${xf(0, 0, 0)}${xf(0, 1, 2)}${xf(0, 1, 3)}${xf(49, 0, 0)}${xf(0, 0, 3)}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

export interface SheetEntry {
  name: string;
  hidden?: boolean;
}

const sheetPath = (i: number) => `worksheets/sheet${i + 1}.xml`;

/** The package's fixed parts for `sheets` (sheet i at xl/worksheets/sheet{i+1}.xml). */
export function packageParts(sheets: readonly SheetEntry[]): Record<string, string> {
  const list = sheets
    .map(
      (s, i) =>
        `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ""} r:id="rId${i + 1}"/>`,
    )
    .join("");
  const rels = sheets
    .map(
      (_s, i) =>
        `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${sheetPath(i)}"/>`,
    )
    .join("");
  const overrides = sheets
    .map(
      (_s, i) =>
        `<Override PartName="/xl/${sheetPath(i)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  return {
    "[Content_Types].xml": `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
    "_rels/.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${list}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${DECLARATION}<Relationships xmlns="${PKG_REL}">${rels}<Relationship Id="rId${sheets.length + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": STYLES_XML,
  };
}
