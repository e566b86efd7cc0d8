import { describe, expect, it } from "vitest";
import { planApply, planUndo, selected } from "../../src/catalog/apply.js";
import { type Basis, diffEdits } from "../../src/catalog/diff.js";
import { type LiveCard, productValues, skuValues } from "../../src/catalog/fields.js";
import { decodeMeta, exportPrints, metaHead, metaRow } from "../../src/catalog/meta.js";
import { diffInTurns, planInTurns } from "../../src/catalog/turns.js";
import type { EditRow } from "../../src/import/types.js";

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

const SECRET = Buffer.alloc(32, 7);
/** Values typed against the live card (the card's price dialogue): no record needed. */
const LIVE: Basis = { typedAgainstLive: true };

/** The hidden sheet's cells of an export of `c` (as the reader hands them back: text). */
function sheetOf(c: LiveCard, secret = SECRET): string[][] {
  const printer = exportPrints(secret, "e");
  const rows = c.skus.map((s) =>
    metaRow(printer, c.productId, s.skuId, { ...productValues(c), ...skuValues(s) }),
  );
  return [metaHead("e", new Date(0)), ...rows].map((r) => r.map(String));
}

/** What the export held: the card's values per SKU row. */
const snapshotOf = (c: LiveCard): Basis => ({ snapshot: decodeMeta(sheetOf(c), SECRET) });

describe("what a returned file changes", () => {
  it("risky: a price cut by more than half, raised more than twice, a changed barcode, one SKU twice", () => {
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
      LIVE,
    );
    expect(diff.changes.map((c) => [c.skuId, c.field, c.was, c.will, c.risk])).toEqual([
      [11, "price", "1000", "400", "price-cut"],
      [12, "price", "2000", "4001", "duplicate"],
      [12, "barcode", "4870000000012", "4870000000029", "barcode"],
    ]);
    const up = diffEdits({ rows: [row(2, 11, { price: "2001" })], fields: FIELDS }, live(), LIVE);
    expect(up.changes[0]!.risk).toBe("price-up");
    const fine = diffEdits({ rows: [row(2, 11, { price: "1999" })], fields: FIELDS }, live(), LIVE);
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
      LIVE,
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
      LIVE,
    );
    expect(blocked.changes).toEqual([]);
    expect(blocked.blocked).toEqual([{ productId: 1, rows: [2] }]);
    const given = diffEdits(
      {
        rows: [row(2, 11, { price: "1100", "attributes.country": "country_kz" })],
        fields: [...FIELDS, "attributes.country"],
      },
      live(unknown),
      LIVE,
    );
    expect(given.blocked).toEqual([]);
    expect(given.changes.map((c) => c.field).sort()).toEqual(["attributes.country", "price"]);
  });
});

describe("a file whose record cannot vouch for a row", () => {
  const edits = {
    rows: [row(2, 11, { price: "1000" }), row(3, 12, { price: "2050" })],
    fields: FIELDS,
  };
  /** The export's sheet, changed by `tamper` (rows after the head, as text). */
  const tampered = (tamper: (rows: string[][]) => void) => {
    const sheet = sheetOf(card());
    tamper(sheet);
    return { snapshot: decodeMeta(sheet, SECRET) } satisfies Basis;
  };
  const kinds = (basis: Basis) =>
    diffEdits(edits, live(), basis).changes.map((c) => ({
      skuId: c.skuId,
      conflict: c.conflict ?? false,
      unverified: c.unverified ?? false,
    }));

  it("vouched for: the edit is an ordinary change", () => {
    expect(kinds(snapshotOf(card()))).toEqual([{ skuId: 12, conflict: false, unverified: false }]);
  });

  it.each([
    ["no hidden sheet", { snapshot: undefined }],
    // A fingerprint written by someone without the secret.
    [
      "a fingerprint changed",
      tampered((rows) => {
        const prints = JSON.parse(rows[2]![2]!);
        prints.price = "forged";
        rows[2]![2] = JSON.stringify(prints);
      }),
    ],
    [
      "a seal changed",
      tampered((rows) => {
        rows[2]![3] = "AAAAAAAAAAAAAAAA";
      }),
    ],
    // SKU 11's (genuine) record put on SKU 12's row.
    [
      "a record moved to another row",
      tampered((rows) => {
        rows[2] = [...rows[1]!.slice(0, 1), "12", ...rows[1]!.slice(2)];
      }),
    ],
    [
      "another export's id",
      tampered((rows) => {
        rows[0]![1] = "other";
      }),
    ],
    [
      "a sheet of the first version (unkeyed)",
      tampered((rows) => {
        rows[0]![0] = "seller-bot export v1";
      }),
    ],
    [
      "another bot's secret",
      { snapshot: decodeMeta(sheetOf(card(), Buffer.alloc(32, 9)), SECRET) },
    ],
  ] as [string, Basis][])("%s: cannot tell, asked apart", (_what, basis) => {
    expect(kinds(basis)).toEqual([{ skuId: 12, conflict: false, unverified: true }]);
    const diff = diffEdits(edits, live(), basis);
    const safe = selected(diff, { risky: false, conflicts: false, unverified: false });
    expect(safe).toEqual([]);
    expect(selected(diff, { risky: false, conflicts: false, unverified: true })).toHaveLength(1);
  });
});

describe("the apply and the undo plans", () => {
  it("sends whole cards; a card changed since the preview is named, not sent; undo only where still ours", () => {
    const c = card();
    const diff = diffEdits(
      { rows: [row(2, 12, { price: "2100" }), row(3, 11, { price: "1000" })], fields: FIELDS },
      live(c),
      LIVE,
    );
    const none = { risky: false, conflicts: false, unverified: false };
    const plan = planApply(diff, selected(diff, none), live(c));
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
  /**
   * 1,300 products of two SKUs, each kind of finding among them (rows no record vouches for
   * too), rows in the seller's order.
   */
  function largeReturn() {
    const cards = new Map<number, LiveCard>();
    const printer = exportPrints(SECRET, "e");
    const sheet: string[][] = [metaHead("e", new Date(0)).map(String)];
    const rows: Omit<EditRow, "row">[] = [];
    for (let i = 0; i < 1300; i++) {
      const c = card();
      c.productId = 1000 + i;
      c.skus = c.skus.map((s, k) => ({ ...s, skuId: 100_000 + 2 * i + k, price: 1000 + i }));
      if (i % 23 === 0) {
        c.codesKnown = false;
        c.attributes = [{ id: 8, code: undefined, valueCodes: undefined }];
      }
      for (const s of c.skus) {
        const values = { ...productValues(c), ...skuValues(s) };
        const exported = metaRow(printer, c.productId, s.skuId, values).map(String);
        // i % 37: a row the record does not vouch for (its seal broken): "cannot tell".
        if (i % 37 === 0) exported[3] = "x";
        sheet.push(exported);
      }
      if (i % 31 !== 0) cards.set(c.productId, c); // else gone from the cabinet
      c.skus.forEach((s, k) => {
        const values = { ...productValues(c), ...skuValues(s) };
        if (i % 2 === 0 && k === 0) values.price = String(s.price + 10);
        if (i % 11 === 0 && k === 1) values["name.rus"] = `Новое ${i}`;
        if (i % 19 === 0 && k === 0) values.price = String(s.price + 20);
        const issues: EditRow["issues"] =
          i % 29 === 0 && k === 1
            ? [{ field: "price", code: "too-many-decimals", params: { value: "10.555" } }]
            : [];
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
    const edits = { rows: sorted, fields: ["name.rus", "price", "barcode"] };
    return { edits, cards, basis: { snapshot: decodeMeta(sheet, SECRET) } };
  }

  it("is compared and planned a few hundred products a turn exactly as in one piece", async () => {
    const { edits, cards, basis } = largeReturn();
    const whole = diffEdits(edits, cards, basis);
    // Every kind of finding is there, so the comparison below is not of empty lists.
    expect(whole.changes.length).toBeGreaterThan(100);
    expect(whole.changes.filter((c) => c.conflict).length).toBeGreaterThan(10);
    expect(whole.changes.filter((c) => c.unverified).length).toBeGreaterThan(10);
    for (const list of [
      whole.newSkus,
      whole.goneProducts,
      whole.goneSkus,
      whole.blocked,
      whole.unreadable,
    ])
      expect(list.length).toBeGreaterThan(5);
    const unsendable = whole.unreadable.filter((u) => u.code === "too-many-decimals");
    expect(unsendable.length).toBeGreaterThan(5);
    expect(whole.keptLive).toBeGreaterThan(100);
    expect(whole.snapshot).toBe(true);
    const inTurns = await diffInTurns(edits, cards, basis);
    expect(inTurns).toEqual(whole);
    const everything = selected(whole, { risky: true, conflicts: true, unverified: true });
    const plan = planApply(whole, everything, cards);
    expect(plan.products.length).toBeGreaterThan(500);
    expect(await planInTurns(whole, everything, cards)).toEqual(plan);
    // Without the "cannot tell" ones: the same in turns, and fewer sent.
    const told = selected(whole, { risky: true, conflicts: true, unverified: false });
    const toldPlan = planApply(whole, told, cards);
    expect(toldPlan.products.length).toBeLessThan(plan.products.length);
    expect(await planInTurns(whole, told, cards)).toEqual(toldPlan);
  });
});
