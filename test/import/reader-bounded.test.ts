import { describe, expect, it } from "vitest";
import { generateCsv } from "../../bench/reading.bench.js";
import { storedZip } from "../../doubles/files/encode.js";
import { writeExportXlsx } from "../../src/catalog/export-xlsx.js";
import type { LiveCard } from "../../src/catalog/fields.js";
import {
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_TIME_LIMIT_MS,
  parseImportFile,
  ReadingPool,
} from "../../src/import/read/index.js";
import { PART_CHARS, ResultAssembly, resultMessages } from "../../src/import/read/parts.js";
import type { ImportFileResult, ReadOptions } from "../../src/import/types.js";
import { deflatedZeros, sheetXml, withUnlistedEntry, xlsxFile } from "../fixtures/import/xlsx.js";
import { EXPORT_TEXTS_RU } from "../support/catalog.js";
import { sharedImportReader, sharedParsedRead, withProductsParsed } from "../support/shared.js";

/** The reading workers this vitest worker's files share (warm after the first file). */
const readImportFile = sharedParsedRead();

/**
 * Bounded reading: every file is read in a worker thread with a heap and a time
 * cap; hostile spreadsheets are refused before anything is inflated or filled in, naming the
 * limit; the next file is read normally.
 */
const OPTIONS: ReadOptions = { vatRates: [0, 12] };
const read = (bytes: Uint8Array, fileName = "products.xlsx", options = OPTIONS) =>
  readImportFile({ bytes, fileName }, options);

const HEADER = ["categoryId", "brandId", "name.rus", "description.rus", "price"];
const GOOD = xlsxFile(sheetXml([HEADER, [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }]]));

/** The benchmark's 10,000-SKU CSV, made once: the reader copies what it hands its worker. */
let bigCsv: Uint8Array | undefined;
const big = () => (bigCsv ??= generateCsv(10_000));

async function expectGoodFileStillRead() {
  const result = await read(GOOD);
  expect(result).toMatchObject({ ok: true, invalid: [] });
  expect((result as Extract<ImportFileResult, { ok: true }>).products).toHaveLength(1);
}

describe("hostile spreadsheets are refused before they fill memory", () => {
  it("a 2 KB file with one cell at ZZZZZZ2 names the column limit", async () => {
    const sheet = sheetXml([HEADER, [{ xml: '<c r="ZZZZZZ2"><v>1</v></c>' }]]);
    const file = xlsxFile(sheet);
    expect(file.length).toBeLessThan(4096);
    expect(await read(file)).toEqual({
      ok: false,
      format: "xlsx",
      reason: "too-many-columns",
      params: { max: 16384 },
    });
    await expectGoodFileStillRead();
  });

  it("a cell at row 400000000, and a dimension past the sheet, name the row and column limits", async () => {
    const far = xlsxFile(
      sheetXml([HEADER]).replace(
        "</sheetData>",
        '<row r="400000000"><c r="A400000000"><v>1</v></c></row></sheetData>',
      ),
    );
    expect(await read(far)).toEqual({
      ok: false,
      format: "xlsx",
      reason: "too-many-rows",
      params: { max: 1048576 },
    });
    const wide = xlsxFile(
      sheetXml([HEADER]).replace("<sheetData>", '<dimension ref="A1:ZZZZZZ2"/><sheetData>'),
    );
    expect(await read(wide)).toMatchObject({ ok: false, reason: "too-many-columns" });
  });

  it("a cell at XFD1048576 (Excel's last) costs one cell, not the gap", async () => {
    const sheet = sheetXml([HEADER, [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }]]).replace(
      "</sheetData>",
      '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>',
    );
    const result = await read(xlsxFile(sheet));
    expect(result).toMatchObject({ ok: true });
    const ok = result as Extract<ImportFileResult, { ok: true }>;
    expect(ok.products).toHaveLength(1);
    expect(ok.invalid[0]!.issues).toContainEqual(
      expect.objectContaining({ code: "untitled-column", params: { column: "XFD", value: "x" } }),
    );
  });

  it("never reads an entry the central directory does not list", async () => {
    const hidden = withUnlistedEntry(GOOD, "xl/worksheets/sheet9.xml", deflatedZeros(200));
    expect(hidden.length).toBeLessThan(1024 * 1024);
    expect(await read(hidden)).toMatchObject({ ok: true });
  });

  it("refuses an archive whose parts unpack past the cap, by the directory and by the local headers", async () => {
    const files = { "xl/workbook.xml": "<workbook/>", "xl/worksheets/sheet1.xml": "<worksheet/>" };
    const declared = storedZip(files, {
      "xl/worksheets/sheet1.xml": { deflate: true, declaredSize: 1024 * 1024 * 1024 },
    });
    expect(await read(declared)).toMatchObject({ ok: false, reason: "zip-too-large" });
    const lying = storedZip(
      { ...files, "xl/worksheets/sheet1.xml": `<worksheet>${" ".repeat(5_000_000)}</worksheet>` },
      { "xl/worksheets/sheet1.xml": { deflate: true, declaredSize: 100 } },
    );
    expect(await read(lying)).toMatchObject({ ok: false, reason: "bad-xlsx" });
  });
});

describe("a small workbook whose result would be huge in the bot's thread", () => {
  /**
   * 60 products whose name and description are one 1 MB shared string: 18 KB zipped. With
   * `productId`, every row names that one product: a returned export's edit rows.
   */
  function repeatedSharedString(rowCount = 60, productId?: number): Uint8Array {
    const long = "Ж".repeat(512 * 1024);
    const titles = productId === undefined ? HEADER : [...HEADER, "productId"];
    const strings = [...titles, long].map((s) => `<si><t>${s}</t></si>`).join("");
    const header = titles.map((_, i) => ({ xml: `<c r="${"ABCDEF"[i]}1" t="s"><v>${i}</v></c>` }));
    const shared = (ref: string) => ({ xml: `<c r="${ref}" t="s"><v>${titles.length}</v></c>` });
    const rows = Array.from({ length: rowCount }, (_, i) => [
      { n: 1 },
      { n: 2 },
      shared(`C${i + 2}`),
      shared(`D${i + 2}`),
      { n: 100 },
      ...(productId === undefined ? [] : [{ n: productId }]),
    ]);
    return storedZip(
      {
        "xl/workbook.xml":
          '<workbook xmlns:r="r"><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="x/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        "xl/sharedStrings.xml": `<sst>${strings}</sst>`,
        "xl/worksheets/sheet1.xml": sheetXml([header, ...rows]),
      },
      {
        "xl/sharedStrings.xml": { deflate: true },
        "xl/worksheets/sheet1.xml": { deflate: true },
      },
    );
  }

  it("refuses 60 copies of a 1 MB shared string, naming the text limit, and reads the next file", async () => {
    const file = repeatedSharedString();
    expect(file.length).toBeLessThan(64 * 1024);
    // The worker holds one string; handed over, each cell would be a copy (60 MB of text).
    expect(await read(file, "products.xlsx", { ...OPTIONS, maxBytes: 10 * 1024 * 1024 })).toEqual({
      ok: false,
      format: "xlsx",
      reason: "too-much-text",
      params: { max: 20 },
    });
    await expectGoodFileStillRead();
  });

  it("refuses the 1 MB text down 200 rows naming one product (a returned export's edits)", async () => {
    // A repeat crosses once, but the comparison with the export reads it on every row.
    const file = repeatedSharedString(200, 10001);
    expect(await read(file, "products.xlsx", { ...OPTIONS, maxBytes: 10 * 1024 * 1024 })).toEqual({
      ok: false,
      format: "xlsx",
      reason: "too-much-text",
      params: { max: 20 },
    });
    await expectGoodFileStillRead();
  });
});

describe("results that would cost the bot more than the file", () => {
  it("refuses 2 MB of rows with 5,000 untitled cells each (a million issues)", async () => {
    const csv = `${HEADER.join(";")}\n${`${"1;".repeat(5000)}\n`.repeat(200)}`;
    expect(await read(new TextEncoder().encode(csv), "products.csv")).toEqual({
      ok: false,
      format: "csv",
      reason: "too-much-text",
      params: { max: 40 },
    });
  });

  it("refuses a CSV row with something past column 16,384, as a sheet is, before splitting it", async () => {
    // A million cells in one 2 MB line: more than any spreadsheet shows.
    const wide = `${HEADER.join(";")}\n${"1;".repeat(1_000_000)}\n`;
    expect(await read(new TextEncoder().encode(wide), "products.csv")).toEqual({
      ok: false,
      format: "csv",
      reason: "too-many-columns",
      params: { max: 16_384 },
    });
    // Empty cells past the last column lose nothing: such a row is read.
    const trailing = `${HEADER.join(";")}\n1;2;Куртка;Тёплая;100${";".repeat(20_000)}\n`;
    const answer = await read(new TextEncoder().encode(trailing), "products.csv");
    expect(answer).toMatchObject({ ok: true, invalid: [] });
  });

  it("reads a part once however many sheets name it", async () => {
    // 29 rows without a header, then 100 000 empty rows: each reading goes to the end.
    const rows = Array.from({ length: 29 }, () => ["x"]);
    const lookup = sheetXml(rows).replace(
      "</sheetData>",
      `${"<row/>".repeat(100_000)}</sheetData>`,
    );
    const sheets = `${'<sheet name="Справочник" r:id="rId1"/>'.repeat(5000)}<sheet name="Товары" r:id="rId2"/>`;
    const worksheet =
      "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet";
    const file = storedZip(
      {
        "xl/workbook.xml": `<workbook xmlns:r="r"><sheets>${sheets}</sheets></workbook>`,
        "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Type="${worksheet}" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${worksheet}" Target="worksheets/sheet2.xml"/></Relationships>`,
        "xl/worksheets/sheet1.xml": lookup,
        "xl/worksheets/sheet2.xml": sheetXml([
          HEADER,
          [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }],
        ]),
      },
      { "xl/worksheets/sheet1.xml": { deflate: true }, "xl/workbook.xml": { deflate: true } },
    );
    const result = await read(file, "products.xlsx", { ...OPTIONS, timeLimitMs: 5000 });
    expect(result).toMatchObject({ ok: true, invalid: [] });
    expect(result).toMatchObject({ reading: { sheet: { name: "Товары", index: 5001 } } });
  });
});

describe("caps of the reading worker", () => {
  it("answers a file that needs more memory than the cap, then reads the next normally", async () => {
    const result = await read(big(), "big.csv", { ...OPTIONS, memoryLimitMb: 12 });
    expect(result).toEqual({ ok: false, reason: "read-memory", params: { max: 12 } });
    await expectGoodFileStillRead();
  });

  it("stops a reading past the time cap, then reads the next normally", async () => {
    const result = await read(big(), "big.csv", { ...OPTIONS, timeLimitMs: 1 });
    expect(result).toEqual({ ok: false, reason: "read-timeout", params: { max: 1 } });
    await expectGoodFileStillRead();
  });

  it("keeps the event loop turning while a large file is read", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const result = await read(big(), "big.csv");
    clearInterval(timer);
    expect(result).toMatchObject({ ok: true });
    // Parsed on this thread, not one tick could fire before the answer.
    expect(ticks).toBeGreaterThan(3);
  });
});

describe("the result crossing to the bot's thread", () => {
  it("answers a large file exactly as reading it in one thread does, the lists sent in parts", async () => {
    const bytes = big();
    const inThread = await parseImportFile({ bytes, fileName: "big.csv" }, OPTIONS);
    expect(inThread).toMatchObject({ ok: true, edits: { rows: expect.any(Array) } });
    const messages = [...resultMessages(inThread)].map((m) => m.message);
    // Parts of about PART_CHARS each (in UTF-8, at most three bytes a character): the bot's
    // thread takes them one at a time.
    expect(messages.length).toBeGreaterThan(20);
    for (const message of messages.slice(0, -1)) {
      expect("json" in message && message.json.length).toBeLessThan(PART_CHARS * 2 * 3);
    }
    expect(await read(bytes, "big.csv")).toStrictEqual(inThread);
    // The bot's thread keeps the valid products as the worker's JSON, in parts.
    const raw = await sharedImportReader().read({ bytes, fileName: "big.csv" }, OPTIONS);
    expect(raw.ok && raw.products.count).toBe(inThread.ok && inThread.products.length);
    expect(raw.ok && raw.products.runs.length).toBeGreaterThan(20);
  });

  it("a returned export's product texts repeated on each SKU row cross once: read, as in one thread", async () => {
    // 900 SKU rows, each repeating its product's 5,000-character description: 4.5 million
    // characters as rows, past what a result may cost with files of 2 MB (4 million).
    const cards: LiveCard[] = Array.from({ length: 300 }, (_, p) => ({
      productId: 10_000 + p,
      categoryId: 101,
      brandId: 501,
      isLocalMade: undefined,
      name: { rus: `Товар ${p}: кабель USB-C длиной два метра в оплётке` },
      description: { rus: `Описание товара ${p}. `.repeat(300).slice(0, 5000) },
      vat: 12,
      attributes: [],
      skus: [0, 1, 2].map((k) => ({
        skuId: 50_000 + p * 3 + k,
        valueIds: [],
        valueCodes: [],
        price: 1990 + k,
        barcode: "",
        photos: [],
      })),
      codesKnown: true,
    }));
    const bytes = await writeExportXlsx({
      exportId: "x",
      at: new Date(0),
      cards,
      texts: EXPORT_TEXTS_RU,
      secret: Buffer.alloc(32, 3),
    });
    const options = { ...OPTIONS, maxBytes: 2 * 1024 * 1024 };
    const inThread = await parseImportFile({ bytes, fileName: "catalog.xlsx" }, options);
    expect(inThread.ok && inThread.edits!.rows).toHaveLength(900);
    expect(await read(bytes, "catalog.xlsx", options)).toStrictEqual(inThread);
    // What crosses: each description once.
    const edits = [...resultMessages(inThread)].filter(
      (m) => "part" in m.message && m.message.part === "edits",
    );
    const crossing = edits.reduce(
      (n, m) => n + ("json" in m.message ? m.message.json.length : 0),
      0,
    );
    expect(crossing).toBeLessThan(300 * 5000 * 2);
  });

  it("one worker given several files at once answers each with its own result", async () => {
    // Their answers come in parts, one after another through the same worker.
    const pool = new ReadingPool({
      size: 1,
      memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB,
      timeLimitMs: DEFAULT_TIME_LIMIT_MS,
      idleMs: 0,
    });
    const files = [
      { bytes: big(), fileName: "big.csv" },
      { bytes: generateCsv(3_000), fileName: "small.csv" },
      { bytes: GOOD, fileName: "one.xlsx" },
      { bytes: big(), fileName: "again.csv" },
    ];
    try {
      const answers = await Promise.all(files.map((file) => pool.read(file, OPTIONS)));
      for (const [i, file] of files.entries()) {
        expect(await withProductsParsed(answers[i]!)).toStrictEqual(
          await parseImportFile(file, OPTIONS),
        );
      }
    } finally {
      pool.close();
    }
  });

  it("puts a result back together from its parts; a refusal comes whole", async () => {
    const PRODUCT = {
      categoryId: 1,
      brandId: 2,
      name: { rus: "Куртка" },
      description: { rus: "Тёплая" },
      skus: [{ price: 100 }],
    };
    const result: ImportFileResult = {
      ok: true,
      format: "csv",
      products: [
        { ref: { kind: "rows", rows: [2] }, product: PRODUCT, skuRefs: [] },
        { ref: { kind: "rows", rows: [4] }, product: PRODUCT, skuRefs: [] },
      ],
      invalid: [{ ref: { kind: "rows", rows: [3] }, issues: [] }],
      warnings: [{ code: "windows-1251" }],
      reading: { headerRow: 1 },
      edits: { rows: [{ row: 2, productId: 7, values: { price: "10" }, issues: [] }], fields: [] },
    };
    const assembly = new ResultAssembly();
    const answers = [...resultMessages(structuredClone(result))].map((m) =>
      assembly.take(m.message),
    );
    expect(answers.slice(0, -1)).toEqual([undefined, undefined, undefined]);
    const last = answers.at(-1)!;
    expect(last).toMatchObject({ ok: true, products: { count: 2 } });
    expect(await withProductsParsed(last)).toStrictEqual(result);
    const refusal: ImportFileResult = { ok: false, reason: "empty" };
    expect([...resultMessages(refusal)]).toEqual([{ message: { result: refusal }, transfer: [] }]);
  });
});
