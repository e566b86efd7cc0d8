import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { writeExportCsv } from "../src/catalog/export-file.js";
import { writeExportXlsx } from "../src/catalog/export-xlsx.js";
import { fingerprints, type LiveCard, productValues, skuValues } from "../src/catalog/fields.js";
import { decodeMeta, rowKey } from "../src/catalog/meta.js";
import { parseImportFile } from "../src/import/read/index.js";
import { waitForDocument } from "./support/catalog.js";
import { type Harness, linkUser, startInProcess } from "./support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const TEXTS = {
  sheet: "Товары",
  instructionSheet: "Инструкция",
  instructions: ["Пустая ячейка оставляет значение."],
  stock: "остаток",
  sales: "продажи",
  productStatus: "статус",
  moderationStatus: "модерация",
  note: "примечание",
  codesUnknown: "коды неизвестны",
};

const text = fc
  .string({
    unit: fc.constantFrom(..."абвгдеёжзийқңөұүһәі ABCxyz019-,.;:\"'<>&|№".split("")),
    minLength: 1,
    maxLength: 40,
  })
  .map((s) => s.trim())
  .filter((s) => s !== "" && !s.includes("|") && !/^[=+\-@]/.test(s));
const code = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
const sku = fc.record({
  skuId: fc.integer({ min: 1, max: 9_999_999 }),
  valueIds: fc.constant([]),
  valueCodes: fc.array(code, { maxLength: 3 }),
  price: fc
    .oneof(
      fc.integer({ min: 1, max: 9_999_999 }),
      fc.double({ min: 0.01, max: 99_999, noNaN: true }).map((p) => Math.round(p * 100) / 100),
    )
    .filter((p) => p > 0),
  barcode: fc.oneof(
    fc.stringMatching(/^0{1,3}\d{5,12}$/),
    fc.stringMatching(/^[1-9]\d{7,13}$/),
    fc.constant(""),
  ),
  photos: fc.array(fc.stringMatching(/^https:\/\/cdn\.example\.kz\/[a-z0-9]{1,8}\.jpg$/), {
    maxLength: 3,
  }),
});
const card = fc.record({
  productId: fc.integer({ min: 1, max: 9_999_999 }),
  categoryId: fc.integer({ min: 1, max: 999 }),
  brandId: fc.integer({ min: 1, max: 999 }),
  isLocalMade: fc.option(fc.boolean(), { nil: undefined }),
  name: fc.record(
    { rus: text, kaz: fc.option(text, { nil: undefined }) },
    { requiredKeys: ["rus"] },
  ),
  description: fc.record({ rus: text }),
  vat: fc.option(fc.constantFrom(0, 12), { nil: undefined }),
  attributes: fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 99 }),
      code,
      valueCodes: fc.array(code, { minLength: 1, maxLength: 3 }),
    }),
    { selector: (a) => a.code, maxLength: 3 },
  ),
  skus: fc.uniqueArray(sku, { selector: (s) => s.skuId, minLength: 1, maxLength: 3 }),
  codesKnown: fc.constant(true),
});
const catalog = fc.uniqueArray(card, { selector: (c) => c.productId, minLength: 1, maxLength: 6 });

describe("the reader reads the bot's own exports exactly", () => {
  it("round trip over random catalogs: every row's values and the hidden sheet", async () => {
    await fc.assert(
      fc.asyncProperty(catalog, async (generated) => {
        const cards = generated as unknown as LiveCard[];
        const bytes = await writeExportXlsx({
          exportId: "x1",
          at: new Date(0),
          cards,
          texts: TEXTS,
        });
        const read = await parseImportFile(
          { bytes, fileName: "catalog.xlsx" },
          { vatRates: [0, 12] },
        );
        if (!read.ok) throw new Error(`not read: ${read.reason}`);
        expect(read.products).toEqual([]);
        expect(read.invalid).toEqual([]);
        const rows = read.edits!.rows;
        const expected = cards.flatMap((c) =>
          c.skus.map((s) => ({
            productId: c.productId,
            skuId: s.skuId,
            values: { ...productValues(c), ...skuValues(s) },
          })),
        );
        expect(
          rows.map((r) => ({ productId: r.productId, skuId: r.skuId, values: r.values })),
        ).toEqual(expected);
        expect(rows.flatMap((r) => r.issues)).toEqual([]);
        const meta = decodeMeta(read.edits!.meta!)!;
        expect(meta.exportId).toBe("x1");
        for (const e of expected) {
          const stored = meta.rows.get(rowKey(e.productId, e.skuId))!;
          expect(stored).toMatchObject(fingerprints(e.values));
        }
      }),
      { numRuns: 25 },
    );
  }, 20_000);
});

describe("a CSV export comes back without the export's sheet", () => {
  it("reads the same rows, with no snapshot (compared with the live cards only)", async () => {
    const [generated] = fc.sample(catalog, { numRuns: 1, seed: 7 });
    const cards = generated as unknown as LiveCard[];
    const bytes = writeExportCsv({ exportId: "x1", at: new Date(0), cards, texts: TEXTS });
    const read = await parseImportFile({ bytes, fileName: "catalog.csv" }, { vatRates: [0, 12] });
    if (!read.ok) throw new Error(`not read: ${read.reason}`);
    const expected = cards.flatMap((c) =>
      c.skus.map((s) => ({
        productId: c.productId,
        skuId: s.skuId,
        values: { ...productValues(c), ...skuValues(s) },
      })),
    );
    expect(
      read.edits!.rows.map((r) => ({ productId: r.productId, skuId: r.skuId, values: r.values })),
    ).toEqual(expected);
    expect(read.edits!.meta).toBeUndefined();
  });
});

describe("a large export", () => {
  it("2,000 products: details in batches of at most 30, at most 3 at once, one progress message", async () => {
    h = await startInProcess({ sandbox: { extraProducts: 1958 } });
    h.api.setLatency((path) => (path.endsWith("/products/details") ? 15 : 0));
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const before = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export");
    const menu = await user.waitForBotMessage(/Выгрузка в Excel/, { after: before });
    await user.pressButton(/Весь каталог \(\.xlsx\)/, { messageId: menu.messageId });
    const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId, 60_000);
    await user.waitForBotMessage(/Выгружено товаров: 2\s?000/, { after: before });
    const ms = Date.now() - started;
    const heapAfter = process.memoryUsage().heapUsed;
    const xlsx = doc.document!.content;
    const read = await parseImportFile({ bytes: xlsx, fileName: "c.xlsx" }, { vatRates: [0, 12] });
    if (!read.ok) throw new Error(read.reason);
    const skus = h.api.products.reduce((n, p) => n + p.skus.length, 0);
    expect(read.edits!.rows).toHaveLength(skus);

    const details = h.api.requestsTo("/api/seller/v1/products/details");
    expect(details.length).toBe(Math.ceil(2000 / 30));
    for (const r of details)
      expect((r.body as { productIds: number[] }).productIds.length).toBeLessThanOrEqual(30);
    const peak = Math.max(
      ...details.map(
        (r) => details.filter((o) => o.at <= r.at && (o.doneAt ?? Infinity) > r.at).length,
      ),
    );
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(1);
    // One progress message, edited as it went, then the file.
    const progress = user.botMessages().filter((m) => m.messageId > menu.messageId && !m.document);
    expect(progress).toHaveLength(1);
    expect(progress[0]!.edited).toBeGreaterThan(1);
    console.log(
      `2,000-product export: xlsx ${xlsx.length} bytes in ${ms} ms, heap grew ${Math.round((heapAfter - heapBefore) / 1e6)} MB`,
    );
  }, 60_000);
});

describe("an export that takes longer than one answer's deadline", () => {
  it("still arrives: its Seller API calls are not cut off by the update's deadline", async () => {
    // Each answer to a seller has 500 ms of Seller API time; this export needs about 1.3 s.
    h = await startInProcess({
      sandbox: { extraProducts: 258 },
      env: { SELLER_API_DEADLINE_MS: "500" },
    });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    h.api.setLatency(100);
    const before = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export");
    const menu = await user.waitForBotMessage(/Excel/, { after: before });
    const started = Date.now();
    await user.pressButton(/\(\.xlsx\)/, { messageId: menu.messageId });
    const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId, 20_000);
    expect(Date.now() - started).toBeGreaterThan(500);
    const read = await parseImportFile(
      { bytes: doc.document!.content!, fileName: "c.xlsx" },
      { vatRates: [0, 12] },
    );
    if (!read.ok) throw new Error(read.reason);
    expect(read.edits!.rows).toHaveLength(h.api.products.reduce((n, p) => n + p.skus.length, 0));
    expect(h.api.requestsTo("/api/seller/v1/products/list").length).toBeGreaterThanOrEqual(3);
  }, 30_000);
});
