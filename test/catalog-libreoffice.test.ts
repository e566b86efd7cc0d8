import { afterEach, describe, expect, it } from "vitest";
import {
  editWithOpenpyxl,
  hasLibreOffice,
  resaveWithLibreOffice,
  waitForDocument,
} from "./support/catalog.js";
import { type Harness, linkUser, startInProcess } from "./support/harness.js";

const SLOW = { timeoutMs: 20_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("a file saved by LibreOffice", () => {
  it.skipIf(!hasLibreOffice())(
    "keeps the hidden export sheet: the preview names exactly the edits (kk)",
    async () => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: "kk" });
      await linkUser(h, user);
      const before = user.lastBotMessage()!.messageId;
      await user.sendCommand("/export 101");
      const file = (await waitForDocument(user, /^catalog-.*\.xlsx$/, before, 15_000)).document!
        .content;
      const product = h.api.products.find((p) => p.categoryId === 101)!;
      // Someone changes another price in the cabinet; the seller edits one price and sorts.
      const other = h.api.products.filter((p) => p.categoryId === 101)[1]!;
      h.api.editProduct(other.productId, (p) => {
        p.skus[0]!.price += 3;
      });
      const edited = resaveWithLibreOffice(
        editWithOpenpyxl(
          file,
          `
for r in rows:
    if r[col("skuId")] == ${product.skus[0]!.skuId}: r[col("price")] = r[col("price")] + 7
rows.sort(key=lambda r: -r[col("skuId")])
`,
        ),
      );
      const sent = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "libre.xlsx", content: edited });
      const preview = await user.waitForBotMessage(/файлы бойынша не өзгереді/, {
        ...SLOW,
        after: sent,
      });
      expect(preview.text, user.dump()).not.toContain("қызметтік парағы жоқ");
      expect(preview.text).toContain("Өзгеретін тауарлар: 1, SKU: 1.");
      expect(preview.text).toContain(`${product.skus[0]!.price} → ${product.skus[0]!.price + 7}`);
      expect(preview.text).toContain("кабинеттегі мән қалады");
      expect(preview.buttons.flat()).toEqual(["✅ Қолдану (1)", "✖️ Бас тарту"]);
    },
    60_000,
  );
});
