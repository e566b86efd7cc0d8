import { afterEach, describe, expect, it } from "vitest";
import { importPosts as importPostsTo } from "./support/catalog.js";
import { send } from "./support/chat.js";
import { type Harness, linkUser, startInProcess } from "./support/harness.js";

const SLOW = { timeoutMs: 15_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Sends a plain text (not a command) and waits for the bot's next message. */
async function say(user: ReturnType<Harness["tg"]["user"]>, text: string) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendText(text);
  return user.waitForBotMessage(/./, { after: before });
}

const importPosts = () => importPostsTo(h!.api);

describe("one price from the product card", () => {
  it("asks per SKU, shows old → new, applies the one edit whole, undoes it (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // 10002 has two SKUs.
    const product = structuredClone(h.api.products.find((p) => p.productId === 10002)!);
    const [first, second] = product.skus;
    const card = await send(user, "/products 10002");
    await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
    const choose = await user.waitForBotMessage(/Выберите SKU/, { after: card.messageId });
    expect(choose.buttons.flat()).toEqual([
      `SKU ${first!.skuId}: ${first!.price} ₸`,
      `SKU ${second!.skuId}: ${second!.price} ₸`,
    ]);
    await user.pressButton(`SKU ${second!.skuId}: ${second!.price} ₸`, {
      messageId: choose.messageId,
    });
    await user.waitForBotMessage(/Новая цена для SKU/, { after: choose.messageId });

    const bad = await say(user, "дорого");
    expect(bad.text).toContain("Не понял цену «дорого»");
    const newPrice = second!.price + 1000;
    const confirm = await say(user, `${String(newPrice).replace(/(\d)(?=(\d{3})+$)/g, "$1 ")}`);
    expect(confirm.text).toContain(`Цена SKU ${second!.skuId}: ${second!.price} → ${newPrice} ₸`);
    expect(importPosts()).toHaveLength(0);
    await user.pressButton("✅ Применить (1)", { messageId: confirm.messageId });
    const applied = await user.waitForBotMessage(/Отправляю товаров: 1/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    const sent = (
      importPosts()[0]!.body as {
        products: { productId: number; skus: { skuId: number; price: number }[] }[];
      }
    ).products;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.skus.map((s) => [s.skuId, s.price])).toEqual([
      [first!.skuId, first!.price],
      [second!.skuId, newPrice],
    ]);
    const live = () => h!.api.products.find((p) => p.productId === 10002)!;
    expect(live().skus[1]!.price).toBe(newPrice);

    await user.pressButton("↩️ Отменить изменения", { messageId: applied.messageId });
    await user.waitForBotMessage(/Возвращаю прежние значения: 1/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(live().skus.map((s) => s.price)).toEqual(product.skus.map((s) => s.price));
  }, 30_000);

  it("a price cut to a tenth needs its own button (kk)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
    const card = await send(user, "/products 10001");
    await user.pressButton("💰 Бағаны өзгерту", { messageId: card.messageId });
    await user.waitForBotMessage(/үшін жаңа баға/, { after: card.messageId });
    const confirm = await say(user, String(Math.round(sku.price / 10)));
    expect(confirm.text).toContain("Тәуекелді өзгеріс: баға екі еседен астам төмендеді");
    expect(confirm.buttons.flat()).toEqual(["⚠️ Тәуекелділермен бірге қолдану (1)", "✖️ Бас тарту"]);
    await user.pressButton("✖️ Бас тарту", { messageId: confirm.messageId });
    await user.waitForBotMessage("Ештеңе жіберілмеді.");
    expect(importPosts()).toHaveLength(0);
  }, 30_000);
});
