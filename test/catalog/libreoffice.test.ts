import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { writeExportXlsx } from "../../src/catalog/export-xlsx.js";
import type { LiveCard } from "../../src/catalog/fields.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import {
  EXPORT_TEXTS_RU,
  editWithOpenpyxl,
  hasLibreOffice,
  inspectWithOpenpyxl,
  resaveWithLibreOffice,
  waitForDocument,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const SLOW = { timeoutMs: 60_000 };

/** Two cards, a barcode with a leading zero and an attribute code among their cells. */
const LOOKS_CARDS: LiveCard[] = [0, 1].map((i) => ({
  productId: 10 + i,
  categoryId: 100,
  brandId: 501,
  isLocalMade: true,
  name: { rus: `Товар ${i}` },
  description: { rus: "Описание" },
  vat: 12,
  attributes: [{ id: 1, code: "color", valueCodes: ["red"] }],
  skus: [
    {
      skuId: 100 + i,
      valueIds: [],
      valueCodes: ["red"],
      price: 1990,
      barcode: "0012345",
      photos: [],
    },
  ],
  codesKnown: true,
  stock: 5 + i,
}));

// Both files are made first and saved in one start of LibreOffice (most of its cost).
describe.skipIf(!hasLibreOffice())("files saved by LibreOffice", () => {
  let h: Harness | undefined;
  let user: UserDriver;
  /** The product whose price the seller edits, as it was exported. */
  let edited: { productId: number; skuId: number; price: number };
  /** The export edited by openpyxl (a price, rows sorted), then saved by LibreOffice. */
  let editedFile: Buffer;
  /** The exporter's own file of LOOKS_CARDS, saved by LibreOffice. */
  let looksFile: Buffer;

  beforeAll(async () => {
    h = await startInProcess();
    user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const before = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export 101");
    const file = (await waitForDocument(user, /^catalog-.*\.xlsx$/, before, 45_000)).document!
      .content;
    const product = h.api.products.find((p) => p.categoryId === 101)!;
    edited = { ...product.skus[0]!, productId: product.productId };
    // The seller edits one price and sorts the rows.
    const sorted = await editWithOpenpyxl(
      file,
      `
for r in rows:
    if r[col("skuId")] == ${edited.skuId}: r[col("price")] = r[col("price")] + 7
rows.sort(key=lambda r: -r[col("skuId")])
`,
    );
    const looks = await writeExportXlsx({
      exportId: "x1",
      at: new Date(0),
      cards: LOOKS_CARDS,
      texts: EXPORT_TEXTS_RU,
      secret: Buffer.alloc(32),
    });
    [editedFile, looksFile] = resaveWithLibreOffice([sorted, looks]) as [Buffer, Buffer];
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  });

  describe("a file saved by LibreOffice", () => {
    it("keeps the hidden export sheet: the preview names exactly the edits (kk)", async () => {
      // Meanwhile someone changes another price in the cabinet.
      const other = h!.api.products.filter((p) => p.categoryId === 101)[1]!;
      h!.api.editProduct(other.productId, (p) => {
        p.skus[0]!.price += 3;
      });
      const sent = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "libre.xlsx", content: editedFile });
      const preview = await user.waitForBotMessage(/файлы бойынша не өзгереді/, {
        ...SLOW,
        after: sent,
      });
      expect(preview.text, user.dump()).not.toContain("қызметтік парағы жоқ");
      expect(preview.text).toContain("Өзгеретін тауарлар: 1, SKU: 1.");
      expect(preview.text).toContain(`${tenge(edited.price)} → ${tenge(edited.price + 7)}`);
      expect(preview.text).toContain("кабинеттегі мән қалады");
      expect(preview.buttons.flat()).toEqual(["✅ Қолдану (1)", "✖️ Бас тарту"]);
    });
  });

  describe("the export's looks in LibreOffice", () => {
    it("read-only columns stay grey and barcodes and codes text cells after LibreOffice saves the file", async () => {
      const look = await inspectWithOpenpyxl(
        looksFile,
        `
ws = wb.worksheets[0]
hdr = [c.value for c in ws[1]]
def look(r, t):
    c = ws.cell(row=r, column=hdr.index(t) + 1)
    return [c.value, c.number_format, c.fill.fgColor.rgb if c.fill.fill_type == "solid" else None]
print(json.dumps([look(r, t) for r in (1, 3) for t in ("Штрихкод", "Характеристика: color", "🔒 остаток", "Цена, ₸")], ensure_ascii=False))
`,
      );
      expect(look).toEqual([
        ["Штрихкод", "General", "FFDDEBF7"],
        ["Характеристика: color", "General", "FFDDEBF7"],
        ["🔒 остаток", "General", "FFE0E0E0"],
        ["Цена, ₸", "General", "FFDDEBF7"],
        ["0012345", "@", null],
        ["red", "@", null],
        [6, "General", "FFE0E0E0"],
        [1990, "General", null],
      ]);
    });
  });
});
