import {
  attributeTitle,
  BOOLEAN_WORDS,
  columnTitle,
  columnWord,
  type SheetLanguage,
} from "../sheets/index.js";
import { COST_FIELD, costText } from "./costs.js";
import {
  attributeCell,
  type LiveCard,
  type LiveSku,
  PRODUCT_FIELDS,
  productValues,
  SKU_FIELDS,
  skuLabelsCell,
  skuValues,
  type Values,
} from "./fields.js";

/** A read-only column's title starts with this mark; the return ignores such columns. */
export const READ_ONLY_MARK = "🔒";

/** The import's fields, in the file's order (titled by the vocabulary of src/sheets). */
const LEADING = ["productId", "skuId", ...PRODUCT_FIELDS] as const;
const TRAILING = SKU_FIELDS;

export interface ExportTexts {
  /** The language of the titles and of the words in cells (statuses, yes/no). */
  language: SheetLanguage;
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
  /** A product or moderation status in the chat's language (the service's own where unknown). */
  status?(value: string): string;
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
  /** The cell of a row: `values` its canonical values, `sku` its SKU (none: a product without). */
  value(card: LiveCard, values: Values, sku?: LiveSku): string | number | boolean | undefined;
}

const WIDTHS: Record<string, number> = {
  "name.rus": 40,
  "name.kaz": 30,
  "description.rus": 50,
  "description.kaz": 30,
  photos: 50,
  barcode: 16,
  attributeValueCodes: 30,
};

const NUMBERS = new Set(["id", "percent", "money"]);

/**
 * A field's value as a cell: ids, VAT and price as numbers, yes/no in the sheet's language,
 * characteristics by their names where the directories give them.
 */
function typed(
  field: string,
  values: Values,
  language: SheetLanguage,
  card: LiveCard,
  sku: LiveSku | undefined,
): string | number | boolean | undefined {
  const v = values[field];
  if (v === undefined) return undefined;
  if (field === "attributeValueCodes") return (sku && skuLabelsCell(sku)) ?? v;
  if (field.startsWith("attributes.")) {
    const code = field.slice("attributes.".length);
    const attribute = card.attributes.find((a) => a.code === code);
    return (attribute && attributeCell(attribute)) ?? v;
  }
  const kind = columnWord(field)?.kind;
  if (kind !== undefined && NUMBERS.has(kind)) return Number(v);
  if (kind === "boolean")
    return v === "true" ? BOOLEAN_WORDS[language].yes : BOOLEAN_WORDS[language].no;
  return v;
}

/** The cost price per unit, in tenge, as a number cell (empty where none is kept). */
const costColumn = (title: string): Column => ({
  key: COST_FIELD,
  title,
  width: Math.max(16, title.length + 2),
  value: (_c, values) => (values.cost === undefined ? undefined : Number(values.cost)),
});

/**
 * The columns for characteristic `codes` (each with its name, where the directories give one):
 * the import's fields titled in the sheet's language, the characteristics, read-only ones.
 */
export function columnsOf(
  codes: ReadonlyMap<string, string | undefined> | Iterable<string>,
  texts: ExportTexts,
): Column[] {
  const language = texts.language;
  const named = codes instanceof Map ? codes : new Map([...codes].map((c) => [c, undefined]));
  const field = (key: string): Column => {
    const code = key.startsWith("attributes.") ? key.slice("attributes.".length) : undefined;
    const title =
      code === undefined
        ? columnTitle(key, language)
        : attributeTitle(named.get(code) ?? code, language);
    return {
      key,
      title,
      width: WIDTHS[key] ?? Math.max(10, title.length + 2),
      text: key === "barcode" || code !== undefined,
      value: (card, values, sku) => typed(key, values, language, card, sku),
    };
  };
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
    ...[...named.keys()].sort().map((code) => field(`attributes.${code}`)),
    ...TRAILING.map(field),
    ...(texts.cost === undefined ? [] : [costColumn(texts.cost)]),
    readOnly("stock", texts.stock, (c) => c.stock),
    readOnly("sales", texts.sales, (c) => c.sales),
    readOnly("productStatus", texts.productStatus, (c) => statusOf(texts, c.productStatus)),
    readOnly("moderationStatus", texts.moderationStatus, (c) =>
      statusOf(texts, c.moderationStatus),
    ),
    readOnly("note", texts.note, (c) => (c.codesKnown ? undefined : texts.codesUnknown)),
  ];
}

const statusOf = (texts: ExportTexts, value: string | undefined) =>
  value === undefined || !texts.status ? value : texts.status(value);

/** The characteristics' codes of `cards` (each an `attributes.<code>` column), with names. */
export function attributeCodes(cards: readonly LiveCard[]): Map<string, string | undefined> {
  const codes = new Map<string, string | undefined>();
  for (const card of cards)
    for (const a of card.attributes) if (a.code && !codes.get(a.code)) codes.set(a.code, a.name);
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
): Generator<{ card: LiveCard; values: Values; sku?: LiveSku }> {
  for (const card of cards) {
    const product = { productId: String(card.productId), ...productValues(card) };
    if (card.skus.length === 0) yield { card, values: product };
    for (const sku of card.skus)
      yield { card, values: { ...product, ...skuRowValues(sku, costs) }, sku };
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
  for (const { card, values, sku } of exportRows(input.cards, input.costs)) {
    lines.push(columns.map((c) => csvCell(c.value(card, values, sku))).join(";"));
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
