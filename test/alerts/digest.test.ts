import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney } from "../../src/text/format.js";
import { runningClock, testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { product } from "../support/import-child.js";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Local (Almaty, UTC+5) time of 15 Dec 2026 as an instant. */
const local = (day: number, hour: number, minute = 0) => Date.UTC(2026, 11, day, hour - 5, minute);

const SLOW = { timeoutMs: 60_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("the daily digest", () => {
  it("arrives once at its time with the day's figures beside yesterday and last week, and a chart", async () => {
    const clock = testClock(local(15, 19, 50));
    h = await startInProcess({ redis: true, alertsClock: clock });
    const ru = h.tg.user({ languageCode: "ru" });
    const kk = h.tg.user({ languageCode: "kk" });
    await linkUser(h, ru);
    await linkUser(h, kk);
    const [p1, p2] = [h.api.products[1]!, h.api.products[2]!];
    const today = [
      h.api.addOrder({ at: local(15, 9, 15), productId: p1.productId, quantity: 2, price: 10_000 }),
      h.api.addOrder({ at: local(15, 13, 0), productId: p2.productId, price: 55_000 }),
      h.api.addOrder({ at: local(15, 19, 40), productId: p1.productId, price: 10_000 }),
    ];
    const yesterday = [
      h.api.addOrder({ at: local(14, 0, 5), price: 7_000 }),
      h.api.addOrder({ at: local(14, 23, 55), price: 3_000 }),
    ];
    const weekAgo = [h.api.addOrder({ at: local(8, 12, 0), price: 40_000 })];
    h.api.addOrder({ at: local(15, 0, 0) - 20 * DAY, price: 99_000 }); // outside the 14 days
    await h.app.alerts.runAll(); // 19:50: not yet
    expect(ru.botMessages().some((m) => m.photo)).toBe(false);

    clock.set(local(15, 20, 0) + 30_000);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    const digests = ru.botMessages().filter((m) => m.photo);
    expect(digests).toHaveLength(1);
    const caption = digests[0]!.text;
    const sum = (orders: { totalPrice: number }[]) => orders.reduce((n, o) => n + o.totalPrice, 0);
    const payout = today.reduce((n, o) => n + o.totalPayoutAmount, 0);
    expect(caption).toContain("Итоги дня, 15.12");
    expect(caption).toContain("Заказов: 3 (к вчера +50 %, к прошлой неделе +200 %)");
    expect(caption).toContain(`Выручка: ${formatMoney(sum(today), "ru")}`);
    expect(caption).toContain(`К выплате: ${formatMoney(payout, "ru")}`);
    expect(caption).toContain(
      `Вчера: 2 · ${formatMoney(sum(yesterday), "ru")} · неделю назад: 1 · ${formatMoney(sum(weekAgo), "ru")}`,
    );
    // Best sellers of the day by revenue.
    expect(caption).toContain(`${p2.name.rus} — 1 шт., ${formatMoney(55_000, "ru")}`);
    expect(caption).toContain(`${p1.name.rus} — 3 шт., ${formatMoney(30_000, "ru")}`);

    // The chart: a real PNG, big enough to read on a phone, not a wall.
    const photo = digests[0]!.photo!;
    expect(photo.content!.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(photo.width).toBeGreaterThanOrEqual(800);
    expect(photo.width).toBeLessThanOrEqual(1280);
    expect(photo.height).toBeGreaterThanOrEqual(400);
    expect(photo.width! / photo.height!).toBeGreaterThan(1.2);
    expect(photo.content!.length).toBeLessThan(1024 * 1024);
    if (process.env.DIGEST_PNG) writeFileSync(process.env.DIGEST_PNG, photo.content!);

    const kkDigest = kk.botMessages().find((m) => m.photo)!;
    expect(kkDigest.text).toContain("Күн қорытындысы, 15.12");
    expect(kkDigest.text).toContain("Тапсырыстар: 3");

    // The next day's digest comes the next evening, not before.
    clock.advance(12 * HOUR);
    await h.app.alerts.runAll();
    expect(ru.botMessages().filter((m) => m.photo)).toHaveLength(1);
    clock.set(local(16, 20, 1));
    await h.app.alerts.runAll();
    expect(ru.botMessages().filter((m) => m.photo)).toHaveLength(2);
  });
});

/** Sends a JSON file of products from the chat and presses "Import" on its confirmation. */
async function importFile(
  user: UserDriver,
  locale: "ru" | "kk",
  fileName: string,
  products: unknown[],
) {
  const sent = await user.sendDocument({ fileName, content: JSON.stringify({ products }) });
  const offer = await user.waitForBotMessage(
    locale === "ru" ? /Импортировать товары \(\d+\)\?/ : /Тауарларды \(\d+\) импорттаймыз ба/,
    { ...SLOW, after: sent.message_id },
  );
  await user.pressButton(locale === "ru" ? /Импортировать товары/ : /Тауарларды импорттау/, {
    messageId: offer.messageId,
  });
}

/**
 * The watcher has stored the counts of `count` documents and closed them: it logs "import
 * summary sent" after both (the summary message itself goes out before the counts are stored).
 */
const summariesSettled = (count: number) =>
  expect
    .poll(() => h!.logs.filter((line) => line.includes("import summary sent")).length, {
      timeout: SLOW.timeoutMs,
    })
    .toBe(count);

describe("the daily digest's imports and low stock", () => {
  it("counts the chat's own imports of the day and lists the products at or below the threshold (ru, kk)", async () => {
    // The app's clock (import records) runs in real time from a chosen local moment, so the
    // imports fall on a known date whatever the hour the suite runs; the alerts clock is set.
    const appClock = runningClock(local(14, 23, 50));
    const alerts = testClock(local(14, 23, 50));
    h = await startInProcess({ redis: true, clock: appClock, alertsClock: alerts });
    const ru = h.tg.user({ languageCode: "ru" });
    const kk = h.tg.user({ languageCode: "kk" });
    await linkUser(h, ru);
    await linkUser(h, kk);

    // Yesterday's import (14.12, 23:50 local) is not the 15th's.
    await importFile(ru, "ru", "вчера.json", [product(1)]);
    await summariesSettled(1);

    appClock.set(local(15, 12, 0));
    // The two chats import side by side. Brand 9999 does not exist: that product fails
    // (BRAND_NOT_FOUND), the others succeed.
    const ruImports = async () => {
      await importFile(ru, "ru", "товары.json", [product(2), product(3, 9999), product(4)]);
      await ru.waitForBotMessage("✅ успешно 2, ❌ с ошибками 1", SLOW);
      await importFile(ru, "ru", "ещё.json", [product(5)]);
    };
    const kkImports = () => importFile(kk, "kk", "тауарлар.json", [product(6), product(7, 9999)]);
    await Promise.all([ruImports(), kkImports()]);
    await summariesSettled(4);

    // Stock: everything plenty, but one product below the default threshold 5, one at it and
    // one just above it.
    for (const p of h.api.products) h.api.setStock(p.productId, { stock: 100 });
    const named = h.api.products.filter(
      (p) => p.name.kaz && p.name.rus.length <= 40 && p.name.kaz.length <= 40,
    );
    const [below, at, above] = [named[0]!, named[1]!, named[2]!];
    h.api.setStock(below.productId, { stock: 3 });
    h.api.setStock(at.productId, { stock: 5 });
    h.api.setStock(above.productId, { stock: 6 });

    alerts.set(local(15, 19, 50));
    await h.app.alerts.runAll(); // the stock round reads the levels; no digest yet
    expect(ru.botMessages().some((m) => m.photo)).toBe(false);
    alerts.set(local(15, 20, 0) + 30_000);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();

    const ruDigests = ru.botMessages().filter((m) => m.photo);
    expect(ruDigests).toHaveLength(1);
    const caption = ruDigests[0]!.text;
    expect(caption).toContain("Итоги дня, 15.12");
    // Two files of the 15th (not yesterday's, not the kk chat's): 2 + 1 succeeded, 1 failed.
    expect(caption).toContain(
      "Импортов за день: 2 · успешно товаров: 3 · с ошибками: 1 (подробнее — /jobs)",
    );
    expect(caption).toContain("Заканчиваются");
    const lowBelow = `• ${below.name.rus} — 3 шт.`;
    const lowAt = `• ${at.name.rus} — 5 шт.`;
    expect(caption).toContain(lowBelow);
    expect(caption).toContain(lowAt);
    expect(caption.indexOf(lowBelow)).toBeLessThan(caption.indexOf(lowAt));
    expect(caption).not.toContain(above.name.rus);

    const kkDigests = kk.botMessages().filter((m) => m.photo);
    expect(kkDigests).toHaveLength(1);
    const kkCaption = kkDigests[0]!.text;
    expect(kkCaption).toContain(
      "Бүгінгі импорттар: 1 · сәтті тауарлар: 1 · қателері барлар: 1 (толығырақ — /jobs)",
    );
    expect(kkCaption).toContain("Таусылып барады");
    expect(kkCaption).toContain(`• ${below.name.kaz} — 3 дана`);
    expect(kkCaption).toContain(`• ${at.name.kaz} — 5 дана`);
    expect(kkCaption).not.toContain(above.name.kaz);
  });

  it("has no imports line on a day without imports", async () => {
    const alerts = testClock(local(15, 19, 0));
    h = await startInProcess({ redis: true, alertsClock: alerts });
    const ru = h.tg.user({ languageCode: "ru" });
    await linkUser(h, ru);
    alerts.set(local(15, 20, 0) + 30_000);
    await h.app.alerts.runAll();
    await h.app.alerts.runAll();
    const digest = ru.botMessages().find((m) => m.photo)!;
    expect(digest.text).toContain("Итоги дня, 15.12");
    expect(digest.text).not.toContain("Импортов за день");
  });
});
