import type { Translate } from "../i18n.js";
import { apiErrorText, escapeHtml, fieldLabel, shorten } from "../text/index.js";
import { compactNumbers } from "./refs.js";
import { csvReportText } from "./report.js";
import type { PlacedFieldError } from "./sender/requests.js";
import type {
  FileFormat,
  FileRejection,
  FileWarning,
  InvalidProduct,
  ProductIssue,
  SourceRef,
} from "./types.js";

/** Up to this many problems are listed in the message; more go to an attached report. */
export const MESSAGE_PROBLEM_LIMIT = 15;
/** When the report is attached, the message shows the first few. */
export const MESSAGE_PROBLEM_PREVIEW = 10;

/** Where a product stands, bare: `5–7` (rows) or `3` (position). */
export function refNumbers(ref: SourceRef): string {
  return ref.kind === "rows" ? compactNumbers(ref.rows) : String(ref.position);
}

/** Where a product stands, in words: "Строки 5–7", "Товар № 3". */
export function refText(t: Translate, ref: SourceRef): string {
  return ref.kind === "rows"
    ? t("import-ref-rows", { rows: compactNumbers(ref.rows), count: new Set(ref.rows).size })
    : t("import-ref-position", { position: String(ref.position) });
}

/** The rows or positions of several products together (a request of up to 30). */
export function refsText(t: Translate, refs: readonly SourceRef[]): string {
  const rows = refs.flatMap((r) => (r.kind === "rows" ? r.rows : []));
  const positions = refs.flatMap((r) => (r.kind === "position" ? [r.position] : []));
  const parts: string[] = [];
  if (rows.length > 0) {
    parts.push(t("import-refs-rows", { rows: compactNumbers(rows), count: new Set(rows).size }));
  }
  if (positions.length > 0) {
    parts.push(
      t("import-refs-positions", {
        positions: compactNumbers(positions),
        count: new Set(positions).size,
      }),
    );
  }
  return parts.join("; ");
}

/** A value named in a problem is shortened to this many characters. */
export const PROBLEM_VALUE_SHOWN = 60;
/** Neither a stored hidden value nor a formula is shortened past what tells it apart. */
const STORED_SHOWN = 40;

/**
 * The value as the seller sees it in the cell (or the JSON file), beside every problem:
 * «1e+05», shortened when long; an empty cell is said to be empty.
 */
export function problemValue(t: Translate, value: string | number | undefined): string {
  const text = value === undefined ? "" : String(value).trim();
  if (text === "") return t("import-value-empty");
  return `«${escapeHtml(shorten(text, PROBLEM_VALUE_SHOWN))}»`;
}

/** An issue's reason in the chat's language; its params escaped, the expected ones filled. */
export function issueReason(t: Translate, issue: Pick<ProductIssue, "code" | "params">): string {
  const params = issue.params ?? {};
  const text = (key: string, fallback = "—") => {
    const value = params[key];
    if (value === undefined || value === "") return fallback;
    return escapeHtml(key === "stored" ? shorten(String(value), STORED_SHOWN) : String(value));
  };
  // Every param the reader gives (value, cell, formula, column, …), escaped: a text may use any.
  const all = Object.fromEntries(Object.keys(params).map((key) => [key, text(key)]));
  return t(`import-issue-${issue.code}`, {
    ...all,
    value: problemValue(t, params.value),
    allowed: text("allowed"),
    rows: text("rows"),
    max: text("max"),
    detail: text("detail"),
  });
}

export interface ProblemLine {
  ref: SourceRef;
  field: string;
  reason: string;
  code: string;
}

/** Every issue of every invalid product, one line each, in file order. */
export function problemLines(t: Translate, invalid: readonly InvalidProduct[]): ProblemLine[] {
  return invalid.flatMap((product) =>
    product.issues.map((issue) => ({
      ref: issue.ref,
      field: issue.field,
      reason: issueReason(t, issue),
      code: issue.code,
    })),
  );
}

/** `<b>Строка 5</b> · <code>price</code>: не число` */
export function formatLine(t: Translate, line: Pick<ProblemLine, "ref" | "field" | "reason">) {
  return t("import-problem-line", {
    where: refText(t, line.ref),
    field: fieldLabel(t, line.field),
    reason: line.reason,
  });
}

/** Texts of the report are plain: the HTML escapes of the message are undone. */
function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The problem report: UTF-8 with BOM and `;` (Excel opens it), formula cells neutralised; the
 * place, the field in the seller's words and what to do (no internal codes).
 */
export function problemReport(
  t: Translate,
  format: FileFormat,
  lines: readonly ProblemLine[],
): string {
  const header = [
    t(format === "json" ? "import-report-col-position" : "import-report-col-row"),
    t("import-report-col-field"),
    t("import-report-col-problem"),
  ];
  const rows = lines.map((line) => [
    refNumbers(line.ref),
    plain(fieldLabel(t, line.field)),
    plain(line.reason),
  ]);
  return csvReportText(header, rows);
}

/** Kazakh letters Windows-1251 cannot hold (named in the warnings). */
export const KAZAKH_LETTERS = "ә ғ қ ң ө ұ ү һ і";

/** The file's warnings with the advice to save as "CSV UTF-8" or .xlsx. */
export function warningTexts(t: Translate, warnings: readonly FileWarning[]): string[] {
  const lost = warnings.find((w) => w.code === "kazakh-letters-lost");
  if (lost) {
    return [
      t("import-warning-kazakh-letters-lost", {
        rows: compactNumbers(lost.rows ?? []) || "—",
        letters: KAZAKH_LETTERS,
      }),
    ];
  }
  if (warnings.some((w) => w.code === "windows-1251")) {
    return [t("import-warning-windows-1251", { letters: KAZAKH_LETTERS })];
  }
  return [];
}

/** An API field error of a refused request, as a line of the message. */
export function apiErrorLine(t: Translate, error: PlacedFieldError): string {
  const description = escapeHtml(shorten(apiErrorText(t, error), 300));
  const field = fieldLabel(t, error.field);
  if (!error.ref) return t("import-api-error-request", { field, reason: description });
  return t("import-problem-line", {
    where: refText(t, error.ref),
    field,
    reason: description,
  });
}

/** Joins blocks into one message under Telegram's 4096 characters, cutting whole lines. */
export function fitMessage(blocks: readonly string[], max = 4000): string {
  const text = blocks.filter((b) => b !== "").join("\n\n");
  if (text.length <= max) return text;
  const lines = text.split("\n");
  let out = "";
  for (const line of lines) {
    if (out.length + line.length + 2 > max) break;
    out += `${line}\n`;
  }
  return `${out}…`;
}

/** The texts of a file that is not a product list: what is wrong, what was expected. */
export function rejectionText(
  t: Translate,
  reason: FileRejection,
  params: Record<string, string | number> = {},
): string {
  const value = (key: string, fallback = "—") =>
    params[key] === undefined ? fallback : escapeHtml(String(params[key]));
  const lines = [
    t(`import-file-${reason}`, {
      // Every param the reader gives, escaped: a text may use any.
      ...Object.fromEntries(Object.keys(params).map((key) => [key, value(key)])),
      max: value("max"),
      type: value("type"),
      expected: value("expected"),
    }),
  ];
  // An empty workbook says which sheets were looked at: the products may be in another file.
  if (reason === "empty" && params.sheets !== undefined) {
    lines.push(t("import-file-empty-sheets", { sheets: value("sheets") }));
  }
  if (params.line !== undefined) {
    lines.push(
      params.column !== undefined
        ? t("import-file-at-line-column", { line: value("line"), column: value("column") })
        : t("import-file-at-line", { line: value("line") }),
    );
  }
  lines.push(t("import-file-expected"));
  return lines.join("\n");
}
