import type { Characteristics, EditRow, EditRows } from "../import/index.js";
import { COST_FIELD, type CostChange } from "./costs.js";
import { type LiveCard, productValues, skuValues, type Values } from "./fields.js";
import { type ExportSnapshot, rowKey } from "./meta.js";

export type Risk = "price-cut" | "price-up" | "barcode" | "duplicate";

/** One field of one product (skuId undefined) or SKU that the file changes. */
export interface Change {
  productId: number;
  skuId?: number;
  field: string;
  /** The live value when compared (undefined: none). */
  was?: string;
  will: string;
  rows: number[];
  risk?: Risk;
  /** Changed by the seller in the file and, since the export, elsewhere too. */
  conflict?: boolean;
  /**
   * Differs from the live card where the file has no record of the export that vouches for
   * its row (no hidden sheet, a changed one, one of the first version): the seller's edit or
   * an old value over a cabinet change, nobody can tell. Applied only when asked apart.
   */
  unverified?: boolean;
  /**
   * A characteristic's change as the seller reads it (its name, its values' names), where the
   * directories give names: the preview and the difference file show these, never codes.
   */
  words?: { field?: string; was?: string; will: string };
}

export interface NewSku {
  productId: number;
  row: number;
  values: Values;
}

export interface Diff {
  changes: Change[];
  newSkus: NewSku[];
  /** Rows that change nothing. */
  unchanged: number;
  /** Cells left as exported whose live value changed since: the live value stays. */
  keptLive: number;
  goneProducts: { row: number; productId: number }[];
  goneSkus: { row: number; productId: number; skuId: number }[];
  /** Products with changes whose characteristics have no codes and the file gives none. */
  blocked: { productId: number; rows: number[] }[];
  /**
   * Cells that could not be read, or hold a value the Seller API can never be sent (a price
   * of 0 or less, more decimals than tenge has, too large): named with the reason, not applied.
   */
  unreadable: (EditRow["issues"][number] & { row: number })[];
  /** The file carried the export's hidden sheet (else compared with the live cards only). */
  snapshot: boolean;
  /**
   * Cost prices the file changes: kept by the bot, never sent to the Seller API (none in a
   * preview stored before costs were read).
   */
  costs?: CostChange[];
  /** The file was a list of barcodes and costs, not a returned export. */
  costList?: boolean;
}

/**
 * What a file's values are compared with: `snapshot`, the export's record (a file without one
 * makes every difference "cannot tell"); or, for a value the seller typed against the live
 * card just read (the card's price dialogue), the live card alone.
 */
export type Basis = { snapshot: ExportSnapshot | undefined } | { typedAgainstLive: true };

const isProductField = (field: string) =>
  !["price", "barcode", "photos", "attributeValueCodes"].includes(field);

interface SellerCells {
  values: string[];
  rows: number[];
  /** A vouched-for row's cell changed where the live value moved since the export too. */
  conflict: boolean;
  /** A cell on a row no record vouches for. */
  unverified: boolean;
  /** A vouched-for row's cell left as exported where the live value moved since. */
  kept: boolean;
}

/**
 * The cells of one field the seller wrote, over a product's rows (a product field) or a SKU's:
 * on a row the export's record vouches for, a cell whose fingerprint differs from the
 * exported one; elsewhere (no record, or one that does not hold), a cell that differs from
 * the live value, which cannot tell whose change it is.
 */
function sellerValues(
  ctx: Context,
  rows: EditRow[],
  field: string,
  live: string | undefined,
): SellerCells {
  const out: SellerCells = {
    values: [],
    rows: [],
    conflict: false,
    unverified: false,
    kept: false,
  };
  // A set, not the list: a product's rows may be thousands (a file naming one product on each).
  const values = new Set<string>();
  const snap = ctx.snapshot;
  for (const row of rows) {
    const value = row.values[field];
    if (value === undefined) continue;
    const key = rowKey(row.productId, row.skuId);
    const exported = snap?.rows.get(key);
    if (!exported) {
      if (value === live) continue;
      out.unverified ||= !ctx.typedAgainstLive;
    } else {
      const was = exported[field] ?? "";
      const print = snap!.print(key, field, value);
      const livePrint = value === live ? print : snap!.print(key, field, live);
      if (print === was) {
        // Left as exported while the live value moved: not a change, the live value stays.
        out.kept ||= was !== livePrint;
        continue;
      }
      out.conflict ||= was !== livePrint;
    }
    values.add(value);
    out.rows.push(row.row);
  }
  out.values = [...values];
  return out;
}

function riskOf(field: string, was: string | undefined, will: string): Risk | undefined {
  if (field === "barcode" && was !== undefined) return "barcode";
  if (field !== "price") return undefined;
  // A price of 0 or less never comes here: the reader names it (the import refuses it).
  const next = Number(will);
  const before = Number(was);
  if (!(before > 0)) return undefined;
  if (next < before / 2) return "price-cut";
  if (next > before * 2) return "price-up";
  return undefined;
}

interface Context {
  snapshot: ExportSnapshot | undefined;
  typedAgainstLive: boolean;
  diff: Diff;
}

/** Changes of one field over a product's rows (product field) or a SKU's rows. */
function compare(
  ctx: Context,
  rows: EditRow[],
  card: LiveCard,
  skuId: number | undefined,
  field: string,
  live: string | undefined,
): void {
  const seller = sellerValues(ctx, rows, field, live);
  if (seller.kept) ctx.diff.keptLive++;
  if (seller.values.length === 0) return;
  const will = seller.values[0]!;
  if (seller.values.length === 1 && will === live) return;
  const risk = seller.values.length > 1 ? "duplicate" : riskOf(field, live, will);
  ctx.diff.changes.push({
    productId: card.productId,
    ...(skuId !== undefined && { skuId }),
    field,
    ...(live !== undefined && { was: live }),
    will,
    rows: seller.rows,
    ...(risk && { risk }),
    ...(seller.conflict && { conflict: true }),
    ...(seller.unverified && { unverified: true }),
  });
}

function compareProduct(ctx: Context, rows: EditRow[], card: LiveCard, fields: string[]): void {
  const before = ctx.diff.changes.length;
  const live = productValues(card);
  for (const field of fields.filter(isProductField))
    compare(ctx, rows, card, undefined, field, live[field]);
  const skus = new Map(card.skus.map((s) => [s.skuId, s]));
  const newSkus = ctx.diff.newSkus.length;
  const bySku = new Map<number, EditRow[]>();
  for (const row of rows) {
    if (row.skuId === undefined) {
      if (row.values.price !== undefined)
        ctx.diff.newSkus.push({ productId: card.productId, row: row.row, values: row.values });
      continue;
    }
    if (!skus.has(row.skuId)) {
      ctx.diff.goneSkus.push({ row: row.row, productId: card.productId, skuId: row.skuId });
      continue;
    }
    const group = bySku.get(row.skuId);
    if (group) group.push(row);
    else bySku.set(row.skuId, [row]);
  }
  for (const [skuId, skuRows] of bySku) {
    const sku = skus.get(skuId)!;
    const liveSku = skuValues(sku);
    for (const field of fields.filter((f) => !isProductField(f)))
      compare(ctx, skuRows, card, skuId, field, liveSku[field]);
  }
  const changed = ctx.diff.changes.slice(before);
  const touched = new Set(changed.flatMap((c) => c.rows));
  ctx.diff.unchanged += rows.filter((r) => !touched.has(r.row) && r.skuId !== undefined).length;
  if ((changed.length > 0 || ctx.diff.newSkus.length > newSkus) && !codesGiven(card, changed)) {
    ctx.diff.blocked.push({ productId: card.productId, rows: rows.map((r) => r.row) });
    ctx.diff.changes.length = before;
    ctx.diff.newSkus.length = newSkus;
  }
}

/** A card whose characteristics have no codes can be sent only when the file gives them all. */
function codesGiven(card: LiveCard, changes: Change[]): boolean {
  if (card.codesKnown) return true;
  const given = (skuId: number | undefined, field: string) =>
    changes.some((c) => c.skuId === skuId && c.field === field);
  return (
    card.attributes.every(
      (a) =>
        a.code !== undefined &&
        (a.valueCodes !== undefined || given(undefined, `attributes.${a.code}`)),
    ) &&
    card.skus.every(
      (s) =>
        s.valueCodes !== undefined ||
        s.valueIds.length === 0 ||
        given(s.skuId, "attributeValueCodes"),
    )
  );
}

/** The preview's order of changes: risky ones first, then by the row they are on. */
export const changeOrder = (a: Change, b: Change) =>
  Number(!a.risk) - Number(!b.risk) || a.rows[0]! - b.rows[0]!;

/**
 * What a returned file changes against the live cards (and, when the file carries the
 * export's hidden sheet, against what was exported): see docs/choices.md (the catalog in Excel).
 */
export function diffEdits(
  edits: EditRows,
  cards: ReadonlyMap<number, LiveCard>,
  basis: Basis,
): Diff {
  const snapshot = "snapshot" in basis ? basis.snapshot : undefined;
  const diff: Diff = {
    changes: [],
    newSkus: [],
    unchanged: 0,
    keptLive: 0,
    goneProducts: [],
    goneSkus: [],
    blocked: [],
    unreadable: [],
    snapshot: snapshot !== undefined,
  };
  const ctx: Context = { snapshot, typedAgainstLive: "typedAgainstLive" in basis, diff };
  // The cost column is the bot's own (src/catalog/costs.ts), never a card's field.
  const cardFields = edits.fields.filter((f) => f !== COST_FIELD);
  const byProduct = new Map<number, EditRow[]>();
  for (const row of edits.rows) {
    for (const issue of row.issues) diff.unreadable.push({ row: row.row, ...issue });
    if (row.productId <= 0) continue;
    const group = byProduct.get(row.productId);
    if (group) group.push(row);
    else byProduct.set(row.productId, [row]);
  }
  for (const [productId, rows] of byProduct) {
    const card = cards.get(productId);
    if (!card) {
      for (const row of rows) diff.goneProducts.push({ row: row.row, productId });
      continue;
    }
    compareProduct(ctx, rows, card, cardFields);
  }
  diff.changes.sort(changeOrder);
  return diff;
}

/** A list of value codes as a cell holds it (`a|b`), each code in its name where it has one. */
const namedList = (value: string | undefined, name: (code: string) => string) =>
  value === undefined || value === ""
    ? value
    : value
        .split("|")
        .map((code) => name(code.trim()))
        .join("; ");

/**
 * Gives every characteristic's change its words: «Страна производства: Казахстан → Турция»,
 * not `attributes.country: country_kz → country_tr`. Codes stay where no name is known.
 */
export function nameCharacteristics(changes: Change[], names: Characteristics): void {
  for (const c of changes) {
    if (c.field.startsWith("attributes.")) {
      const code = c.field.slice("attributes.".length);
      const value = (v: string) => names.valueName(code, v) ?? v;
      const field = names.attributeName(code);
      const was = namedList(c.was, value);
      const will = namedList(c.will, value) ?? "";
      if (field !== undefined || was !== c.was || will !== c.will)
        c.words = {
          ...(field !== undefined && { field }),
          ...(was !== undefined && { was }),
          will,
        };
    } else if (c.field === "attributeValueCodes") {
      const was = namedList(c.was, names.valueLabel);
      const will = namedList(c.will, names.valueLabel) ?? "";
      if (was !== c.was || will !== c.will) c.words = { ...(was !== undefined && { was }), will };
    }
  }
}
