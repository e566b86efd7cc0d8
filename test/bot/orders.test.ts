import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import { UNPARSEABLE_DATE_ORDER_NUMBER } from "../../doubles/seller-api/index.js";
import { formatDateTime, formatMoney } from "../../src/text/format.js";
import { pressAndWaitEdit, send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const ORDERS = "/api/seller/v1/orders/list";
const PAGE_SIZE = 6;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** The seed's orders as the API sorts them: newest first, ties by orderId. */
function newestFirst(harness: Harness): SeedOrder[] {
  const at = harness.api.seed.orderCreatedAt;
  return [...harness.api.seed.orders].sort(
    (a, b) => at[b.orderId]! - at[a.orderId]! || a.orderId - b.orderId,
  );
}

const numbersIn = (text: string) => [...text.matchAll(/№ (\d+)/g)].map((m) => m[1]);

const flatButtons = (m: { buttons: string[][] }) => m.buttons.flat();

describe("/orders", () => {
  it("shows the newest orders first and pages in place to the last page and back (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const expected = newestFirst(h);
    const pages = Math.ceil(expected.length / PAGE_SIZE);

    const first = await send(user, "/orders");
    expect(first.text).toContain(`стр. 1 из ${pages}`);
    expect(numbersIn(first.text)).toEqual(expected.slice(0, PAGE_SIZE).map((o) => o.orderNumber));
    const body = h.api.requestsTo(ORDERS).at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ sortBy: "createdDate", sortDirection: "desc", pageNumber: 1 });
    // amounts in tenge with the locale's separators, dates in Almaty time
    const newest = expected[0]!;
    expect(first.text).toContain(formatMoney(newest.totalPrice, "ru"));
    expect(first.text).toContain(formatDateTime(newest.createdDate, "Asia/Almaty"));
    // the first page offers no way back
    expect(flatButtons(first)).not.toContain("‹");
    expect(flatButtons(first)).not.toContain("«");
    expect(flatButtons(first)).toContain(`1/${pages}`);

    let shown = await pressAndWaitEdit(user, "›", first.messageId);
    expect(numbersIn(shown.text)).toEqual(
      expected.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((o) => o.orderNumber),
    );
    expect(shown.edited).toBe(1);

    shown = await pressAndWaitEdit(user, "»", first.messageId);
    expect(shown.text).toContain(`стр. ${pages} из ${pages}`);
    expect(numbersIn(shown.text)).toEqual(
      expected.slice((pages - 1) * PAGE_SIZE).map((o) => o.orderNumber),
    );
    expect(flatButtons(shown)).not.toContain("›");
    expect(flatButtons(shown)).not.toContain("»");

    shown = await pressAndWaitEdit(user, "‹", first.messageId);
    expect(shown.text).toContain(`стр. ${pages - 1} из ${pages}`);
    shown = await pressAndWaitEdit(user, "«", first.messageId);
    expect(numbersIn(shown.text)).toEqual(numbersIn(first.text));
    expect(shown.edited).toBe(4);
    // one message, edited in place, no "message is not modified" anywhere
    expect(user.botMessages().filter((m) => m.text.includes("Заказы"))).toHaveLength(1);
    expect(h.logs.some((l) => l.includes("not modified"))).toBe(false);
  });

  it("pages in Kazakh too and the page counter does nothing", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const first = await send(user, "/orders");
    expect(first.text).toContain("Тапсырыстар");
    expect(first.text).toContain("сізге төленеді");
    const second = await pressAndWaitEdit(user, "›", first.messageId);
    expect(second.text).toContain("10 беттің 2-беті");
    const counter = await user.pressButton("2/10", { messageId: first.messageId });
    expect(await user.waitForCallbackAnswer(counter)).toEqual({ queryId: counter });
    expect(user.messages().find((m) => m.messageId === first.messageId)!.edited).toBe(1);
  });

  it("shows every field of an order a seller reads and goes back to the same page", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders");
    await pressAndWaitEdit(user, "›", list.messageId);
    const order = newestFirst(h)[PAGE_SIZE + 1]!;

    const details = await pressAndWaitEdit(user, `№${order.orderNumber}`, list.messageId);
    for (const value of [
      `Заказ № ${order.orderNumber}`,
      `ID заказа: ${order.orderId}`,
      order.barcode,
      order.statusLabel,
      `${String(order.commissionPercent).replace(".", ",")} %`,
      formatMoney(order.commissionAmount, "ru"),
      formatMoney(order.originalPrice, "ru"),
      formatMoney(order.totalPayoutAmount, "ru"),
      formatMoney(order.totalCommissionAmount, "ru"),
      `возвращено: ${order.quantityReturned}`,
      formatDateTime(order.receivedDate, "Asia/Almaty"),
    ]) {
      expect(details.text).toContain(value);
    }
    // The order's GUID is a programmer's key: in the export's file, not in the chat.
    expect(details.text).not.toContain(order.orderGuid);
    const back = await pressAndWaitEdit(user, "‹ Назад к списку", list.messageId);
    expect(back.text).toContain("стр. 2 из 10");
  });

  it("shows an unparseable date as the API gives it", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const order = h.api.seed.orders.find((o) => o.orderNumber === UNPARSEABLE_DATE_ORDER_NUMBER)!;
    const list = await send(user, `/orders ${order.orderNumber}`);
    expect(list.text).toContain(order.createdDate);
  });

  it("searches, and escapes names full of <, & and quotes", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders Lightning");
    const body = h.api.requestsTo(ORDERS).at(-1)!.body as { filters?: { search?: string } };
    expect(body.filters?.search).toBe("Lightning");
    const hits = h.api.seed.orders.filter((o) => o.productName.includes("Lightning"));
    expect(hits.length).toBeGreaterThan(0);
    expect(list.text).toContain("Поиск: «Lightning»");
    expect(list.text).toContain('Кабель <USB-C> & "Lightning" 1 м');
    expect(list.html).toContain("Кабель &lt;USB-C&gt; &amp; &quot;Lightning&quot; 1 м");
    expect(numbersIn(list.text).sort()).toEqual(
      hits
        .slice(0, PAGE_SIZE)
        .map((o) => o.orderNumber)
        .sort(),
    );

    const none = await send(user, "/orders нет-такого-заказа");
    expect(none.text).toContain("Заказов не найдено");
    expect(none.buttons).toEqual([]);
  });

  it("keeps the search on the next pages (the query is stored behind the buttons)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders Смартфон");
    const next = await pressAndWaitEdit(user, "›", list.messageId);
    expect(next.text).toContain("Поиск: «Смартфон»");
    const body = h.api.requestsTo(ORDERS).at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ pageNumber: 2, filters: { search: "Смартфон" } });
    for (const data of next.buttonData.flat())
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
  });

  it("filters by the statuses the seller's orders carry", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders");
    const menu = await pressAndWaitEdit(user, "Фильтр по статусу", list.messageId);
    expect(flatButtons(menu)).toEqual(
      expect.arrayContaining(["Новый", "Доставляется", "Выполнен", "Отменён", "Возврат"]),
    );
    const filtered = await pressAndWaitEdit(user, "Возврат", list.messageId);
    expect(filtered.text).toContain("Статус: Возврат");
    const returned = h.api.seed.orders.filter((o) => o.statusKey === "RETURNED");
    expect(numbersIn(filtered.text).sort()).toEqual(returned.map((o) => o.orderNumber).sort());
    const body = h.api.requestsTo(ORDERS).at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ filters: { orderStatus: ["RETURNED"] } });
  });

  it("answers forged and stale buttons with a notice and changes nothing", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders Смартфон");
    const cases: [string, RegExp][] = [
      ["ordo1:0:1:999999", /нет на этой странице/],
      ["ordp1:0:999", /страницы нет/],
      ["ordp1:0:0", /страницы нет/],
      ["ordp1:AAAAAAAA:2", /устарел/],
      ["ordp1:<script>:2", /устарела/],
      ["ord1:999999", /устарела/],
      ["garbage", /устарела/],
    ];
    for (const [data, notice] of cases) {
      const id = await user.sendCallback(list.messageId, data);
      const answer = await user.waitForCallbackAnswer(id);
      expect(answer.text, data).toMatch(notice);
    }
    const after = user.messages().find((m) => m.messageId === list.messageId)!;
    expect(after.edited).toBe(0);
    expect(after.text).toBe(list.text);

    // the same page twice: answered, no edit (Telegram would say "message is not modified")
    const current = list.buttonData.flat().find((d) => d.startsWith("ordp1:"))!;
    const samePage = current.replace(/:\d+$/, ":1");
    const id = await user.sendCallback(list.messageId, samePage);
    expect((await user.waitForCallbackAnswer(id)).text).toBeUndefined();
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);
    expect(h.tg.calls.some((c) => JSON.stringify(c).includes("not modified"))).toBe(false);
  });

  it("serves a double tap once, without an edit Telegram would refuse", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const list = await send(user, "/orders");
    const next = list.buttonData.flat().find((d) => /^ordp1:0:2$/.test(d))!;
    // both presses carry the message as it was before the first one was served
    const first = await user.sendCallback(list.messageId, next);
    const second = await user.sendCallback(list.messageId, next);
    await user.waitForCallbackAnswer(first);
    await user.waitForCallbackAnswer(second);
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(1);
    expect(h.tg.calls.filter((c) => !c.ok && c.method !== "getUpdates")).toEqual([]);
  });

  it("says the service is down when it fails in the middle of paging, and the list stays", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const list = await send(user, "/orders");
    h.api.failNext(ORDERS, "503", 3);
    const id = await user.pressButton("›", { messageId: list.messageId });
    await user.waitForBotMessage(/жауап бермей тұр/);
    await user.waitForCallbackAnswer(id);
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);
    // and it pages again once the service is back
    await pressAndWaitEdit(user, "›", list.messageId);
  });

  it("shows typing while a slow Seller API answers", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    h.api.setLatency((path) => (path.startsWith(ORDERS) ? 700 : 0));
    await send(user, "/orders");
    expect(h.tg.callsOf("sendChatAction").length).toBeGreaterThan(0);
  });

  it("gives an unlinked chat only the instructions and calls no data operation", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/orders");
    await user.waitForBotMessage(/не привязан/);
    expect(h.api.requestsTo(ORDERS)).toHaveLength(0);
  });
});
