import { afterEach, describe, expect, it } from "vitest";
import { readExportBack, waitForDocument } from "../support/catalog.js";
import { testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

/** 11:00 in Almaty (UTC+5). */
const MORNING = Date.UTC(2026, 11, 15, 6, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function start(
  at = MORNING,
  env: Record<string, string> = {},
  sandbox: { productPageCap?: number } = {},
) {
  const clock = testClock(at);
  h = await startInProcess({ redis: true, alertsClock: clock, env, sandbox });
  const user = h.tg.user({ languageCode: "ru" });
  await linkUser(h, user);
  return { h, clock, user };
}

const mentions = (user: { botMessages(): { text: string }[] }, text: string) =>
  user.botMessages().filter((m) => m.text.includes(text)).length;

describe("stock alerts", () => {
  it("announce a crossing once, and again only after a restock above the threshold", async () => {
    const { h, clock, user } = await start();
    const product = h.api.products[3]!;
    const id = product.productId;
    h.api.setStock(id, { stock: 20 });
    await h.app.alerts.runAll(); // first round: levels noted, nothing said
    h.api.setStock(id, { stock: 4 });
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    const alert = user.botMessages().at(-1)!;
    expect(alert.text).toContain(`Остаток на исходе: ${product.name.rus} (ID ${id})`);
    expect(alert.text).toContain("На складе 4 шт. — это не больше порога 5");
    expect(alert.buttons.flat()).toEqual(["Карточка товара", "📥 Этот товар в Excel"]);
    expect(mentions(user, `(ID ${id})`)).toBe(1);

    h.api.setStock(id, { stock: 3 }); // still below: nothing new
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    expect(mentions(user, `(ID ${id})`)).toBe(1);

    h.api.setStock(id, { stock: 30 }); // restocked: re-armed silently
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    expect(mentions(user, `(ID ${id})`)).toBe(1);

    h.api.setStock(id, { stock: 2 });
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    expect(mentions(user, `(ID ${id})`)).toBe(2);
    expect(user.botMessages().at(-1)!.text).toContain("На складе 2 шт.");

    // The button opens the product's card.
    await user.pressButton("Карточка товара");
    await user.waitForBotMessage(`ID товара: ${id}`);
  });

  it("reach the last products when the service answers smaller pages than asked", async () => {
    // Pages of 10 where 100 were asked: the product is on the fourth page.
    const { h, clock, user } = await start(MORNING, {}, { productPageCap: 10 });
    const product = h.api.products[35]!;
    const id = product.productId;
    h.api.setStock(id, { stock: 20 });
    await h.app.alerts.runAll();
    h.api.setStock(id, { stock: 4 });
    clock.advance(5 * MINUTE);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    expect(user.botMessages().at(-1)!.text).toContain(
      `Остаток на исходе: ${product.name.rus} (ID ${id})`,
    );
    expect(mentions(user, `(ID ${id})`)).toBe(1);
  });

  it("warn before a product runs out, from the pace of its sales", async () => {
    const { h, clock, user } = await start();
    const product = h.api.products[5]!;
    const id = product.productId;
    h.api.setStock(id, { stock: 40, sales: 100 });
    await h.app.alerts.runAll();
    // A day later 8 sold: 12 left is ≈ 1 day at this pace.
    clock.advance(DAY);
    h.api.setStock(id, { stock: 12, sales: 108 });
    await h.app.alerts.runAll();
    const alert = user.botMessages().at(-1)!;
    expect(alert.text).toContain(`Скоро закончится: ${product.name.rus}`);
    expect(alert.text).toContain("На складе 12 шт., это ≈ 1 дн. при нынешнем темпе продаж");
    clock.advance(DAY / 2);
    await h.app.alerts.runAll();
    expect(mentions(user, "Скоро закончится")).toBe(1);
  });
});

describe("quiet hours", () => {
  /** 23:30 in Almaty: inside the default quiet hours 23:00–08:00. */
  const NIGHT = Date.UTC(2026, 11, 15, 18, 30, 0);

  it("alerts at night arrive without a sound by default", async () => {
    const { h, clock, user } = await start(NIGHT);
    await h.app.alerts.runAll();
    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    const alert = user.botMessages().at(-1)!;
    expect(alert.text).toContain(`№ ${order.orderNumber}`);
    expect(alert.silent).toBe(true);
    expect(await h.app.metrics.render()).toMatch(
      /sellerbot_alerts_suppressed_total\{reason="quiet"\} 1/,
    );
  });

  it("or wait until the morning when the seller chooses so", async () => {
    const { h, clock, user } = await start(NIGHT);
    await user.sendCommand("/settings");
    const screen = await user.waitForBotMessage("Уведомления этого чата");
    await user.pressButton("Ночью: без звука ›", { messageId: screen.messageId });
    await user.waitFor(() =>
      user
        .messages()
        .find((m) => m.messageId === screen.messageId)!
        .text.includes("ждут утра"),
    );
    await h.app.alerts.runAll();
    const order = h.api.addOrder({ at: clock.now() + 1000 });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    expect(mentions(user, `№ ${order.orderNumber}`)).toBe(0);
    clock.advance(3 * 60 * MINUTE); // 02:31: still night
    await h.app.alerts.runAll();
    expect(mentions(user, `№ ${order.orderNumber}`)).toBe(0);
    clock.set(Date.UTC(2026, 11, 16, 3, 0, 0)); // 08:00
    await h.app.alerts.runAll();
    expect(mentions(user, `№ ${order.orderNumber}`)).toBe(1);
    expect(user.botMessages().at(-1)!.silent).toBeUndefined();
  });
});

describe("health alerts", () => {
  it("one 'delayed' message after minutes of failures and one 'resumed', never one per round", async () => {
    const { h, clock, user } = await start();
    await h.app.alerts.runAll();
    const before = user.botMessages().length;
    h.api.failNext("/api/seller/v1/orders/list", "503", 1000);
    for (let i = 0; i < 8; i++) {
      clock.advance(MINUTE);
      await h.app.alerts.runAll();
    }
    const down = user.botMessages().slice(before);
    expect(down).toHaveLength(1);
    expect(down[0]!.text).toContain("Сервис продавца не отвечает с 15.12 11:01");
    // Service back: one "resumed", and the order that came meanwhile.
    h.api.clearFailures();
    const order = h.api.addOrder({ at: clock.now() - 3 * MINUTE });
    clock.advance(MINUTE);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    const after = user
      .botMessages()
      .slice(before)
      .map((m) => m.text);
    expect(after.filter((t) => t.includes("Связь с сервисом продавца восстановлена"))).toHaveLength(
      1,
    );
    expect(after.filter((t) => t.includes("не отвечает"))).toHaveLength(1);
    expect(after.some((t) => t.includes(`№ ${order.orderNumber}`))).toBe(true);
    expect(await h.app.metrics.render()).toMatch(/sellerbot_alerts_delayed_total 1/);
  });

  it.each([
    ["ru", "📥 Эти товары в Excel", /Остатки на исходе: 4/],
    ["kk", "📥 Бұл тауарлар Excel-ге", /Қалдығы азайған тауарлар: 4/],
  ] as const)(
    "a grouped alert opens each product's card and exports just those products to Excel (%s)",
    async (lang, exportLabel, head) => {
      const clock = testClock(MORNING);
      h = await startInProcess({ redis: true, alertsClock: clock });
      const user = h.tg.user({ languageCode: lang });
      await linkUser(h, user);
      const low = h.api.products.slice(4, 8);
      for (const p of low) h.api.setStock(p.productId, { stock: 20 });
      await h.app.alerts.runAll();
      for (const [i, p] of low.entries()) h.api.setStock(p.productId, { stock: i });
      clock.advance(5 * MINUTE);
      await h.app.alerts.runAll();
      await h.app.alerts.runAll();
      const alert = await user.waitForBotMessage(head);
      const name = (p: (typeof low)[number]) => (lang === "kk" && p.name.kaz) || p.name.rus;
      // The lowest first, as the text lists them; then the export of them all.
      expect(alert.buttons.flat().at(-1)).toBe(exportLabel);
      expect(alert.buttons.flat().slice(0, -1)).toEqual(
        low.map((p) => `🛍 ${name(p).length > 40 ? `${name(p).slice(0, 39)}…` : name(p)}`),
      );

      const cardQuery = await user.pressButton(alert.buttons.flat()[1]!, {
        messageId: alert.messageId,
      });
      await user.waitForCallbackAnswer(cardQuery);
      await user.waitForBotMessage(String(low[1]!.productId), { after: alert.messageId });

      const before = user.lastBotMessage()!.messageId;
      await user.pressButton(exportLabel, { messageId: alert.messageId });
      const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, before, 20_000);
      const read = await readExportBack(doc.document!.content!);
      const exported = new Set(read.edits!.rows.map((r) => r.productId));
      expect([...exported].sort()).toEqual(low.map((p) => p.productId).sort());
      expect(read.edits!.rows).toHaveLength(low.reduce((n, p) => n + p.skus.length, 0));
    },
    30_000,
  );
});
