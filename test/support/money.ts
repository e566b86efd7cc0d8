/**
 * The money figures computed apart from the bot: from the lines the sandbox serves, by their
 * true instants in Almaty (UTC+5 all year), with the statuses' meaning written out here.
 */
import type { SeedOrder } from "../../doubles/seller-api/index.js";

const HOUR = 3_600_000;

export type Kind = "sale" | "returned" | "cancelled" | "unknown";
/** What the default settings make of the sandbox's statuses. */
export const kindOf = (key: string): Kind =>
  key === "CANCELLED"
    ? "cancelled"
    : key === "RETURNED"
      ? "returned"
      : key === "DISPUTE"
        ? "unknown"
        : "sale";
export const isSale = (o: SeedOrder) => ["sale", "returned"].includes(kindOf(o.statusKey));
export const returnedOf = (o: SeedOrder) =>
  o.quantityReturned > 0
    ? Math.min(o.quantityReturned, o.quantity)
    : kindOf(o.statusKey) === "returned"
      ? o.quantity
      : 0;

/** Almaty date and minute of the day of an instant. */
export const almaty = (ms: number) => {
  const d = new Date(ms + 5 * HOUR);
  return { date: d.toISOString().slice(0, 10), minute: d.getUTCHours() * 60 + d.getUTCMinutes() };
};

export const cents = (n: number) => Math.round(n * 100);

/** Map.groupBy, which Node 20 lacks. */
export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Sums of sold lines (money in tiyn). */
export function soldSums(lines: SeedOrder[]) {
  const sold = lines.filter(isSale);
  return {
    lines: sold.length,
    units: sold.reduce((n, o) => n + o.quantity, 0),
    orders: new Set(sold.map((o) => o.orderId)).size,
    sales: sold.reduce((n, o) => n + cents(o.totalPrice), 0),
    commission: sold.reduce((n, o) => n + cents(o.totalCommissionAmount), 0),
    payout: sold.reduce((n, o) => n + cents(o.totalPayoutAmount), 0),
    returned: sold.reduce((n, o) => n + returnedOf(o), 0),
    returnsValue: sold.reduce(
      (n, o) => n + Math.round((cents(o.totalPrice) * returnedOf(o)) / o.quantity),
      0,
    ),
  };
}

/** The lines created on the local days `first`..`last`; on `last` up to `untilMinute` with it. */
export function linesBetween(
  orders: SeedOrder[],
  at: (o: SeedOrder) => number,
  first: string,
  last: string,
  untilMinute?: number,
) {
  return orders.filter((o) => {
    const { date, minute } = almaty(at(o));
    if (date < first || date > last) return false;
    return untilMinute === undefined || date < last || minute <= untilMinute;
  });
}

/** Products by sales (then barcode) with their ABC class, as the rule says. */
export function abcOf(lines: SeedOrder[]) {
  const sales = new Map<string, number>();
  for (const o of lines.filter(isSale)) {
    sales.set(o.barcode, (sales.get(o.barcode) ?? 0) + cents(o.totalPrice));
  }
  const sorted = [...sales].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const total = sorted.reduce((n, [, s]) => n + s, 0);
  let before = 0;
  const classes = { A: 0, B: 0, C: 0 };
  for (const [, s] of sorted) {
    const share = before / total;
    classes[share < 0.8 ? "A" : share < 0.95 ? "B" : "C"]++;
    before += s;
  }
  return classes;
}
