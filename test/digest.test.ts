import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { formatMoney } from "../src/text/format.js";
import { testClock } from "./support/clock.js";
import { type Harness, linkUser, startHarness } from "./support/harness.js";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Local (Almaty, UTC+5) time of 15 Dec 2026 as an instant. */
const local = (day: number, hour: number, minute = 0) => Date.UTC(2026, 11, day, hour - 5, minute);

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("the daily digest", () => {
  it("arrives once at its time with the day's figures beside yesterday and last week, and a chart", async () => {
    const clock = testClock(local(15, 19, 50));
    h = await startHarness({ redis: true, alertsClock: clock });
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
