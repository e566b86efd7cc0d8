import type { Translate } from "../i18n.js";
import type { ImportProduct } from "../seller-api/index.js";
import { escapeHtml, formatMoney, shorten } from "../text/index.js";
import type { FileFormat, ReadingInfo } from "./types.js";

/**
 * The confirmation asked before anything is sent: how the file was read and the
 * first product as it will be sent, so a wrong reading is visible before it reaches the API.
 */

/** Separators named in words ("запятая"), others shown as they are. */
const SEPARATOR_KEYS: Record<string, string> = {
  ",": "import-sep-comma",
  ".": "import-sep-point",
  ";": "import-sep-semicolon",
  "\t": "import-sep-tab",
  " ": "import-sep-space",
  "\u00a0": "import-sep-space",
  "\u202f": "import-sep-space",
  "'": "import-sep-apostrophe",
  "’": "import-sep-apostrophe",
  "|": "import-sep-bar",
};

export function separatorText(t: Translate, separator: string): string {
  const key = SEPARATOR_KEYS[separator];
  return key ? t(key) : `<code>${escapeHtml(separator)}</code>`;
}

/** A note's params, escaped for HTML. */
function noteParams(params: Record<string, string | number> = {}) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "number" ? v : escapeHtml(v)]),
  );
}

/** "How the file was read": sheet (when not the first), header row, encoding, separators, notes. */
export function readingLines(
  t: Translate,
  format: FileFormat,
  reading: ReadingInfo = {},
): string[] {
  const lines: string[] = [];
  const sheet = reading.sheet;
  if (sheet && sheet.index > 1) {
    lines.push(
      t("import-reading-sheet", {
        name: escapeHtml(shorten(sheet.name, 60)),
        index: sheet.index,
        count: sheet.count,
      }),
    );
  }
  if (reading.headerRow !== undefined && format !== "json") {
    lines.push(t("import-reading-header", { row: reading.headerRow }));
  }
  if (reading.encoding) {
    lines.push(t("import-reading-encoding", { encoding: escapeHtml(reading.encoding) }));
  }
  if (reading.delimiter) {
    lines.push(t("import-reading-delimiter", { separator: separatorText(t, reading.delimiter) }));
  }
  if (reading.decimalSeparator) {
    lines.push(
      t("import-reading-decimal", { separator: separatorText(t, reading.decimalSeparator) }),
    );
  }
  if (reading.thousandsSeparator) {
    lines.push(
      t("import-reading-thousands", { separator: separatorText(t, reading.thousandsSeparator) }),
    );
  }
  for (const note of reading.notes ?? []) {
    lines.push(`• ${t(`import-note-${note.code}`, noteParams(note.params))}`);
  }
  return lines.length > 0 ? [t("import-reading-title"), ...lines] : [];
}

/** The first product as it will be sent: name, price and barcode of its first SKU. */
export function firstProductLines(t: Translate, product: ImportProduct | undefined): string[] {
  if (!product) return [];
  const sku = product.skus?.[0];
  const value = (v: string | number | null | undefined) =>
    v === undefined || v === null || v === ""
      ? t("import-first-empty")
      : `<code>${escapeHtml(String(v))}</code>`;
  return [
    t("import-first-title"),
    t("import-first-name", { name: escapeHtml(shorten(product.name.rus, 120)) }),
    t("import-first-price", {
      price: typeof sku?.price === "number" ? formatMoney(sku.price) : value(sku?.price),
    }),
    t("import-first-barcode", { barcode: value(sku?.barcode) }),
  ];
}

/** Reading and first product, as one block of the confirmation message. */
export function confirmationBlock(
  t: Translate,
  format: FileFormat,
  reading: ReadingInfo | undefined,
  first: ImportProduct | undefined,
): string {
  const reads = readingLines(t, format, reading);
  const firsts = firstProductLines(t, first);
  return [reads.join("\n"), firsts.join("\n")].filter((b) => b !== "").join("\n\n");
}
