import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildLargeSeed,
  ean13CheckDigit,
  LARGE_SHOP,
  LARGE_SHOP_STATUSES,
  SEED_BASE_DATE_MS,
  type Seed,
  type SellerSandbox,
  startSellerSandbox,
} from "../../doubles/seller-api/index.js";

const DAY = 24 * 3600_000;
const cents = (n: number) => Math.round(n * 100);

let api: SellerSandbox;
let seed: Seed;
beforeAll(async () => {
  api = await startSellerSandbox({ shop: "large" });
  seed = api.seed;
});
afterAll(() => api.stop());

async function listOrders(body: Record<string, unknown>) {
  const res = await fetch(`${api.url}/api/seller/v1/orders/list`, {
    method: "POST",
    headers: { authorization: `Bearer ${api.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { orders: Seed["orders"]; totalCount: number; totalPages: number };
}

describe("the sandbox's large shop", () => {
  it("has the size of a real shop: 5,000 products, 20,000 SKUs, 100,000 order lines over a year", () => {
    expect(seed.products).toHaveLength(LARGE_SHOP.products);
    expect(seed.products.reduce((n, p) => n + p.skus.length, 0)).toBe(LARGE_SHOP.skus);
    expect(seed.orders).toHaveLength(LARGE_SHOP.orderLines);
    const at = seed.orders.map((o) => seed.orderCreatedAt[o.orderId]!);
    const newest = at.reduce((a, b) => Math.max(a, b));
    const oldest = at.reduce((a, b) => Math.min(a, b));
    expect(newest).toBe(SEED_BASE_DATE_MS);
    expect(oldest).toBeGreaterThan(SEED_BASE_DATE_MS - 366 * DAY);
    expect(oldest).toBeLessThan(SEED_BASE_DATE_MS - 364 * DAY);
    // Every month of the year has orders; several categories and brands sell.
    const months = new Set(at.map((ms) => new Date(ms + 5 * 3600_000).getUTCMonth()));
    expect(months.size).toBe(12);
    expect(new Set(seed.products.map((p) => p.categoryId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(seed.products.map((p) => p.brandId)).size).toBeGreaterThanOrEqual(20);
    const leaves = new Set(seed.categories.map((c) => c.parentId));
    for (const p of seed.products) expect(leaves.has(p.categoryId), `${p.productId}`).toBe(false);
  });

  it("is the same shop on every build", () => {
    const again = buildLargeSeed();
    expect(again.orders[54_321]).toEqual(seed.orders[54_321]);
    expect(again.products[4_321]).toEqual(seed.products[4_321]);
    expect(again.orderCreatedAt[seed.orders[777]!.orderId]).toBe(
      seed.orderCreatedAt[seed.orders[777]!.orderId],
    );
  });

  it("names products in Russian and Kazakh, some only in Russian, some with <, & and quotes", () => {
    const names = seed.products.map((p) => p.name);
    expect(new Set(names.map((n) => n.rus)).size).toBe(names.length);
    const kazakh = names.filter((n) => /[әғқңөұүһі]/i.test(n.kaz));
    expect(kazakh.length).toBeGreaterThan(names.length / 2);
    expect(names.filter((n) => n.kaz === "").length).toBeGreaterThan(100);
    expect(names.some((n) => /".*<.*>.*&/.test(n.rus))).toBe(true);
    expect(names.some((n) => n.rus.length > 200)).toBe(true);
  });

  it("gives every SKU a valid EAN-13 of its own, some with leading zeros", () => {
    const barcodes = seed.products.flatMap((p) => p.skus.map((s) => s.skuBarcode));
    expect(new Set(barcodes).size).toBe(barcodes.length);
    const invalid = barcodes.filter(
      (b) => !/^\d{13}$/.test(b) || ean13CheckDigit(b.slice(0, 12)) !== Number(b[12]),
    );
    expect(invalid).toEqual([]);
    expect(barcodes.filter((b) => b.startsWith("00")).length).toBeGreaterThan(50);
    expect(barcodes.filter((b) => /^0[1-9]/.test(b)).length).toBeGreaterThan(50);
  });

  it("reckons every line's money as the marketplace does, to the tiyn", () => {
    const skus = new Map(seed.products.flatMap((p) => p.skus.map((s) => [s.skuBarcode, s])));
    // One expect per line would take most of a minute: the lines that disagree, named.
    const wrong = seed.orders.filter((o) => {
      const total = cents(o.price) * o.quantity;
      const commission = Math.round((total * o.commissionPercent) / 100);
      const twoDecimals = [o.totalPrice, o.totalCommissionAmount, o.totalPayoutAmount].every(
        (v) => cents(v) / 100 === v,
      );
      return !(
        cents(o.totalPrice) === total &&
        cents(o.totalCommissionAmount) === commission &&
        cents(o.totalPayoutAmount) === total - commission &&
        cents(o.commissionAmount) + cents(o.payoutAmount) === cents(o.price) &&
        o.price <= o.originalPrice &&
        skus.has(o.barcode) &&
        twoDecimals
      );
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    // Commissions of a fraction of a tiyn exist, rounded half up.
    expect(seed.orders.some((o) => (cents(o.totalPrice) * o.commissionPercent) % 100 >= 50)).toBe(
      true,
    );
  });

  it("has cancels, full and partial returns, and the statuses a marketplace's lines go through", () => {
    const count = (f: (o: Seed["orders"][number]) => boolean) => seed.orders.filter(f).length;
    for (const status of LARGE_SHOP_STATUSES) {
      expect(
        count((o) => o.statusKey === status.key && o.statusLabel === status.label),
      ).toBeGreaterThan(20);
    }
    expect(count((o) => o.statusKey === "CANCELLED")).toBeGreaterThan(5000);
    expect(count((o) => o.quantityReturned === o.quantity && o.quantity > 0)).toBeGreaterThan(2000);
    const partial = (o: Seed["orders"][number]) =>
      o.quantityReturned > 0 && o.quantityReturned < o.quantity;
    expect(count((o) => partial(o) && o.statusKey === "COMPLETED")).toBeGreaterThan(500);
    expect(count((o) => partial(o) && o.statusKey === "RETURNED")).toBeGreaterThan(50);
    expect(count((o) => o.quantityReturned > o.quantity)).toBe(0);
    // The newest lines are still on their way; none of them is completed yet.
    const newest = seed.orders.slice(-100);
    expect(newest.some((o) => o.statusKey === "COMPLETED")).toBe(false);
    expect(newest.some((o) => o.statusKey === "NEW")).toBe(true);
  });

  it("counts a product's sales as its lines say: not cancelled, less what came back", () => {
    const sold = new Map<string, number>();
    for (const o of seed.orders)
      if (o.statusKey !== "CANCELLED")
        sold.set(o.barcode, (sold.get(o.barcode) ?? 0) + o.quantity - o.quantityReturned);
    for (const p of seed.products.filter((_, i) => i % 50 === 0)) {
      const units = p.skus.reduce((n, s) => n + (sold.get(s.skuBarcode) ?? 0), 0);
      expect(p.salesCount, `${p.productId}`).toBe(units);
    }
  });

  it("pages a year of orders newest first, the last page too, and keeps an added order in its place", async () => {
    const at = (o: { orderId: number }) => seed.orderCreatedAt[o.orderId]!;
    const newest = [...seed.orders].sort((a, b) => at(b) - at(a) || a.orderId - b.orderId);
    const first = await listOrders({ pageNumber: 1, pageSize: 100, sortBy: "createdDate" });
    expect(first.totalCount).toBe(LARGE_SHOP.orderLines);
    expect(first.orders.map((o) => o.orderId)).toEqual(newest.slice(0, 100).map((o) => o.orderId));
    const last = await listOrders({ pageNumber: 1000, pageSize: 100, sortBy: "createdDate" });
    expect(last.orders.map((o) => o.orderId)).toEqual(newest.slice(-100).map((o) => o.orderId));
    const returned = await listOrders({
      pageNumber: 2,
      pageSize: 100,
      filters: { orderStatus: ["RETURNED"] },
    });
    const allReturned = newest.filter((o) => o.statusKey === "RETURNED");
    expect(returned.totalCount).toBe(allReturned.length);
    expect(returned.orders.map((o) => o.orderId)).toEqual(
      allReturned.slice(100, 200).map((o) => o.orderId),
    );
    // An order placed a day ago is listed among the day's orders, with the next ids.
    const placed = api.addOrder({ at: SEED_BASE_DATE_MS - DAY, productId: 100_002 });
    expect(placed.orderId).toBe(LARGE_SHOP.firstOrderId + LARGE_SHOP.orderLines);
    const position = newest.findIndex((o) => at(o) < SEED_BASE_DATE_MS - DAY);
    const page = Math.floor(position / 100) + 1;
    const around = await listOrders({ pageNumber: page, pageSize: 100, sortBy: "createdDate" });
    expect(around.totalCount).toBe(LARGE_SHOP.orderLines + 1);
    expect(around.orders[position % 100]!.orderId).toBe(placed.orderId);
    // The seed stays as it was first served.
    expect(seed.orders).toHaveLength(LARGE_SHOP.orderLines);
    expect(seed.orderCreatedAt[placed.orderId]).toBeUndefined();
  });
});

describe("the shop a sandbox serves", () => {
  it("is one of the small seed, the money shop's weeks or the large shop, never two at once", async () => {
    const moneyShop = { days: 3, linesPerDay: 20, endMs: SEED_BASE_DATE_MS };
    await expect(startSellerSandbox({ shop: "large", moneyShop })).rejects.toThrow(/moneyShop/);
    const money = await startSellerSandbox({ moneyShop, extraProducts: 5 });
    try {
      const served = money.seed.orders.length;
      expect(served).toBeGreaterThan(40);
      expect(money.products).toHaveLength(money.seed.products.length + 5);
      const placed = money.addOrder({ at: SEED_BASE_DATE_MS + 60_000 });
      expect(placed.orderId).toBe(Math.max(...money.seed.orders.map((o) => o.orderId)) + 1);
      // The first-served money shop stays as it was; the added order is served.
      expect(money.seed.orders).toHaveLength(served);
      const res = await fetch(`${money.url}/api/seller/v1/orders/list`, {
        method: "POST",
        headers: { authorization: `Bearer ${money.token}`, "content-type": "application/json" },
        body: JSON.stringify({ pageNumber: 1, pageSize: 1, sortDirection: "desc" }),
      });
      const page = (await res.json()) as { orders: Seed["orders"]; totalCount: number };
      expect(page.totalCount).toBe(served + 1);
      expect(page.orders[0]!.orderId).toBe(placed.orderId);
    } finally {
      await money.stop();
    }
  });
});
