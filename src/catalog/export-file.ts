import { COST_FIELD, costText } from "./costs.js";
import {
  type LiveCard,
  type LiveSku,
  PRODUCT_FIELDS,
  productValues,
  SKU_FIELDS,
  skuValues,
  type Values,
} from "./fields.js";

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
  /** The title of the cost price column (the bot's own, never sent); none: no such column. */
  cost?: string;
}

export interface ExportInput {
  exportId: string;
  at: Date;
  /** The bot's secret: the hidden sheet's fingerprints and seals are keyed by it. */
  secret: Buffer;
  cards: readonly LiveCard[];
  texts: ExportTexts;
  /** The cost prices kept (tiyn, by barcode): each SKU's in its row. */
  costs?: ReadonlyMap<string, number>;
}

/** A column of the export: its key (the field, or a read-only column's own), title, look. */
export interface Column {
  key: string;
  title: string;
  width: number;
  readOnly?: boolean;
  /** Kept as text in a spreadsheet (barcodes, characteristic codes). */
  text?: boolean;
  value(card: LiveCard, values: Values): string | number | boolean | undefined;
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

const NUMBERS = new Set(["productId", "skuId", "categoryId", "brandId", "vat", "price"]);

/** A field's value as a cell: ids, VAT and price as numbers, isLocalMade as a boolean. */
function typed(field: string, values: Values): string | number | boolean | undefined {
  const v = values[field];
  if (v === undefined) return undefined;
  if (NUMBERS.has(field)) return Number(v);
  if (field === "isLocalMade") return v === "true";
  return v;
}

/** The cost price per unit, in tenge, as a number cell (empty where none is kept). */
const costColumn = (title: string): Column => ({
  key: COST_FIELD,
  title,
  width: Math.max(16, title.length + 2),
  value: (_c, values) => (values.cost === undefined ? undefined : Number(values.cost)),
});

/** The columns for characteristic `codes`: the import's fields, the characteristics, read-only. */
export function columnsOf(codes: Iterable<string>, texts: ExportTexts): Column[] {
  const field = (title: string): Column => ({
    key: title,
    title,
    width: WIDTHS[title] ?? Math.max(10, title.length + 2),
    text: title === "barcode" || title.startsWith("attributes."),
    value: (_c, values) => typed(title, values),
  });
  const readOnly = (
    key: string,
    title: string,
    get: (card: LiveCard) => string | number | undefined,
  ) => ({
    key: `readOnly.${key}`,
    title: `${READ_ONLY_MARK} ${title}`,
    width: Math.max(12, title.length + 4),
    readOnly: true,
    value: (card: LiveCard) => get(card),
  });
  return [
    ...LEADING.map(field),
    ...[...new Set(codes)].sort().map((code) => field(`attributes.${code}`)),
    ...TRAILING.map(field),
    ...(texts.cost === undefined ? [] : [costColumn(texts.cost)]),
    readOnly("stock", texts.stock, (c) => c.stock),
    readOnly("sales", texts.sales, (c) => c.sales),
    readOnly("productStatus", texts.productStatus, (c) => c.productStatus),
    readOnly("moderationStatus", texts.moderationStatus, (c) => c.moderationStatus),
    readOnly("note", texts.note, (c) => (c.codesKnown ? undefined : texts.codesUnknown)),
  ];
}

/** The characteristics' codes of `cards` (each an `attributes.<code>` column). */
export function attributeCodes(cards: readonly LiveCard[]): Set<string> {
  const codes = new Set<string>();
  for (const card of cards) for (const a of card.attributes) if (a.code) codes.add(a.code);
  return codes;
}

/** Every column of the export: the import's fields, the catalog's characteristics, read-only. */
export function exportColumns(cards: readonly LiveCard[], texts: ExportTexts): Column[] {
  return columnsOf(attributeCodes(cards), texts);
}

/** A SKU's own values in the export: its fields and, when kept, its cost price. */
export function skuRowValues(sku: LiveSku, costs: ReadonlyMap<string, number> | undefined): Values {
  const values: Values = { skuId: String(sku.skuId), ...skuValues(sku) };
  const cost = sku.barcode ? costs?.get(sku.barcode) : undefined;
  if (cost !== undefined) values[COST_FIELD] = costText(cost);
  return values;
}

/** Each SKU's row values (product fields repeated), with the ids. */
export function* exportRows(
  cards: readonly LiveCard[],
  costs?: ReadonlyMap<string, number>,
): Generator<{ card: LiveCard; values: Values }> {
  for (const card of cards) {
    const product = { productId: String(card.productId), ...productValues(card) };
    if (card.skus.length === 0) yield { card, values: product };
    for (const sku of card.skus)
      yield { card, values: { ...product, ...skuRowValues(sku, costs) } };
  }
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
  for (const { card, values } of exportRows(input.cards, input.costs)) {
    lines.push(columns.map((c) => csvCell(c.value(card, values))).join(";"));
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

/** What an export file is made for: its id and time, and the texts in the seller's language. */
export type ExportFile = Omit<ExportInput, "cards">;

/**
 * An export being made: the list's order of product ids as it becomes known (`listed`, in
 * order), cards as their details come (in any order; `asked` the ids that answer was for),
 * and the file with one row per SKU in `order` (the list's order, all of it).
 */
export interface ExportSink {
  listed(ids: readonly number[]): void;
  add(cards: readonly LiveCard[], asked: readonly number[]): void;
  finish(order: readonly number[]): Promise<Buffer>;
}

/** The cards of `order` that came, in that order. */
export function inOrder<T>(byId: ReadonlyMap<number, T>, order: readonly number[]): T[] {
  return order.flatMap((id) => {
    const found = byId.get(id);
    return found === undefined ? [] : [found];
  });
}

/** The CSV export: the cards held until the end (a CSV is written in one go). */
export function csvExport(file: ExportFile): ExportSink {
  const cards = new Map<number, LiveCard>();
  return {
    listed: () => {},
    add: (batch) => {
      for (const card of batch) cards.set(card.productId, card);
    },
    finish: async (order) => writeExportCsv({ ...file, cards: inOrder(cards, order) }),
  };
}
