import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { type App, createApp } from "../../src/app.js";
import { createLogger } from "../../src/logger.js";
import { formatMoney, formatNumber } from "../../src/text/format.js";
import { type TestClock, testClock } from "../support/clock.js";
import {
  type Harness,
  linkUser,
  restartBot,
  sharedRedisConfig,
  startInProcess,
} from "../support/harness.js";

/** 11:00 in Almaty (UTC+5), far after the sandbox's seeded orders: outside quiet hours. */
const MORNING = Date.UTC(2026, 11, 15, 6, 0, 0);
const MINUTE = 60_000;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of cleanup.reverse()) await stop();
  cleanup = [];
});

async function harness(
  clock = testClock(MORNING),
  options: Parameters<typeof startInProcess>[0] = {},
) {
  const h = await startInProcess({ redis: true, alertsClock: clock, ...options });
  cleanup.push(() => h.stop());
  return { h, clock };
}

/**
 * A linked Russian chat whose first round has run, then 14 orders within the next minute and
 * the round after it: the orders and what that round sent the chat.
 */
async function fourteenNewOrders(h: Harness, clock: TestClock) {
  const user = h.tg.user({ languageCode: "ru" });
  await linkUser(h, user);
  await h.app.alerts.runAll();
  const orders = Array.from({ length: 14 }, (_, i) =>
    h.api.addOrder({ at: clock.now() + 1000 * (i + 1), price: 10_000 + i * 1000 }),
  );
  clock.advance(MINUTE);
  const before = user.botMessages().length;
  await h.app.alerts.runAll();
  return { user, orders, sent: user.botMessages().slice(before) };
}

/** Order alerts a chat received (one per order), by order number. */
const orderAlerts = (user: { botMessages(): { text: string }[] }, number: string) =>
  user.botMessages().filter((m) => m.text.includes(`№ ${number}`)).length;

describe("new-order alerts", () => {
  it("start without replaying history, announce each new order once, in the chat's language", async () => {
    const { h, clock } = await harness();
    const ru = h.tg.user({ languageCode: "ru" });
    const kk = h.tg.user({ languageCode: "kk" });
    await linkUser(h, ru);
    await linkUser(h, kk);
    const before = ru.botMessages().length;
    await h.app.alerts.runAll();
    expect(ru.botMessages()).toHaveLength(before);

    const order = h.api.addOrder({ at: clock.now() + 10_000, quantity: 2 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    const alert = ru.botMessages().at(-1)!;
    expect(alert.text).toContain(`Новый заказ № ${order.orderNumber}`);
    expect(alert.text).toContain(order.productName);
    expect(alert.text).toContain(`К выплате: ${formatMoney(order.totalPayoutAmount, "ru")}`);
    expect(alert.text).toContain("создан 15.12.2026 11:00");
    expect(alert.buttons.flat()).toEqual(["Подробнее о заказе"]);
    expect(orderAlerts(ru, order.orderNumber)).toBe(1);
    expect(kk.botMessages().at(-1)!.text).toContain(`Жаңа тапсырыс № ${order.orderNumber}`);
    expect(orderAlerts(kk, order.orderNumber)).toBe(1);

    // The button opens the order's details.
    await ru.pressButton("Подробнее о заказе");
    const details = await ru.waitForBotMessage(`Заказ № ${order.orderNumber}`);
    expect(details.text).toContain("ID заказа");
  });

  it("after a restart announce what arrived while the bot was down, once, saying how long it was away", async () => {
    const { h, clock } = await harness();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    await h.app.alerts.runAll();
    // Down for 2 h 10 min; an order arrives meanwhile.
    const h2 = await restartBot(h, { alertsClock: clock });
    cleanup.push(() => h2.stop());
    const order = h.api.addOrder({ at: clock.now() + 30 * MINUTE });
    clock.advance(130 * MINUTE);
    await h2.app.alerts.runAll();
    await h2.app.alerts.runAll();
    const texts = user.botMessages().map((m) => m.text);
    const away = texts.findIndex((t) => t.includes("Бот не работал 2 ч 10 мин"));
    expect(away).toBeGreaterThan(-1);
    expect(texts[away]).toContain("новых заказов: 1");
    expect(texts[away + 1]).toContain(`Новый заказ № ${order.orderNumber}`);
    expect(orderAlerts(user, order.orderNumber)).toBe(1);
  });

  it("group many orders at once into one message with the total and a button to /orders", async () => {
    const { h, clock } = await harness();
    const { user, orders, sent } = await fourteenNewOrders(h, clock);
    expect(sent).toHaveLength(1);
    const total = orders.reduce((sum, o) => sum + o.totalPrice, 0);
    expect(sent[0]!.text).toContain(`Новых заказов: 14 на ${formatMoney(total, "ru")}`);
    expect(sent[0]!.text).toContain("… и ещё 9");
    // Newest last: the first listed is the first that came.
    expect(sent[0]!.text).toContain(`№ ${orders[0]!.orderNumber}`);
    await user.pressButton("Открыть заказы");
    await user.waitForBotMessage(/Заказы.*стр\. 1/);
  });
});

describe("a service with smaller pages than asked", () => {
  it("announces every new order though each page holds 5 (100 asked), once", async () => {
    const { h, clock } = await harness(testClock(MORNING), { sandbox: { orderPageCap: 5 } });
    const { orders, sent } = await fourteenNewOrders(h, clock);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Новых заказов: 14 на");
    expect(sent[0]!.text).toContain(`№ ${orders[0]!.orderNumber}`);
  });
});

describe("a burst", () => {
  it("of 1,000 orders and 30 stock crossings arrives as two messages and loses nothing", async () => {
    const { h, clock } = await harness();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    for (const p of h.api.products.slice(0, 30)) h.api.setStock(p.productId, { stock: 50 });
    await h.app.alerts.runAll();
    const orders = Array.from({ length: 1000 }, (_, i) =>
      h.api.addOrder({ at: clock.now() + 10 * i, price: 1000 }),
    );
    for (const p of h.api.products.slice(0, 30)) h.api.setStock(p.productId, { stock: 1 });
    clock.advance(MINUTE);
    const before = user.botMessages().length;
    await h.app.alerts.runAll();
    const sent = user.botMessages().slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain(
      `Новых заказов: ${formatNumber(1000, "ru")} на ${formatMoney(1_000_000, "ru")}`,
    );
    expect(sent[0]!.text).toContain(`№ ${orders[0]!.orderNumber}`);
    expect(sent[1]!.text).toContain("Остатки на исходе: 30 товаров");
    expect(sent[1]!.text).toContain("… и ещё 20");
    // Nothing is left to send, and nothing comes twice.
    await h.app.alerts.runAll();
    expect(user.botMessages().slice(before)).toHaveLength(2);
    expect(await h.app.alerts.store.pending()).toEqual([]);
  });
});

describe("a minute of more orders than ten pages hold", () => {
  it("announces all 2,500, the oldest included, once", async () => {
    const { h, clock } = await harness();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    await h.app.alerts.runAll();
    const orders = Array.from({ length: 2500 }, (_, i) =>
      h.api.addOrder({ at: clock.now() + 10 * i, price: 1000 }),
    );
    clock.advance(MINUTE);
    const before = user.botMessages().length;
    await h.app.alerts.runAll();
    const sent = user.botMessages().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      `Новых заказов: ${formatNumber(2500, "ru")} на ${formatMoney(2_500_000, "ru")}`,
    );
    expect(sent[0]!.text).toContain(`№ ${orders[0]!.orderNumber}`);
    await h.app.alerts.runAll();
    expect(user.botMessages().slice(before)).toHaveLength(1);
  }, 120_000);
});

/** A second instance on the same Redis, doubles and settings (no update receiving). */
function secondInstance(h: Harness, clock: ReturnType<typeof testClock>): App {
  const config = sharedRedisConfig(h);
  const app = createApp(config, createLogger("silent"), {
    alertsClock: clock,
    scheduleAlerts: false,
  });
  cleanup.push(() => app.close());
  return app;
}

describe("two instances on one Redis", () => {
  it("send each alert once, also when one of them stops in the middle", async () => {
    const { h, clock } = await harness();
    const users: UserDriver[] = [h.tg.user(), h.tg.user({ languageCode: "kk" })];
    for (const u of users) await linkUser(h, u);
    const b = secondInstance(h, clock);
    await Promise.all([h.app.alerts.runAll(), b.alerts.runAll()]);
    const created = [];
    for (let round = 0; round < 6; round++) {
      created.push(h.api.addOrder({ at: clock.now() + 5_000 }));
      clock.advance(MINUTE);
      if (round === 3) await h.app.alerts.stop(); // the first instance goes away
      await Promise.all([h.app.alerts.runAll(), b.alerts.runAll(), b.alerts.runAll()]);
    }
    for (const u of users) {
      for (const o of created) expect(orderAlerts(u, o.orderNumber), u.dump()).toBe(1);
    }
  });
});

describe("chats that cannot be reached", () => {
  it("a chat that blocked the bot is dropped; the others still get theirs", async () => {
    const { h, clock } = await harness();
    const blocked = h.tg.user();
    const other = h.tg.user();
    await linkUser(h, blocked);
    await linkUser(h, other);
    await h.app.alerts.runAll();
    h.tg.blockUser(blocked.id);
    const first = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(orderAlerts(other, first.orderNumber)).toBe(1);
    expect(await h.app.alerts.store.chat({ chatId: blocked.id })).toBeUndefined();
    const attempts = () =>
      h.tg.callsOf("sendMessage").filter((c) => Number(c.params.chat_id) === blocked.id).length;
    const tried = attempts();
    const second = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(orderAlerts(other, second.orderNumber)).toBe(1);
    expect(attempts()).toBe(tried);
    expect(await h.app.metrics.render()).toMatch(
      /sellerbot_alert_chats_dropped_total\{reason="blocked or deleted"\} 1/,
    );
    expect(h.logs.some((l) => l.includes("alerts: chat unsubscribed"))).toBe(true);
  });

  it("unlinking stops alerts to that chat at once, whatever the link status cache", async () => {
    const { h, clock } = await harness(testClock(MORNING));
    const user = h.tg.user();
    await linkUser(h, user);
    await h.app.alerts.runAll();
    h.api.unlink(user.id);
    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(orderAlerts(user, order.orderNumber)).toBe(0);
    expect(await h.app.alerts.store.chat({ chatId: user.id })).toBeUndefined();
  });
});
