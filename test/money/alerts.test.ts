import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney } from "../../src/text/format.js";
import { type TestClock, testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { groupBy, isSale, linesBetween, returnedOf, soldSums } from "../support/money.js";
import { openBook, table, tiynOf } from "../support/money-book.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 2026-11-20 20:00 in Almaty. */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const SHOP = { days: 60, linesPerDay: 40, endMs: NOW - HOUR / 2 };
const ORDERS = "/api/seller/v1/orders/list";
const PRODUCTS = "/api/seller/v1/products/list";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** A Russian and a Kazakh seller's chats, linked, the alerts' first round run. */
async function start(clock: TestClock, env: Record<string, string> = {}, shop = SHOP) {
  h = await startInProcess({ redis: true, alertsClock: clock, sandbox: { moneyShop: shop }, env });
  const ru = h.tg.user({ languageCode: "ru" });
  const kk = h.tg.user({ languageCode: "kk" });
  await linkUser(h, ru);
  await linkUser(h, kk);
  await h.app.alerts.runAll();
  return { h, ru, kk };
}

const saying = (user: UserDriver, words: string) =>
  user.botMessages().filter((m) => m.text.includes(words));

/** Rounds every `step` for `total`, as the scheduler would run them. */
async function runFor(h: Harness, clock: TestClock, total: number, step: number) {
  for (let t = 0; t < total; t += step) {
    clock.advance(step);
    await h.app.alerts.runAll();
  }
}

describe("money alerts", () => {
  it("name a product whose returns pass the threshold once, not again while it stays there, again after it recovered", async () => {
    const clock = testClock(NOW);
    // Each product in a message of its own (not grouped), for the test to read them apart.
    const { h, ru, kk } = await start(clock, {
      RETURN_ALERT_PERCENT: "15",
      ALERT_GROUP_ABOVE: "20",
    });
    // The first round only notes the time; the next one, half an hour on, reads 30 days.
    expect(saying(ru, "Много возвратов")).toHaveLength(0);
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);

    const at = (o: SeedOrder) => h.api.seed.orderCreatedAt[o.orderId]!;
    const window = linesBetween(h.api.seed.orders, at, "2026-10-22", "2026-11-20").filter(isSale);
    const over = [...groupBy(window, (o) => o.barcode)]
      .map(([barcode, of]) => ({
        barcode,
        name: of[0]!.productName,
        units: of.reduce((n, o) => n + o.quantity, 0),
        returned: of.reduce((n, o) => n + returnedOf(o), 0),
      }))
      .filter((p) => p.units >= 30 && (p.returned / p.units) * 100 > 15);
    expect(over.length).toBeGreaterThan(0);
    const told = saying(ru, "Много возвратов");
    expect(told).toHaveLength(over.length);
    for (const p of over) {
      const message = told.find((m) => m.text.includes(`штрихкод ${p.barcode}`))!;
      expect(message.text).toContain(`вернули ${p.returned} из ${p.units} шт.`);
    }
    expect(saying(kk, "Қайтарым көп")).toHaveLength(over.length);

    // Still over, hours later: nothing more.
    await runFor(h, clock, 3 * HOUR, 31 * MINUTE);
    expect(saying(ru, "Много возвратов")).toHaveLength(over.length);

    // One of them sells a lot without returns (under the threshold), then comes back a lot.
    const first = over[0]!;
    const { productId } = h.api.products.find((p) =>
      p.skus.some((k) => k.skuBarcode === first.barcode),
    )!;
    const order = { productId, barcode: first.barcode, quantity: first.units * 10 };
    h.api.addOrder({ ...order, at: clock.now() - MINUTE, statusKey: "COMPLETED" });
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);
    expect(saying(ru, "Много возвратов")).toHaveLength(over.length);
    h.api.addOrder({ ...order, at: clock.now() - MINUTE, statusKey: "RETURNED" });
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);
    const again = saying(ru, "Много возвратов");
    expect(again).toHaveLength(over.length + 1);
    expect(again.at(-1)!.text).toContain(`штрихкод ${first.barcode}`);
  });

  it("tell of no new order once, when the shop's usual hours would have brought several; a new order re-arms it", async () => {
    const clock = testClock(NOW);
    const { h, ru, kk } = await start(clock);
    await runFor(h, clock, 16 * HOUR, 30 * MINUTE); // to 12:00 the next day
    const silence = saying(ru, "Новых заказов нет");
    expect(silence).toHaveLength(1);
    const newest = Math.max(...Object.values(h.api.seed.orderCreatedAt));
    const local = new Date(newest + 5 * HOUR).toISOString();
    const shown = `${local.slice(8, 10)}.${local.slice(5, 7)} ${local.slice(11, 16)}`;
    expect(silence[0]!.text).toContain(`последний — ${shown}`);
    expect(saying(kk, "Жаңа тапсырыс")).toHaveLength(1);
    await runFor(h, clock, 2 * HOUR, 30 * MINUTE);
    expect(saying(ru, "Новых заказов нет")).toHaveLength(1);

    // An order: watching again from it, and after a long enough silence one more message.
    h.api.addOrder({ at: clock.now() - MINUTE });
    await runFor(h, clock, 30 * MINUTE, 30 * MINUTE);
    expect(saying(ru, "Новых заказов нет")).toHaveLength(1);
    await runFor(h, clock, 24 * HOUR, HOUR);
    expect(saying(ru, "Новых заказов нет")).toHaveLength(2);
  });
});

describe("refused credentials", () => {
  it("several refused polls give one message per chat, polls slow down, and one message when it works again", async () => {
    const clock = testClock(NOW);
    // The digest (at 09:00 here) is not due in the hour this test runs.
    const { h, ru, kk } = await start(clock, { AUTH_ALERT_AFTER_POLLS: "3", DIGEST_TIME: "09:00" });
    const refused = (r: { path: string }) =>
      r.path.startsWith("/api/seller/v1/") && !r.path.includes("telegram");
    h.api.failNext(refused, "401", 10_000);
    await runFor(h, clock, 2 * MINUTE, MINUTE);
    expect(saying(ru, "требует внимания")).toHaveLength(0);
    await runFor(h, clock, MINUTE, MINUTE);
    h.api.clearRequests();
    await runFor(h, clock, 27 * MINUTE, MINUTE);
    for (const [user, words] of [
      [ru, "требует внимания"],
      [kk, "назар аударуды қажет"],
    ] as const) {
      const told = saying(user, words);
      expect(told, user.dump()).toHaveLength(1);
    }
    expect(saying(ru, "требует внимания")[0]!.text).toContain("3 проверки подряд");
    expect(saying(ru, "требует внимания")[0]!.text).toContain("раз в 10 мин");
    // After the third refused poll a minute apart, one every 10 minutes; nothing else asked.
    expect(h.api.requestsTo(ORDERS)).toHaveLength(2);
    expect(h.api.requestsTo(PRODUCTS)).toHaveLength(0);
    // No "the service does not answer" beside it.
    expect(saying(ru, "не отвечает")).toHaveLength(0);

    h.api.clearFailures();
    await runFor(h, clock, 30 * MINUTE, MINUTE);
    expect(saying(ru, "снова работает")).toHaveLength(1);
    expect(saying(kk, "қайта жұмыс істейді")).toHaveLength(1);
    expect(h.api.requestsTo(ORDERS).length).toBeGreaterThan(2 + 10);
  });
});

describe("the month's statement", () => {
  it("on the first day at MONTH_STATEMENT_TIME, last month's figures to every chat, once, with a word on the marketplace's report", async () => {
    // December 1st, 09:59 in Almaty; the shop's newest order at 09:00.
    const first = Date.UTC(2026, 11, 1, 4, 59, 0);
    const clock = testClock(first);
    const shop = { days: 70, linesPerDay: 30, endMs: first - HOUR };
    const { h, ru, kk } = await start(clock, {}, shop);
    // A second Russian chat: it gets the same file, by the id Telegram gave the first.
    const ru2 = h.tg.user({ languageCode: "ru" });
    await linkUser(h, ru2);
    expect(saying(ru, "Итоги месяца")).toHaveLength(0);
    await runFor(h, clock, 2 * MINUTE, MINUTE);
    const statement = saying(ru, "Итоги месяца");
    expect(statement).toHaveLength(1);
    const text = statement[0]!.text;
    expect(text).toContain("Итоги месяца: ноябрь 2026");
    expect(text).toContain("Деньги за 01.11.2026–30.11.2026");
    expect(text).toContain("Маркетплейс пришлёт свой отчёт");
    const at = (o: SeedOrder) => h.api.seed.orderCreatedAt[o.orderId]!;
    const november = soldSums(linesBetween(h.api.seed.orders, at, "2026-11-01", "2026-11-30"));
    expect(text).toContain(`Продажи: ${formatMoney(november.sales / 100, "ru")}`);
    expect(text).toContain(`К выплате: ${formatMoney(november.payout / 100, "ru")}`);
    expect(saying(kk, "Ай қорытындысы: 2026 жыл, қараша")).toHaveLength(1);

    // The month's workbook right after the figures, in each chat's language.
    const files = (user: UserDriver) => user.botMessages().filter((m) => m.document);
    for (const [user, name] of [
      [ru, "Деньги_01.11.2026–30.11.2026.xlsx"],
      [ru2, "Деньги_01.11.2026–30.11.2026.xlsx"],
      [kk, "Ақша_01.11.2026–30.11.2026.xlsx"],
    ] as const) {
      const [file] = files(user);
      expect(files(user)).toHaveLength(1);
      expect(file!.document!.fileName).toBe(name);
      expect(file!.messageId).toBeGreaterThan(
        saying(user, user === kk ? "Ай қорытындысы" : "Итоги месяца")[0]!.messageId,
      );
    }
    const book = await openBook(files(ru)[0]!.document!.content);
    expect(book.sheets).toEqual(["Итоги", "Товары", "Заказы"]);
    const lines = linesBetween(h.api.seed.orders, at, "2026-11-01", "2026-11-30");
    const orders = table(book, "Заказы");
    expect(orders.rows.length).toBe(lines.length + 2);
    expect(tiynOf(orders.rows.at(-1)![orders.col("Сумма, ₸")])).toBe(
      lines.reduce((n, o) => n + Math.round(o.totalPrice * 100), 0),
    );
    const kkBook = await openBook(files(kk)[0]!.document!.content);
    expect(kkBook.sheets).toEqual(["Қорытынды", "Тауарлар", "Тапсырыстар"]);
    // Uploaded once per language; the second Russian chat got it by its file id.
    const sent = h.tg.callsOf("sendDocument").filter((c) => c.ok);
    expect(sent.map((c) => typeof c.params.document === "string")).toEqual(
      expect.arrayContaining([true]),
    );
    expect(sent.filter((c) => typeof c.params.document !== "string")).toHaveLength(2);
    expect(h.tg.fileContent(files(ru2)[0]!.document!.fileId)).toEqual(
      h.tg.fileContent(files(ru)[0]!.document!.fileId),
    );

    await runFor(h, clock, 3 * HOUR, 30 * MINUTE);
    expect(saying(ru, "Итоги месяца")).toHaveLength(1);
    expect(files(ru)).toHaveLength(1);
  });
});
