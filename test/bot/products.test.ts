import { afterEach, describe, expect, it } from "vitest";
import {
  LEADING_ZERO_BARCODE,
  LONG_PRODUCT_NAME,
  type SeedProduct,
} from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney } from "../../src/text/format.js";
import { pressAndWaitEdit, send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const LIST = "/api/seller/v1/products/list";
const DETAILS = "/api/seller/v1/products/details";
const PAGE_SIZE = 6;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Presses a product's button and waits for the card sent below the list. */
async function openCard(user: UserDriver, label: string | RegExp, listId: number) {
  const before = user.lastBotMessage()!.messageId;
  const queryId = await user.pressButton(label, { messageId: listId });
  const card = await user.waitForBotMessage(/SKU/, { after: before });
  await user.waitForCallbackAnswer(queryId);
  return card;
}

const ids = (text: string) => [...text.matchAll(/ID (\d+)/g)].map((m) => Number(m[1]));
const product = (harness: Harness, id: number) =>
  harness.api.seed.products.find((p) => p.productId === id) as SeedProduct;

describe("/products", () => {
  it("pages through the catalogue in place, to the last page and back (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const all = [...h.api.seed.products].sort((a, b) => a.productId - b.productId);
    const pages = Math.ceil(all.length / PAGE_SIZE);

    const list = await send(user, "/products");
    expect(list.text).toContain(`стр. 1 из ${pages} · всего ${all.length}`);
    expect(ids(list.text)).toEqual(all.slice(0, PAGE_SIZE).map((p) => p.productId));
    expect(h.api.requestsTo(LIST)[0]!.body).toMatchObject({ sortDirection: "Asc", pageSize: 6 });
    const first = all[0]!;
    expect(list.text).toContain(`На складе: ${first.totalWmsQuantity}`);
    expect(list.buttons.flat()).not.toContain("‹");

    const last = await pressAndWaitEdit(user, "»", list.messageId);
    expect(ids(last.text)).toEqual(all.slice((pages - 1) * PAGE_SIZE).map((p) => p.productId));
    expect(last.buttons.flat()).not.toContain("›");
    expect(last.buttons.flat()).not.toContain("»");
    const back = await pressAndWaitEdit(user, "«", list.messageId);
    expect(ids(back.text)).toEqual(ids(list.text));
    expect(back.edited).toBe(2);
  });

  it("names products in Kazakh, falling back to Russian, and shortens a long name", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const list = await send(user, "/products");
    expect(list.text).toContain("Тауарлар");
    expect(list.text).toContain(product(h, 10001).name.kaz);
    // no Kazakh name: the Russian one
    expect(product(h, 10004).name.kaz).toBe("");
    expect(list.text).toContain(product(h, 10004).name.rus);

    const found = await send(user, "/products капельная Philips");
    expect(found.text).toContain(product(h, 10035).name.kaz);
  });

  it("shows names with <, & and quotes literally, escaped in HTML", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/products Кабель");
    expect(h.api.requestsTo(LIST).at(-1)!.body).toMatchObject({ filters: { search: "Кабель" } });
    expect(list.text).toContain('Кабель <USB-C> & "Lightning" 1 м');
    expect(list.html).toContain("Кабель &lt;USB-C&gt; &amp; &quot;Lightning&quot; 1 м");

    // a 362-character name is shortened in the list and shown whole on the card
    const long = await send(user, "/products капельная Philips");
    expect(long.text).toContain("…");
    expect(long.text).not.toContain(LONG_PRODUCT_NAME);
    const card = await openCard(user, /^1\. /, long.messageId);
    expect(card.text).toContain(LONG_PRODUCT_NAME);

    const none = await send(user, "/products нет-такого-товара");
    expect(none.text).toContain("Товаров не найдено");
  });

  it("opens a card with every SKU, as text when Telegram cannot fetch the photo", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/products");
    const seed = product(h, 10001);

    const card = await openCard(user, /^1\. /, list.messageId);
    expect(h.api.requestsTo(DETAILS).at(-1)!.body).toEqual({ productIds: [10001] });
    expect(card.photo).toBeUndefined();
    expect(card.text).toContain(seed.name.rus);
    expect(card.text).toContain(LEADING_ZERO_BARCODE);
    expect(card.html).toContain(`<code>${LEADING_ZERO_BARCODE}</code>`);
    expect(card.text).toContain(formatMoney(seed.skus[0]!.price, "ru"));
    expect(card.text).toContain("Электроника › Смартфоны и аксессуары › Смартфоны (100)");
    expect(card.text).toContain("Бренд: Samsung (501)");
    expect(card.text).toContain("НДС: 12 %");
    expect(card.text).toContain(
      `На складе: ${seed.totalWmsQuantity} шт. (по товару, все SKU) · продано: ${seed.salesCount}`,
    );
    expect(card.text).toContain("Официальная гарантия 12 месяцев");
    expect(card.html).not.toContain("<p>");
    for (const sku of seed.skus) {
      expect(card.text).toContain(`SKU ${sku.skuId}`);
      // Value names from the attribute-value directory, not raw ids.
      const names = sku.attributeValueIds.map(
        (id) => h!.api.seed.attributeValues.find((v) => v.id === id)!.name,
      );
      expect(card.text).toContain(names.join(", "));
    }
    // the list is untouched; "back" removes the card and the list is in view again
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);
    const queryId = await user.pressButton("‹ Назад к списку", { messageId: card.messageId });
    await user.waitForCallbackAnswer(queryId);
    await user.waitFor((msgs) => msgs.find((m) => m.messageId === card.messageId)!.deleted);
    expect(user.lastBotMessage()!.messageId).toBe(list.messageId);
  });

  it("opens a product by its id, and its back button shows the list (kk)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const card = await send(user, "/products 10035");
    expect(h.api.requestsTo(DETAILS).at(-1)!.body).toEqual({ productIds: [10035] });
    expect(card.text).toContain("SKU ");
    const queryId = await user.pressButton("‹ Тізімге оралу", { messageId: card.messageId });
    await user.waitForCallbackAnswer(queryId);
    await user.waitFor((msgs) => msgs.find((m) => m.messageId === card.messageId)!.deleted);
    const list = await user.waitForBotMessage(/^Тауарлар/, { after: card.messageId });
    expect(list.buttons.flat().length).toBeGreaterThan(1);

    // An id that is no product is searched as text.
    const none = await send(user, "/products 99999");
    expect(none.text).toMatch(/табылмады/);
  });

  it("sends the main photo with the card as caption when Telegram can fetch it (kk)", async () => {
    h = await startInProcess();
    h.tg.setPhotoUrlPolicy(() => true);
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const list = await send(user, "/products");
    const before = user.lastBotMessage()!.messageId;
    const queryId = await user.pressButton(/^2\. /, { messageId: list.messageId });
    await user.waitForCallbackAnswer(queryId);
    const card = await user.waitForBotMessage(/SKU/, { after: before });
    expect(card.photo?.url).toBe(product(h, 10002).photoUrl);
    expect(card.photo?.caption).toContain("Санаты");
    expect(card.text.length).toBeLessThanOrEqual(1024);
    expect(card.buttons).toEqual([
      ["Ескерту шегін өзгерту"],
      ["💰 Бағаны өзгерту"],
      ["‹ Тізімге оралу"],
    ]);
  });

  it("answers forged buttons with a notice and keeps the list", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/products");
    const cases: [string, RegExp][] = [
      ["prdo1:0:1:999999", /товара больше нет/],
      ["prdp1:0:99", /страницы нет/],
      ["prdp1:zzzzzzzz:2", /устарел/],
      ["prdo1:0:1", /устарела/],
    ];
    for (const [data, notice] of cases) {
      const id = await user.sendCallback(list.messageId, data);
      expect((await user.waitForCallbackAnswer(id)).text, data).toMatch(notice);
    }
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);
    expect(user.botMessages().at(-1)!.messageId).toBe(list.messageId);
  });

  it("says the service is down when the product list fails while paging", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/products");
    h.api.failNext(LIST, "503", 3);
    const id = await user.pressButton("›", { messageId: list.messageId });
    await user.waitForBotMessage(/не отвечает/);
    await user.waitForCallbackAnswer(id);
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);
  });

  it("gives an unlinked chat only the instructions", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await user.sendCommand("/products");
    await user.waitForBotMessage(/байланыстырылмаған/);
    expect(h.api.requestsTo(LIST)).toHaveLength(0);
  });
});
