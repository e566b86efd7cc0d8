import type { ParsedProduct } from "../import/index.js";
import { type ImportProduct, importProductSchema } from "../seller-api/index.js";
import type { Change, Diff } from "./diff.js";
import { type CardChange, cardWith, type LiveCard, productValues, skuValues } from "./fields.js";
import type { StoredUndo } from "./store.js";

/** Which changes asked about apart the seller chose to apply with the others. */
export interface Selection {
  risky: boolean;
  conflicts: boolean;
  unverified: boolean;
}

export const selected = (diff: Diff, choice: Selection) =>
  diff.changes.filter(
    (c) =>
      (!c.risk || choice.risky) &&
      (!c.conflict || choice.conflicts) &&
      (!c.unverified || choice.unverified),
  );

const liveOf = (card: LiveCard, change: { skuId?: number; field: string }) => {
  if (change.skuId === undefined) return productValues(card)[change.field];
  const sku = card.skus.find((s) => s.skuId === change.skuId);
  return sku ? skuValues(sku)[change.field] : undefined;
};

export interface Planned {
  products: ParsedProduct[];
  undo: StoredUndo["products"];
  /** Products whose live card changed between the preview and the apply: not sent. */
  movedSince: number[];
  /** Products that could not be written whole (characteristics without codes, invalid). */
  notSent: number[];
}

/**
 * The whole cards to send: each product with selected changes (or new SKUs), as live now plus
 * those changes. A product whose changed fields moved since the preview is named, not sent.
 */
export function planApply(
  diff: Diff,
  changes: readonly Change[],
  cards: ReadonlyMap<number, LiveCard>,
): Planned {
  const ids = [
    ...new Set([...changes.map((c) => c.productId), ...diff.newSkus.map((n) => n.productId)]),
  ];
  const planned: Planned = { products: [], undo: [], movedSince: [], notSent: [] };
  for (const productId of ids) {
    const card = cards.get(productId);
    const own = changes.filter((c) => c.productId === productId);
    if (!card || own.some((c) => liveOf(card, c) !== c.was)) {
      planned.movedSince.push(productId);
      continue;
    }
    const whole = cardWith(
      card,
      own.map((c) => ({
        ...(c.skuId !== undefined && { skuId: c.skuId }),
        field: c.field,
        value: c.will,
      })),
    );
    const added = diff.newSkus.filter((n) => n.productId === productId);
    const product =
      whole &&
      withNewSkus(
        whole,
        added.map((n) => n.values),
      );
    const valid = product && importProductSchema.safeParse(product);
    if (!valid?.success) {
      planned.notSent.push(productId);
      continue;
    }
    const rows = [...new Set([...own.flatMap((c) => c.rows), ...added.map((n) => n.row)])].sort(
      (a, b) => a - b,
    );
    planned.products.push({
      ref: { kind: "rows", rows },
      product: valid.data,
      skuRefs: (valid.data.skus ?? []).map(() => ({ kind: "rows", rows })),
    });
    planned.undo.push({
      productId,
      fields: own.map((c) => ({
        ...(c.skuId !== undefined && { skuId: c.skuId }),
        field: c.field,
        ...(c.was !== undefined && { was: c.was }),
        set: c.will,
      })),
    });
  }
  return planned;
}

function withNewSkus(product: ImportProduct, added: Record<string, string>[]): ImportProduct {
  const split = (t: string | undefined) => (t ? t.split("|").filter(Boolean) : []);
  const skus = added.map((v) => ({
    skuId: null,
    price: Number(v.price),
    ...(v.barcode && { barcode: v.barcode }),
    ...(v.attributeValueCodes && { attributeValueCodes: split(v.attributeValueCodes) }),
    ...(v.photos && {
      photos: split(v.photos).map((mediaFile, i) => ({ mediaFile, order: i + 1 })),
    }),
  }));
  return { ...product, skus: [...(product.skus ?? []), ...skus] };
}

export interface UndoPlan {
  products: ParsedProduct[];
  restored: number[];
  /** Changed since the bot set them: kept. */
  kept: number[];
}

/** Cards putting back the previous values, only where the live values are still the bot's. */
export function planUndo(undo: StoredUndo, cards: ReadonlyMap<number, LiveCard>): UndoPlan {
  const plan: UndoPlan = { products: [], restored: [], kept: [] };
  for (const entry of undo.products) {
    const card = cards.get(entry.productId);
    if (!card || entry.fields.some((f) => liveOf(card, f) !== f.set)) {
      plan.kept.push(entry.productId);
      continue;
    }
    const back: CardChange[] = entry.fields.map((f) => ({
      ...(f.skuId !== undefined && { skuId: f.skuId }),
      field: f.field,
      value: f.was ?? "",
    }));
    const product = cardWith(card, back);
    const valid = product && importProductSchema.safeParse(product);
    if (!valid?.success) {
      plan.kept.push(entry.productId);
      continue;
    }
    const ref = { kind: "position" as const, position: plan.products.length + 1 };
    plan.products.push({
      ref,
      product: valid.data,
      skuRefs: (valid.data.skus ?? []).map(() => ref),
    });
    plan.restored.push(entry.productId);
  }
  return plan;
}
