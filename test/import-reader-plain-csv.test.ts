import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPlainCsv } from "../src/import/read/plain-csv.js";
import { isEmptyRow } from "../src/import/read/table.js";

/** What csv-parse hands the reader: non-empty records with their index (as `parseRecords`). */
function byCsvParse(text: string, delimiter: string) {
  const out: { index: number; cells: string[] }[] = [];
  let index = 0;
  try {
    parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        if (!isEmptyRow(record)) out.push({ index, cells: record });
        index++;
        return null;
      },
    });
  } catch {
    return "error";
  }
  return out;
}

function byPlain(text: string, delimiter: string) {
  const out: { index: number; cells: string[] }[] = [];
  const read = readPlainCsv(text, delimiter, (cells, index) => {
    out.push({ index, cells });
    return true;
  });
  return read ? out : undefined;
}

/** Text made of the pieces CSV readers trip on. */
const csvLike = fc
  .array(
    fc.constantFrom(
      "a",
      "Юбка",
      " ",
      "\u00a0",
      "\u2003",
      ";",
      ",",
      '"',
      '""',
      "\r\n",
      "\n",
      "\r",
      "=1+2",
      "\ufeff",
      "?",
      "\ud83d\ude00",
      "\ud83d",
      "\u0000",
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("the direct CSV reading", () => {
  it("reads what csv-parse reads, record for record, whenever it takes the text", () => {
    let taken = 0;
    fc.assert(
      fc.property(csvLike, fc.constantFrom(";", ",", "\t", "|"), (text, delimiter) => {
        const plain = byPlain(text, delimiter);
        if (plain === undefined) return;
        taken++;
        expect(plain).toEqual(byCsvParse(text, delimiter));
      }),
      { numRuns: 5000 },
    );
    // The property says something only if most texts are taken.
    expect(taken).toBeGreaterThan(1000);
  });

  it("reads a product list as csv-parse does: quoted line breaks, escaped quotes, a BOM, empty lines", () => {
    const text =
      '\ufeffproductKey;name.rus;description.rus\r\nP1;Куртка;"Тёплая; ""зимняя""\r\nуход: 30°"\r\n;;\r\n\r\nP2;Шапка "Зима";\r\nP3;"";x;';
    const plain = byPlain(text, ";");
    expect(plain).toEqual(byCsvParse(text, ";"));
    expect(plain).toEqual([
      { index: 0, cells: ["productKey", "name.rus", "description.rus"] },
      { index: 1, cells: ["P1", "Куртка", 'Тёплая; "зимняя"\r\nуход: 30°'] },
      { index: 4, cells: ["P2", 'Шапка "Зима"', ""] },
      { index: 5, cells: ["P3", "", "x", ""] },
    ]);
  });

  it("leaves to csv-parse a quote left open, text after a closing quote, a line break of another kind", () => {
    expect(byPlain('a;"b\r\nc', ";")).toBeUndefined();
    expect(byPlain('a;"b"c\r\n', ";")).toBeUndefined();
    expect(byPlain("a;b\r\nc\nd\r\n", ";")).toBeUndefined();
    expect(byPlain("a;b\nc\r\nd\n", ";")).toBeUndefined();
  });
});
