import { describe, expect, it } from "vitest";
import { crlf, encodeCp1251, storedZip, utf8 } from "../../doubles/files/encode.js";
import { parseImportFile } from "../../src/import/read/parse.js";
import type { ImportFileResult, ReadOptions } from "../../src/import/types.js";

/** Text files as sellers' programs save them, numbers by the file's convention, formats by name. */
const OPTIONS: ReadOptions = { vatRates: [0, 12] };
const read = (bytes: Uint8Array, fileName = "products.csv") =>
  parseImportFile({ bytes, fileName }, OPTIONS);

function ok(result: ImportFileResult) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result)}`);
  return result;
}

const prices = (r: Extract<ImportFileResult, { ok: true }>) =>
  r.products.map((p) => p.product.skus?.[0]?.price);

function utf16(text: string, endian: "le" | "be"): Uint8Array {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  if (endian === "le") return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

const HEAD = "categoryId;brandId;name.rus;description.rus;vat;price";

describe("values that would change on their way to the API are named", () => {
  it("names photo links separated by ';' or a space, and a price in rubles; '|' lists are read", async () => {
    const file = crlf(
      `${HEAD};photos`,
      "1;2;А;Б;12;1500;https://a.kz/1.jpg|https://a.kz/2.jpg",
      '1;2;В;Г;12;1500;"https://a.kz/1.jpg; https://a.kz/2.jpg"',
      "1;2;Д;Е;12;1500 руб;",
      "1;2;Ж;З;12;1500 ₸;https://a.kz/3.jpg https://a.kz/4.jpg",
    );
    const result = ok(await read(utf8(file)));
    expect(result.products).toHaveLength(1);
    expect(result.products[0]!.product.skus?.[0]?.photos).toEqual([
      { mediaFile: "https://a.kz/1.jpg", order: 1 },
      { mediaFile: "https://a.kz/2.jpg", order: 2 },
    ]);
    const named = result.invalid.flatMap((p) => p.issues.map((i) => [i.ref, i.field, i.code]));
    expect(named).toEqual([
      [{ kind: "rows", rows: [3] }, "photos", "photos-separator"],
      [{ kind: "rows", rows: [4] }, "price", "foreign-currency"],
      [{ kind: "rows", rows: [5] }, "photos", "photos-separator"],
    ]);
  });
});

describe("numbers by the file's own convention", () => {
  it("reads ru/kk numbers with any space or an apostrophe between thousands", async () => {
    const file = crlf(
      HEAD,
      "1;2;А;Б;12%;12 345,50",
      "1;2;В;Г;12;12\u00a0345,5",
      "1;2;Д;Е;0;12\u202f345",
      "1;2;Ж;З;0;1'234,5",
    );
    const result = ok(await read(utf8(file)));
    expect(prices(result)).toEqual([12345.5, 12345.5, 12345, 1234.5]);
    expect(result.products.map((p) => p.product.vat)).toEqual([12, 12, 0, 0]);
    expect(result.reading).toMatchObject({ decimalSeparator: ",", thousandsSeparator: " " });
  });

  it("reads an en-US file's 12,345 as twelve thousand when the file shows its decimal point", async () => {
    const file = crlf(
      "categoryId,brandId,name.rus,description.rus,price",
      '1,2,A,B,"12,345"',
      '1,2,C,D,"1,234.50"',
    );
    const result = ok(await read(utf8(file)));
    expect(prices(result)).toEqual([12345, 1234.5]);
    expect(result.reading).toMatchObject({
      delimiter: ",",
      decimalSeparator: ".",
      thousandsSeparator: ",",
    });
  });

  it("names a row whose 1,234 nothing in the file explains", async () => {
    const file = crlf(
      "categoryId,brandId,name.rus,description.rus,price",
      '1,2,A,B,"1,234"',
      "1,2,C,D,100",
    );
    const result = ok(await read(utf8(file)));
    expect(result.products).toHaveLength(1);
    expect(result.invalid).toEqual([
      {
        ref: { kind: "rows", rows: [2] },
        issues: [
          {
            ref: { kind: "rows", rows: [2] },
            field: "price",
            code: "ambiguous-number",
            params: { value: "1,234" },
          },
        ],
      },
    ]);
  });
});

describe("encodings and dialects", () => {
  it("reads Unicode text (UTF-16 LE and BE with BOM, tabs) and names the encoding", async () => {
    const text = crlf(HEAD.replaceAll(";", "\t"), "1\t2\tКуртка\tҚазақша\t12\t1 234,50");
    for (const [endian, name] of [
      ["le", "UTF-16LE"],
      ["be", "UTF-16BE"],
    ] as const) {
      const result = ok(await read(utf16(text, endian), "products.txt"));
      expect(result.reading).toMatchObject({ encoding: name, delimiter: "\t" });
      expect(result.products[0]!.product.description.rus).toBe("Қазақша");
      expect(prices(result)).toEqual([1234.5]);
    }
  });

  it("takes the separator from a sep= line and keeps row numbers as Excel shows them", async () => {
    const file = crlf(
      "sep=,",
      "categoryId,brandId,name.rus,description.rus,price",
      "1,2,A;B,C,100",
    );
    const result = ok(await read(utf8(file, true)));
    expect(result.reading).toMatchObject({ encoding: "UTF-8 BOM", delimiter: ",", headerRow: 1 });
    expect(result.products[0]!.ref).toEqual({ kind: "rows", rows: [2] });
    expect(result.products[0]!.product.name.rus).toBe("A;B");
  });

  it("catches lost Kazakh letters in any text column of a Windows-1251 file, anywhere in a word", async () => {
    const file = crlf(
      HEAD,
      "1;2;Футболка «Қазақстан»;Подходит?;12;100",
      "1;2;Шапка;Что это? Шапка;12;100",
    );
    const result = ok(await read(encodeCp1251(file)));
    expect(result.reading?.encoding).toBe("Windows-1251");
    expect(result.invalid).toEqual([
      {
        ref: { kind: "rows", rows: [2] },
        issues: [
          {
            ref: { kind: "rows", rows: [2] },
            field: "name.rus",
            code: "kazakh-letters-lost",
            params: { value: "Футболка «?аза?стан»" },
          },
        ],
      },
    ]);
    expect(result.products.map((p) => p.ref)).toEqual([{ kind: "rows", rows: [3] }]);
  });
});

describe("formats said by name", () => {
  it("names .ods, .xlsb, .xls and password-protected workbooks", async () => {
    const ods = storedZip({
      mimetype: "application/vnd.oasis.opendocument.spreadsheet",
      "content.xml": "<office:document-content/>",
    });
    expect(await read(ods, "a.ods")).toEqual({ ok: false, reason: "ods" });
    const xlsb = storedZip({ "xl/workbook.bin": "x", "[Content_Types].xml": "<Types/>" });
    expect(await read(xlsb, "a.xlsb")).toEqual({ ok: false, reason: "xlsb" });
    const ole = (stream: string) => {
      const bytes = new Uint8Array(2048);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      bytes.set(Buffer.from(stream, "utf16le"), 1024);
      return bytes;
    };
    expect(await read(ole("Workbook"), "a.xls")).toEqual({ ok: false, reason: "xls" });
    expect(await read(ole("EncryptedPackage"), "a.xlsx")).toEqual({
      ok: false,
      reason: "encrypted",
    });
  });

  it("gives JSON errors a line and column, and names comments", async () => {
    expect(await read(utf8('{"products": [\n  {"a": 1},\n]}'), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "bad-json",
      params: { line: 3, column: 1 },
    });
    expect(await read(utf8('{\n  // товары\n  "products": []\n}'), "a.json")).toEqual({
      ok: false,
      format: "json",
      reason: "json-comments",
      params: { line: 2, column: 3 },
    });
  });

  it("maps schema problems to its own codes, with no library wording", async () => {
    const result = ok(
      await read(
        utf8(JSON.stringify([{ categoryId: 1, brandId: 2, name: "x", description: { rus: "y" } }])),
        "a.json",
      ),
    );
    const issues = result.invalid[0]!.issues;
    expect(issues.map((i) => [i.field, i.code])).toEqual([["name", "wrong-type"]]);
    expect(JSON.stringify(issues)).not.toMatch(/expected|object|received/i);
  });
});

describe("column titles", () => {
  it("takes a title of up to 200 characters, and a longer cell for no column, whatever it spells", async () => {
    // "Название рус" with spaces between: the same title to the reader, however long.
    const padded = (n: number) => `Название${" ".repeat(n - "Название".length - 3)}рус`;
    const csv = (title: string) =>
      utf8(`categoryId;brandId;${title};description.rus;price\n1;2;Куртка;Тёплая;100\n`);
    const read = (title: string) =>
      parseImportFile({ bytes: csv(title), fileName: "a.csv" }, { vatRates: [0, 12] });
    expect(await read(padded(200))).toMatchObject({ ok: true, invalid: [] });
    expect(await read(padded(201))).toMatchObject({
      ok: false,
      reason: "not-product-list",
      params: { expected: "name.rus" },
    });
  });
});
