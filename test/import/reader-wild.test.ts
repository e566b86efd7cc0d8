import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { storedZip, utf8 } from "../../doubles/files/encode.js";
import { FILE_REJECTIONS, ISSUE_CODES } from "../../src/import/types.js";
import { sheetXml, xlsxFile } from "../fixtures/import/xlsx.js";
import { sharedImportReader } from "../support/shared.js";

/** The reading workers this vitest worker's files share (warm after the first file). */
const reader = sharedImportReader();
const readImportFile = reader.read;

/**
 * Files the project did not write (../shared/wildfiles, 172 real-world spreadsheets, CSV and
 * JSON) and random bytes: every one gets an answer within the reading's caps, and every
 * refusal has a text in both languages.
 */
const WILD = join(import.meta.dirname, "../../../shared/wildfiles/files");
/** Per file: the reading's own time cap, plus starting a worker on a loaded machine. */
const TIME_CAP_MS = 20_000;

function localeKeys(language: string): Set<string> {
  const text = readFileSync(
    join(import.meta.dirname, `../../locales/${language}/import.ftl`),
    "utf8",
  );
  return new Set([...text.matchAll(/^([a-z0-9-]+) =/gm)].map((m) => m[1]!));
}
const KEYS = { ru: localeKeys("ru"), kk: localeKeys("kk") };

function expectExplained(result: Awaited<ReturnType<typeof readImportFile>>) {
  if (result.ok) {
    for (const product of result.invalid) {
      for (const issue of product.issues) {
        expect(ISSUE_CODES).toContain(issue.code);
        expect(KEYS.ru.has(`import-issue-${issue.code}`)).toBe(true);
        expect(KEYS.kk.has(`import-issue-${issue.code}`)).toBe(true);
      }
    }
    return;
  }
  expect(FILE_REJECTIONS).toContain(result.reason);
  expect(KEYS.ru.has(`import-file-${result.reason}`)).toBe(true);
  expect(KEYS.kk.has(`import-file-${result.reason}`)).toBe(true);
  // Params are numbers, names and cell texts, never a library's message.
  for (const value of Object.values(result.params ?? {})) {
    expect(String(value)).not.toMatch(/error|unexpected|expected|invalid|at position/i);
  }
}

/** The default heap cap (512 MB) applies: the shared warm workers read these files. */
const options = { vatRates: [0, 12], timeLimitMs: TIME_CAP_MS };

describe.skipIf(!existsSync(WILD))("files from the wild (../shared/wildfiles)", () => {
  const names = existsSync(WILD) ? readdirSync(WILD).sort() : [];

  it("answers every file within the caps, with a reason in both languages", async () => {
    const answers: string[] = [];
    for (const name of names) {
      const bytes = readFileSync(join(WILD, name));
      const result = await readImportFile({ bytes, fileName: name }, options);
      expect(result.ok ? "ok" : result.reason, name).not.toBe("read-timeout");
      expectExplained(result);
      answers.push(result.ok ? "ok" : result.reason);
    }
    expect(answers).toHaveLength(names.length);
    // None of them is a product list: not one product may be taken from them.
  }, 600_000);
});

describe("fuzz: random and mangled files", () => {
  const header = ["categoryId", "brandId", "name.rus", "description.rus", "price"];
  const seeds = [
    utf8(`${header.join(";")}\r\n1;2;Куртка;Тёплая;1 234,50\r\n`),
    utf8(
      JSON.stringify({
        products: [{ categoryId: 1, brandId: 2, name: { rus: "a" }, description: { rus: "b" } }],
      }),
    ),
    xlsxFile(sheetXml([header, [{ n: 1 }, { n: 2 }, "Куртка", "Тёплая", { n: 100 }]]), {
      deflate: false,
    }),
    storedZip({ "xl/workbook.xml": "<workbook/>" }),
  ];

  it("answers every input within the caps, never throws, explains every refusal", async () => {
    const mangled = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(),
      )
      .map(([seed, flips, cut]) => {
        const bytes = Uint8Array.from(seed);
        for (const [at, value] of flips) bytes[at % bytes.length] = value;
        return cut % 5 === 0 ? bytes.subarray(0, cut % bytes.length) : bytes;
      });
    const input = fc.oneof(fc.uint8Array({ maxLength: 2048 }), mangled);
    await fc.assert(
      fc.asyncProperty(
        input,
        fc.constantFrom("a.csv", "a.xlsx", "a.json", "a.txt"),
        async (bytes, fileName) => {
          const result = await readImportFile(
            { bytes, fileName },
            { ...options, timeLimitMs: 10_000 },
          );
          expect(result.ok || result.reason !== "read-timeout").toBe(true);
          expectExplained(result);
        },
      ),
      { numRuns: 150 },
    );
  }, 600_000);
});
