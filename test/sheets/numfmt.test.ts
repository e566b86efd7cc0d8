/**
 * Number formats shown as LibreOffice Calc 7.4 in ru-RU shows them: every expected text below
 * was read from LibreOffice's own "as shown" CSV export of a workbook with these formats.
 */
import { describe, expect, it } from "vitest";
import { builtInFormat, formatCell } from "../../src/sheets/read/numfmt.js";

/** The spreadsheet serial of a UTC moment (1900 date system). */
const serial = (iso: string) => Date.parse(`${iso}Z`) / 86_400_000 + 25_569;
const MARCH_15 = serial("2026-03-15T14:05:09");
const MARCH_5 = serial("2026-03-05T14:05:09");

describe("number formats as a ru/kk spreadsheet shows them", () => {
  it("takes '/' in a date format for the locale's separator", () => {
    const cases: [string, string][] = [
      ["dd/mm/yyyy", "15.03.2026"],
      ["mm/dd/yyyy", "03.15.2026"],
      ["m/d/yyyy", "3.15.2026"],
      ["yyyy/mm/dd", "2026.03.15"],
      ["dd/mm/yyyy hh:mm", "15.03.2026 14:05"],
      ["[$-409]mm/dd/yyyy", "03/15/2026"],
      ["[$-419]dd/mm/yyyy", "15.03.2026"],
      ["dd\\/mm\\/yyyy", "15/03/2026"],
      ["yyyy-mm-dd", "2026-03-15"],
      ["h:mm:ss", "14:05:09"],
    ];
    for (const [code, shown] of cases) expect(formatCell(MARCH_15, code).shown, code).toBe(shown);
  });

  it("names months and days in the format's language, Russian without a tag", () => {
    const cases: [string, string][] = [
      ["d mmmm yyyy", "15 марта 2026"],
      ["mmmm yyyy", "Март 2026"],
      ["mmm", "мар"],
      ["mmmmm", "М"],
      ["dddd", "воскресенье"],
      ["ddd", "Вс"],
      ["[$-43F]d mmmm yyyy", "15 Наурыз 2026"],
      ["[$-43F]dddd", "Жексенбі"],
      ["[$-F800]dddd, mmmm dd, yyyy", "воскресенье, 15 марта, 2026"],
      ["[$-F400]h:mm:ss AM/PM", "14:05:09"],
    ];
    for (const [code, shown] of cases) expect(formatCell(MARCH_15, code).shown, code).toBe(shown);
  });

  it("shows built-in formats, 12-hour clocks and elapsed time as LibreOffice does", () => {
    const cases: [string, string][] = [
      [builtInFormat(14), "05.03.2026"],
      [builtInFormat(15), "05.мар.26"],
      [builtInFormat(16), "05.мар"],
      [builtInFormat(17), "мар.26"],
      [builtInFormat(18), "2:05 PM"],
      [builtInFormat(22), "05.03.2026 14:05"],
      [builtInFormat(47), "05:09,0"],
      ["hh:mm:ss AM/PM", "02:05:09 PM"],
      ["[h]:mm", "1106078:05"],
      ["d/m", "5.3"],
    ];
    for (const [code, shown] of cases) expect(formatCell(MARCH_5, code).shown, code).toBe(shown);
  });

  it("shows E-notation with a decimal comma and the format's exponent width", () => {
    expect(formatCell(123456.789, "0.00E+00")).toMatchObject({
      shown: "1,23E+05",
      scientific: true,
    });
    expect(formatCell(123456.789, "0.0E+0").shown).toBe("1,2E+5");
    expect(formatCell(123456.789, "##0.0E+0").shown).toBe("123,5E+3");
    expect(formatCell(100000, "0.00E+00").shown).toBe("1,00E+05");
  });
});
