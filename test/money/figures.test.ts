import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSeed } from "../../doubles/seller-api/seed.js";
import { moneyShopOrders } from "../../doubles/seller-api/seed-money.js";
import type { SeedOrder } from "../../doubles/seller-api/types.js";
import { parseHtml } from "../../doubles/telegram/index.js";
import { createBotI18n } from "../../src/bot/index.js";
import { parseConfig } from "../../src/config.js";
import { renderAnswer } from "../../src/money/answer.js";
import { type DayFigures, dayBuilder } from "../../src/money/day.js";
import { abcOrder, periodFigures, periodTotals, profitOf } from "../../src/money/figures.js";
import { presetMoneyPeriod, previousPeriod } from "../../src/money/periods.js";
import { cancelSignal, payoutSignal, silenceSignal } from "../../src/money/signals.js";
import { statusClassifier } from "../../src/money/statuses.js";
import { cents, groupBy, kindOf, soldSums } from "../support/money.js";

const HOUR = 3_600_000;
/** 2026-11-20 18:00 in Almaty (UTC+5). */
const END = Date.UTC(2026, 10, 20, 13, 0, 0);
const { statuses } = parseConfig({
  BOT_TOKEN: "1:a",
  SELLER_API_URL: "http://127.0.0.1:1",
  SELLER_API_TOKEN: "t",
}).money;
const classify = statusClassifier(statuses);

/** The lines of a money shop and their true instants, as the sandbox serves them. */
const shop = moneyShopOrders(buildSeed().products, { days: 40, linesPerDay: 60, endMs: END });
const atOf = (o: SeedOrder) => shop.orderCreatedAt[o.orderId]!;
/** Local (Almaty) date and minute of an instant, computed apart from the bot's time helpers. */
const local = (ms: number) => {
  const d = new Date(ms + 5 * HOUR);
  return { date: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
};

/** Every day of the shop, built from its lines as the reader builds them. */
function daysOfShop(): DayFigures[] {
  const builders = new Map<string, ReturnType<typeof dayBuilder>>();
  for (const order of shop.orders) {
    const { date, minute } = local(atOf(order));
    const builder = builders.get(date) ?? dayBuilder(date, classify);
    builders.set(date, builder);
    builder.add(order, minute);
  }
  return [...builders.values()].map((b) => b.figures);
}

// ------------------------------------------------------------------ sums made apart

const between = (first: string, last: string, untilMinute?: number) =>
  shop.orders.filter((o) => {
    const { date, minute } = local(atOf(o));
    if (date < first || date > last) return false;
    return untilMinute === undefined || date < last || minute <= untilMinute;
  });

describe("the money shop of the sandbox", () => {
  it("has weeks of lines across statuses, partial returns, cancels and a status the bot does not know", () => {
    const keys = new Set(shop.orders.map((o) => o.statusKey));
    expect([...keys].sort()).toEqual([
      "CANCELLED",
      "COMPLETED",
      "DELIVERING",
      "DISPUTE",
      "NEW",
      "RETURNED",
    ]);
    const partial = shop.orders.filter(
      (o) => o.statusKey === "COMPLETED" && o.quantityReturned > 0,
    );
    expect(partial.length).toBeGreaterThan(10);
    expect(partial.every((o) => o.quantityReturned < o.quantity)).toBe(true);
    expect(new Set(shop.orders.map((o) => local(atOf(o)).date)).size).toBe(40);
    // orders of several lines
    expect(shop.orders.length).toBeGreaterThan(new Set(shop.orders.map((o) => o.orderId)).size);
  });
});

describe("the figures of a period", () => {
  const days = daysOfShop();
  const period = { firstDay: "2026-11-01", lastDay: "2026-11-14" };

  it("equal sums computed apart from the lines: sold lines, every status, every product", () => {
    const figures = periodFigures(period, classify);
    for (const day of days) figures.add(day);
    const result = figures.result();
    const lines = between(period.firstDay, period.lastDay);
    expect(result.totals).toEqual(soldSums(lines));

    const byStatus = groupBy(lines, (o) => o.statusKey);
    expect(result.statuses.map((s) => s.key).sort()).toEqual([...byStatus.keys()].sort());
    for (const s of result.statuses) {
      const of = byStatus.get(s.key)!;
      expect(s.class).toBe(kindOf(s.key));
      expect(s.label).toBe(of[0]!.statusLabel);
      expect({ lines: s.lines, units: s.units, sales: s.sales, payout: s.payout }).toEqual({
        lines: of.length,
        units: of.reduce((n, o) => n + o.quantity, 0),
        sales: of.reduce((n, o) => n + cents(o.totalPrice), 0),
        payout: of.reduce((n, o) => n + cents(o.totalPayoutAmount), 0),
      });
      expect(s.commission).toBe(of.reduce((n, o) => n + cents(o.totalCommissionAmount), 0));
    }
    // every line, whatever its status: what the orders export's totals row holds
    expect(result.all.lines).toBe(lines.length);
    expect(result.all.sales).toBe(lines.reduce((n, o) => n + cents(o.totalPrice), 0));

    const sold = lines.filter((o) => ["sale", "returned"].includes(kindOf(o.statusKey)));
    const byProduct = groupBy(sold, (o) => o.barcode);
    expect(result.products).toHaveLength(byProduct.size);
    for (const p of result.products) {
      const want = soldSums(byProduct.get(p.barcode)!);
      expect({ ...p, orders: 0 }).toMatchObject({
        ...want,
        orders: 0,
        name: byProduct.get(p.barcode)![0]!.productName,
      });
    }
  });

  it("the period before is as long, and for a period that runs to now ends at the same minute", () => {
    const now = Date.UTC(2026, 10, 20, 6, 37); // 11:37 in Almaty
    const week = presetMoneyPeriod("week", now, "Asia/Almaty");
    expect(week).toEqual({
      firstDay: "2026-11-14",
      lastDay: "2026-11-20",
      untilMinute: 11 * 60 + 37,
    });
    const before = previousPeriod(week);
    expect(before).toEqual({ firstDay: "2026-11-07", lastDay: "2026-11-13", untilMinute: 697 });
    const totals = periodTotals();
    for (const day of days) totals.add(day, before);
    expect(totals.result()).toEqual(soldSums(between("2026-11-07", "2026-11-13", 697)));
    // the same days whole are more
    const whole = periodTotals();
    for (const day of days) whole.add(day, { firstDay: "2026-11-07", lastDay: "2026-11-13" });
    expect(whole.result().lines).toBeGreaterThan(totals.result().lines);

    expect(presetMoneyPeriod("lastMonth", now, "Asia/Almaty")).toEqual({
      firstDay: "2026-10-01",
      lastDay: "2026-10-31",
    });
    expect(previousPeriod({ firstDay: "2026-10-01", lastDay: "2026-10-31" })).toEqual({
      firstDay: "2026-08-31",
      lastDay: "2026-09-30",
    });
    expect(presetMoneyPeriod("month", now, "Asia/Almaty").firstDay).toBe("2026-11-01");
    expect(presetMoneyPeriod("today", now, "Asia/Almaty")).toMatchObject({
      firstDay: "2026-11-20",
    });
  });

  it("add up the same whatever order the days come in", () => {
    const a = periodFigures(period, classify);
    const b = periodFigures(period, classify);
    for (const day of days) a.add(day);
    for (const day of [...days].reverse()) b.add(day);
    expect(b.result()).toEqual(a.result());
  });
});

describe("a line's status", () => {
  const line = (statusKey: string, quantity: number, quantityReturned: number) =>
    ({
      orderId: 1,
      orderGuid: "g",
      orderNumber: "1",
      createdDate: "2026-11-20T10:00:00+05:00",
      receivedDate: null,
      statusKey,
      statusLabel: statusKey,
      barcode: "460",
      productName: "P",
      quantity,
      quantityReturned,
      commissionPercent: 10,
      price: 100,
      originalPrice: 100,
      commissionAmount: 10,
      payoutAmount: 90,
      totalPrice: 100 * quantity,
      totalCommissionAmount: 10 * quantity,
      totalPayoutAmount: 90 * quantity,
    }) as const;

  it("is read ignoring case, spaces, _ and -; a status no setting names is unknown", () => {
    expect(classify("Cancelled")).toBe("cancelled");
    expect(classify("canceled")).toBe("cancelled");
    expect(classify("RETURNED")).toBe("returned");
    expect(classify("in_delivery")).toBe("sale");
    expect(classify("Kaspi-Delivery")).toBe("sale");
    expect(classify("DISPUTE")).toBe("unknown");
    expect(classify("")).toBe("unknown");
  });

  it("a returned quantity counts whatever the status; a returned status with none came back whole; cancels are no sale", () => {
    const day = dayBuilder("2026-11-20", classify);
    day.add(line("COMPLETED", 3, 1), 600);
    day.add(line("RETURNED", 2, 0), 601);
    day.add({ ...line("CANCELLED", 4, 0), orderId: 2, barcode: "461" }, 602);
    day.add({ ...line("DISPUTE", 5, 0), orderId: 3, barcode: "462" }, 603);
    const figures = periodFigures({ firstDay: "2026-11-20", lastDay: "2026-11-20" }, classify);
    figures.add(day.figures);
    const result = figures.result();
    expect(result.totals).toMatchObject({
      lines: 2,
      units: 5,
      orders: 1,
      sales: 50_000,
      returned: 3,
      // a third of 300 ₸ and all of 200 ₸
      returnsValue: 10_000 + 20_000,
    });
    expect(result.products.map((p) => p.barcode)).toEqual(["460"]);
    expect(result.statuses.find((s) => s.key === "DISPUTE")).toMatchObject({
      class: "unknown",
      units: 5,
    });
    expect(result.all.lines).toBe(4);
  });
});

describe("ABC by sales", () => {
  it("A up to and including the product that brings the running share to 80 %, B to 95 %, the rest C", () => {
    const products = [50, 30, 10, 5, 3, 2].map((sales, i) => ({ barcode: `b${i}`, sales }));
    expect(abcOrder(products).map((p) => p.abc)).toEqual(["A", "A", "B", "B", "C", "C"]);
    // 80 reached exactly by the second: the third starts B
    expect(
      abcOrder([60, 20, 15, 5].map((sales, i) => ({ barcode: `b${i}`, sales }))).map((p) => p.abc),
    ).toEqual(["A", "A", "B", "C"]);
    expect(abcOrder([{ barcode: "x", sales: 0 }]).map((p) => p.abc)).toEqual(["C"]);
  });

  it("follows the rule for any sales", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        (sales) => {
          const ranked = abcOrder(
            sales.map((s, i) => ({ barcode: `p${String(i).padStart(3, "0")}`, sales: s })),
          );
          const total = sales.reduce((a, b) => a + b, 0);
          let before = 0;
          for (const [i, p] of ranked.entries()) {
            if (i > 0) expect(p.sales).toBeLessThanOrEqual(ranked[i - 1]!.sales);
            const share = total > 0 ? before / total : 1;
            expect(p.abc).toBe(share < 0.8 ? "A" : share < 0.95 ? "B" : "C");
            before += p.sales;
          }
        },
      ),
    );
  });
});

describe("profit, once costs are known", () => {
  it("is payout − cost × (units − returned) over the products with a cost; the lines without one are counted", () => {
    const products = [
      { barcode: "a", lines: 3, units: 5, returned: 1, payout: 90_000 },
      { barcode: "b", lines: 2, units: 2, returned: 0, payout: 40_000 },
      { barcode: "c", lines: 4, units: 4, returned: 0, payout: 10_000 },
    ].map((p) => ({
      ...p,
      name: p.barcode,
      orders: 0,
      sales: 0,
      commission: 0,
      returnsValue: 0,
      abc: "A" as const,
    }));
    const costs: Record<string, number> = { a: 10_000, b: 25_000 };
    expect(profitOf(products, (barcode) => costs[barcode])).toEqual({
      profit: 90_000 - 10_000 * 4 + (40_000 - 25_000 * 2),
      linesWithCost: 5,
      linesWithoutCost: 4,
      productsWithoutCost: 1,
    });
  });
});

describe("what the money alerts watch", () => {
  const thresholds = {
    returnPercent: 2,
    returnMinUnits: 30,
    cancelPercent: 10,
    cancelMinLines: 20,
    cancelDays: 7,
    payoutPercent: 50,
    silenceOrders: 5,
  };
  /** 30 days to 2026-11-20, each with `payout` tiyn, 10 sold and `cancelled` cancelled lines. */
  const windowOf = (payout: (date: string, i: number) => number, cancelled = 0) => {
    const days = Array.from({ length: 30 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10);
      const sold = {
        lines: 10,
        units: 10,
        orders: 10,
        sales: 0,
        commission: 0,
        payout: payout(date, i),
        returned: 0,
        returnsValue: 0,
      };
      return {
        date,
        sold,
        cancelledLines: cancelled,
        hourlyOrders: Array.from({ length: 24 }, (_, h) => (h >= 9 && h < 21 ? 2 : 0)),
      };
    });
    return {
      today: "2026-11-20",
      days,
      products: [],
      reading: { complete: true, pages: 1, cachedDays: 0, readDays: 1 },
    };
  };

  it("a day's payout far below the median of its weekday's last four, cancels, silence", () => {
    const usual = windowOf((date) => (date === "2026-11-19" ? 40_000 : 100_000));
    expect(payoutSignal(usual, thresholds)).toEqual({
      date: "2026-11-19",
      payout: 40_000,
      usual: 100_000,
      low: true,
    });
    const fine = windowOf(() => 100_000);
    expect(payoutSignal(fine, thresholds)?.low).toBe(false);
    // no usual yet: no judgement
    expect(
      payoutSignal(
        windowOf(() => 0),
        thresholds,
      ),
    ).toBeUndefined();

    // 2 cancelled of 12 lines a day over 7 days: 16.7 % > 10 %
    expect(
      cancelSignal(
        windowOf(() => 0, 2),
        thresholds,
      ),
    ).toMatchObject({ lines: 84, cancelled: 14, over: true });
    expect(
      cancelSignal(
        windowOf(() => 0, 1),
        thresholds,
      ),
    ).toMatchObject({ over: false });

    // 2 orders an hour from 09:00 to 21:00 (Almaty): silent from 10:00 to 12:30 expects 5
    const window = windowOf(() => 0);
    const since = Date.UTC(2026, 10, 20, 5, 0); // 10:00
    const at1230 = Date.UTC(2026, 10, 20, 7, 30);
    expect(silenceSignal(window, since, at1230, "Asia/Almaty", thresholds)).toEqual({
      since,
      expected: 5,
      silent: true,
    });
    expect(silenceSignal(window, since, at1230 - 60_000, "Asia/Almaty", thresholds)?.silent).toBe(
      false,
    );
    // the night brings none
    const night = Date.UTC(2026, 10, 19, 16, 0); // 21:00
    expect(
      silenceSignal(window, night, night + 10 * HOUR, "Asia/Almaty", thresholds)?.expected,
    ).toBe(0);
  });
});

describe("the answer", () => {
  it("fits one message in both languages, however many statuses and long names a shop has", () => {
    const i18n = createBotI18n();
    const totals = {
      lines: 123_456,
      units: 234_567,
      orders: 99_999,
      sales: 123_456_789_012,
      commission: 12_345_678_901,
      payout: 111_111_111_111,
      returned: 4567,
      returnsValue: 1_234_567_890,
    };
    const statusesOf = Array.from({ length: 30 }, (_, i) => ({
      key: `S${i}`,
      label: `Статус номер ${i} ${"<&>".repeat(10)}`,
      class: (i % 3 === 0 ? "unknown" : "sale") as "unknown" | "sale",
      ...totals,
    }));
    const product = {
      name: `Очень длинное название товара <b>${"x".repeat(300)}`,
      barcode: "4600000000001",
      units: 99_999,
      returned: 999,
      payout: 99_999_999_999,
    };
    const answer = {
      period: { firstDay: "2026-10-01", lastDay: "2026-10-31" },
      previous: { firstDay: "2026-08-31", lastDay: "2026-09-30" },
      now: totals,
      before: totals,
      statuses: statusesOf,
      top: Array.from({ length: 5 }, (_, i) => ({ ...product, barcode: `460000000000${i}` })),
      returned: Array.from({ length: 5 }, (_, i) => ({ ...product, barcode: `460000000001${i}` })),
      abc: { A: 100, B: 200, C: 3000 },
      complete: false,
    };
    for (const locale of ["ru", "kk"] as const) {
      const text = renderAnswer((key, vars) => i18n.t(locale, key, vars), locale, answer);
      const parsed = parseHtml(text);
      expect(parsed.text.length).toBeLessThanOrEqual(4096);
      expect(text).not.toContain("<b>x"); // escaped: the name shows as it is
      expect(text).toContain(locale === "ru" ? "и ещё 20 статусов" : "тағы 20 мәртебе");
    }
  });
});
