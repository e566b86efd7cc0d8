import { describe, expect, it } from "vitest";
import { planApply, planUndo, selected } from "../src/catalog/apply.js";
import { type Basis, diffEdits } from "../src/catalog/diff.js";
import { type LiveCard, productValues, skuValues } from "../src/catalog/fields.js";
import { decodeMeta, exportPrints, metaHead, metaRow } from "../src/catalog/meta.js";
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
