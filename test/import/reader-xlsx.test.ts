import { describe, expect, it } from "vitest";
import { parseImportFile } from "../../src/import/read/parse.js";
import type { ImportFileResult, ReadOptions } from "../../src/import/types.js";
import { sheetXml, type XCell, xlsxFile } from "../fixtures/import/xlsx.js";

/**
 * Spreadsheet cells as the seller's program shows them: types, number formats,
 * formulas, layout and sheets. Read in this thread; the bounded worker path has its own file.
 */
const OPTIONS: ReadOptions = { vatRates: [0, 12] };
const read = (bytes: Uint8Array) => parseImportFile({ bytes, fileName: "products.xlsx" }, OPTIONS);

function ok(result: ImportFileResult) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result;
}

const HEADER: XCell[] = [
  "categoryId",
  "brandId",
  "name.rus",
  "description.rus",
  "vat",
  "price",
  "barcode",
];
const product = (cells: Partial<Record<number, XCell>>): XCell[] => {
  const base: XCell[] = [
    { n: 1 },
    { n: 2 },
    "Куртка",
    "Тёплая",
    { n: 12 },
    { n: 100 },
    "4600000000001",
  ];
  for (const [i, c] of Object.entries(cells)) base[Number(i)] = c ?? null;
  return base;
};

describe("XLSX number cells", () => {
  it("takes barcodes as the format shows them, restores 13 digits only with a valid check digit", async () => {
    const rows = [
      HEADER,
      product({ 6: { n: 460000000001, s: 1 } }), // format 0000000000000: shows 0460000000001
      product({ 6: { n: 4600000000001 } }), // 13 digits as is
      product({ 6: { n: 12345670 } }), // 8 digits (EAN-8) as is
      product({ 6: { n: 400638133390 } }), // 12 digits, 0400638133390 has a valid check digit
      product({ 6: { n: 400638133391 } }), // 12 digits, padded form invalid
      product({ 6: { n: 4600000123456780 } }), // 16 digits: Excel rounded it
      product({ 6: { n: 1.23456789012345e17 } }),
    ];
    const result = ok(await read(xlsxFile(sheetXml(rows), { formats: ["0000000000000"] })));
    const barcodes = result.products.map((p) => [p.ref, p.product.skus?.[0]?.barcode]);
    expect(barcodes).toEqual([
      [{ kind: "rows", rows: [2] }, "0460000000001"],
      [{ kind: "rows", rows: [3] }, "4600000000001"],
      [{ kind: "rows", rows: [4] }, "12345670"],
      [{ kind: "rows", rows: [5] }, "0400638133390"],
    ]);
    expect(result.reading?.notes).toEqual([
      { code: "barcodes-padded", params: { count: 1, rows: "5" } },
    ]);
    expect(result.invalid.map((p) => p.issues.map((i) => [i.ref, i.field, i.code]))).toEqual([
      [[{ kind: "rows", rows: [6] }, "barcode", "barcode-leading-zeros"]],
      [[{ kind: "rows", rows: [7] }, "barcode", "barcode-digits-lost"]],
      [[{ kind: "rows", rows: [8] }, "barcode", "barcode-digits-lost"]],
    ]);
  });

  it("reads a percent cell as the percent shown, and prices with hidden decimals as problems", async () => {
    const rows = [
      HEADER,
      product({ 4: { n: 0.12, s: 1 } }), // 0% → 12
      product({ 4: "12%" }),
      product({ 5: { n: 12345.5, s: 2 } }), // # ##0.00 → 12 345,50
      product({ 5: { n: 12.345, s: 2 } }), // shows 12,35 but holds 12.345
    ];
    const result = ok(await read(xlsxFile(sheetXml(rows), { builtIn: [9, 4] })));
    expect(result.products.map((p) => [p.product.vat, p.product.skus?.[0]?.price])).toEqual([
      [12, 100],
      [12, 100],
      [12, 12345.5],
    ]);
    expect(result.invalid[0]!.issues).toEqual([
      {
        ref: { kind: "rows", rows: [5] },
        field: "price",
        code: "hidden-decimals",
        params: { value: "12,35", stored: "12.345" },
      },
    ]);
  });

  it("names formulas without a trustworthy value with their cell, never sends 0", async () => {
    const noValue = [HEADER, product({ 5: { f: "B2*50" } })];
    const missing = ok(await read(xlsxFile(sheetXml(noValue))));
    expect(missing.products).toEqual([]);
    expect(missing.invalid[0]!.issues).toEqual([
      {
        ref: { kind: "rows", rows: [2] },
        field: "price",
        code: "formula-not-calculated",
        params: { cell: "F2", formula: "=B2*50", value: "=B2*50" },
      },
    ]);
    const zeroSaved = [HEADER, product({ 5: { f: "B2*50", v: "0" } })];
    const untrusted = ok(await read(xlsxFile(sheetXml(zeroSaved), { fullCalcOnLoad: true })));
    expect(untrusted.invalid[0]!.issues[0]!.code).toBe("formula-not-calculated");
    const calculated = ok(
      await read(
        xlsxFile(
          sheetXml(zeroSaved.slice(0, 1).concat([product({ 5: { f: "B2*50", v: "100" } })])),
        ),
      ),
    );
    expect(calculated.products[0]!.product.skus?.[0]?.price).toBe(100);
  });

  it("shows numbers and dates in text columns as formatted", async () => {
    const rows = [
      [...HEADER, "attributes.made"],
      [...product({ 2: { n: 12345 } }), { n: 46266, s: 1 }],
    ];
    const result = ok(await read(xlsxFile(sheetXml(rows), { builtIn: [14] })));
    const p = result.products[0]!.product;
    expect(p.name.rus).toBe("12345");
    expect(p.attributes).toEqual([{ code: "made", valueCodes: ["01.09.2026"] }]);
  });
});

describe("XLSX layout and sheets", () => {
  it("skips a title row and a merged group row, reads a merged photo header in order", async () => {
    const rows: XCell[][] = [
      ["Прайс-лист магазина"],
      [],
      ["Основное", null, null, null, null, null, null, "Фото"],
      [...HEADER, "photos", null, null],
      [...product({}), "https://a.kz/1.jpg", "https://a.kz/2.jpg", "https://a.kz/3.jpg"],
    ];
    const merges =
      '<mergeCells count="2"><mergeCell ref="A3:G3"/><mergeCell ref="H4:J4"/></mergeCells>';
    const result = ok(await read(xlsxFile(sheetXml(rows, merges))));
    expect(result.reading?.headerRow).toBe(4);
    expect(result.invalid).toEqual([]);
    expect(result.products[0]!.ref).toEqual({ kind: "rows", rows: [5] });
    expect(result.products[0]!.product.skus?.[0]?.photos?.map((p) => p.mediaFile)).toEqual([
      "https://a.kz/1.jpg",
      "https://a.kz/2.jpg",
      "https://a.kz/3.jpg",
    ]);
  });

  it("ignores a pandas index column; names an untitled column with data on every row", async () => {
    const rows: XCell[][] = [
      [null, ...HEADER],
      [{ n: 0 }, ...product({})],
      [{ n: 1 }, ...product({ 2: "Шапка" })],
    ];
    const indexed = ok(await read(xlsxFile(sheetXml(rows))));
    expect(indexed.invalid).toEqual([]);
    expect(indexed.products).toHaveLength(2);
    const stray: XCell[][] = [HEADER, [...product({}), "заметка"], [...product({}), "ещё"]];
    const result = ok(await read(xlsxFile(sheetXml(stray))));
    expect(result.products).toEqual([]);
    expect(result.invalid.map((p) => p.issues)).toEqual([
      [
        {
          ref: { kind: "rows", rows: [2] },
          field: "H",
          code: "untitled-column",
          params: { column: "H", value: "заметка" },
        },
      ],
      [
        {
          ref: { kind: "rows", rows: [3] },
          field: "H",
          code: "untitled-column",
          params: { column: "H", value: "ещё" },
        },
      ],
    ]);
  });

  it("matches Russian and Kazakh titles", async () => {
    const rows: XCell[][] = [
      [
        "Категория",
        "Бренд",
        "Название",
        "Атауы",
        "Описание",
        "НДС",
        "Баға",
        "Штрихкод",
        "Фото 1",
        "Фото 2",
      ],
      [
        { n: 1 },
        { n: 2 },
        "Куртка",
        "Күртеше",
        "Тёплая",
        { n: 12 },
        { n: 100 },
        "4600000000001",
        "https://a.kz/1.jpg",
        "https://a.kz/2.jpg",
      ],
    ];
    const result = ok(await read(xlsxFile(sheetXml(rows))));
    expect(result.invalid).toEqual([]);
    expect(result.products[0]!.product).toMatchObject({
      categoryId: 1,
      brandId: 2,
      name: { rus: "Куртка", kaz: "Күртеше" },
      vat: 12,
      skus: [{ price: 100, barcode: "4600000000001", photos: [{ order: 1 }, { order: 2 }] }],
    });
  });

  it("takes the first visible sheet whose header matches and names it", async () => {
    const lookup = sheetXml([
      ["categoryId", "name.rus"],
      [{ n: 9 }, "Справочник"],
    ]);
    const help = sheetXml([["Как заполнять"], ["Цена — в тенге"]]);
    const products = sheetXml([HEADER, product({})]);
    const file = xlsxFile(undefined, {
      sheets: [
        { name: "Списки", xml: lookup, hidden: true },
        { name: "Инструкция", xml: help },
        { name: "Товары", xml: products },
      ],
    });
    const result = ok(await read(file));
    expect(result.reading?.sheet).toEqual({ name: "Товары", index: 3, count: 3 });
    const none = xlsxFile(undefined, {
      sheets: [
        { name: "Инструкция", xml: help },
        { name: "Товары", xml: products, hidden: true },
        { name: "Заметки", xml: help },
      ],
    });
    expect(await read(none)).toMatchObject({ ok: false, reason: "no-products-sheet" });
    expect(result.products[0]!.product.name.rus).toBe("Куртка");
  });
});
