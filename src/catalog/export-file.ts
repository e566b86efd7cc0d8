import { PassThrough } from "node:stream";
import type { Fill } from "exceljs";
import {
  type LiveCard,
  PRODUCT_FIELDS,
  productValues,
  SKU_FIELDS,
  skuValues,
  type Values,
} from "./fields.js";
import { encodeMeta, META_SHEET, type MetaRow } from "./meta.js";

/** A read-only column's title starts with this mark; the return ignores such columns. */
export const READ_ONLY_MARK = "🔒";

/** Titles the import reader reads (src/import/read/columns.ts), in the file's order. */
const LEADING = ["productId", "skuId", ...PRODUCT_FIELDS] as const;
const TRAILING = SKU_FIELDS;

export interface ExportTexts {
  sheet: string;
  instructionSheet: string;
  /** Instruction lines, one per row. */
  instructions: string[];
  stock: string;
  sales: string;
  productStatus: string;
  moderationStatus: string;
  note: string;
  /** The note on rows whose characteristics have no codes in the directories. */
  codesUnknown: string;
}

export interface ExportInput {
  exportId: string;
  at: Date;
  cards: readonly LiveCard[];
  texts: ExportTexts;
}

interface Column {
  title: string;
  width: number;
  readOnly?: boolean;
  value(card: LiveCard, values: Values, sku: number): string | number | boolean | undefined;
}

const WIDTHS: Record<string, number> = {
  "name.rus": 40,
  "name.kaz": 30,
  "description.rus": 50,
  "description.kaz": 30,
  photos: 50,
  barcode: 16,
  attributeValueCodes: 24,
};

/** Every column of the export: the import's fields, the catalog's characteristics, read-only. */
export function exportColumns(cards: readonly LiveCard[], texts: ExportTexts): Column[] {
  const codes = new Set<string>();
  for (const card of cards) for (const a of card.attributes) if (a.code) codes.add(a.code);
  const typed = (field: string, values: Values): string | number | boolean | undefined => {
    const v = values[field];
    if (v === undefined) return undefined;
    if (["productId", "skuId", "categoryId", "brandId", "vat", "price"].includes(field))
      return Number(v);
    if (field === "isLocalMade") return v === "true";
    return v;
  };
  const field = (title: string): Column => ({
    title,
    width: WIDTHS[title] ?? Math.max(10, title.length + 2),
    value: (_c, values) => typed(title, values),
  });
  const readOnly = (title: string, get: (card: LiveCard) => string | number | undefined) => ({
    title: `${READ_ONLY_MARK} ${title}`,
    width: Math.max(12, title.length + 4),
    readOnly: true,
    value: (card: LiveCard) => get(card),
  });
  return [
    ...LEADING.map(field),
    ...[...codes].sort().map((code) => field(`attributes.${code}`)),
    ...TRAILING.map(field),
    readOnly(texts.stock, (c) => c.stock),
    readOnly(texts.sales, (c) => c.sales),
    readOnly(texts.productStatus, (c) => c.productStatus),
    readOnly(texts.moderationStatus, (c) => c.moderationStatus),
    readOnly(texts.note, (c) => (c.codesKnown ? undefined : texts.codesUnknown)),
  ];
}

/** Each SKU's row values (product fields repeated), with the ids. */
export function* exportRows(
  cards: readonly LiveCard[],
): Generator<{ card: LiveCard; values: Values }> {
  for (const card of cards) {
    const product = { productId: String(card.productId), ...productValues(card) };
    if (card.skus.length === 0) yield { card, values: product };
    for (const sku of card.skus) {
      yield { card, values: { ...product, skuId: String(sku.skuId), ...skuValues(sku) } };
    }
  }
}

const READ_ONLY_FILL: Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFE0E0E0" },
};
const HEADER_FILL: Fill = {
  type: "pattern",
  pattern: "solid",
  fgColor: { argb: "FFDDEBF7" },
};

/**
 * Starts loading the workbook writer (exceljs, loaded on first use rather than at start) while
 * the seller is choosing what to export, so the first export does not wait for it. A failure
 * here is left to the export itself, which loads it again and reports.
 */
export function prepareWorkbookWriter(): void {
  void import("exceljs").catch(() => undefined);
}

/**
 * The export as an .xlsx, written streaming: the products sheet (one row per SKU, header
 * frozen, widths, barcodes as text cells, read-only columns grey), the instruction sheet and
 * the hidden sheet with the export id, time and each row's fingerprints.
 */
export async function writeExportXlsx(input: ExportInput): Promise<Buffer> {
  // Loaded on the first export, not at start: most processes never write a workbook.
  const { default: ExcelJS } = await import("exceljs");
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const columns = exportColumns(input.cards, input.texts);
  const sheet = book.addWorksheet(input.texts.sheet, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({ width: c.width }));
  const header = sheet.addRow(columns.map((c) => c.title));
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { bold: true };
    cell.fill = c.readOnly ? READ_ONLY_FILL : HEADER_FILL;
  });
  header.commit();
  const meta: MetaRow[] = [];
  for (const { card, values } of exportRows(input.cards)) {
    const row = sheet.addRow(columns.map((c) => c.value(card, values, 0) ?? null));
    columns.forEach((c, i) => {
      if (c.readOnly) row.getCell(i + 1).fill = READ_ONLY_FILL;
      if (c.title === "barcode" || c.title.startsWith("attributes."))
        row.getCell(i + 1).numFmt = "@";
    });
    row.commit();
    meta.push({ productId: card.productId, skuId: Number(values.skuId) || undefined, values });
  }
  sheet.commit();
  const help = book.addWorksheet(input.texts.instructionSheet);
  help.columns = [{ width: 110 }];
  for (const line of input.texts.instructions) help.addRow([line]).commit();
  help.commit();
  const hidden = book.addWorksheet(META_SHEET, { state: "hidden" });
  for (const cells of encodeMeta(input.exportId, input.at, meta)) hidden.addRow(cells).commit();
  hidden.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

const csvCell = (value: string | number | boolean | undefined | null) => {
  if (value === undefined || value === null) return "";
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The export as CSV: UTF-8 with BOM, `;` between cells (Russian Excel opens it as is). */
export function writeExportCsv(input: ExportInput): Buffer {
  const columns = exportColumns(input.cards, input.texts);
  const lines = [columns.map((c) => csvCell(c.title)).join(";")];
  for (const { card, values } of exportRows(input.cards)) {
    lines.push(columns.map((c) => csvCell(c.value(card, values, 0))).join(";"));
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}
