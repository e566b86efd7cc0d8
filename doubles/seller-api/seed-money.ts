/**
 * A shop with weeks of orders for the money figures: every day's lines spread over the day's
 * hours (busier in the afternoon), orders of one to three lines, statuses across the seed's
 * (new, on the way, done, cancelled, returned), partial returns on done lines, now and then a
 * status the spec never names, and one product that comes back far more often than the rest.
 * Deterministic (a seeded generator): every run serves the same lines. Beside the default
 * seed (seed.ts), which stays as it is: a sandbox started with `moneyShop` serves these orders
 * instead of the seed's 57.
 */
import { createHash } from "node:crypto";
import type { SeedOrder, SeedProduct } from "./types.js";

export interface MoneyShopOptions {
  /** Local days of orders, the newest ending at `endMs`. */
  days: number;
  /** Order lines a day (each day within ±20 %). */
  linesPerDay: number;
  /** The newest order's instant; the shop's days are Kazakhstan days (UTC+5) before it. */
  endMs: number;
  /** Seed of the generator (default 1). */
  seed?: number;
  /** Lines of a status no setting names ("DISPUTE", "Спор"): one in about 150 (default true). */
  unknownStatus?: boolean;
}

/** The statuses the money shop uses; the keys of seed.ts plus one the bot cannot know. */
export const MONEY_SHOP_STATUSES = [
  { key: "NEW", label: "Новый" },
  { key: "DELIVERING", label: "Доставляется" },
  { key: "COMPLETED", label: "Выполнен" },
  { key: "CANCELLED", label: "Отменён" },
  { key: "RETURNED", label: "Возврат" },
  { key: "DISPUTE", label: "Спор" },
];
/** The product every seventh return goes to: it comes back far more often than the others. */
export const RETURNY_PRODUCT_INDEX = 3;

const KZ_OFFSET = 5 * 3600_000;
const DAY = 24 * 3600_000;
/** Relative weight of each local hour's orders. */
const HOURS = [1, 0, 0, 0, 0, 0, 1, 2, 3, 5, 6, 7, 8, 8, 9, 9, 9, 8, 8, 7, 6, 5, 3, 2];
const HOURS_TOTAL = HOURS.reduce((a, b) => a + b, 0);

function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast, and the same numbers on every run
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO with the +05:00 offset, as the seed writes most dates; some as UTC (`Z`). */
function dateText(ms: number, utc: boolean): string {
  if (utc) return new Date(ms).toISOString();
  const d = new Date(ms + KZ_OFFSET);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}+05:00`;
}

/** Status of a line `age` days old: the newest are still new or on their way. */
function statusOf(random: () => number, age: number, unknown: boolean) {
  const r = random();
  if (unknown && r < 0.007) return MONEY_SHOP_STATUSES[5]!;
  if (r < 0.08) return MONEY_SHOP_STATUSES[3]!; // cancelled
  if (age < 1) return MONEY_SHOP_STATUSES[r < 0.6 ? 0 : 1]!;
  if (age < 3) return MONEY_SHOP_STATUSES[r < 0.6 ? 1 : 2]!;
  if (r < 0.12) return MONEY_SHOP_STATUSES[4]!; // returned
  return MONEY_SHOP_STATUSES[2]!;
}

/** A product by a skewed choice: a few sell most (an ABC worth the name). */
function productIndex(random: () => number, count: number): number {
  return Math.min(count - 1, Math.floor(count * random() ** 2.2));
}

function guid(seed: string): string {
  const h = createHash("sha1").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** One line of an order (amounts in tiyn, then in tenge, as seed.ts computes them). */
type OrderBase = Pick<
  SeedOrder,
  | "orderId"
  | "orderGuid"
  | "orderNumber"
  | "createdDate"
  | "receivedDate"
  | "statusKey"
  | "statusLabel"
  | "commissionPercent"
>;

function lineOf(
  base: OrderBase,
  product: SeedProduct,
  skuIndex: number,
  quantity: number,
  returned: number,
): SeedOrder {
  const sku = product.skus[skuIndex % product.skus.length]!;
  const price = Math.round(sku.price * 100);
  const commission = Math.round((price * base.commissionPercent) / 100);
  return {
    ...base,
    barcode: sku.skuBarcode,
    productName: product.name.rus,
    quantity,
    quantityReturned: returned,
    price: price / 100,
    originalPrice: price / 100,
    commissionAmount: commission / 100,
    payoutAmount: (price - commission) / 100,
    totalPrice: (price * quantity) / 100,
    totalCommissionAmount: (commission * quantity) / 100,
    totalPayoutAmount: ((price - commission) * quantity) / 100,
  };
}

/** Units of a line that came back: all of a returned one, sometimes one of a done one. */
function returnedOf(random: () => number, key: string, quantity: number, returny: boolean) {
  if (key === "RETURNED") return quantity;
  if (key !== "COMPLETED" || quantity < 2) return 0;
  return random() < (returny ? 0.5 : 0.06) ? 1 : 0;
}

/**
 * The money shop's orders over `days` days before `endMs`, oldest first, ids from 400001 and
 * numbers from 8100001; their true instants (what the sandbox sorts by) beside them.
 */
export function moneyShopOrders(products: SeedProduct[], options: MoneyShopOptions) {
  const random = generator(options.seed ?? 1);
  const orders: SeedOrder[] = [];
  const orderCreatedAt: Record<number, number> = {};
  const percents = [8, 10, 12.5, 5];
  const endLocal = options.endMs + KZ_OFFSET;
  const lastMidnight = endLocal - (endLocal % DAY) - KZ_OFFSET;
  let orderId = 400_001;
  for (let age = options.days - 1; age >= 0; age--) {
    const midnight = lastMidnight - age * DAY;
    const lines = Math.round(options.linesPerDay * (0.8 + 0.4 * random()));
    const span = age === 0 ? options.endMs - midnight : DAY;
    let made = 0;
    while (made < lines) {
      // An hour by the day's profile, a moment within it.
      let pick = random() * HOURS_TOTAL;
      let hour = 0;
      while (pick >= HOURS[hour]! && hour < 23) pick -= HOURS[hour++]!;
      const at = midnight + Math.floor(((hour + random()) * 3600_000 * span) / DAY);
      const status = statusOf(random, (options.endMs - at) / DAY, options.unknownStatus ?? true);
      const id = orderId++;
      const base = {
        orderId: id,
        orderGuid: guid(`money-order-${id}`),
        orderNumber: String(8_100_001 + (id - 400_001)),
        createdDate: dateText(at, id % 9 === 4),
        receivedDate: dateText(at + 7 * 60_000, id % 9 === 4),
        statusKey: status.key,
        statusLabel: status.label,
        commissionPercent: percents[id % percents.length]!,
      };
      const count = Math.min(lines - made, random() < 0.8 ? 1 : random() < 0.7 ? 2 : 3);
      // An order's lines are of different products (a line is its order and its SKU).
      const chosen = new Set<number>();
      while (chosen.size < count) {
        chosen.add(random() < 0.05 ? RETURNY_PRODUCT_INDEX : productIndex(random, products.length));
      }
      for (const index of chosen) {
        const quantity = 1 + Math.floor(random() * 3);
        const returned = returnedOf(random, status.key, quantity, index === RETURNY_PRODUCT_INDEX);
        orders.push(lineOf(base, products[index]!, id, quantity, returned));
      }
      orderCreatedAt[id] = at;
      made += count;
    }
  }
  orders.sort(
    (a, b) => orderCreatedAt[a.orderId]! - orderCreatedAt[b.orderId]! || a.orderId - b.orderId,
  );
  return { orders, orderCreatedAt };
}
