import { afterEach, describe, expect, it } from "vitest";
import type { SeedProduct } from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts as importPostsTo,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const SLOW = { timeoutMs: 45_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const importPosts = () => importPostsTo(h!.api);
type Sent = { productId: number; skus: { skuId: number; price: number }[] };
const sentIn = (i: number) => (importPosts()[i]!.body as { products: Sent[] }).products;
const cards = () =>
  structuredClone(h!.api.products as SeedProduct[]).map(
    ({ moderationStatus, productStatus, totalWmsQuantity, salesCount, photoUrl, ...card }) => card,
  );

async function sendBack(user: UserDriver, content: Buffer) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName: "каталог.xlsx", content });
  return user.waitForBotMessage(/файлы бойынша не өзгереді/, { ...SLOW, after: before });
}

describe("risky changes, changes made in the cabinet, undo (kk)", () => {
  it("applies a risky cut only by its own button, never writes back a cabinet price, undoes exactly", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const file = await exportWholeCatalog(user, "kk");
    const seed = cards();
    const price = (id: number) => seed.find((p) => p.productId === id)!.skus[0]!.price;

    // In the cabinet after the export: 10004's first price; 10006's first price too.
    h.api.editProduct(10004, (p) => {
      p.skus[0]!.price = 77_777;
    });
    h.api.editProduct(10006, (p) => {
      p.skus[0]!.price += 5;
    });
    // The seller: cuts 10001 to a tenth (risky), raises 10002 a little, changes 10006 too
    // (a conflict), leaves 10004 as exported.
    const edited = await editWithOpenpyxl(
      file,
      `
p = col("price"); s = col("skuId"); pid = col("productId")
first = {}
for r in rows:
    first.setdefault(r[pid], r[s])
for r in rows:
    if r[s] == first[10001]: r[p] = round(r[p] / 10)
    if r[s] == first[10002]: r[p] = r[p] + 10
    if r[s] == first[10006]: r[p] = r[p] + 1
`,
    );
    const preview = await sendBack(user, edited);
    expect(preview.text, user.dump()).toContain("Тәуекелді өзгерістер: 1");
    expect(preview.text).toContain("баға екі еседен астам төмендеді");
    expect(preview.text).toContain(
      `${tenge(price(10001))} → ${tenge(Math.round(price(10001) / 10))}`,
    );
    expect(preview.text).toContain("Қайшылықтар: 1");
    expect(preview.text).toContain(`${tenge(price(10006) + 5)} → ${tenge(price(10006) + 1)}`);
    // 10004: left as exported, changed in the cabinet: the cabinet's value stays.
    expect(preview.text).toContain("кабинеттегі мән қалады");
    expect(preview.text).not.toContain("10004");
    const buttons = preview.buttons.flat();
    expect(buttons).toContain("✅ Қолдану (1)");
    expect(buttons).toContain("⚠️ Тәуекелділермен бірге қолдану (2)");

    // The general confirmation: only 10002.
    await user.pressButton("✅ Қолдану (1)", { messageId: preview.messageId });
    const pressed = preview.messageId;
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(sentIn(0).map((p) => p.productId)).toEqual([10002]);
    const live = (id: number) => h!.api.products.find((p) => p.productId === id)!.skus[0]!.price;
    expect(live(10001)).toBe(price(10001));
    expect(live(10002)).toBe(price(10002) + 10);
    expect(live(10004)).toBe(77_777);
    expect(live(10006)).toBe(price(10006) + 5);

    // Undo: the catalog is as before the apply.
    const beforeUndo = structuredClone(cards());
    // The import summary carries the undo button; it is pressed there. The press's status
    // (what goes, then the outcome) is the only other new message.
    const summary = await user.waitForBotMessage(/^«каталог\.xlsx»: қорытынды/, {
      ...SLOW,
      after: pressed,
    });
    const added = user.botMessages().filter((m) => m.messageId > pressed && !m.document);
    expect(added, user.dump()).toHaveLength(2);
    expect(added[0]!.buttons.flat()).toEqual([]);
    expect(summary.buttons.flat()).toEqual(["↩️ Өзгерістерді болдырмау"]);
    await user.pressButton("↩️ Өзгерістерді болдырмау", { messageId: summary.messageId });
    const undone = await user.waitForBotText(/Бұрынғы мәндерді қайтарып жатырмын: 1/, SLOW);
    expect(undone.text).toContain("сол күйінде қалдырылды: 0");
    // Used once: the button is gone from the summary.
    const summaryNow = user.botMessages().find((m) => m.messageId === summary.messageId)!;
    expect(summaryNow.buttons.flat()).toEqual([]);
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(sentIn(1).map((p) => p.productId)).toEqual([10002]);
    const restored = beforeUndo.map((p) =>
      p.productId === 10002
        ? { ...p, skus: p.skus.map((s, i) => (i === 0 ? { ...s, price: price(10002) } : s)) }
        : p,
    );
    const noKaz = (list: typeof restored) =>
      list.map((p) => ({ ...p, description: { rus: p.description.rus } }));
    expect(noKaz(cards())).toEqual(noKaz(restored));
  });
});
