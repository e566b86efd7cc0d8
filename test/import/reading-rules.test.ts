/**
 * Three reading rules, on files the programs that make them saved (test/fixtures/real, made by
 * gen/reading_rules.py): a price whose number format shows another currency is named, an empty
 * cell written as a typed string cell with no value is empty, and a barcode a converter wrote
 * from a number cell into a CSV or JSON is restored where its check digit proves it, else
 * named. What the seller reads is checked in both languages.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createI18n, type Locale, translator } from "../../src/i18n.js";
import { readingLines } from "../../src/import/confirm.js";
import { formatLine, problemLines } from "../../src/import/problems.js";
import { parseImportFile } from "../../src/import/read/parse.js";
import type { ImportFileResult } from "../../src/import/types.js";
import { currencyOfText } from "../../src/sheets/read/currency.js";
import { builtInFormat, formatCurrency } from "../../src/sheets/read/numfmt.js";
import { sheetXml, xlsxFile } from "../fixtures/import/xlsx.js";
import { sharedParsedRead } from "../support/shared.js";

const readImportFile = sharedParsedRead();
const i18n = createI18n(() => undefined);
const FILES = new URL("../fixtures/real/files/", import.meta.url);
const OPTIONS = { vatRates: [0, 12] };

async function read(file: string): Promise<Extract<ImportFileResult, { ok: true }>> {
  const bytes = new Uint8Array(readFileSync(new URL(file, FILES)));
  const result = await readImportFile({ bytes, fileName: file }, OPTIONS);
  if (!result.ok) throw new Error(`${file} refused: ${result.reason}`);
  return result;
}

/** The problem lines as the seller reads them, HTML tags dropped. */
function lines(result: Extract<ImportFileResult, { ok: true }>, language: Locale): string[] {
  const t = translator(i18n, language);
  return problemLines(t, result.invalid).map((l) => formatLine(t, l).replace(/<[^>]+>/g, ""));
}

const reading = (result: Extract<ImportFileResult, { ok: true }>, language: Locale) =>
  readingLines(translator(i18n, language), result.format, result.reading).join("\n");

const barcodes = (result: Extract<ImportFileResult, { ok: true }>) =>
  result.products.map((p) => p.product.skus?.[0]?.barcode ?? null);

describe("a price shown in another currency is named, never sent as tenge", () => {
  it("names the currency a number format shows from its text and locale tags", () => {
    const cases: [string, string | undefined][] = [
      ["#,##0.00\\ [$₽-419]", "RUB"],
      ["#,##0.00 [$₽-419];[RED]-#,##0.00 [$₽-419]", "RUB"],
      ['_-* #,##0.00 "р."_-;-* #,##0.00 "р."_-;_-* "-"?? "р."_-;_-@_-', "RUB"],
      ['#,##0.00\\ "₽"', "RUB"],
      ["[$$-409]#,##0.00", "USD"],
      ['"$"#,##0.00', "USD"],
      ["$#,##0_);($#,##0)", "USD"],
      ["[$USD]\\ #,##0.00", "USD"],
      ["#,##0.00 [$€-407]", "EUR"],
      ["#,##0.00 €", "EUR"],
      ["[$zł-415]#,##0.00", "other"],
      [builtInFormat(7), "locale"],
      [builtInFormat(44), "locale"],
      // Tenge, or no currency shown.
      ["#,##0.00\\ [$₸-43F]", undefined],
      ['#,##0.00" тг"', undefined],
      ["[$KZT]\\ #,##0.00", undefined],
      ['#,##0.00\\ "тенге"', undefined],
      ['_-* #,##0.00\\ _₽_-;\\-* #,##0.00\\ _₽_-;_-* "-"??\\ _₽_-;_-@_-', undefined],
      ["[$-419]#,##0.00", undefined],
      ['d mmmm yyyy "г."', undefined],
      ['0" шт."', undefined],
      [builtInFormat(4), undefined],
      ["General", undefined],
    ];
    for (const [code, currency] of cases) expect(formatCurrency(code)?.code, code).toBe(currency);
  });

  it("reads the currency of a text price, and only when nothing else is beside the number", () => {
    const cases: [string, string | undefined][] = [
      ["2 890,00 ₽", "RUB"],
      ["1990 руб.", "RUB"],
      ["1 990 р.", "RUB"],
      ["$19.90", "USD"],
      ["US$ 5", "USD"],
      ["19,90 EUR", "EUR"],
      ["100 у.е.", "other"],
      ["1 990 ₸", undefined],
      ["990 тг", undefined],
      ["по запросу", undefined],
      ["1990 руб/шт", undefined],
      ["12.5", undefined],
    ];
    for (const [text, currency] of cases) expect(currencyOfText(text)?.code, text).toBe(currency);
  });

  it("names rubles, dollars, euros and a computer's currency in openpyxl's and XlsxWriter's files (ru, kk)", async () => {
    const openpyxl = await read("openpyxl-currency-formats.xlsx");
    const ru = lines(openpyxl, "ru");
    expect(ru[0]).toBe(
      "• Строка 2 · Цена: «12 345,50 ₽» — цена в рублях. Сервис принимает цены только в тенге, а пересчитывать их я не берусь: впишите цену в тенге и задайте ячейке числовой формат или денежный с ₸",
    );
    expect(ru).toContainEqual(
      expect.stringMatching(/^• Строка 3 · Цена: «\$12 345,50» — цена в долларах\./),
    );
    expect(ru).toContainEqual(
      expect.stringMatching(/^• Строка 4 · Цена: «12 345,50 €» — цена в евро\./),
    );
    expect(ru).toContainEqual(
      expect.stringMatching(/^• Строка 6 · Цена: «12 345,50 р\.» — цена в рублях\./),
    );
    // openpyxl's `"$"#,##0.00_);(…)` is the built-in format 7: the computer's own currency.
    expect(ru).toContainEqual(
      expect.stringContaining(
        "Строка 7 · Цена: «12 345,50» — цена в денежном формате, а валюту в нём показывает компьютер",
      ),
    );
    expect(ru).toContainEqual(
      expect.stringMatching(/^• Строка 12 · Цена: «2 890,00 ₽» — цена в рублях\./),
    );
    expect(ru).toHaveLength(7);
    const kk = lines(openpyxl, "kk");
    expect(kk[0]).toBe(
      "• 2-жол · Баға: «12 345,50 ₽» — баға рубльмен. Сервис бағаларды тек теңгемен қабылдайды, ал мен оларды қайта есептемеймін: бағаны теңгемен жазып, ұяшыққа сандық пішімді немесе ₸ бар ақшалай пішімді беріңіз",
    );
    expect(kk).toContainEqual(
      expect.stringMatching(/^• 4-жол · Баға: «12 345,50 €» — баға еуромен\./),
    );
    // Tenge formats, and the accounting format whose `_₽` is a space, are sent as they show.
    expect(openpyxl.products.map((p) => p.ref)).toEqual(
      [8, 9, 10, 11].map((r) => ({ kind: "rows", rows: [r] })),
    );
    expect(openpyxl.products.map((p) => p.product.skus?.[0]?.price)).toEqual([
      12345.5, 12345.5, 12345.5, 12345.5,
    ]);

    const xlsxwriter = lines(await read("xlsxwriter-currency-formats.xlsx"), "ru");
    expect(xlsxwriter).toContainEqual(
      expect.stringMatching(/^• Строка 3 · Цена: «USD 12 345,50» — цена в долларах\./),
    );
    expect(xlsxwriter).toContainEqual(
      expect.stringMatching(/^• Строка 6 · Цена: «zł12 345,50» — цена в другой валюте \(zł\)\./),
    );
    const kkOther = lines(await read("xlsxwriter-currency-formats.xlsx"), "kk");
    expect(kkOther).toContainEqual(
      expect.stringMatching(/^• 6-жол · Баға: «zł12 345,50» — баға басқа валютамен \(zł\)\./),
    );
  });

  it("names the number cells LibreOffice ru-RU made of a CSV's ruble prices as the text itself", async () => {
    for (const file of ["lo-ru-rub-prices.xlsx", "pycsv-rub-prices.csv"]) {
      const result = await read(file);
      expect(lines(result, "ru"), file).toEqual([
        expect.stringMatching(/^• Строка 2 · Цена: «2 890,00 ₽» — цена в рублях\./),
        expect.stringMatching(/^• Строка 3 · Цена: «990,00 ₽» — цена в рублях\./),
      ]);
      expect(result.products.map((p) => p.product.skus?.[0]?.price)).toEqual([1234]);
    }
  });

  it("names a JSON price in quotes with a ruble sign as rubles, not as a number in quotes", async () => {
    const product = {
      categoryId: 1,
      brandId: 2,
      name: { rus: "Куртка" },
      description: { rus: "Тёплая" },
      skus: [{ price: "2890 ₽", barcode: "4870000000012" }],
    };
    const bytes = new TextEncoder().encode(JSON.stringify({ products: [product] }));
    const result = await parseImportFile({ bytes, fileName: "a.json" }, OPTIONS);
    if (!result.ok) throw new Error(result.reason);
    expect(lines(result, "ru")).toEqual([
      expect.stringMatching(/^• Товар № 1 · Цена: «2890 ₽» — цена в рублях\./),
    ]);
  });

  it("reads ids and VAT under a whole row's ruble format as the numbers they are: only a price is a sum", async () => {
    const header = ["categoryId", "brandId", "name.rus", "description.rus", "vat", "price"];
    const rubles = { s: 1 };
    const rows = [
      header,
      [
        { n: 101, ...rubles },
        { n: 504, ...rubles },
        "Куртка",
        "Тёплая",
        { n: 12, ...rubles },
        { n: 990 },
      ],
      [{ n: 101, ...rubles }, { n: 504 }, "Шапка", "Вязаная", { n: 12 }, { n: 990, ...rubles }],
    ];
    const bytes = xlsxFile(sheetXml(rows), { formats: ['_-* #,##0 "р."_-'] });
    const result = await parseImportFile({ bytes, fileName: "a.xlsx" }, OPTIONS);
    if (!result.ok) throw new Error(result.reason);
    expect(result.products.map((p) => [p.product.categoryId, p.product.vat])).toEqual([[101, 12]]);
    expect(result.invalid.flatMap((p) => p.issues.map((i) => [i.field, i.code, i.params]))).toEqual(
      [["price", "foreign-currency", { value: "990 р.", currency: "RUB", sign: "р." }]],
    );
  });
});

describe("an empty cell written as a typed string cell with no value is empty", () => {
  it('reads XlsxWriter\'s file with <c t="s"/>, <c t="str"><v/></c> and empty inline strings as empty (ru, kk)', async () => {
    const result = await read("xlsxwriter-empty-typed-cells.xlsx");
    // Not one product keyed "productKey" (shared string 0), nor "productKey" as a name or barcode.
    expect(JSON.stringify(result.products)).not.toContain("productKey");
    expect(result.products.map((p) => p.ref)).toEqual(
      [2, 3, 5].map((r) => ({ kind: "rows", rows: [r] })),
    );
    expect(result.products[0]!.product.name).toEqual({ rus: "Кабель USB-C 1 м" });
    expect(barcodes(result)).toEqual(["4870000000012", null, "4870000000043"]);
    expect(lines(result, "ru")).toEqual([
      "• Строка 4 · Описание (рус.): обязательное поле не заполнено (сейчас: пусто). Заполните его",
    ]);
    expect(lines(result, "kk")).toEqual([
      "• 4-жол · Сипаттамасы (орыс.): міндетті өріс толтырылмаған (қазір: бос). Оны толтырыңыз",
    ]);
  });

  it("reads openpyxl's file, which has no shared strings, rather than refusing it as damaged", async () => {
    const result = await read("openpyxl-empty-typed-cells.xlsx");
    expect(result.invalid).toEqual([]);
    expect(result.products).toHaveLength(3);
    expect(result.products[1]!.product.name).toEqual({ rus: "Зарядное устройство 20 Вт" });
    expect(barcodes(result)).toEqual(["4870000000012", "4870000000029", null]);
  });

  it("takes a boolean, date or number cell with no value as empty, not FALSE or 0", async () => {
    const header = ["categoryId", "brandId", "name.rus", "description.rus", "price", "isLocalMade"];
    const row = [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }];
    const rows = [
      header,
      [...row, { xml: '<c r="F2" t="b"/>' }],
      [...row, { xml: '<c r="F3" t="b"><v></v></c>' }],
      [row[0]!, row[1]!, row[2]!, row[3]!, { xml: '<c r="E4" t="n"><v> </v></c>' }],
    ];
    const result = await parseImportFile(
      { bytes: xlsxFile(sheetXml(rows)), fileName: "a.xlsx" },
      OPTIONS,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.products.map((p) => p.product.isLocalMade)).toEqual([undefined, undefined]);
    expect(result.invalid.flatMap((p) => p.issues.map((i) => [i.field, i.code]))).toEqual([
      ["price", "required"],
    ]);
  });
});

describe("a barcode a converter wrote from a number cell into a CSV or JSON", () => {
  const RESTORED = [
    "4870000000012",
    "0460000123459",
    "0012345678905",
    "0036000291452",
    "0725272730706",
    "48700016",
    "14870000000019",
  ];

  it("gets the number-cell rule's treatment in every converter's file", async () => {
    for (const file of [
      "openpyxl-number-barcodes.xlsx",
      "pandas-excel-barcodes.csv",
      "pandas-excel-barcodes.json",
      "pandas-excel-barcodes-text.json",
      "lo-ru-number-barcodes.csv",
      "pyjson-api-barcodes.json",
    ]) {
      const result = await read(file);
      expect(barcodes(result), file).toEqual(RESTORED);
      const named = result.invalid.flatMap((p) => p.issues.map((i) => i.params?.value));
      expect(named, file).toEqual(["460000012341", "123456789"]);
      expect(
        result.reading?.notes?.map((n) => n.params?.count),
        file,
      ).toEqual([4]);
    }
  });

  it("says which rows were restored and names the others with what to do (ru, kk)", async () => {
    const csv = await read("pandas-excel-barcodes.csv");
    expect(reading(csv, "ru")).toContain(
      "ℹ️ Штрихкоды короче 13 цифр (4, строки 3, 4, 5, 6), похоже, потеряли нули в начале, когда таблицу сохраняли в этот файл; я восстановил их до 13 цифр",
    );
    expect(reading(csv, "kk")).toContain("ℹ️ 13 цифрдан қысқа штрихкодтар (4, 3, 4, 5, 6-жол)");
    expect(lines(csv, "ru")).toEqual([
      "• Строка 7 · Штрихкод: в штрихкоде «460000012341» 12 цифр, а нужно 13 (или 8 в коротком EAN-8), и с нулями в начале он не проходит проверку контрольной цифры. Похоже, нули в начале потерялись, когда таблицу сохраняли в этот файл: впишите штрихкод полностью, как на упаковке, и сохраните колонку как текст",
      expect.stringMatching(/^• Строка 8 · Штрихкод: в штрихкоде «123456789» 9 цифр, а нужно 13/),
    ]);
    expect(lines(csv, "kk")[1]).toMatch(
      /^• 8-жол · Штрихкод: «123456789» штрихкодында 9 цифр бар, ал 13 керек/,
    );

    const json = await read("pyjson-api-barcodes.json");
    expect(reading(json, "ru")).toContain("(4, товары № 2, 3, 4, 5)");
    expect(reading(json, "kk")).toContain("(4, № 2, 3, 4, 5 тауар)");
    expect(lines(json, "ru")[0]).toMatch(
      /^• Товар № 6 · Штрихкод: в штрихкоде «460000012341» 12 цифр/,
    );
  });

  it("keeps a 13-digit code's leading zeros and an XLSX text cell's short code as they are", async () => {
    const header = ["categoryId", "brandId", "name.rus", "description.rus", "price", "barcode"];
    const row = (code: string) => [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }, code];
    // In an XLSX a text cell shows what was typed: no zeros were lost by a number.
    const result = await parseImportFile(
      {
        bytes: xlsxFile(sheetXml([header, row("0460000123459"), row("12345")])),
        fileName: "a.xlsx",
      },
      OPTIONS,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.products.map((p) => p.product.skus?.[0]?.barcode)).toEqual([
      "0460000123459",
      "12345",
    ]);
  });
});
