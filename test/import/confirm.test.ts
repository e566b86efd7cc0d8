import { describe, expect, it } from "vitest";
import { createI18n, translator } from "../../src/i18n.js";
import { confirmationBlock, readingLines } from "../../src/import/confirm.js";
import type { ReadingInfo } from "../../src/import/types.js";

const i18n = createI18n(() => undefined);

/** A Windows-1251 CSV on the second sheet-like place, everything the reader may report. */
const READING: ReadingInfo = {
  sheet: { name: "Товары <весна>", index: 2, count: 3 },
  headerRow: 3,
  encoding: "Windows-1251",
  delimiter: ";",
  decimalSeparator: ",",
  thousandsSeparator: "\u00a0",
  notes: [{ code: "barcodes-padded", params: { rows: "2, 5", count: 2 } }],
};

describe("the confirmation before sending", () => {
  it("names the sheets passed over for holding the header only (ru, kk)", () => {
    const reading: ReadingInfo = {
      sheet: { name: "Товары", index: 2, count: 2 },
      headerRow: 1,
      notes: [{ code: "sheets-header-only", params: { sheets: "«Шаблон»" } }],
    };
    expect(readingLines(translator(i18n, "ru"), "xlsx", reading)).toEqual([
      "<b>Как прочитан файл</b>",
      "• лист «Товары» (2-й из 2)",
      "• заголовки колонок — в строке 1",
      "• ℹ️ Пропущены листы, на которых только заголовок, без товаров: «Шаблон».",
    ]);
    expect(readingLines(translator(i18n, "kk"), "xlsx", reading)).toContain(
      "• ℹ️ Тек тақырыбы бар, тауарсыз парақтар өткізіліп жіберілді: «Шаблон».",
    );
  });

  it("shows how the file was read, in Russian and Kazakh", () => {
    const ru = translator(i18n, "ru");
    expect(readingLines(ru, "xlsx", READING)).toEqual([
      "<b>Как прочитан файл</b>",
      "• лист «Товары &lt;весна&gt;» (2-й из 3)",
      "• заголовки колонок — в строке 3",
      "• кодировка: Windows-1251",
      "• разделитель колонок: точка с запятой «;»",
      "• дробная часть чисел после: запятая «,»",
      "• разряды чисел разделены: пробел",
      // Note texts come from the reader's locale keys `import-note-<code>`, with their params.
      `• ${ru("import-note-barcodes-padded", { rows: "2, 5", count: 2 })}`,
    ]);
    const kk = translator(i18n, "kk");
    const lines = readingLines(kk, "csv", READING);
    expect(lines[0]).toBe("<b>Файл қалай оқылды</b>");
    expect(lines).toContain("• «Товары &lt;весна&gt;» парағы (3 парақтың 2-сі)");
    expect(lines).toContain("• баған бөлгіші: нүктелі үтір «;»");
  });

  it("names the sheet only when it is not the first, and says nothing of a JSON's rows", () => {
    const ru = translator(i18n, "ru");
    const first = { ...READING, sheet: { name: "Лист1", index: 1, count: 1 }, notes: [] };
    expect(readingLines(ru, "xlsx", first).join("\n")).not.toContain("лист");
    expect(readingLines(ru, "json", { headerRow: 1 })).toEqual([]);
  });

  it("shows the first product as it will be sent: name, price, barcode", () => {
    const ru = translator(i18n, "ru");
    const block = confirmationBlock(ru, "json", undefined, {
      categoryId: 101,
      brandId: 504,
      name: { rus: "Чайник <стальной>" },
      description: { rus: "Электрический" },
      skus: [{ price: 12345.5, barcode: "0004600000001" }],
    });
    expect(block).toBe(
      [
        "<b>Первый товар будет отправлен так</b>",
        "• название: Чайник &lt;стальной&gt;",
        "• цена: 12\u00a0345,50 ₸",
        "• штрихкод: <code>0004600000001</code>",
      ].join("\n"),
    );
    const kk = translator(i18n, "kk");
    const noSku = confirmationBlock(
      kk,
      "csv",
      {},
      {
        categoryId: 1,
        brandId: 1,
        name: { rus: "Без SKU" },
        description: { rus: "—" },
      },
    );
    expect(noSku).toContain("• бағасы: көрсетілмеген");
  });
});
