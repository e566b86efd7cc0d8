import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import { linesBetween, soldSums } from "../support/money.js";
import { moneyOverSandbox } from "../support/money-service.js";

const ORDERS = "/api/seller/v1/orders/list";
/** 2026-11-20 20:00 in Almaty. */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const OCTOBER = { firstDay: "2026-10-01", lastDay: "2026-10-31" };

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of cleanup.reverse()) await stop();
  cleanup = [];
});

/** The money service over the money shop, reading `concurrency` pages at once. */
const money = (concurrency = 4) => moneyOverSandbox({ now: NOW, cleanup, concurrency });

const keyOf = (o: { orderId: number; barcode?: string | null }) => `${o.orderId}|${o.barcode}`;

describe("reading a period", () => {
  it("hands every line of the period once, as the pages come, even when its days are kept", async () => {
    const { api, service } = await money();
    const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
    const october = linesBetween(api.seed.orders, at, OCTOBER.firstDay, OCTOBER.lastDay);
    await service.figures(OCTOBER, NOW);
    api.clearRequests();
    // kept: no page read
    await service.figures(OCTOBER, NOW);
    expect(api.requestsTo(ORDERS)).toHaveLength(0);
    // the lines wanted one by one: the period's days read again, each line once
    const seen: string[] = [];
    const figures = await service.figures(OCTOBER, NOW, {
      onLine: (line, date) => {
        expect(date >= OCTOBER.firstDay && date <= OCTOBER.lastDay).toBe(true);
        seen.push(keyOf(line.order));
      },
    });
    expect(api.requestsTo(ORDERS).length).toBeGreaterThan(0);
    expect(seen.sort()).toEqual(october.map(keyOf).sort());
    expect(figures.current.totals).toEqual(soldSums(october));
  });

  it("loses no line and counts none twice when orders arrive while pages are in flight", async () => {
    const { api, service } = await money(4);
    const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
    const october = linesBetween(api.seed.orders, at, OCTOBER.firstDay, OCTOBER.lastDay);
    let asked = 0;
    // Every fifth page asked, three new orders: every line below moves three places down.
    api.setLatency((path) => {
      if (!path.startsWith(ORDERS)) return 0;
      if (++asked % 5 === 0) for (let i = 0; i < 3; i++) api.addOrder({ at: NOW - 1000 });
      return 5 + (asked % 3) * 10;
    });
    const figures = await service.figures(OCTOBER, NOW);
    expect(asked).toBeGreaterThan(20);
    expect(figures.current.totals).toEqual(soldSums(october));
  });
});
