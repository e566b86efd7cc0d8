import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../../doubles/telegram/index.js";
import { callbackCodec, noopButton } from "../../src/bot/callback-data.js";
import { languageButton } from "../../src/bot/features/language.js";
import { parseAnyDecimal, parseDecimal } from "../../src/import/read/values.js";
import { readCsv } from "../../src/sheets/read/csv.js";
import { cellText, isEmptyRow } from "../../src/sheets/read/table.js";
import { escapeHtml } from "../../src/text/html.js";
import { sharedParsedRead } from "../support/shared.js";

/** The reading workers this vitest worker's files share (warm after the first file). */
const readImportFile = sharedParsedRead();

const pageButton = callbackCodec("tstp1", [
  ["page", "int"],
  ["query", "key"],
] as const);
const codecs = [pageButton, languageButton, noopButton] as const;

/** Strings that look like callback data: known ids, separators, digits, signs, key characters. */
const callbackLike = fc
  .array(
    fc.oneof(
      fc.constantFrom("tstp1", "lang1", "noop", ":", "-", "0", "00", "ru", "kk", "_", ".", " "),
      fc.integer({ min: -1e16, max: 1e16 }).map(String),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(""));

/**
 * Any code point, lone surrogates included (what fast-check's `unit: "binary"` gives), built
 * from an integer: the built-in unit first maps all 1.1 million code points back to indexes,
 * about a second of CPU per test process.
 */
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

describe("callback data codecs (property-based)", () => {
  it("never throw on any string, and decode only what encode produces", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ unit: anyCodePoint, maxLength: 80 }),
          callbackLike,
        ),
        (data) => {
          for (const codec of codecs) {
            const value = codec.decode(data);
            if (value !== undefined) {
              // Whatever is accepted is exactly what encode writes for it.
              expect((codec.encode as (v: unknown) => string)(value)).toBe(data);
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("round-trip every value they can encode, within 64 bytes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e15 + 1, max: 1e15 - 1 }),
        fc.stringMatching(/^[A-Za-z0-9_.-]{0,40}$/),
        (page, query) => {
          const data = pageButton.encode({ page, query });
          expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
          expect(pageButton.decode(data)).toEqual({ page, query });
          expect(pageButton.pattern.test(data)).toBe(true);
        },
      ),
    );
  });
});

describe("escapeHtml (property-based)", () => {
  it("always yields text Telegram's HTML parser accepts, showing the input unchanged", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.string({
            unit: fc.constantFrom("<", ">", "&", '"', "'", "b", "/", ";", "#", "x", " "),
            maxLength: 60,
          }),
        ),
        (text) => {
          const parsed = parseHtml(escapeHtml(text));
          expect(parsed.text).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

const VALID_CSV = [
  "productKey,categoryId,brandId,name.rus,vat,attributeValueCodes,price,barcode,photos",
  'p1,10,20,"Футболка, хлопок",12,size_m|red,"1 234,50",0012345678905,https://x.example/1.jpg',
  "p1,,,,,size_l|red,1234.5,0012345678912,",
  "",
].join("\r\n");
const VALID_JSON = JSON.stringify({
  products: [
    {
      categoryId: 10,
      brandId: 20,
      name: { rus: "Товар", kaz: "Тауар" },
      vat: 12,
      skus: [{ attributeValueCodes: ["red"], price: 100, barcode: "0004600000001" }],
    },
  ],
});

/** A valid-looking file with bytes flipped, cut, or spliced in. */
const mutated = (base: string) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
      fc.nat(),
      fc.uint8Array({ maxLength: 16 }),
    )
    .map(([flips, cut, splice]) => {
      const bytes = Buffer.from(base, "utf8");
      for (const [at, value] of flips) bytes[at % bytes.length] = value;
      const end = cut % (bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, end), Buffer.from(splice), bytes.subarray(end)]);
    });

describe("the import reader (property-based)", () => {
  it("answers every random or mutated file with a result and never throws", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b)),
          fc.string({ unit: "grapheme", maxLength: 200 }).map((t) => Buffer.from(t)),
          mutated(VALID_CSV),
          mutated(VALID_JSON),
        ),
        fc.constantFrom("products.csv", "products.json", "products.xlsx", "file.bin", "noext"),
        async (bytes, fileName) => {
          const result = await readImportFile({ bytes, fileName }, { vatRates: [0, 12] });
          expect(typeof result.ok).toBe("boolean");
          if (result.ok) {
            expect(Array.isArray(result.products)).toBe(true);
            expect(Array.isArray(result.invalid)).toBe(true);
          } else {
            expect(typeof result.reason).toBe("string");
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("CSV records (property-based)", () => {
  /** A field from characters that matter to CSV: quotes, separators, line breaks, blanks. */
  const field = fc
    .array(fc.constantFrom("a", "Я", " ", ";", ",", '"', "\r\n", "\n", "1", "\u00a0"), {
      maxLength: 5,
    })
    .map((chars) => chars.join(""));
  const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const text = fc
    .array(fc.array(fc.tuple(field, fc.boolean()), { minLength: 1, maxLength: 7 }), {
      minLength: 1,
      maxLength: 12,
    })
    .map((records) =>
      records
        .map((record) =>
          record
            .map(([value, quote]) => (quote || /[;"\r\n]/.test(value) ? quoted(value) : value))
            .join(";"),
        )
        .join("\r\n"),
    );

  it("are csv-parse's own, however ragged", () => {
    fc.assert(
      fc.property(text, (csv) => {
        const whole = parse(csv, {
          delimiter: ";",
          bom: true,
          relax_column_count: true,
          relax_quotes: true,
          skip_empty_lines: false,
        }) as string[][];
        const expected = whole.filter((record) => !isEmptyRow(record));
        if (expected.length === 0) return;
        const decoded = { text: `sep=;\r\n${csv}`, cp1251: false, encoding: "UTF-8" } as const;
        const table = readCsv(decoded, { maxRows: 1000, maxColumns: 16_384 });
        expect(table.rows.map((row) => row.cells.map(cellText))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("separated by a quote (named by a `sep=` line) are csv-parse's own", () => {
    const csv = '"a,b"\r\nc,d';
    const decoded = { text: `sep="\r\n${csv}`, cp1251: false, encoding: "UTF-8" } as const;
    const table = readCsv(decoded, { maxRows: 1000, maxColumns: 16_384 });
    const expected = parse(csv, { delimiter: '"', relax_column_count: true, relax_quotes: true });
    expect(expected).toEqual([["a,b"], ["c,d"]]);
    expect(table.rows.map((row) => row.cells.map(cellText))).toEqual(expected);
  });

  /** Any text of those characters: stray quotes, quotes closed mid-field, unclosed ones. */
  const anyText = fc
    .array(
      fc.constantFrom(
        "a",
        "Я",
        " ",
        ";",
        ",",
        "\t",
        '"',
        '""',
        "\r\n",
        "\n",
        "\r",
        "\u00a0",
        "\ufeff",
      ),
      {
        maxLength: 40,
      },
    )
    .map((chars) => chars.join(""));
  /** The separators a file may use, as detected or named by a `sep=` line. */
  const separator = fc.constantFrom(";", ",", "\t", "|", '"');

  it("of any text, with any separator, are csv-parse's non-empty records, numbered as Excel shows them", () => {
    fc.assert(
      fc.property(anyText, separator, (csv, delimiter) => {
        let whole: string[][];
        try {
          whole = parse(csv, {
            delimiter,
            bom: true,
            relax_column_count: true,
            relax_quotes: true,
            skip_empty_lines: false,
          }) as string[][];
        } catch {
          return; // an unclosed quote: refused as bad-csv (covered with the real files)
        }
        const expected = whole
          .map((record, i) => ({ row: i + 1, cells: record }))
          .filter(({ cells }) => !isEmptyRow(cells));
        if (expected.length === 0) return;
        const decoded = {
          text: `sep=${delimiter}\r\n${csv}`,
          cp1251: false,
          encoding: "UTF-8",
        } as const;
        const table = readCsv(decoded, { maxRows: 1000, maxColumns: 16_384 });
        const rows = table.rows.map((row) => ({ row: row.row, cells: row.cells.map(cellText) }));
        expect(rows).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("decimal numbers (property-based)", () => {
  it("read by the shortcuts for the usual forms as by the whole rule, in every convention", () => {
    const digits = fc.stringMatching(/^\d{1,5}$/);
    const mark = fc.constantFrom(" ", "\u00a0", "\u202f", "'", ",", ".", "-", "e", "");
    // Numbers as spreadsheets write them, and near misses: groups of 1 to 5 digits between marks.
    const text = fc
      .array(fc.tuple(mark, digits), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.map(([m, d]) => m + d).join(""));
    const convention = fc.constantFrom(
      {},
      { decimal: "," as const },
      { decimal: "." as const },
      { decimal: "," as const, thousands: " " as const },
    );
    fc.assert(
      fc.property(text, convention, (raw, conv) => {
        expect(parseDecimal(raw, conv)).toEqual(parseAnyDecimal(raw, conv));
      }),
      { numRuns: 5000 },
    );
  });
});
