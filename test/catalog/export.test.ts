import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../doubles/seller-api/index.js";
import { buildSeed } from "../../doubles/seller-api/seed.js";
import { writeExportCsv } from "../../src/catalog/export-file.js";
import { writeExportXlsx } from "../../src/catalog/export-xlsx.js";
import { type LiveCard, productValues, skuValues } from "../../src/catalog/fields.js";
import { decodeMeta, exportPrints, rowKey } from "../../src/catalog/meta.js";
import { codesOfNames } from "../../src/import/characteristics.js";
import {
  EXPORT_TEXTS_RU,
  exportWholeCatalog,
  inspectWithOpenpyxl,
  readExportBack,
  seedCharacteristics,
  waitForDocument,
} from "../support/catalog.js";
import { runningClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { eventually } from "../support/net.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

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
/** The bot's secret, as its storage would give it. */
const SECRET = Buffer.alloc(32, 3);

describe("the reader reads the bot's own exports exactly", () => {
  it("round trip over random catalogs: every row's values and the hidden sheet", async () => {
    await fc.assert(
      fc.asyncProperty(catalog, async (generated) => {
        const cards = generated as unknown as LiveCard[];
        const bytes = await writeExportXlsx({
          exportId: "x1",
          at: new Date(0),
          cards,
          texts: EXPORT_TEXTS_RU,
          secret: SECRET,
        });
        const read = await readExportBack(bytes, "catalog.xlsx");
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
        // Every row's record holds under the bot's secret, and only under it.
        const meta = decodeMeta(read.edits!.meta!, SECRET)!;
        expect(meta.exportId).toBe("x1");
        const printer = exportPrints(SECRET, "x1");
        for (const e of expected) {
          const key = rowKey(e.productId, e.skuId);
          expect(meta.rows.get(key)).toMatchObject(printer.prints(key, e.values));
        }
        expect(decodeMeta(read.edits!.meta!, Buffer.alloc(32, 1))!.rows.size).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});

describe("a CSV export comes back without the export's sheet", () => {
  it("reads the same rows, with no snapshot (compared with the live cards only)", async () => {
    const [generated] = fc.sample(catalog, { numRuns: 1, seed: 7 });
    const cards = generated as unknown as LiveCard[];
    const bytes = writeExportCsv({
      exportId: "x1",
      at: new Date(0),
      cards,
      texts: EXPORT_TEXTS_RU,
      secret: SECRET,
    });
    const read = await readExportBack(bytes, "catalog.csv");
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
    // Each details batch moves the bot's clock a second on, so the progress message is edited
    // on the way however fast this machine reads.
    const clock = runningClock(Date.now());
    h = await startInProcess({ clock, sandbox: { extraProducts: 1958 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // Answers that take a while, as the real service's do (several in flight at once).
    h.api.setLatency((path) => {
      if (!path.endsWith("/products/details")) return 100;
      clock.set(clock.now() + 1000);
      return 100;
    });
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
    const read = await readExportBack(xlsx);
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
  });
});

describe("an export that takes longer than one answer's deadline", () => {
  it("still arrives: its Seller API calls are not cut off by the update's deadline", async () => {
    // Each answer to a seller has 3 s of Seller API time. The link status answers at once (a
    // loaded machine keeps it well within them); the export's reads take 700 ms each, 3 at a
    // time: its 3 list pages, 10 details batches and directories need 4 s at least.
    h = await startInProcess({
      sandbox: { extraProducts: 258 },
      env: { SELLER_API_DEADLINE_MS: "3000" },
    });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    h.api.setLatency((path) => (path.includes("/telegram/") ? 0 : 700));
    const before = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export");
    const menu = await user.waitForBotMessage(/Excel/, { after: before });
    const started = Date.now();
    await user.pressButton(/\(\.xlsx\)/, { messageId: menu.messageId });
    const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId);
    expect(Date.now() - started).toBeGreaterThan(3000);
    const read = await readExportBack(doc.document!.content!);
    expect(read.edits!.rows).toHaveLength(h.api.products.reduce((n, p) => n + p.skus.length, 0));
    expect(h.api.requestsTo("/api/seller/v1/products/list").length).toBeGreaterThanOrEqual(3);
  });
});

describe("reading the catalog for an export", () => {
  it("reads the list's pages after the first 3 at a time, details as pages come, never more than 3 requests in flight; every SKU once, in the list's order", async () => {
    h = await startInProcess({ sandbox: { extraProducts: 958 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    h.api.setLatency(20);
    const from = Date.now();
    // The export's requests (a stock round lists products too, without filters).
    const isRead = (r: RequestLogEntry) =>
      r.at >= from &&
      (r.path === "/api/seller/v1/products/details" ||
        r.path.startsWith("/api/seller/v1/attributes") ||
        (r.path === "/api/seller/v1/products/list" &&
          (r.body as { filters?: unknown }).filters !== undefined));
    const pageOf = (r: RequestLogEntry) => (r.body as { pageNumber: number }).pageNumber;
    // Two list pages after the first and one other read are held unanswered until all three
    // are in flight together: the overlap is made, not hoped for from a fast machine.
    let pagesHeld = 0;
    const pagesAhead = h.api.holdNext(
      (r) => isRead(r) && r.path.endsWith("/list") && pageOf(r) > 1 && ++pagesHeld <= 2,
      2,
    );
    const beside = h.api.holdNext((r) => isRead(r) && !r.path.endsWith("/list"));
    const exported = exportWholeCatalog(user);
    await eventually(
      () =>
        h!.api.requests.filter((r) => isRead(r) && r.status === 0).length >= 3 ? true : undefined,
      { what: "three reads held in flight together" },
    );
    pagesAhead.release();
    beside.release();
    const bytes = await exported;
    const reads = h.api.requests.filter(isRead);
    const list = reads.filter((r) => r.path.endsWith("/products/list"));
    const details = reads.filter((r) => r.path.endsWith("/products/details"));
    const inFlight = (among: typeof reads) =>
      Math.max(
        ...among.map(
          (r) => among.filter((o) => o.at <= r.at && (o.doneAt ?? Infinity) > r.at).length,
        ),
      );
    const pages = list.map((r) => (r.body as { pageNumber: number }).pageNumber);
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const first = list.find((r) => (r.body as { pageNumber: number }).pageNumber === 1)!;
    for (const r of list) if (r !== first) expect(r.at).toBeGreaterThanOrEqual(first.doneAt!);
    // Sequential paging would have one list request in flight at a time.
    expect(inFlight(list)).toBeGreaterThanOrEqual(2);
    expect(inFlight(reads)).toBe(3);
    expect(details).toHaveLength(Math.ceil(1000 / 30));
    // Details begin before the last list page has been asked for.
    expect(Math.min(...details.map((r) => r.at))).toBeLessThan(Math.max(...list.map((r) => r.at)));

    const read = await readExportBack(bytes);
    const expected = [...h.api.products]
      .sort((a, b) => a.productId - b.productId)
      .flatMap((p) => p.skus.map((s) => `${p.productId}:${s.skuId}`));
    expect(read.edits!.rows.map((r) => `${r.productId}:${r.skuId}`)).toEqual(expected);
  });
});

describe("a service that gives fewer products a page than asked", () => {
  it("is read to its last page all the same: every SKU's row once, in order", async () => {
    h = await startInProcess({ sandbox: { extraProducts: 208, productPageCap: 40 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const bytes = await exportWholeCatalog(user);
    const read = await readExportBack(bytes);
    const expected = [...h.api.products]
      .sort((a, b) => a.productId - b.productId)
      .flatMap((p) => p.skus.map((s) => `${p.productId}:${s.skuId}`));
    expect(read.edits!.rows.map((r) => `${r.productId}:${r.skuId}`)).toEqual(expected);
    const pages = h.api
      .requestsTo("/api/seller/v1/products/list")
      .filter((r) => (r.body as { filters?: unknown }).filters !== undefined)
      .map((r) => (r.body as { pageNumber: number }).pageNumber);
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("a characteristic first seen at the end of the list", () => {
  it("still gets its column in its place among the others, the rows complete and in order", async () => {
    h = await startInProcess({ sandbox: { extraProducts: 558 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const power = buildSeed().attributeValues.find((v) => v.attributeCode === "power")!;
    const lastId = Math.max(...h.api.products.map((p) => p.productId));
    h.api.editProduct(lastId, (p) => {
      p.attributes.push({ id: power.attributeId, valueIds: [power.id] });
    });
    h.api.setLatency(5);
    const bytes = await exportWholeCatalog(user);
    const read = await readExportBack(bytes);
    // Titled and written by their names: the return makes codes of them by the directory.
    codesOfNames(read.edits!, seedCharacteristics());
    const fields = read.edits!.fields.filter((f) => f.startsWith("attributes."));
    expect(fields).toEqual(["attributes.country", "attributes.material", "attributes.power"]);
    const rows = read.edits!.rows;
    const expected = [...h.api.products]
      .sort((a, b) => a.productId - b.productId)
      .flatMap((p) => p.skus.map((s) => `${p.productId}:${s.skuId}`));
    expect(rows.map((r) => `${r.productId}:${r.skuId}`)).toEqual(expected);
    const withPower = rows.filter((r) => r.values["attributes.power"] !== undefined);
    expect(new Set(withPower.map((r) => r.productId))).toEqual(new Set([lastId]));
    expect(withPower[0]!.values["attributes.power"]).toBe(power.code);
  });
});

describe("the .xlsx as a spreadsheet program shows it (openpyxl)", () => {
  it("header frozen and bold, read-only columns grey to the last row, barcodes and codes as text cells, the export's sheet hidden; a sheet deflated in several pieces reads whole", async () => {
    const count = 2000;
    const cards: LiveCard[] = Array.from({ length: count }, (_, i) => ({
      productId: 100_000 + i,
      categoryId: 100,
      brandId: 501,
      isLocalMade: i % 2 === 0,
      name: { rus: `Товар ${i}` },
      description: { rus: `Описание ${i}: ${"хлопок и лён, ".repeat(20)}` },
      vat: 12,
      attributes: [{ id: 1, code: "color", valueCodes: ["red"] }],
      skus: [0, 1].map((k) => ({
        skuId: 500_000 + 2 * i + k,
        valueIds: [],
        valueCodes: ["red"],
        price: 1990 + i,
        // The last row's barcode is empty: its cell is still a text cell, for typing one.
        barcode: i === count - 1 && k === 1 ? "" : String(46_000_000_000 + i).padStart(13, "0"),
        photos: [],
      })),
      codesKnown: true,
      stock: i,
      productStatus: "Active",
    }));
    const bytes = await writeExportXlsx({
      exportId: "x1",
      at: new Date(0),
      cards,
      texts: EXPORT_TEXTS_RU,
      secret: SECRET,
    });
    const got = (await inspectWithOpenpyxl(
      bytes,
      `
ws = wb.worksheets[0]
hdr = [c.value for c in ws[1]]
last = ws.max_row
def look(r, t):
    c = ws.cell(row=r, column=hdr.index(t) + 1)
    solid = c.fill is not None and c.fill.fill_type == "solid"
    return {"fill": c.fill.fgColor.rgb if solid else None, "fmt": c.number_format, "bold": bool(c.font.b)}
print(json.dumps({
    "sheets": [[s.title, s.sheet_state] for s in wb.worksheets],
    "freeze": ws.freeze_panes,
    "rows": last,
    "header": hdr,
    "look": {t: [look(1, t), look(2, t), look(last, t)] for t in hdr},
    "barcodes": [ws.cell(row=2, column=hdr.index("Штрихкод") + 1).value, ws.cell(row=last, column=hdr.index("Штрихкод") + 1).value],
    "ids": [[r[0], r[1]] for r in ws.iter_rows(min_row=2, max_col=2, values_only=True)],
}, ensure_ascii=False))
`,
    )) as {
      sheets: string[][];
      freeze: string;
      rows: number;
      header: string[];
      look: Record<string, { fill: string | null; fmt: string; bold: boolean }[]>;
      barcodes: (string | null)[];
      ids: number[][];
    };
    expect(got.sheets).toEqual([
      ["Товары", "visible"],
      ["Инструкция", "visible"],
      ["bot-export", "hidden"],
    ]);
    expect(got.freeze).toBe("A2");
    expect(got.rows).toBe(2 * count + 1);
    expect(got.ids).toEqual(cards.flatMap((c) => c.skus.map((s) => [c.productId, s.skuId])));
    expect(got.barcodes).toEqual(["0046000000000", null]);
    const readOnly = got.header.filter((t) => t.startsWith("🔒"));
    expect(readOnly).toHaveLength(5);
    for (const title of got.header) {
      const [head, first, last] = got.look[title]!;
      expect(head!.bold, title).toBe(true);
      if (readOnly.includes(title)) {
        // Grey on every row, the note's empty cells too.
        expect([head!.fill, first!.fill, last!.fill], title).toEqual(Array(3).fill("FFE0E0E0"));
        continue;
      }
      expect([head!.fill, first!.fill, last!.fill], title).toEqual(["FFDDEBF7", null, null]);
      const text = title === "Штрихкод" || title.startsWith("Характеристика:");
      expect([first!.fmt, last!.fmt], title).toEqual(text ? ["@", "@"] : ["General", "General"]);
    }
  });
});

describe("an export whose reading fails", () => {
  it("stops asking: the requests not yet sent are not sent, no file, the seller is told", async () => {
    h = await startInProcess({ sandbox: { extraProducts: 1958 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    h.api.setLatency(20);
    h.api.failNext("/api/seller/v1/products/details", "401", 5);
    const before = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export");
    const menu = await user.waitForBotMessage(/Выгрузка в Excel/, { after: before });
    await user.pressButton(/Весь каталог \(\.xlsx\)/, { messageId: menu.messageId });
    await user.waitForBotMessage(/не смог авторизоваться/, { after: menu.messageId });
    // The first page's details went first and were refused; the 19 other pages and the other
    // 64 batches were never asked for (without the stop all would be, 3 at a time).
    expect(h.api.requestsTo("/api/seller/v1/products/details").length).toBeLessThanOrEqual(3);
    expect(h.api.requestsTo("/api/seller/v1/products/list").length).toBeLessThanOrEqual(3);
    expect(user.botMessages().some((m) => m.document)).toBe(false);
  });
});
