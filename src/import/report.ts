/**
 * CSV reports a seller opens in Excel: UTF-8 with a BOM (so Excel does not guess the encoding),
 * `;` between cells (what Excel expects in Russian and Kazakh locales), a header row, CRLF line
 * ends. Cells are data, never formulas: a cell that starts with `=`, `+`, `-` or `@` (also after
 * a tab or carriage return) gets a leading `'`, so an API text cannot become a formula.
 */

export type ReportCell = string | number | null | undefined;

const BOM = "\uFEFF";
const SEPARATOR = ";";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell as written into the report: neutralised, then quoted where needed. */
export function csvCell(value: ReportCell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report's text, BOM first. */
export function csvReportText(
  header: readonly ReportCell[],
  rows: readonly ReportCell[][],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR));
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** The report's bytes, ready for `new InputFile(bytes, name)`. */
export function csvReport(header: readonly ReportCell[], rows: readonly ReportCell[][]): Buffer {
  return Buffer.from(csvReportText(header, rows), "utf8");
}

/** A file name for a report about `fileName`, e.g. `goods.xlsx` → `goods-errors.csv`. */
export function reportFileName(fileName: string, suffix = "errors"): string {
  const stem = fileName
    .replace(/\.[^.]*$/, "")
    // Path characters, and `;`/`"` that would break the upload's Content-Disposition header.
    .replace(/[\\/:*?"<>|;\u0000-\u001f]+/g, "_")
    .trim()
    .slice(0, 60);
  return `${stem || "import"}-${suffix}.csv`;
}
