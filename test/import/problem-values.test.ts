/**
 * Every row problem shows the value as the seller sees it (shortened when long) beside the
 * reason and what to do: every problem code in both languages, and every problem the reader
 * finds in the real writers' files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createI18n, type Locale, translator } from "../../src/i18n.js";
import { formatLine, issueReason, problemLines, rejectionText } from "../../src/import/problems.js";
import { ISSUE_CODES } from "../../src/import/types.js";
import { sharedImportReader } from "../support/shared.js";

const i18n = createI18n(() => undefined);
const LANGUAGES: Locale[] = ["ru", "kk"];
const EMPTY = { ru: "пусто", kk: "бос" };
/** What each language's texts say to do: an imperative verb ending (ru -те/-ите, kk -ңыз/-ңіз). */
const WHAT_TO_DO = {
  ru: /[а-яё](?:те|ите)(?![а-яё])/iu,
  kk: /(?:ңыз|ңіз)(?![а-яәғқңөұүһі])/iu,
};

/** Params every code may use besides the value, each distinct so a mix-up shows. */
const OTHERS = {
  codes: "color_black, color_white",
  cell: "F7",
  formula: "=B2*50",
  stored: "12,345",
  allowed: "0, 12",
  rows: "3, 7",
  max: 255,
  min: 1,
  column: "J",
  digits: 11,
  currency: "other",
  sign: "zł",
};

describe("a row problem names the value as the seller sees it", () => {
  for (const language of LANGUAGES) {
    const t = translator(i18n, language);
    it(`in every problem code's text, in ${language}, with what to do`, () => {
      const lacking: string[] = [];
      for (const code of ISSUE_CODES) {
        const reason = issueReason(t, { code, params: { value: "Знач-42", ...OTHERS } });
        if (reason.includes(`import-issue-${code}`)) lacking.push(`${code}: no text`);
        else if (!reason.includes("«Знач-42»")) lacking.push(`${code}: ${reason}`);
        else if (!WHAT_TO_DO[language].test(reason)) lacking.push(`${code}: nothing to do`);
      }
      expect(lacking).toEqual([]);
    });

    it(`shortened when long and said to be empty when empty, in ${language}`, () => {
      const long = `${"Очень длинное описание товара ".repeat(20)}конец`;
      const reason = issueReason(t, { code: "not-a-number", params: { value: long } });
      expect(reason).not.toContain("конец");
      expect(reason).toMatch(/«Очень длинное описание товара[^»]{0,40}…»/);
      const empty = issueReason(t, { code: "required", params: { value: "" } });
      expect(empty).toContain(EMPTY[language]);
      // Cell text is HTML-escaped like every other param.
      const html = issueReason(t, { code: "invalid", params: { value: "<b>x</b>" } });
      expect(html).toContain("«&lt;b&gt;x&lt;/b&gt;»");
    });
  }
});

/** The reading workers this vitest worker's files share (warm after the first file). */
const reader = sharedImportReader();
const FILES = new URL("../fixtures/real/files/", import.meta.url);
const bytesOf = (file: string) => new Uint8Array(readFileSync(new URL(file, FILES)));

describe("the reader gives every problem its value", () => {
  it("in every problem of every real writer's file", async () => {
    const files = readdirSync(FILES).filter(
      (n) => !n.endsWith(".expect.json") && n !== "biome.json",
    );
    let seen = 0;
    const lacking: string[] = [];
    for (const file of files) {
      const result = await reader.read(
        { bytes: bytesOf(file), fileName: file },
        { vatRates: [0, 12] },
      );
      if (!result.ok) continue;
      for (const issue of result.invalid.flatMap((p) => p.issues)) {
        seen++;
        const value = issue.params?.value;
        // Only a missing value is empty: a required cell left blank.
        if (typeof value !== "string" || (value === "" && issue.code !== "required")) {
          lacking.push(`${file} ${issue.field} ${issue.code}: ${JSON.stringify(value)}`);
        }
      }
    }
    expect(lacking).toEqual([]);
    expect(seen).toBeGreaterThan(20);
  });

  it("as the seller reads it: R's NA, a CSV formula, a spreadsheet's E-notation (ru, kk)", async () => {
    const lines = async (file: string, language: Locale) => {
      const result = await reader.read(
        { bytes: bytesOf(file), fileName: file },
        { vatRates: [0, 12] },
      );
      if (!result.ok) throw new Error(result.reason);
      const t = translator(i18n, language);
      return problemLines(t, result.invalid).map((line) => formatLine(t, line));
    };
    expect(await lines("r-write-csv2.csv", "ru")).toEqual([
      "• <b>Строка 5</b> · Цена: «NA» — не число. Впишите число, например 1234 или 1234,5",
    ]);
    expect(await lines("r-write-csv2.csv", "kk")).toEqual([
      "• <b>5-жол</b> · Баға: «NA» — сан емес. Сан жазыңыз, мысалы 1234 немесе 1234,5",
    ]);
    const formulas = await lines("lo-ru-formulas.csv", "ru");
    expect(formulas[0]).toContain("Цена: в ячейке формула «=945*2»");
    expect(formulas.join("\n")).toContain("«=ROUND(12,4;0)»");
    expect(formulas.join("\n")).toContain("«=FALSE()»");
    expect(formulas[0]).toContain("Сохраните CSV заново без формул");
    const kkFormulas = await lines("lo-ru-formulas.csv", "kk");
    expect(kkFormulas[0]).toContain("ұяшықта «=945*2» формуласы тұр");
    const scientific = await lines("lo-ru-scientific.csv", "ru");
    expect(scientific[0]).toContain("«1,00E+05» — число в экспоненциальной записи");
    const shown = await lines("lo-ru-scientific.xlsx", "kk");
    expect(shown).toEqual([
      expect.stringContaining("ұяшық «1,23E+05» көрсетеді, ал ішінде 123456 сақталған"),
    ]);
  });

  it("names the sheets looked at when every sheet holds the header only (ru, kk)", async () => {
    const file = "lo-ru-templates-empty.xlsx";
    const result = await reader.read(
      { bytes: bytesOf(file), fileName: file },
      { vatRates: [0, 12] },
    );
    expect(result).toMatchObject({ ok: false, reason: "empty" });
    if (result.ok) return;
    const ru = rejectionText(translator(i18n, "ru"), result.reason, result.params);
    expect(ru).toContain("Файл пустой");
    expect(ru).toContain("Просмотрены листы: «Шаблон», «Товары», «Справка»");
    const kk = rejectionText(translator(i18n, "kk"), result.reason, result.params);
    expect(kk).toContain("Қаралған парақтар: «Шаблон», «Товары», «Справка»");
  });
});
