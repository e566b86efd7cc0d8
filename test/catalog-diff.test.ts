import { describe, expect, it } from "vitest";
import { planApply, planUndo, selected } from "../src/catalog/apply.js";
import { diffEdits } from "../src/catalog/diff.js";
import { fingerprints, type LiveCard, productValues, skuValues } from "../src/catalog/fields.js";
import { type ExportSnapshot, rowKey } from "../src/catalog/meta.js";
import { diffInTurns, planInTurns } from "../src/catalog/turns.js";
import type { EditRow } from "../src/import/types.js";

const card = (): LiveCard => ({
  productId: 1,
  categoryId: 101,
  brandId: 504,
  isLocalMade: false,
  name: { rus: "Кабель", kaz: "Кабель kk" },
  description: { rus: "Описание" },
  vat: 12,
  attributes: [{ id: 8, code: "country", valueCodes: ["country_kz"] }],
  skus: [
    { skuId: 11, valueIds: [], valueCodes: [], price: 1000, barcode: "0001234567895", photos: [] },
    { skuId: 12, valueIds: [], valueCodes: [], price: 2000, barcode: "4870000000012", photos: [] },
  ],
  codesKnown: true,
});
const row = (
  n: number,
  skuId: number | undefined,
  values: Record<string, string>,
  productId = 1,
): EditRow => ({
  row: n,
  productId,
  ...(skuId !== undefined && { skuId }),
  values,
  issues: [],
});
const FIELDS = ["name.rus", "price", "barcode"];
const live = (c = card()) => new Map([[c.productId, c]]);

/** What the export held: the card's values per SKU row. */
function snapshotOf(c: LiveCard): ExportSnapshot {
  const rows = new Map(
    c.skus.map((s) => [
      rowKey(c.productId, s.skuId),
      fingerprints({ ...productValues(c), ...skuValues(s) }),
    ]),
  );
  return { exportId: "e", at: "", rows };
}

describe("what a returned file changes", () => {
  it("risky: a price cut by more than half, raised more than twice, 0, a changed barcode, one SKU twice", () => {
    const diff = diffEdits(
      {
        rows: [
          row(2, 11, { price: "400" }),
          row(3, 12, { price: "4001", barcode: "4870000000029" }),
          row(4, 12, { price: "4002" }),
        ],
        fields: FIELDS,
      },
      live(),
      undefined,
    );
    expect(diff.changes.map((c) => [c.skuId, c.field, c.was, c.will, c.risk])).toEqual([
      [11, "price", "1000", "400", "price-cut"],
      [12, "price", "2000", "4001", "duplicate"],
      [12, "barcode", "4870000000012", "4870000000029", "barcode"],
    ]);
    const zero = diffEdits(
      { rows: [row(2, 11, { price: "0" })], fields: FIELDS },
      live(),
      undefined,
    );
    expect(zero.changes[0]!.risk).toBe("price-zero");
    const up = diffEdits(
      { rows: [row(2, 11, { price: "2001" })], fields: FIELDS },
      live(),
      undefined,
    );
    expect(up.changes[0]!.risk).toBe("price-up");
    const fine = diffEdits(
      { rows: [row(2, 11, { price: "1999" })], fields: FIELDS },
      live(),
      undefined,
    );
    expect(fine.changes[0]!.risk).toBeUndefined();
  });

  it("a name edited on one of a product's rows is one change; the rest as exported", () => {
    const c = card();
    const diff = diffEdits(
      {
        rows: [
          row(2, 11, { "name.rus": "Новое", price: "1000" }),
          row(3, 12, { "name.rus": "Кабель", price: "2000" }),
        ],
        fields: FIELDS,
      },
      live(c),
      snapshotOf(c),
    );
    expect(diff.changes).toEqual([
      { productId: 1, field: "name.rus", was: "Кабель", will: "Новое", rows: [2] },
    ]);
    expect(diff.unchanged).toBe(1);
  });

  it("a value changed elsewhere since the export: kept when left as exported, a conflict when edited", () => {
    const exported = card();
    const now = card();
    now.skus[0]!.price = 1100;
    now.skus[1]!.price = 2100;
    const diff = diffEdits(
      { rows: [row(2, 11, { price: "1000" }), row(3, 12, { price: "2050" })], fields: FIELDS },
      live(now),
      snapshotOf(exported),
    );
    expect(diff.keptLive).toBe(1);
    expect(diff.changes).toEqual([
      {
        productId: 1,
        skuId: 12,
        field: "price",
        was: "2100",
        will: "2050",
        rows: [3],
        conflict: true,
      },
    ]);
  });

  it("new SKUs, gone products and SKUs, and a card without codes that the file does not give", () => {
    const diff = diffEdits(
      {
        rows: [
          row(2, undefined, { price: "500" }),
          row(3, 99, { price: "1" }),
          row(4, 5, { price: "1" }, 7),
        ],
        fields: FIELDS,
      },
      live(),
      undefined,
    );
    expect(diff.newSkus).toEqual([{ productId: 1, row: 2, values: { price: "500" } }]);
    expect(diff.goneSkus).toEqual([{ row: 3, productId: 1, skuId: 99 }]);
    expect(diff.goneProducts).toEqual([{ row: 4, productId: 7 }]);

    const unknown = card();
    unknown.codesKnown = false;
    unknown.attributes[0]!.valueCodes = undefined;
    const blocked = diffEdits(
      { rows: [row(2, 11, { price: "1100" })], fields: FIELDS },
      live(unknown),
      undefined,
    );
    expect(blocked.changes).toEqual([]);
    expect(blocked.blocked).toEqual([{ productId: 1, rows: [2] }]);
    const given = diffEdits(
      {
        rows: [row(2, 11, { price: "1100", "attributes.country": "country_kz" })],
        fields: [...FIELDS, "attributes.country"],
      },
      live(unknown),
      undefined,
    );
    expect(given.blocked).toEqual([]);
    expect(given.changes.map((c) => c.field).sort()).toEqual(["attributes.country", "price"]);
  });
});

describe("the apply and the undo plans", () => {
  it("sends whole cards; a card changed since the preview is named, not sent; undo only where still ours", () => {
    const c = card();
    const diff = diffEdits(
      { rows: [row(2, 12, { price: "2100" }), row(3, 11, { price: "1000" })], fields: FIELDS },
      live(c),
      undefined,
    );
    const plan = planApply(diff, selected(diff, { risky: false, conflicts: false }), live(c));
    expect(plan.movedSince).toEqual([]);
    expect(plan.products).toHaveLength(1);
    expect(plan.products[0]!.product).toEqual({
      productId: 1,
      categoryId: 101,
      brandId: 504,
      isLocalMade: false,
      name: { rus: "Кабель", kaz: "Кабель kk" },
      description: { rus: "Описание" },
      vat: 12,
      attributes: [{ code: "country", valueCodes: ["country_kz"] }],
      skus: [
        { skuId: 11, price: 1000, barcode: "0001234567895" },
        { skuId: 12, price: 2100, barcode: "4870000000012" },
      ],
    });
    expect(plan.products[0]!.ref).toEqual({ kind: "rows", rows: [2] });

    // Changed in the cabinet between the preview and the apply: named, not overwritten.
    const moved = card();
    moved.skus[1]!.price = 2050;
    expect(planApply(diff, diff.changes, live(moved)).movedSince).toEqual([1]);

    // Undo: restores where the live value is still the one set; else kept.
    const after = card();
    after.skus[1]!.price = 2100;
    const undo = { id: "u", chatId: 1, products: plan.undo };
    const restore = planUndo(undo, live(after));
    expect(restore.restored).toEqual([1]);
    expect(restore.products[0]!.product.skus!.map((s) => s.price)).toEqual([1000, 2000]);
    const since = card();
    since.skus[1]!.price = 2222;
    expect(planUndo(undo, live(since)).kept).toEqual([1]);
  });
});

describe("a return of thousands of products", () => {
  /** 1,300 products of two SKUs, each kind of finding among them, rows in the seller's order. */
  function largeReturn() {
    const cards = new Map<number, LiveCard>();
    const snapshot: ExportSnapshot = { exportId: "e", at: "", rows: new Map() };
    const rows: Omit<EditRow, "row">[] = [];
    for (let i = 0; i < 1300; i++) {
      const c = card();
      c.productId = 1000 + i;
      c.skus = c.skus.map((s, k) => ({ ...s, skuId: 100_000 + 2 * i + k, price: 1000 + i }));
      if (i % 23 === 0) {
        c.codesKnown = false;
        c.attributes = [{ id: 8, code: undefined, valueCodes: undefined }];
      }
      for (const [rowKeyOf, values] of c.skus.map(
        (s) => [rowKey(c.productId, s.skuId), { ...productValues(c), ...skuValues(s) }] as const,
      ))
        snapshot.rows.set(rowKeyOf, fingerprints(values));
      if (i % 31 !== 0) cards.set(c.productId, c); // else gone from the cabinet
      c.skus.forEach((s, k) => {
        const values = { ...productValues(c), ...skuValues(s) };
        if (i % 2 === 0 && k === 0) values.price = String(s.price + 10);
        if (i % 11 === 0 && k === 1) values["name.rus"] = `Новое ${i}`;
        if (i % 19 === 0 && k === 0) values.price = String(s.price + 20);
        const issues: EditRow["issues"] =
          i % 29 === 0 && k === 1 ? [{ field: "price", code: "not-a-number" }] : [];
        rows.push({
          productId: c.productId,
          skuId: s.skuId + (i % 13 === 0 && k === 1 ? 7 : 0),
          values,
          issues,
        });
      });
      if (i % 17 === 0) rows.push({ productId: c.productId, values: { price: "500" }, issues: [] });
      // In the cabinet since the export: i % 19 a conflict (the seller changed it too), i % 5 kept.
      if (i % 19 === 0 || i % 5 === 0) c.skus[0]!.price += 3;
    }
    rows.push({ productId: 0, values: {}, issues: [{ field: "productId", code: "not-a-number" }] });
    // The seller's sort: rows in another order, numbered down the sheet.
    const sorted = rows
      .map((r, i) => ({ r, key: (i * 7919) % rows.length }))
      .sort((a, b) => a.key - b.key)
      .map(({ r }, i) => ({ ...r, row: i + 2 }));
    return { edits: { rows: sorted, fields: ["name.rus", "price", "barcode"] }, cards, snapshot };
  }

  it("is compared and planned a few hundred products a turn exactly as in one piece", async () => {
    const { edits, cards, snapshot } = largeReturn();
    const whole = diffEdits(edits, cards, snapshot);
    // Every kind of finding is there, so the comparison below is not of empty lists.
    expect(whole.changes.length).toBeGreaterThan(100);
    expect(whole.changes.filter((c) => c.conflict).length).toBeGreaterThan(10);
    for (const list of [
      whole.newSkus,
      whole.goneProducts,
      whole.goneSkus,
      whole.blocked,
      whole.unreadable,
    ])
      expect(list.length).toBeGreaterThan(5);
    expect(whole.keptLive).toBeGreaterThan(100);
    const inTurns = await diffInTurns(edits, cards, snapshot);
    expect(inTurns).toEqual(whole);
    const everything = selected(whole, { risky: true, conflicts: true });
    const plan = planApply(whole, everything, cards);
    expect(plan.products.length).toBeGreaterThan(500);
    expect(await planInTurns(whole, everything, cards)).toEqual(plan);
  });
});
