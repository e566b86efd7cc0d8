import { afterEach, describe, expect, it } from "vitest";
import { testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

/** 11:00 in Almaty (UTC+5). */
const MORNING = Date.UTC(2026, 11, 15, 6, 0, 0);
const MINUTE = 60_000;
const ORDERS = "/api/seller/v1/orders/list";

/** The answer to a press, once the bot has given it. */
async function answerOf(pressId: string) {
  const find = () =>
    h!.tg.callsOf("answerCallbackQuery").find((c) => c.params.callback_query_id === pressId);
  await expect.poll(find).toBeDefined();
  return find()!;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("alerts in groups and forum topics", () => {
  it("a linked admin subscribes a topic; others cannot; alerts then go to that topic", async () => {
    const clock = testClock(MORNING);
    h = await startInProcess({ redis: true, alertsClock: clock });
    const seller = h.tg.user({ languageCode: "ru" });
    await linkUser(h, seller);
    const stranger = h.tg.user({ languageCode: "ru" });
    const member = h.tg.user({ languageCode: "kk" });
    await linkUser(h, member);
    const group = h.tg.group({ title: "Магазин", forum: true });
    const topic = group.createTopic("Заказы");
    group.addAdmin(seller);
    group.addAdmin(stranger);

    await group.sendCommand(stranger, "/subscribe", { threadId: topic });
    const refused = await group.waitForBotMessage("только продавец с привязанным кабинетом");
    expect(refused.threadId).toBe(topic);
    await group.sendCommand(member, "/subscribe", { threadId: topic });
    await group.waitForBotMessage("әкімшісі қоса алады");
    await h.app.alerts.runAll();
    expect(await h.app.alerts.store.chat({ chatId: group.id, threadId: topic })).toBeUndefined();

    await group.sendCommand(seller, "/subscribe", { threadId: topic });
    const ok = await group.waitForBotMessage("будут приходить сюда");
    expect(ok.threadId).toBe(topic);

    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    const inTopic = group
      .topicMessages(topic)
      .filter((m) => m.text.includes(`№ ${order.orderNumber}`));
    expect(inTopic).toHaveLength(1);
    // The seller's private chat gets its own copy.
    expect(
      seller.botMessages().filter((m) => m.text.includes(`№ ${order.orderNumber}`)),
    ).toHaveLength(1);

    // The group's own /settings, changed by the linked admin only.
    await group.sendCommand(seller, "/settings", { threadId: topic });
    const screen = await group.waitForBotMessage("Уведомления этого чата");
    expect(screen.threadId).toBe(topic);
    const refusedPress = await group.pressButton(stranger, "Порог: 5 шт. ›", {
      messageId: screen.messageId,
    });
    const answerOf = () =>
      h!.tg.callsOf("answerCallbackQuery").find((c) => c.params.callback_query_id === refusedPress);
    await group.waitFor(() => answerOf() !== undefined);
    expect(String(answerOf()!.params.text)).toContain("только продавец с привязанным кабинетом");
    expect((await h.app.alerts.store.chat({ chatId: group.id, threadId: topic }))!.threshold).toBe(
      5,
    );
    await group.pressButton(seller, "Порог: 5 шт. ›", { messageId: screen.messageId });
    await group.waitFor(() =>
      group
        .messages()
        .find((m) => m.messageId === screen.messageId)!
        .text.includes("10 шт."),
    );
    expect((await h.app.alerts.store.chat({ chatId: group.id, threadId: topic }))!.threshold).toBe(
      10,
    );

    // A group the bot was removed from is dropped; the seller still gets theirs.
    group.kickBot();
    const next = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(
      seller.botMessages().filter((m) => m.text.includes(`№ ${next.orderNumber}`)),
    ).toHaveLength(1);
    expect(await h.app.alerts.store.chat({ chatId: group.id, threadId: topic })).toBeUndefined();
  });

  it("any member's press of an alert's button in a subscribed topic answers there, until the subscriber unlinks", async () => {
    const clock = testClock(MORNING);
    h = await startInProcess({ redis: true, alertsClock: clock });
    const seller = h.tg.user({ languageCode: "ru" });
    await linkUser(h, seller);
    const member = h.tg.user({ languageCode: "kk" }); // neither linked nor an admin
    const group = h.tg.group({ title: "Магазин", forum: true });
    const topic = group.createTopic("Заказы");
    group.addAdmin(seller);
    await group.sendCommand(seller, "/subscribe", { threadId: topic });
    await group.waitForBotMessage("будут приходить сюда");
    await h.app.alerts.runAll();

    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    const alert = await group.waitForBotMessage(`Новый заказ № ${order.orderNumber}`);
    expect(alert.threadId).toBe(topic);
    await group.pressButton(member, "Подробнее о заказе", { messageId: alert.messageId });
    // In the subscription's language (ru), not the presser's (kk), and in the same topic.
    const details = await group.waitForBotMessage(`Заказ № ${order.orderNumber}`, {
      after: alert.messageId,
    });
    expect(details.threadId).toBe(topic);
    expect(details.text).toContain("ID заказа");

    // A stock alert's button: the product card, without its buttons (they need the private chat),
    // with the topic's own threshold (7, the default being 5).
    const settings = (await h.app.alerts.store.chat({ chatId: group.id, threadId: topic }))!;
    await h.app.alerts.store.saveChat({ ...settings, threshold: 7 });
    const product = h.api.products[3]!;
    h.api.setStock(product.productId, { stock: 4 });
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    const low = await group.waitForBotMessage(`(ID ${product.productId})`);
    await group.pressButton(member, "Карточка товара", { messageId: low.messageId });
    const card = await group.waitForBotMessage(`ID товара: ${product.productId}`, {
      after: low.messageId,
    });
    expect(card.threadId).toBe(topic);
    expect(card.buttons.flat()).toEqual([]);
    expect(card.text).toContain("Оповещение об остатке: при 7 шт. и меньше (как в /settings)");

    // The seller who subscribed the topic unlinks: the button only says alerts here are off.
    h.api.unlink(seller.id);
    h.api.clearRequests();
    const sentBefore = group.botMessages().length;
    const press = await group.pressButton(member, "Подробнее о заказе", {
      messageId: alert.messageId,
    });
    const answer = await answerOf(press);
    expect(String(answer.params.text)).toContain("Уведомления в этой группе отключены");
    expect(String(answer.params.text)).toContain("/subscribe");
    // The press handled to its end (its answer may come before its work): nothing read or sent.
    await h.updatesHandled();
    expect(h.api.requestsTo(ORDERS)).toHaveLength(0);
    expect(group.botMessages()).toHaveLength(sentBefore);
  });

  it("a kk subscription answers a group's presses in Kazakh: order details, the newest orders", async () => {
    const clock = testClock(MORNING);
    h = await startInProcess({ redis: true, alertsClock: clock });
    const seller = h.tg.user({ languageCode: "kk" });
    await linkUser(h, seller);
    const member = h.tg.user({ languageCode: "ru" }); // neither linked nor an admin
    const group = h.tg.group({ title: "Дүкен" });
    group.addAdmin(seller);
    await group.sendCommand(seller, "/subscribe");
    await group.waitForBotMessage("осында келеді");
    await h.app.alerts.runAll();

    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    const alert = await group.waitForBotMessage(`Жаңа тапсырыс № ${order.orderNumber}`);
    await group.pressButton(member, "Тапсырыс туралы толығырақ", { messageId: alert.messageId });
    const details = await group.waitForBotMessage(`Тапсырыс № ${order.orderNumber}`, {
      after: alert.messageId,
    });
    expect(details.text).toContain("Жасалған уақыты");
    expect(details.threadId).toBeUndefined();

    // Many at once: one message whose button shows the first page, paging left to the private chat.
    const many = Array.from({ length: 5 }, (_, i) => h!.api.addOrder({ at: clock.now() + i + 1 }));
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    const grouped = await group.waitForBotMessage("Жаңа тапсырыстар", { after: details.messageId });
    await group.pressButton(member, "Тапсырыстарды ашу", { messageId: grouped.messageId });
    const list = await group.waitForBotMessage(/Тапсырыстар.*барлығы/, {
      after: grouped.messageId,
    });
    expect(list.text).toContain(`№ ${many.at(-1)!.orderNumber}`);
    expect(list.text).toContain("Тапсырыстарды парақтау — ");
    expect(list.buttons.flat()).toEqual([]);

    // The subscriber unlinks: the notice in the subscription's language, and no seller data.
    h.api.unlink(seller.id);
    h.api.clearRequests();
    const press = await group.pressButton(member, "Тапсырыс туралы толығырақ", {
      messageId: alert.messageId,
    });
    expect(String((await answerOf(press)).params.text)).toContain(
      "Бұл топта хабарландырулар өшірулі",
    );
    await h.updatesHandled();
    expect(h.api.requestsTo(ORDERS)).toHaveLength(0);
  });

  it("other commands in a group still get the pointer to the private chat", async () => {
    h = await startInProcess({ redis: true, alertsClock: testClock(MORNING) });
    const seller = h.tg.user({ languageCode: "ru" });
    const group = h.tg.group();
    await group.sendCommand(seller, "/orders");
    await group.waitForBotMessage(/личн/i);
  });
});

describe("/settings", () => {
  it("shows the last successful poll and changes what the chat gets (ru and kk)", async () => {
    const clock = testClock(MORNING);
    h = await startInProcess({ redis: true, alertsClock: clock });
    const ru = h.tg.user({ languageCode: "ru" });
    await linkUser(h, ru);
    await ru.sendCommand("/settings");
    let screen = await ru.waitForBotMessage("Уведомления этого чата");
    expect(screen.text).toContain("Последний успешный опрос сервиса продавца: ещё не было");
    expect(screen.text).toContain("Тихие часы: 23:00–08:00 — уведомления приходят без звука");
    expect(screen.text).toContain("Сводка за день: в 20:00");
    expect(screen.text).toContain("Порог остатка по умолчанию: 5 шт.");

    await h.app.alerts.runAll();
    await ru.sendCommand("/settings");
    screen = await ru.waitForBotMessage("Последний успешный опрос сервиса продавца: 15.12 11:00");

    const edited = async (label: RegExp | string, expected: string) => {
      await ru.pressButton(label, { messageId: screen.messageId });
      await ru.waitFor(() =>
        ru
          .messages()
          .find((m) => m.messageId === screen.messageId)!
          .text.includes(expected),
      );
    };
    await edited("✅ Новые заказы", "Уведомления включены");
    await edited("Порог: 5 шт. ›", "Порог остатка по умолчанию: 10 шт.");
    await edited("Сводка в 20:00 ›", "Сводка за день: в 21:00");
    await edited("Тихие часы: 23:00–08:00 ›", "Тихие часы: 22:00–08:00");
    const saved = await h.app.alerts.store.chat({ chatId: ru.id });
    expect(saved).toMatchObject({
      threshold: 10,
      digestAt: 21 * 60,
      quietFrom: 22 * 60,
      quietTo: 8 * 60,
    });
    expect(saved!.enabled.orders).toBe(false);

    // Orders switched off: a new order is not announced here.
    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(ru.botMessages().some((m) => m.text.includes(`№ ${order.orderNumber}`))).toBe(false);

    await ru.pressButton("🔕 Выключить уведомления", { messageId: screen.messageId });
    await ru.waitFor(() =>
      ru
        .messages()
        .find((m) => m.messageId === screen.messageId)!
        .text.includes("Уведомления выключены"),
    );
    expect(await h.app.alerts.store.chat({ chatId: ru.id })).toBeUndefined();

    const kk = h.tg.user({ languageCode: "kk" });
    await linkUser(h, kk);
    await kk.sendCommand("/settings");
    const kkScreen = await kk.waitForBotMessage("Осы чаттың хабарландырулары");
    expect(kkScreen.text).toContain(
      "Тыныш сағаттар: 23:00–08:00 — хабарландырулар дыбыссыз келеді",
    );
    expect(kkScreen.buttons.flat()).toContain("✅ Жаңа тапсырыстар");
  });

  it("is only for linked chats", async () => {
    h = await startInProcess({ redis: true, alertsClock: testClock(MORNING) });
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/settings");
    await user.waitForBotMessage("не привязан");
  });
});
