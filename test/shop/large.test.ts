/**
 * The flows a seller meets each day, at the size of a real shop (the sandbox's large shop:
 * 5,000 products, 20,000 SKUs, 100,000 order lines over a year): /orders to its last page and
 * an order's details, /products search and a product card, the digest, new-order and stock
 * alerts. One sandbox for the file (its seed is made once); each test starts its own bot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SEED_BASE_DATE_MS,
  type SeedOrder,
  type SellerSandbox,
  startSellerSandbox,
} from "../../doubles/seller-api/index.js";
import { formatMoney, formatNumber } from "../../src/text/format.js";
import { pressAndWaitEdit, send } from "../support/chat.js";
import { testClock } from "../support/clock.js";
import {
  type Harness,
  type HarnessOptions,
  LARGE_SHOP_ENV,
  linkUser,
  startInProcess,
} from "../support/harness.js";

const ORDERS = "/api/seller/v1/orders/list";
const LIST = "/api/seller/v1/products/list";
const DETAILS = "/api/seller/v1/products/details";
const PAGE_SIZE = 6;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Asia/Almaty (TIME_ZONE's default) is UTC+05:00 all year. */
const ALMATY = 5 * HOUR;

let api: SellerSandbox;
beforeAll(async () => {
  api = await startSellerSandbox({ shop: "large" });
});
afterAll(() => api.stop());

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function linked(lang: "ru" | "kk", options: HarnessOptions = {}) {
  h = await startInProcess({ api, env: LARGE_SHOP_ENV, ...options });
  const user = h.tg.user({ languageCode: lang });
  await linkUser(h, user);
  api.clearRequests();
  return { h, user };
}

const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
/** The seed's orders as the Seller API lists them: newest first, ties by orderId. */
const newestFirst = () =>
  [...api.seed.orders].sort((a, b) => at(b) - at(a) || a.orderId - b.orderId);
const numbersIn = (text: string) => [...text.matchAll(/№ (\d+)/g)].map((m) => m[1]);
const idsIn = (text: string) => [...text.matchAll(/ID (\d+)/g)].map((m) => Number(m[1]));
/** "16 667" as the chat's language writes it (a no-break space between thousands). */
const n = (value: number, lang: "ru" | "kk" = "ru") => formatNumber(value, lang);

describe("a real shop's orders", () => {
  it("/orders pages to the last of 16,667 pages in one step and opens an order there (ru)", async () => {
    const { user } = await linked("ru");
    const all = newestFirst();
    const pages = Math.ceil(all.length / PAGE_SIZE);
    const list = await send(user, "/orders");
    // (The title writes its numbers without a thousands' separator, unlike the amounts.)
    expect(list.text).toContain(`стр. 1 из ${pages} · всего ${all.length}`);
    expect(numbersIn(list.text)).toEqual(all.slice(0, PAGE_SIZE).map((o) => o.orderNumber));

    const last = await pressAndWaitEdit(user, "»", list.messageId);
    expect(last.text).toContain(`стр. ${pages} из ${pages}`);
    const oldest = all.slice((pages - 1) * PAGE_SIZE);
    expect(numbersIn(last.text)).toEqual(oldest.map((o) => o.orderNumber));
    // One request for the last page: the list is not walked to get there.
    const bodies = api.requestsTo(ORDERS).map((r) => r.body as { pageNumber: number });
    expect(bodies.map((b) => b.pageNumber)).toEqual([1, pages]);

    const order = oldest.at(-1)!;
    const details = await pressAndWaitEdit(user, `№${order.orderNumber}`, list.messageId);
    for (const value of [
      `Заказ № ${order.orderNumber}`,
      `ID заказа: ${order.orderId}`,
      order.barcode,
      order.statusLabel,
      formatMoney(order.totalPrice, "ru"),
      formatMoney(order.totalCommissionAmount, "ru"),
      formatMoney(order.totalPayoutAmount, "ru"),
      `возвращено: ${order.quantityReturned}`,
    ])
      expect(details.text).toContain(value);
    const back = await pressAndWaitEdit(user, "‹ Назад к списку", list.messageId);
    expect(back.text).toContain(`стр. ${pages} из ${pages}`);
  });

  it("finds a line of months ago by its number and shows what came back of it (kk)", async () => {
    const { user } = await linked("kk");
    const returned = newestFirst().filter((o) => o.statusKey === "RETURNED");
    const partial = returned.find(
      (o) => o.quantityReturned > 0 && o.quantityReturned < o.quantity,
    )!;
    const list = await send(user, `/orders ${partial.orderNumber}`);
    expect(numbersIn(list.text)).toEqual([partial.orderNumber]);
    const details = await pressAndWaitEdit(user, `№${partial.orderNumber}`, list.messageId);
    // A status the bot knows is in the chat's language (the sandbox labels it in Russian).
    expect(details.text).toContain("Қайтарылды");
    expect(details.text).not.toContain(partial.statusLabel);
    expect(details.text).toContain(formatMoney(partial.totalPayoutAmount, "kk"));
    expect(details.text).toContain(`${partial.quantityReturned}`);
  });

  it("offers the statuses of months of orders in the filter, returns among them, and filters by one (ru)", async () => {
    const { user } = await linked("ru");
    const list = await send(user, "/orders");
    const menu = await pressAndWaitEdit(user, "Фильтр по статусу", list.messageId);
    // The newest hundred lines are all new, accepted or cancelled: the rest come from older pages.
    const newest = new Set(
      newestFirst()
        .slice(0, 100)
        .map((o) => o.statusLabel),
    );
    expect(newest.has("Возврат")).toBe(false);
    expect(menu.buttons.flat()).toEqual(
      expect.arrayContaining(["Новый", "Доставлен", "Выполнен", "Отменён", "Возврат"]),
    );
    const returned = newestFirst().filter((o) => o.statusKey === "RETURNED");
    const filtered = await pressAndWaitEdit(user, "Возврат", list.messageId);
    expect(filtered.text).toContain("Статус: Возврат");
    expect(filtered.text).toContain(`всего ${returned.length}`);
    expect(numbersIn(filtered.text)).toEqual(
      returned.slice(0, PAGE_SIZE).map((o) => o.orderNumber),
    );
    expect(api.requestsTo(ORDERS).at(-1)!.body).toMatchObject({
      filters: { orderStatus: ["RETURNED"] },
    });
  });
});

describe("a real shop's products", () => {
  it("/products finds by part of a name among 5,000 and pages the hits to their last page (ru)", async () => {
    const { user } = await linked("ru");
    const hits = api.seed.products
      .filter((p) => p.name.rus.includes("Lego") || p.name.kaz.includes("Lego"))
      .sort((a, b) => a.productId - b.productId);
    expect(hits.length).toBeGreaterThan(2 * PAGE_SIZE);
    const pages = Math.ceil(hits.length / PAGE_SIZE);
    const list = await send(user, "/products Lego");
    expect(list.text).toContain(`стр. 1 из ${pages} · всего ${hits.length}`);
    expect(idsIn(list.text)).toEqual(hits.slice(0, PAGE_SIZE).map((p) => p.productId));
    expect(api.requestsTo(LIST).at(-1)!.body).toMatchObject({ filters: { search: "Lego" } });
    const last = await pressAndWaitEdit(user, "»", list.messageId);
    expect(idsIn(last.text)).toEqual(hits.slice((pages - 1) * PAGE_SIZE).map((p) => p.productId));
  });

  it("opens a card with every SKU, barcodes with their leading zeros, in Kazakh", async () => {
    const { user } = await linked("kk");
    // A product in a category the large shop adds, with a barcode that starts with zeros.
    const product = api.seed.products.find(
      (p) =>
        p.categoryId === 430 &&
        p.name.kaz !== "" &&
        p.skus.length > 1 &&
        p.skus.some((s) => s.skuBarcode.startsWith("0")),
    )!;
    expect(product, "a toy with a leading-zero barcode").toBeDefined();
    const card = await send(user, `/products ${product.productId}`);
    expect(api.requestsTo(DETAILS).at(-1)!.body).toEqual({ productIds: [product.productId] });
    expect(card.text).toContain(product.name.kaz);
    // The categories' directory names them in Russian only (seller-api.md 2.7).
    expect(card.text).toContain("Детские товары › Игрушки › Конструкторы (430)");
    for (const sku of product.skus) {
      expect(card.text).toContain(`SKU ${sku.skuId}`);
      expect(card.html).toContain(`<code>${sku.skuBarcode}</code>`);
      expect(card.text).toContain(formatMoney(sku.price, "kk"));
    }
    expect(card.text).toContain(`${n(product.salesCount, "kk")}`);
  });
});

/** Local time in Almaty of the seed's last day (20.11.2026) as an instant. */
const onLastDay = (hour: number, minute = 0) =>
  SEED_BASE_DATE_MS - 18 * HOUR + hour * HOUR + minute * 60_000;
/** The local date of an instant, "2026-11-20". */
const localDate = (ms: number) => new Date(ms + ALMATY).toISOString().slice(0, 10);

describe("a real shop's alerts", () => {
  it("the digest's figures are the lines of that day, of yesterday and of a week ago, a sale day of 3,000 more among them", async () => {
    const clock = testClock(onLastDay(19, 50));
    const { user } = await linked("ru", { redis: true, alertsClock: clock });
    // A week ago the shop had a sale: 3,000 more lines that day, 7,700 in the 14 days (the
    // digest once read at most 5,000 and cut the week-ago day short without a word).
    const sale = Array.from({ length: 3000 }, (_, i) =>
      api.addOrder({
        at: onLastDay(10) - 7 * DAY + i * 9_000,
        productId: api.seed.products[i % 50]!.productId,
      }),
    );
    const saleAt = new Map(sale.map((o, i) => [o.orderId, onLastDay(10) - 7 * DAY + i * 9_000]));
    await h!.app.alerts.runAll(); // the first rounds: cursors and stock levels noted
    clock.set(onLastDay(20, 0) + 30_000);
    await h!.app.alerts.runAll();
    await h!.app.alerts.runAll();
    const digest = user.botMessages().find((m) => m.photo);
    expect(digest, user.dump()).toBeDefined();

    const lines = [...api.seed.orders, ...sale];
    const when = (o: SeedOrder) => saleAt.get(o.orderId) ?? at(o);
    const day = (date: string) => lines.filter((o) => localDate(when(o)) === date);
    const sum = (orders: SeedOrder[], key: "totalPrice" | "totalPayoutAmount") =>
      orders.reduce((s, o) => s + Math.round(o[key] * 100), 0) / 100;
    const today = day("2026-11-20");
    const yesterday = day("2026-11-19");
    const weekAgo = day("2026-11-13");
    expect(today.length).toBeGreaterThan(100);
    expect(weekAgo.length).toBeGreaterThan(3000);
    const caption = digest!.text;
    expect(caption).toContain("Итоги дня, 20.11");
    expect(caption).toContain(`Заказов: ${n(today.length)} (`);
    expect(caption).toContain(`Выручка: ${formatMoney(sum(today, "totalPrice"), "ru")}`);
    expect(caption).toContain(`К выплате: ${formatMoney(sum(today, "totalPayoutAmount"), "ru")}`);
    expect(caption).toContain(
      // (This line writes its counts without a thousands' separator, unlike the amounts.)
      `Вчера: ${yesterday.length} · ${formatMoney(sum(yesterday, "totalPrice"), "ru")} · неделю назад: ${weekAgo.length} · ${formatMoney(sum(weekAgo, "totalPrice"), "ru")}`,
    );
    // The day's best seller by revenue.
    const byName = new Map<string, number>();
    for (const o of today)
      byName.set(o.productName, (byName.get(o.productName) ?? 0) + o.totalPrice);
    const best = [...byName].sort((a, b) => b[1] - a[1])[0]!;
    expect(caption).toContain(`${best[0].slice(0, 40)}`);
    // The 14 days were read newest first and no further than they reach.
    const pages = api.requestsTo(ORDERS).map((r) => (r.body as { pageNumber: number }).pageNumber);
    const fourteenDays = lines.filter((o) => when(o) >= onLastDay(0) - 13 * DAY).length;
    expect(fourteenDays).toBeGreaterThan(7000);
    expect(Math.max(...pages)).toBeLessThanOrEqual(Math.ceil(fourteenDays / 100) + 1);
  });

  it("a new order and the 5,001st product running out are announced once among 100,000 lines", async () => {
    const clock = testClock(SEED_BASE_DATE_MS + 2 * HOUR);
    const { user } = await linked("ru", { redis: true, alertsClock: clock });
    // One product more than the shop's 5,000: the stock list's 51st page of a hundred.
    const created = await importProduct({
      productId: null,
      categoryId: 430,
      brandId: 527,
      name: { rus: "Конструктор Lego Classic 5001", kaz: null },
      description: { rus: "<p>Конструктор.</p>" },
      vat: 12,
      skus: [{ skuId: null, price: 24_990, barcode: "4870000050019" }],
    });
    api.setStock(created, { stock: 40 });
    await h!.app.alerts.runAll(); // first round: the cursor and the levels, nothing said
    const before = user.botMessages().length;
    const order = api.addOrder({ at: clock.now() + 10_000, productId: created });
    api.setStock(created, { stock: 3 });
    clock.advance(5 * 60_000);
    await h!.app.alerts.runAll();
    await h!.app.alerts.runAll();
    const said = user.botMessages().slice(before);
    expect(said.filter((m) => m.text.includes(`Новый заказ № ${order.orderNumber}`))).toHaveLength(
      1,
    );
    const stock = said.filter((m) => m.text.includes(`(ID ${created})`));
    expect(stock, user.dump()).toHaveLength(1);
    expect(stock[0]!.text).toContain("На складе 3 шт.");
    // Nothing else: no history replayed, no product of the baseline announced.
    expect(said).toHaveLength(2);
    // The stock rounds read every page of the list, the 51st too.
    const listPages = api
      .requestsTo(LIST)
      .map((r) => (r.body as { pageNumber: number }).pageNumber);
    expect(Math.max(...listPages)).toBe(51);
  });
});

/** A product created through the Seller API's import, as the cabinet would: its id. */
async function importProduct(product: Record<string, unknown>): Promise<number> {
  const res = await fetch(`${api.url}/api/seller/v1/products/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
    body: JSON.stringify({ products: [product] }),
  });
  expect(res.status).toBe(202);
  return api.products.at(-1)!.productId;
}
