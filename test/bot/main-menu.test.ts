import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Types a text (a menu button sends its label as text) and waits for the bot's next message. */
async function type(user: UserDriver, text: string, match: RegExp | string = /./) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await (text.startsWith("/") ? user.sendCommand(text) : user.sendText(text));
  return user.waitForBotMessage(match, { after: before, timeoutMs: 60_000 });
}

const KEYBOARD = {
  ru: [
    ["📦 Заказы", "🛍 Товары"],
    ["📈 Сегодня", "💰 Деньги"],
    ["📥 Excel", "⚙️ Настройки"],
  ],
  kk: [
    ["📦 Тапсырыстар", "🛍 Тауарлар"],
    ["📈 Бүгін", "💰 Ақша"],
    ["📥 Excel", "⚙️ Баптаулар"],
  ],
};

/** What each button answers, as its command does: [label, command, the answer's first words]. */
const BUTTONS = {
  ru: [
    ["📦 Заказы", "/orders", /^Заказы · стр\. 1/],
    ["🛍 Товары", "/products", /^Товары · стр\. 1/],
    ["📈 Сегодня", "/today", /^💰 Деньги за /],
    ["💰 Деньги", "/money", /^💰 Деньги\. За какой период/],
    ["📥 Excel", "/export", /^Выгрузка в Excel/],
    ["⚙️ Настройки", "/settings", /^⚙️ Уведомления этого чата/],
  ],
  kk: [
    ["📦 Тапсырыстар", "/orders", /^Тапсырыстар · /],
    ["🛍 Тауарлар", "/products", /^Тауарлар · /],
    ["📈 Бүгін", "/today", /^💰 .* кезеңінің ақшасы$/m],
    ["💰 Ақша", "/money", /^💰 Ақша\. Қай кезеңді/],
    ["📥 Excel", "/export", /^Excel-ге шығару/],
    ["⚙️ Баптаулар", "/settings", /^⚙️ Осы чаттың хабарландырулары/],
  ],
} as const;

describe("the main menu", () => {
  it.each(["ru", "kk"] as const)(
    "comes with the link, /start and /menu, short, and each button answers as its command (%s)",
    async (lang) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: lang });
      await linkUser(h, user);
      const greeting = user.botMessages().at(-1)!;
      expect(greeting.replyKeyboard).toEqual(KEYBOARD[lang]);
      for (const command of ["/start", "/menu"]) {
        const menu = await send(user, command);
        expect(menu.replyKeyboard).toEqual(KEYBOARD[lang]);
        // A short pointer to the buttons, not a list of commands.
        expect(menu.text.match(/\/[a-z]+/g) ?? []).toEqual(["/help"]);
        expect(menu.text.length).toBeLessThan(400);
      }
      for (const [label, command, answer] of BUTTONS[lang]) {
        const pressed = await type(user, label, answer);
        const typed = await type(user, command, answer);
        // The same answer (a clock time in a title may have moved on a minute).
        const head = (text: string) => text.split("\n")[0]!.replace(/\d\d:\d\d/g, "");
        expect(head(typed.text), label).toBe(head(pressed.text));
        expect(typed.buttons.flat(), label).toEqual(pressed.buttons.flat());
      }
    },
    60_000,
  );

  it("follows /language and the settings' language button; a keyboard of before still works", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const settings = await type(user, "⚙️ Настройки", /Уведомления этого чата/);
    await user.pressButton("🌐 Язык бота", { messageId: settings.messageId });
    const picker = await user.waitForBotMessage(/Выберите язык/, { after: settings.messageId });
    await user.pressButton("Қазақша", { messageId: picker.messageId });
    const set = await user.waitForBotMessage(/қазақша сөйлеймін/, { after: picker.messageId });
    expect(set.replyKeyboard).toEqual(KEYBOARD.kk);
    // The Russian keyboard may still be on the phone: its labels keep working, now in Kazakh.
    expect((await type(user, "📦 Заказы")).text).toMatch(/^Тапсырыстар · /);
    // A label typed without its icon is the button too.
    expect((await type(user, "тапсырыстар")).text).toMatch(/^Тапсырыстар · /);
    expect((await type(user, "Ақша")).text).toMatch(/^💰 Ақша\. Қай кезеңді/);

    await user.sendCommand("/language");
    const again = await user.waitForBotMessage(/Боттың тілін таңдаңыз/);
    await user.pressButton("Русский", { messageId: again.messageId });
    const back = await user.waitForBotMessage(/по-русски/, { after: again.messageId });
    expect(back.replyKeyboard).toEqual(KEYBOARD.ru);
  });

  it("is not shown to a chat that is not linked, whose typed text gets how to link", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    const start = await send(user, "/start");
    expect(start.replyKeyboard).toBeUndefined();
    expect((await type(user, "📦 Тапсырыстар")).text).toContain("байланыстырылмаған");
    expect((await type(user, "кабель")).text).toContain("байланыстырылмаған");
    expect(h.api.requestsTo("/api/seller/v1/orders/list")).toHaveLength(0);
    expect(h.api.requestsTo("/api/seller/v1/products/list")).toHaveLength(0);
  });
});

describe("typed text finds things", () => {
  it.each(["ru", "kk"] as const)(
    "an order number, a product id, a barcode sold or never sold, a word, nonsense (%s)",
    async (lang) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: lang });
      await linkUser(h, user);
      const api = h.api;
      // An order of four products (four lines of one number, made so before any search):
      // three lines' details in one message, and how many more.
      for (const line of api.seed.orders.slice(20, 24)) line.orderNumber = "7200000";
      const many = await type(user, "7200000");
      expect(many.text.split(lang === "ru" ? "Заказ №" : "Тапсырыс №")).toHaveLength(4);
      expect(many.text).toContain(lang === "ru" ? "и ещё 1 позиция" : "тағы 1 позициясы");

      const order = api.seed.orders[5]!;
      const shown = await type(user, order.orderNumber);
      expect(shown.text).toContain(lang === "ru" ? "Заказ №" : "Тапсырыс №");
      expect(shown.text).toContain(order.orderNumber);
      expect(shown.text).toContain(order.barcode);
      // Typed the way people do: with a sign, spaced.
      const spaced = order.orderNumber.replace(/^(\d{3})(\d+)$/, "№ $1 $2");
      expect((await type(user, spaced)).text).toContain(order.orderNumber);

      const product = api.products.find((p) => p.productId === 10002)!;
      const byId = await type(user, "10002");
      expect(byId.text).toContain(product.name.rus.slice(0, 20));
      expect(byId.text).toContain(String(product.skus[0]!.skuBarcode));

      const sold = api.products.find((p) =>
        api.seed.orders.some((o) => o.barcode === p.skus.at(-1)!.skuBarcode),
      )!;
      const soldBarcode = sold.skus.at(-1)!.skuBarcode;
      expect((await type(user, soldBarcode)).text).toContain(`${sold.productId}`);

      // A barcode no order names: found by reading the (small) catalog.
      const unsold = api.products.find((p) => p.productId === 10030)!;
      const unsoldBarcode = "4870000999991";
      api.editProduct(10030, (p) => {
        p.skus[0]!.skuBarcode = unsoldBarcode;
      });
      expect(api.seed.orders.some((o) => o.barcode === unsoldBarcode)).toBe(false);
      expect((await type(user, unsoldBarcode)).text).toContain(`${unsold.productId}`);

      const word = await type(user, "кабель");
      expect(word.text).toMatch(lang === "ru" ? /^Товары · / : /^Тауарлар · /);
      expect(word.text).toContain("Кабель");
      expect(api.requestsTo("/api/seller/v1/products/list").at(-1)!.body).toMatchObject({
        filters: { search: "кабель" },
      });

      // Digits that are no number of anything, but part of names: those products.
      const named = await type(user, "15");
      expect(named.text).toContain("iPhone 15");

      const nothing = await type(user, "абракадабра");
      expect(nothing.text).toContain(
        lang === "ru" ? "Ничего не нашёл по запросу «абракадабра»" : "«абракадабра» бойынша ештеңе",
      );
      expect(nothing.text).toContain("/menu");
      const noNumber = await type(user, "999999999");
      expect(noNumber.text).toContain(
        lang === "ru" ? "Не нашёл ни заказа, ни товара с номером 999999999" : "999999999 нөмірлі",
      );
      expect(api.requestsTo("/api/seller/v1/products/import")).toHaveLength(0);
    },
    60_000,
  );

  it("a dialogue waiting for text still gets it first; a menu button ends it", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const order = h.api.seed.orders[0]!;
    // 10001 has one SKU: «Change price» asks for the number at once.
    const card = await send(user, "/products 10001");
    await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
    await user.waitForBotMessage(/Новая цена/, { after: card.messageId });
    // An order number typed now is the price asked for, not a search.
    const price = await type(user, "12990");
    expect(price.text).toContain("→ 12");
    expect(price.text).not.toContain("Заказ №");

    await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
    await user.waitForBotMessage(/Новая цена/, { after: price.messageId });
    // A menu button is a command: the question ends, the button is served...
    expect((await type(user, "📦 Заказы")).text).toMatch(/^Заказы · /);
    // ...and a number typed after it is searched, not taken for a price.
    const found = await type(user, order.orderNumber);
    expect(found.text).toContain(`Заказ № ${order.orderNumber}`);
    expect(h.api.requestsTo("/api/seller/v1/products/import")).toHaveLength(0);
  });
});

describe("a price that cannot change", () => {
  it.each([
    ["ru", "💰 Изменить цену", /нельзя изменить из бота.*кодов его характеристик/s, "/export"],
    ["kk", "💰 Бағаны өзгерту", /боттан өзгерту мүмкін емес.*кодтарын бермейді/s, "/export"],
  ] as const)(
    "says why with a directory that gives values without ids, and what to do (%s)",
    async (lang, button, reason, todo) => {
      h = await startInProcess({ sandbox: { attributeValueIds: false } });
      const user = h.tg.user({ languageCode: lang });
      await linkUser(h, user);
      for (const id of [10001, 10002]) {
        const card = await send(user, `/products ${id}`);
        await user.pressButton(button, { messageId: card.messageId });
        const why = await user.waitForBotMessage(/./, { after: card.messageId });
        expect(why.text).toMatch(reason);
        expect(why.text).toContain(todo);
        expect(why.text).not.toMatch(/Цена уже такая|Баға онсыз да/);
      }
      // Nothing is asked, so nothing typed next becomes a price.
      expect((await send(user, "/cancel")).text).toMatch(/Отменять нечего|Бас тартатын әрекет жоқ/);
      expect(h.api.requestsTo("/api/seller/v1/products/import")).toHaveLength(0);
    },
    30_000,
  );
});
