import type { EditRow, EditRows } from "../import/index.js";
import { fingerprint, type LiveCard, productValues, skuValues, type Values } from "./fields.js";
import { type ExportSnapshot, rowKey } from "./meta.js";

export type Risk = "price-cut" | "price-up" | "price-zero" | "barcode" | "duplicate";

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
  /** Rows with a value that could not be read (not applied). */
  unreadable: { row: number; field: string }[];
  /** The file carried the export's hidden sheet (else compared with the live cards only). */
  snapshot: boolean;
}

const isProductField = (field: string) =>
  !["price", "barcode", "photos", "attributeValueCodes"].includes(field);

/** A cell the seller wrote: differs from what was exported (or, with no snapshot, from live). */
function sellerValues(
  rows: EditRow[],
  field: string,
  exported: (row: EditRow) => string | undefined,
  live: string | undefined,
  snapshot: boolean,
): { values: string[]; rows: number[] } {
  const values = new Set<string>();
  const at: number[] = [];
  for (const row of rows) {
    const value = row.values[field];
    if (value === undefined) continue;
    const changed = snapshot ? fingerprint(value) !== exported(row) : value !== live;
    if (!changed) continue;
    values.add(value);
    at.push(row.row);
  }
  return { values: [...values], rows: at };
}

function riskOf(field: string, was: string | undefined, will: string): Risk | undefined {
  if (field === "barcode" && was !== undefined) return "barcode";
  if (field !== "price") return undefined;
  const next = Number(will);
  if (next === 0) return "price-zero";
  const before = Number(was);
  if (!(before > 0)) return undefined;
  if (next < before / 2) return "price-cut";
  if (next > before * 2) return "price-up";
  return undefined;
}

interface Context {
  snapshot: ExportSnapshot | undefined;
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
  const snap = ctx.snapshot;
  const exported = (row: EditRow) =>
    snap?.rows.get(rowKey(row.productId, row.skuId))?.[field] ?? "";
  const seller = sellerValues(rows, field, exported, live, snap !== undefined);
  // Sets, not lists: a product's rows may be thousands (a file naming one product on each row).
  const sellerRows = new Set(seller.rows);
  if (snap) {
    // Cells left as exported while the live value moved: not a change, the live value stays.
    const untouched = rows.filter((r) => r.values[field] !== undefined && !sellerRows.has(r.row));
    if (untouched.some((r) => exported(r) !== fingerprint(live))) ctx.diff.keptLive++;
  }
  if (seller.values.length === 0) return;
  const will = seller.values[0]!;
  if (seller.values.length === 1 && will === live) return;
  const conflict =
    snap !== undefined &&
    rows.some((row) => sellerRows.has(row.row) && exported(row) !== fingerprint(live));
  const risk = seller.values.length > 1 ? "duplicate" : riskOf(field, live, will);
  ctx.diff.changes.push({
    productId: card.productId,
    ...(skuId !== undefined && { skuId }),
    field,
    ...(live !== undefined && { was: live }),
    will,
    rows: seller.rows,
    ...(risk && { risk }),
    ...(conflict && { conflict }),
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
 * export's hidden sheet, against what was exported): see docs/catalog-editing.md.
 */
export function diffEdits(
  edits: EditRows,
  cards: ReadonlyMap<number, LiveCard>,
  snapshot: ExportSnapshot | undefined,
): Diff {
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
  const ctx: Context = { snapshot, diff };
  const byProduct = new Map<number, EditRow[]>();
  for (const row of edits.rows) {
    for (const issue of row.issues) diff.unreadable.push({ row: row.row, field: issue.field });
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
    compareProduct(ctx, rows, card, edits.fields);
  }
  diff.changes.sort(changeOrder);
  return diff;
}
