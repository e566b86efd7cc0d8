/**
 * The returned export over catalog sizes that cross every limit inside the return: the 30 rows
 * a header is looked for in (the hidden sheet is read whole), details asked 30 ids at a time,
 * list pages (the sandbox gives 30 a page, as a service that gives fewer than asked), the
 * preview listing 8 changes within Telegram's 4096 characters, the difference file, and import
 * requests of 30 cards. For each size: the export of the live cards, edited by openpyxl (prices
 * and names in random rows, rows shuffled, a column moved), read back, compared with the live
 * cards read again, comes back as exactly those changes and no conflict, and the apply plan
 * sends exactly the changed products, whole, in requests of at most 30.
 *
 * Below the bot (each size a bot would cost seconds): the reader in its worker, the diff and
 * the apply plan the service runs, the preview's text and file as the chat gets them. The same
 * flow through the bot at 5,047 SKUs: test/catalog/large-return.test.ts.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { planApply, selected } from "../../src/catalog/apply.js";
import { diffEdits } from "../../src/catalog/diff.js";
import { writeExportXlsx } from "../../src/catalog/export-xlsx.js";
import type { LiveCard } from "../../src/catalog/fields.js";
import { type CatalogSeller, readCards } from "../../src/catalog/live.js";
import { decodeMeta } from "../../src/catalog/meta.js";
import { diffWorkbook, previewText } from "../../src/catalog/texts.js";
import { createI18n, translator } from "../../src/i18n.js";
import { type Characteristics, codesOfNames } from "../../src/import/characteristics.js";
import { fitMessage } from "../../src/import/problems.js";
import { planBatches } from "../../src/import/sender/requests.js";
import { createLogger } from "../../src/logger.js";
import { createSellerApi } from "../../src/seller-api/index.js";
import { formatNumber } from "../../src/text/format.js";
import { EXPORT_TEXTS_RU, editWithOpenpyxl, inspectWithOpenpyxl } from "../support/catalog.js";
import { sharedParsedRead } from "../support/shared.js";

const readFile = sharedParsedRead();
/** The bot's secret, as its storage would give it: the export's record is keyed by it. */
const SECRET = Buffer.alloc(32, 5);
const t = translator(
  createI18n(() => undefined),
  "ru",
);

/** 42 seeded products and 358 generated: 400 products, 980 SKUs. */
const EXTRA_PRODUCTS = 358;
/** The sandbox's list pages: fewer than the 100 the bot asks for, so every category has several. */
const PAGE_CAP = 30;

let api: SellerSandbox;
let seller: CatalogSeller & { close(): void };
/** The sandbox's products by id, ascending: a catalog of size k is the first k. */
let ids: number[];

beforeAll(async () => {
  api = await startSellerSandbox({ extraProducts: EXTRA_PRODUCTS, productPageCap: PAGE_CAP });
  seller = createSellerApi({
    baseUrl: api.url,
    auth: { kind: "token", token: api.token },
    timeoutMs: 30_000,
    logger: createLogger("silent"),
  });
  ids = api.products.map((p) => p.productId).sort((a, b) => a - b);
});
afterAll(async () => {
  seller.close();
  await api.stop();
});

/** One SKU row of the export, in its order. */
interface Row {
  card: LiveCard;
  skuId: number;
  price: number;
}

/** What the seller did: new prices by SKU, new names and countries by product (on the rows picked). */
interface Edit {
  prices: Map<number, number>;
  names: Map<number, { name: string; skus: number[] }>;
  /** The country of production typed by its name in the directory (the export writes names). */
  countries: Map<number, { name: string; code: string; was: string; skus: number[] }>;
}

/** The sandbox's countries of production: code and name, in the directory's order. */
const COUNTRIES = [
  ["country_kz", "Казахстан"],
  ["country_cn", "Китай"],
  ["country_tr", "Турция"],
] as const;

/**
 * Picks (row indexes) as edits: every fifth the row's product's country (by its name), every
 * third a name of the row's product, the rest a price.
 */
function editOf(rows: Row[], picks: number[]): Edit {
  const edit: Edit = { prices: new Map(), names: new Map(), countries: new Map() };
  [...new Set(picks.map((p) => p % rows.length))].forEach((at, j) => {
    const row = rows[at]!;
    const was = row.card.attributes.find((a) => a.code === "country")?.valueCodes?.join("|");
    if (j % 5 === 4 && was !== undefined) {
      const id = row.card.productId;
      const next = COUNTRIES[(COUNTRIES.findIndex(([c]) => c === was) + 1) % COUNTRIES.length]!;
      const country = edit.countries.get(id) ?? { name: next[1], code: next[0], was, skus: [] };
      country.skus.push(row.skuId);
      edit.countries.set(id, country);
    } else if (j % 3 === 2) {
      const id = row.card.productId;
      const name = edit.names.get(id) ?? { name: `Новое «имя» ${id} & <b>"${j}"</b>`, skus: [] };
      name.skus.push(row.skuId);
      edit.names.set(id, name);
    } else edit.prices.set(row.skuId, row.price + 1 + (at % 97));
  });
  return edit;
}

const pyDict = (entries: [number, string | number][]) =>
  `{${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")}}`;

/** The seller's edit in openpyxl: the values, the rows shuffled, one column moved. */
const script = (edit: Edit, shuffle: number, from: number, to: number) => `
import random
p = col("price"); s = col("skuId"); n = col("name.rus"); c = col("attributes.country")
prices = ${pyDict([...edit.prices])}
names = ${pyDict([...edit.names.values()].flatMap((e) => e.skus.map((sku) => [sku, e.name] as [number, string])))}
countries = ${pyDict([...edit.countries.values()].flatMap((e) => e.skus.map((sku) => [sku, e.name] as [number, string])))}
for r in rows:
    if r[s] in prices: r[p] = prices[r[s]]
    if r[s] in names: r[n] = names[r[s]]
    if r[s] in countries: r[c] = countries[r[s]]
random.Random(${shuffle}).shuffle(rows)
m = ${from} % len(header)
order = [i for i in range(len(header)) if i != m]
order.insert(${to} % len(header), m)
header = [header[i] for i in order]
rows = [[r[i] for i in order] for r in rows]
`;

/** The changes the edit must come back as: product, SKU, field, was, will, rows edited. */
function expectedChanges(rows: Row[], edit: Edit) {
  const out: [number, number | "", string, string, string, number][] = [];
  for (const row of rows) {
    const price = edit.prices.get(row.skuId);
    if (price !== undefined)
      out.push([row.card.productId, row.skuId, "price", String(row.price), String(price), 1]);
  }
  const cards = new Map(rows.map((r) => [r.card.productId, r.card]));
  for (const [id, e] of edit.names)
    out.push([id, "", "name.rus", cards.get(id)!.name.rus, e.name, e.skus.length]);
  for (const [id, e] of edit.countries)
    out.push([id, "", "attributes.country", e.was, e.code, e.skus.length]);
  return out.sort(byKey);
}
const byKey = (a: readonly unknown[], b: readonly unknown[]) =>
  String(a.slice(0, 3)).localeCompare(String(b.slice(0, 3)));

/** Sizes in products: each limit's edges (SKU rows around 30, ids around 30 and 60), and any. */
const size = fc.oneof(
  fc.constantFrom(1, 11, 12, 13, 29, 30, 31, 59, 60, 61, 101, 400),
  fc.integer({ min: 1, max: EXTRA_PRODUCTS + 42 }),
);

describe("a returned export of any size (property-based)", () => {
  it("comes back as exactly the seller's changes, no conflict; the apply sends exactly those products, whole", async () => {
    await fc.assert(
      fc.asyncProperty(
        size,
        fc.array(fc.nat(), { minLength: 1, maxLength: 150 }),
        fc.nat(1_000_000),
        fc.nat(40),
        fc.nat(40),
        async (k, picks, shuffle, from, to) => {
          const chosen = ids.slice(0, k);
          const exported = await readCards(seller, chosen);
          expect(exported.size).toBe(k);
          const cards = chosen.map((id) => exported.get(id)!);
          const rows = cards.flatMap((card) =>
            card.skus.map((s) => ({ card, skuId: s.skuId, price: s.price })),
          );
          const bytes = await writeExportXlsx({
            exportId: `k${k}`,
            at: new Date(0),
            cards,
            texts: EXPORT_TEXTS_RU,
            secret: SECRET,
          });
          const edit = editOf(rows, picks);
          const edited = await editWithOpenpyxl(bytes, script(edit, shuffle, from, to));
          const read = await readFile({ bytes: edited, fileName: "c.xlsx" }, { vatRates: [0, 12] });
          if (!read.ok) throw new Error(`not read: ${read.reason}`);
          const edits = read.edits!;
          expect(edits.rows).toHaveLength(rows.length);

          // As the preview: the live cards read again, the file against them and its record.
          const fileIds = [...new Set(edits.rows.map((r) => r.productId))];
          let directory: Characteristics | undefined;
          const live = await readCards(seller, fileIds, (codes) => {
            directory = codes.names;
          });
          // The characteristics, written by their names, made codes again (as the preview does).
          codesOfNames(edits, directory!);
          const snapshot = decodeMeta(edits.meta!, SECRET)!;
          // Every row vouched for: none of the seller's edits is "cannot tell".
          expect(snapshot.rows.size).toBe(rows.length);
          const diff = diffEdits(edits, live, { snapshot });
          const expected = expectedChanges(rows, edit);
          expect(
            diff.changes
              .map((c) => [c.productId, c.skuId ?? "", c.field, c.was, c.will, c.rows.length])
              .sort(byKey),
          ).toEqual(expected);
          expect(diff.changes.filter((c) => c.conflict || c.risk || c.unverified)).toEqual([]);
          const touched = new Set([
            ...edit.prices.keys(),
            ...[...edit.names.values()].flatMap((e) => e.skus),
            ...[...edit.countries.values()].flatMap((e) => e.skus),
          ]);
          expect(diff.unchanged).toBe(rows.length - touched.size);
          const { newSkus, goneProducts, goneSkus, blocked, unreadable, keptLive } = diff;
          expect({ newSkus, goneProducts, goneSkus, blocked, unreadable, keptLive }).toEqual({
            newSkus: [],
            goneProducts: [],
            goneSkus: [],
            blocked: [],
            unreadable: [],
            keptLive: 0,
          });

          // The apply: the general button's changes, each changed product whole.
          const general = selected(diff, { risky: false, conflicts: false, unverified: false });
          expect(general).toHaveLength(diff.changes.length);
          const plan = planApply(diff, general, live);
          const changedIds = [...new Set(expected.map((e) => e[0]))].sort((a, b) => a - b);
          expect(plan.products.map((p) => p.product.productId!).sort((a, b) => a - b)).toEqual(
            changedIds,
          );
          expect([...plan.movedSince, ...plan.notSent]).toEqual([]);
          for (const { product } of plan.products) {
            const card = live.get(product.productId!)!;
            expect(product.name.rus).toBe(edit.names.get(card.productId)?.name ?? card.name.rus);
            expect([product.categoryId, product.brandId]).toEqual([card.categoryId, card.brandId]);
            expect(product.skus!.map((s) => [s.skuId, s.price])).toEqual(
              card.skus.map((s) => [s.skuId, edit.prices.get(s.skuId) ?? s.price]),
            );
            // The country typed by its name goes out as its code; the other characteristics as live.
            const country = edit.countries.get(card.productId)?.code;
            expect(product.attributes).toEqual(
              card.attributes.map((a) => ({
                code: a.code,
                valueCodes: a.code === "country" && country ? [country] : a.valueCodes,
              })),
            );
          }
          const batches = planBatches(plan.products);
          expect(batches).toHaveLength(Math.ceil(plan.products.length / 30));
          expect(batches.every((b) => b.products.length <= 30)).toBe(true);
          expect(batches.flatMap((b) => b.products)).toEqual(plan.products);

          // The preview as the chat gets it: whole, within Telegram's limit, naming the counts.
          const names = Object.fromEntries(
            [...live.values()].map((c) => [c.productId, c.name.rus]),
          );
          const text = previewText(t, "c.xlsx", diff, names);
          expect(fitMessage([text])).toBe(text);
          expect(text.length).toBeLessThanOrEqual(4096);
          const skus = new Set(expected.filter((e) => e[1] !== "").map((e) => e[1])).size;
          expect(text).toContain(
            `Изменятся товаров: ${formatNumber(changedIds.length, "ru")}, SKU: ${formatNumber(skus, "ru")}.`,
          );
          expect(text.match(/^• /gm)).toHaveLength(Math.min(8, expected.length));
          if (expected.length > 8)
            expect(text).toContain(`… и ещё ${formatNumber(expected.length - 8, "ru")}`);
          expect(text).not.toMatch(
            /Конфликты|Рискованные|Под вопросом|нет служебного листа|не подтверждает/,
          );

          // The difference file: every change, as the seller's program reads it.
          const book = await diffWorkbook(t, diff, names);
          const listed = (await inspectWithOpenpyxl(
            book,
            `print(json.dumps([[r[0], r[2], r[3], r[4], r[5], r[7]] for r in wb.worksheets[0].iter_rows(min_row=2, values_only=True)]))`,
          )) as unknown[][];
          // Empty cells (a product field's SKU, no note) are empty.
          const words: Record<string, string> = {
            price: "Цена",
            "name.rus": "Название (рус.)",
            "attributes.country": "Характеристика «country»",
          };
          expect(listed.sort(byKey)).toEqual(
            expected
              .map(([id, sku, field, was, will]) => [
                id,
                sku || null,
                // The field in the seller's words.
                words[field],
                was,
                will,
                null,
              ])
              .sort(byKey),
          );
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
