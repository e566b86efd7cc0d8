import fc from "fast-check";
import { describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { crlf, encodeCp1251, storedZip, utf8 } from "../../doubles/files/encode.js";
import { parseImportFile as readImportFile } from "../../src/import/read/parse.js";
import type { ImportFileResult, ReadOptions } from "../../src/import/types.js";
import { importProductSchema } from "../../src/seller-api/schemas.js";

const DEFAULT: ReadOptions = { vatRates: [0, 12] };
const NBSP = "\u00a0";

function read(bytes: Uint8Array, fileName = "products.csv", options: ReadOptions = DEFAULT) {
  return readImportFile({ bytes, fileName }, options);
}

/** Narrows to a successful read, failing the test with the rejection otherwise. */
function ok(result: ImportFileResult) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result;
}

const rows = (...r: number[]) => ({ kind: "rows", rows: r }) as const;
const position = (p: number) => ({ kind: "position", position: p }) as const;

const RU_HEADER =
  "productKey;categoryId;brandId;name.rus;name.kaz;description.rus;vat;isLocalMade;attributes.color;skuId;attributeValueCodes;price;barcode;photos";

describe("CSV as Russian Excel writes it (Windows-1251, `;`, CRLF)", () => {
  const file = (nameKaz: string) =>
    crlf(
      RU_HEADER,
      `K1;101;202;Куртка зимняя;${nameKaz};"Тёплая; с ""капюшоном""\r\nвторая строка";12;Да;red|blue;;size-s;1${NBSP}234,50;0004600000001;https://cdn.example/1.jpg|https://cdn.example/2.jpg`,
      "K1;;;;;;;;;;size-m;999;0004600000002;",
    );

  it("reads the product with its two SKUs, rows numbered as Excel shows them", async () => {
    const result = ok(await read(encodeCp1251(file("Жылы киім"))));
    expect(result.format).toBe("csv");
    expect(result.invalid).toEqual([]);
    expect(result.warnings).toEqual([{ code: "windows-1251" }]);
    expect(result.products).toEqual([
      {
        ref: rows(2, 3),
        skuRefs: [rows(2), rows(3)],
        product: {
          categoryId: 101,
          brandId: 202,
          name: { rus: "Куртка зимняя", kaz: "Жылы киім" },
          description: { rus: 'Тёплая; с "капюшоном"\r\nвторая строка' },
          vat: 12,
          isLocalMade: true,
          attributes: [{ code: "color", valueCodes: ["red", "blue"] }],
          skus: [
            {
              attributeValueCodes: ["size-s"],
              price: 1234.5,
              barcode: "0004600000001",
              photos: [
                { mediaFile: "https://cdn.example/1.jpg", order: 1 },
                { mediaFile: "https://cdn.example/2.jpg", order: 2 },
              ],
            },
            { attributeValueCodes: ["size-m"], price: 999, barcode: "0004600000002" },
          ],
        },
      },
    ]);
    expect(importProductSchema.safeParse(result.products[0]!.product).success).toBe(true);
  });

  it("warns, and flags the product, when Kazakh letters became `?`", async () => {
    const result = ok(await read(encodeCp1251(file("Жақсы күрте"))));
    expect(result.warnings).toEqual([
      { code: "windows-1251" },
      { code: "kazakh-letters-lost", rows: [2] },
    ]);
    expect(result.products).toEqual([]);
    expect(result.invalid).toEqual([
      {
        ref: rows(2, 3),
        issues: [
          {
            ref: rows(2),
            field: "name.kaz",
            code: "kazakh-letters-lost",
            params: { value: "Жа?сы к?рте" },
          },
        ],
      },
    ]);
  });

  it("does not take a question mark ending a sentence for a lost letter", async () => {
    const text = crlf(
      "categoryId;brandId;name.rus;description.rus;description.kaz;price",
      "1;2;Шапка;Тёплая;Неге?;100",
    );
    const result = ok(await read(encodeCp1251(text)));
    expect(result.warnings).toEqual([{ code: "windows-1251" }]);
    expect(result.products).toHaveLength(1);
  });
});

describe("CSV in UTF-8", () => {
  it("reads a UTF-8 BOM file separated by `,` with quoted commas", async () => {
    const text = [
      "CategoryId,BRANDID, name.rus ,description.rus,price,barcode,isLocalMade",
      '7,8,"Шапка, вязаная",Тёплая,1234.5,0123456789012,жоқ',
      '7,8,Шарф,Длинный,"1 234,5",,иә',
    ].join("\n");
    const result = ok(await read(utf8(text, true)));
    expect(result.warnings).toEqual([]);
    expect(result.invalid).toEqual([]);
    expect(result.products.map((p) => [p.ref, p.product])).toEqual([
      [
        rows(2),
        {
          categoryId: 7,
          brandId: 8,
          isLocalMade: false,
          name: { rus: "Шапка, вязаная" },
          description: { rus: "Тёплая" },
          skus: [{ price: 1234.5, barcode: "0123456789012" }],
        },
      ],
      [
        rows(3),
        {
          categoryId: 7,
          brandId: 8,
          isLocalMade: true,
          name: { rus: "Шарф" },
          description: { rus: "Длинный" },
          skus: [{ price: 1234.5 }],
        },
      ],
    ]);
  });

  it("takes the separator under which the header is found, not the most regular one", async () => {
    // Rows that leave out their empty last cells split irregularly on `;`, while each price's
    // decimal comma splits every row regularly on `,`.
    const text = [
      "categoryId;brandId;name.rus;description.rus;price;barcode",
      "7;8;Шапка;Тёплая;1 234,5;0123456789012",
      "7;8;Шарф;Длинный;99,9",
      "7;8;Варежки;Тёплые;150,25",
    ].join("\r\n");
    const result = ok(await read(utf8(text)));
    expect(result.reading).toMatchObject({ delimiter: ";" });
    expect(result.invalid).toEqual([]);
    expect(result.products.map((p) => p.product.skus?.map((s) => s.price))).toEqual([
      [1234.5],
      [99.9],
      [150.25],
    ]);
  });

  it("groups rows by productKey (3 SKUs) and reports a disagreeing row as a conflict", async () => {
    const text = crlf(
      "productKey;categoryId;brandId;name.rus;description.rus;skuId;price",
      "A;1;2;Платье;Летнее;11;100",
      "B;1;2;Юбка;Длинная;;200",
      "A;;;;;12;101",
      ";1;2;Носки;Хлопок;;50",
      "A;1;;платье  ;;13;102",
      "B;3;2;;;;210",
    );
    const result = ok(await read(utf8(text)));
    expect(result.products).toEqual([
      {
        ref: rows(2, 4, 6),
        skuRefs: [rows(2), rows(4), rows(6)],
        product: {
          categoryId: 1,
          brandId: 2,
          name: { rus: "Платье" },
          description: { rus: "Летнее" },
          skus: [
            { skuId: 11, price: 100 },
            { skuId: 12, price: 101 },
            { skuId: 13, price: 102 },
          ],
        },
      },
      {
        ref: rows(5),
        skuRefs: [rows(5)],
        product: {
          categoryId: 1,
          brandId: 2,
          name: { rus: "Носки" },
          description: { rus: "Хлопок" },
          skus: [{ price: 50 }],
        },
      },
    ]);
    expect(result.invalid).toEqual([
      {
        ref: rows(3, 7),
        issues: [
          {
            ref: rows(7),
            field: "categoryId",
            code: "conflict",
            params: { value: "3", rows: "3, 7" },
          },
        ],
      },
    ]);
  });

  it("reads a group's rows as the product its productId names, and names them when it names two", async () => {
    const result = ok(
      await read(
        utf8(
          crlf(
            "productKey;productId;categoryId;brandId;name.rus;description.rus;skuId;price",
            "K1;10002;;;;;20002;450090",
            "K1;;;;;;20003;495090",
            "K2;10003;;;;;;1000",
            "K2;10004;;;;;;2000",
            "K2;;;;;;;3000",
            "K3;;101;202;Новый;Описание;;990",
          ),
        ),
      ),
    );
    const edits = result.edits!.rows.map((r) => [r.row, r.productId, r.skuId, r.issues]);
    expect(edits).toEqual([
      [2, 10002, 20002, []],
      [3, 10002, 20003, []],
      [4, 10003, undefined, []],
      [5, 10004, undefined, []],
      [6, 0, undefined, [{ field: "productId", code: "conflict" }]],
    ]);
    // Only the group naming no product is a new one.
    expect(result.products.map((p) => p.product.name.rus)).toEqual(["Новый"]);
    expect(result.invalid).toEqual([]);
  });

  it("collects every issue of a row, each on its column", async () => {
    const text = crlf(
      "categoryId;brandId;name.rus;description.rus;isLocalMade;price;photos",
      "x1;5;Кепка;Летняя;может быть;-5;https://ok.example/a.jpg",
      ";;;;;;",
      ";5;;Описание;;12,5;ftp://bad.example/a.jpg",
    );
    const result = ok(await read(utf8(text)));
    expect(result.products).toEqual([]);
    expect(result.invalid).toEqual([
      {
        ref: rows(2),
        issues: [
          { ref: rows(2), field: "categoryId", code: "not-a-number", params: { value: "x1" } },
          {
            ref: rows(2),
            field: "isLocalMade",
            code: "not-a-boolean",
            params: { value: "может быть" },
          },
          { ref: rows(2), field: "price", code: "not-positive", params: { value: "-5" } },
        ],
      },
      {
        ref: rows(4),
        issues: [
          { ref: rows(4), field: "categoryId", code: "required", params: { value: "" } },
          { ref: rows(4), field: "name.rus", code: "required", params: { value: "" } },
          {
            ref: rows(4),
            field: "photos",
            code: "invalid-url",
            params: { value: "ftp://bad.example/a.jpg" },
          },
        ],
      },
    ]);
  });

  it("points SKU issues at the SKU's own row", async () => {
    const text = crlf(
      "productKey;categoryId;brandId;name.rus;description.rus;price;skuId",
      "P;1;2;Кофта;Шерсть;100;",
      "P;;;;;;1.5",
    );
    const result = ok(await read(utf8(text)));
    expect(result.invalid).toEqual([
      {
        ref: rows(2, 3),
        issues: [
          { ref: rows(3), field: "price", code: "required", params: { value: "" } },
          { ref: rows(3), field: "skuId", code: "not-an-integer", params: { value: "1.5" } },
        ],
      },
    ]);
  });

  it("names every row that has data in an unknown column, with the value", async () => {
    const text = crlf(
      "categoryId;brandId;name.rus;description.rus;price;prise;comment;",
      "1;2;Шапка;Тёплая;100;100;;",
      "1;2;Шарф;Длинный;200;;;",
    );
    const result = ok(await read(utf8(text)));
    expect(result.invalid).toEqual([
      {
        ref: rows(2),
        issues: [
          {
            ref: rows(2),
            field: "prise",
            code: "unknown-field",
            params: { column: "F", value: "100" },
          },
        ],
      },
    ]);
    expect(result.products.map((p) => p.ref)).toEqual([rows(3)]);
  });

  it("accepts VAT 16 only when it is configured", async () => {
    const text = crlf(
      "categoryId;brandId;name.rus;description.rus;vat;price",
      "1;2;Шапка;Тёплая;16;100",
    );
    const refused = ok(await read(utf8(text)));
    expect(refused.invalid).toEqual([
      {
        ref: rows(2),
        issues: [
          {
            ref: rows(2),
            field: "vat",
            code: "vat-not-allowed",
            params: { value: "16", allowed: "0, 12" },
          },
        ],
      },
    ]);
    const accepted = ok(await read(utf8(text), "a.csv", { vatRates: [0, 16] }));
    expect(accepted.invalid).toEqual([]);
    expect(accepted.products[0]!.product.vat).toBe(16);
  });

  it("rejects files that are not product lists", async () => {
    expect(await read(utf8("foo;bar\r\n1;2\r\n"))).toEqual({
      ok: false,
      format: "csv",
      reason: "not-product-list",
      params: { expected: "categoryId, brandId, name.rus, description.rus, price" },
    });
    expect(await read(utf8("categoryId;price\r\n;;\r\n"))).toEqual({
      ok: false,
      format: "csv",
      reason: "empty",
    });
    expect(await read(utf8('categoryId;price\r\n1;"100\r\n'))).toMatchObject({
      ok: false,
      reason: "bad-csv",
    });
  });
});

describe("XLSX", () => {
  it("reads the first sheet with numeric cells right and Excel's row numbers", async () => {
    const num = (value: number) => ({ value, type: Number });
    const str = (value: string) => ({ value, type: String });
    const sheet = [
      [
        "productKey",
        "categoryId",
        "brandId",
        "name.rus",
        "description.rus",
        "price",
        "barcode",
      ].map(str),
      [
        str("A"),
        num(101),
        num(202),
        str("Куртка"),
        str("Тёплая"),
        num(1234.5),
        str("0004600000001"),
      ],
      [str("A"), null, null, null, null, num(999.99), num(4600000000002)],
      [null, null, null, null, null, null, null],
      [null, num(3), num(4), str("Шапка"), str("Вязаная"), str("1 234,50"), null],
      [null, num(3), str("x"), str("Шарф"), str("Длинный"), num(0), null],
    ];
    const buffer = await writeExcelFile(sheet as never).toBuffer();
    const result = ok(await read(new Uint8Array(buffer), "products.xlsx"));
    expect(result.format).toBe("xlsx");
    expect(result.products).toEqual([
      {
        ref: rows(2, 3),
        skuRefs: [rows(2), rows(3)],
        product: {
          categoryId: 101,
          brandId: 202,
          name: { rus: "Куртка" },
          description: { rus: "Тёплая" },
          skus: [
            { price: 1234.5, barcode: "0004600000001" },
            { price: 999.99, barcode: "4600000000002" },
          ],
        },
      },
      {
        ref: rows(5),
        skuRefs: [rows(5)],
        product: {
          categoryId: 3,
          brandId: 4,
          name: { rus: "Шапка" },
          description: { rus: "Вязаная" },
          skus: [{ price: 1234.5 }],
        },
      },
    ]);
    expect(result.invalid).toEqual([
      {
        ref: rows(6),
        issues: [
          { ref: rows(6), field: "brandId", code: "not-a-number", params: { value: "x" } },
          { ref: rows(6), field: "price", code: "not-positive", params: { value: "0" } },
        ],
      },
    ]);
  });

  it("refuses a zip bomb before the spreadsheet library unpacks it", async () => {
    const sheet = `<worksheet>${" ".repeat(10_000_000)}</worksheet>`;
    const files = { "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": sheet };
    const lying = storedZip(files, {
      "xl/worksheets/sheet1.xml": { deflate: true, declaredSize: 1000 },
    });
    expect(lying.length).toBeLessThan(100_000);
    expect(await read(lying, "a.xlsx")).toMatchObject({ ok: false, reason: "bad-xlsx" });
    const huge = storedZip(files, {
      "xl/worksheets/sheet1.xml": { deflate: true, declaredSize: 2 ** 32 - 1 },
    });
    expect(await read(huge, "a.xlsx")).toEqual({
      ok: false,
      reason: "zip-too-large",
      params: { max: 400 },
    });
  });

  it("refuses a broken spreadsheet", async () => {
    const zip = storedZip({ "xl/workbook.xml": "<workbook/>", "[Content_Types].xml": "<x/>" });
    expect(await read(zip, "a.xlsx")).toMatchObject({ ok: false, reason: "bad-xlsx" });
  });
});

describe("JSON", () => {
  const product = {
    productId: null,
    categoryId: 1,
    brandId: 2,
    name: { rus: "Куртка", kaz: "Күрте" },
    description: { rus: "Тёплая" },
    vat: 0,
    skus: [
      {
        price: 100,
        barcode: "0004600000001",
        photos: [{ mediaFile: "https://x.example/1.jpg", order: 1 }],
      },
    ],
  };

  it("reads the API's request shape and a bare array alike", async () => {
    for (const text of [
      JSON.stringify({ products: [product, product] }),
      JSON.stringify([product, product]),
    ]) {
      const result = ok(await read(utf8(` \n${text}`), "import.json"));
      expect(result.format).toBe("json");
      expect(result.invalid).toEqual([]);
      expect(result.products.map((p) => p.ref)).toEqual([position(1), position(2)]);
      expect(result.products[1]!.skuRefs).toEqual([position(2)]);
      expect(result.products[0]!.product).toEqual(product);
    }
  });

  it("is recognised by content whatever the name", async () => {
    const result = ok(await read(utf8(JSON.stringify([product]), true), "export.csv"));
    expect(result.format).toBe("json");
  });

  it("reports unknown properties and bad values with their JSON paths", async () => {
    const bad = {
      ...product,
      colour: "red",
      vat: 16,
      skus: [
        product.skus[0],
        { price: "100", extra: true, photos: [{ mediaFile: "x", order: 0 }] },
      ],
    };
    const result = ok(await read(utf8(JSON.stringify({ products: [product, bad] })), "a.json"));
    expect(result.products.map((p) => p.ref)).toEqual([position(1)]);
    expect(result.invalid).toEqual([
      {
        ref: position(2),
        issues: [
          {
            ref: position(2),
            field: "vat",
            code: "vat-not-allowed",
            params: { value: "16", allowed: "0, 12" },
          },
          {
            ref: position(2),
            field: "skus[1].price",
            code: "number-in-quotes",
            params: { value: "100" },
          },
          {
            ref: position(2),
            field: "skus[1].photos[0].mediaFile",
            code: "invalid-url",
            params: { value: "x" },
          },
          {
            ref: position(2),
            field: "skus[1].photos[0].order",
            code: "not-positive",
            params: { value: "0" },
          },
          {
            ref: position(2),
            field: "skus[1].extra",
            code: "unknown-field",
            params: { value: "true" },
          },
          { ref: position(2), field: "colour", code: "unknown-field", params: { value: "red" } },
        ],
      },
    ]);
  });

  it("rejects wrong shapes, empty lists and broken JSON", async () => {
    expect(await read(utf8('{"items": []}'), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "not-product-list",
      params: { expected: '{"products": [ … ]}' },
    });
    expect(await read(utf8("[]"), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "empty",
    });
    expect(await read(utf8('{"products": [1, 2]}'), "a.json")).toMatchObject({
      ok: false,
      reason: "not-product-list",
    });
    expect(await read(utf8('{\n"products": [\n{,}]}'), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "bad-json",
      params: { line: 3, column: 2 },
    });
  });
});

describe("hostile and odd inputs", () => {
  it("refuses a file over the size cap before anything else", async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x41);
    expect(await read(big)).toEqual({
      ok: false,
      reason: "too-large",
      params: { max: 20, maxBytes: 20 * 1024 * 1024 },
    });
    const small = { ...DEFAULT, maxBytes: 1000 };
    expect(await read(new Uint8Array(1001), "a.csv", small)).toMatchObject({
      ok: false,
      reason: "too-large",
      params: { maxBytes: 1000 },
    });
    expect(await read(utf8("[]"), "a.json", small)).toMatchObject({ reason: "empty" });
  });

  it("refuses empty files", async () => {
    expect(await read(new Uint8Array())).toEqual({ ok: false, reason: "empty" });
    expect(await read(utf8(" \r\n\t"))).toMatchObject({ ok: false, reason: "empty" });
    expect(await read(utf8("categoryId;brandId;name.rus;description.rus;price\r\n"))).toEqual({
      ok: false,
      format: "csv",
      reason: "empty",
    });
  });

  it("refuses images, documents and binary junk", async () => {
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
    expect(await read(png, "photo.csv")).toEqual({
      ok: false,
      reason: "unsupported-type",
      params: { type: "png" },
    });
    const docx = storedZip({ "[Content_Types].xml": "<x/>", "word/document.xml": "<w:document/>" });
    expect(await read(docx, "products.docx")).toEqual({
      ok: false,
      reason: "unsupported-type",
      params: { type: "docx" },
    });
    expect(await read(utf8("%PDF-1.7\n..."), "a.pdf")).toMatchObject({
      reason: "unsupported-type",
    });
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    expect(await read(junk, "a.csv")).toEqual({ ok: false, reason: "binary" });
  });

  it("skips a million empty rows quickly and still numbers rows right", async () => {
    const header = "categoryId;brandId;name.rus;description.rus;price\r\n";
    const text = `${header}${";;;;\r\n".repeat(1_000_000)}1;2;Шапка;Тёплая;100\r\n`;
    const started = performance.now();
    const result = ok(await read(utf8(text)));
    // A net for work that grows with the square of the rows (minutes), not a speed check: a
    // loaded machine (two checks side by side) takes seconds for what an idle one does in one.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(result.products.map((p) => p.ref)).toEqual([rows(1_000_002)]);
    const onlyEmpty = await read(utf8(`${header}${"\r\n".repeat(1_000_000)}`));
    expect(onlyEmpty).toEqual({ ok: false, format: "csv", reason: "empty" });
  });

  it("refuses too many rows", async () => {
    const text = `categoryId;price\r\n${"1;2\r\n".repeat(11)}`;
    expect(await read(utf8(text), "a.csv", { ...DEFAULT, maxRows: 10 })).toEqual({
      ok: false,
      format: "csv",
      reason: "too-many-rows",
      params: { max: 10 },
    });
  });

  it("looks for the header in the first 30 non-empty rows only, and reads no further without one", async () => {
    const header = "categoryId;brandId;name.rus;description.rus;price";
    const titles = (n: number) => Array.from({ length: n }, (_, i) => `Прайс, лист ${i + 1};`);
    // Blank lines do not count; the header as the 30th non-empty row is found.
    const at30 = [...titles(29), "", header, "1;2;Шапка;Тёплая;100"].join("\r\n");
    expect(ok(await read(utf8(at30))).products.map((p) => p.ref)).toEqual([rows(32)]);
    // As the 31st it is not; nor is what follows read: the unclosed quote further down and the
    // rows past the cap would each be refused for their own reason in a product list.
    const rest = `${"1;2;3\r\n".repeat(20)}1;"unclosed\r\n`;
    const at31 = [...titles(30), header, rest].join("\r\n");
    expect(await read(utf8(at31), "a.csv", { ...DEFAULT, maxRows: 10 })).toEqual({
      ok: false,
      format: "csv",
      reason: "not-product-list",
      params: { expected: "categoryId, brandId, name.rus, description.rus, price" },
    });
    const withHeader = [...titles(3), header, rest].join("\r\n");
    expect(await read(utf8(withHeader), "a.csv", { ...DEFAULT, maxRows: 10 })).toMatchObject({
      ok: false,
      reason: "too-many-rows",
    });
  });

  it("reads a file shorter than the header search as a long one", async () => {
    // `"";""` is empty cells: a blank row, no problem.
    const lines = ["categoryId;brandId;name.rus;description.rus;price", "1;2;Шапка;Тёплая;100"];
    const blank = '"";"";"";"";""';
    const short = [...lines, blank, "1;2;Шарф;Тёплый;200"].join("\r\n");
    const result = ok(await read(utf8(short)));
    expect(result.products.map((p) => p.ref)).toEqual([rows(2), rows(4)]);
    expect(result.invalid).toEqual([]);
    // The same rows below 30 title rows (past the header search) read the same.
    const titles = Array.from({ length: 29 }, (_, i) => `Прайс, лист ${i + 1};`);
    const long = ok(await read(utf8([...titles, short].join("\r\n"))));
    expect(long.products.map((p) => p.product)).toEqual(result.products.map((p) => p.product));
    expect(long.invalid).toEqual([]);
  });

  it("reads a CRLF file whose title holds a bare LF with the rows Excel shows", async () => {
    // The file's line break is its first one, CRLF: the bare LF stays inside its cell.
    const text = [
      "",
      "Прайс\nна ноябрь;",
      "categoryId;brandId;name.rus;description.rus;price",
      "1;2;Шапка;Тёплая;100",
      "1;2;Шарф;Тёплый;200",
      "",
    ].join("\r\n");
    const result = ok(await read(utf8(text), "a.csv", { ...DEFAULT, maxRows: 3 }));
    expect(result.products.map((p) => p.ref)).toEqual([rows(4), rows(5)]);
  });

  it("refuses JSON nested 100 000 deep without crashing", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(await read(utf8(deep), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "bad-json",
    });
    const unclosed = `{"products": ${"{".repeat(100_000)}`;
    expect(await read(utf8(unclosed), "a.json")).toMatchObject({ ok: false, reason: "bad-json" });
  });

  it("answers every input without throwing", async () => {
    const csvish = fc
      .array(fc.constantFrom(";", ",", '"', "\r\n", "\n", "a", "1", "Ж", "?", "|", "{", "[", " "), {
        maxLength: 300,
      })
      .map((parts) => utf8(`categoryId;price;name.kaz\r\n${parts.join("")}`));
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 2000 }), csvish);
    await fc.assert(
      fc.asyncProperty(bytes, fc.constantFrom("a.csv", "a.json", "a.xlsx"), async (b, name) => {
        const result = await read(b, name);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });
});
