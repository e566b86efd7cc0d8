/**
 * One local day of order lines, added up: per status (every line), per product and per minute
 * of the day (sold lines). Money is kept in tiyn (integers): adding thousands of 0.1s in
 * floating point drifts. The figures of a closed day are what the cache keeps, so they are
 * plain arrays (small JSON).
 */
import type { Order } from "../seller-api/index.js";
import { type Classify, isSold, type LineClass } from "./statuses.js";

/** Indexes of a sums row: `[lines, units, orders, sales, commission, payout, returned, returnsValue]`. */
export const S = {
  lines: 0,
  units: 1,
  /** Distinct orders (`orderId`) with a sold line. */
  orders: 2,
  /** `totalPrice` */
  sales: 3,
  /** `totalCommissionAmount` */
  commission: 4,
  /** `totalPayoutAmount` */
  payout: 5,
  /** Units that came back. */
  returned: 6,
  /** Their share of `totalPrice`. */
  returnsValue: 7,
} as const;
export const SUMS_LENGTH = 8;
export type Sums = number[];
export const emptySums = (): Sums => new Array<number>(SUMS_LENGTH).fill(0);

export function addSums(into: Sums, from: readonly number[]): Sums {
  for (let i = 0; i < SUMS_LENGTH; i++) into[i]! += from[i] ?? 0;
  return into;
}

/** A status (every line of it): its label as the service gives it, and its sums. */
export type StatusRow = [label: string, ...sums: number[]];
/** A product's sold lines (by the SKU's barcode): its name as the line gives it, and its sums. */
export type ProductRow = [name: string, ...sums: number[]];

export interface DayFigures {
  /** Local date `2026-11-20` in TIME_ZONE. */
  date: string;
  /** By `statusKey`, every line. */
  statuses: Record<string, StatusRow>;
  /** By barcode, sold lines. */
  products: Record<string, ProductRow>;
  /** By minute of the local day (`"0"`…`"1439"`), sold lines: what a part of a day adds up to. */
  minutes: Record<string, Sums>;
}

/** tenge → tiyn; anything not a finite number counts 0. */
export const tiyn = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) ? Math.round(value * 100) : 0;

const units = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;

/**
 * Units of a line that came back: `quantityReturned` whatever the status says (never more than
 * the line's units); a line whose status says returned while `quantityReturned` says nothing
 * came back whole.
 */
export function returnedUnits(order: Order, cls: LineClass): number {
  const quantity = units(order.quantity);
  const returned = Math.min(units(order.quantityReturned), quantity);
  return returned === 0 && cls === "returned" ? quantity : returned;
}

/** A line's sums (orders 0: the day counts distinct orders). */
function lineSums(order: Order, cls: LineClass): Sums {
  const quantity = units(order.quantity);
  const sales = tiyn(order.totalPrice);
  const returned = returnedUnits(order, cls);
  const sums = emptySums();
  sums[S.lines] = 1;
  sums[S.units] = quantity;
  sums[S.sales] = sales;
  sums[S.commission] = tiyn(order.totalCommissionAmount);
  sums[S.payout] = tiyn(order.totalPayoutAmount);
  sums[S.returned] = returned;
  // The returned units' share of what the buyer paid for the line.
  sums[S.returnsValue] = quantity > 0 ? Math.round((sales * returned) / quantity) : 0;
  return sums;
}

function addRow<R extends [string, ...number[]]>(
  rows: Record<string, R>,
  key: string,
  label: string,
  sums: Sums,
) {
  const row = rows[key] ?? ([label, ...emptySums()] as R);
  for (let i = 0; i < SUMS_LENGTH; i++) (row[i + 1] as number) += sums[i]!;
  rows[key] = row;
}

/** A day being added up, line by line; `figures` is the day so far. */
export function dayBuilder(date: string, classify: Classify) {
  const figures: DayFigures = { date, statuses: {}, products: {}, minutes: {} };
  const orders = new Set<number>();
  return {
    figures,
    /** A line created `minute` minutes after the day's local midnight. */
    add(order: Order, minute: number) {
      const cls = classify(order.statusKey);
      const sums = lineSums(order, cls);
      const key = order.statusKey?.trim() ?? "";
      addRow(figures.statuses, key, order.statusLabel?.trim() || key, sums);
      if (!isSold(cls)) return;
      if (!orders.has(order.orderId)) {
        orders.add(order.orderId);
        sums[S.orders] = 1;
      }
      const barcode = order.barcode?.trim() ?? "";
      addRow(figures.products, barcode, order.productName?.trim() ?? "", sums);
      const at = String(minute);
      figures.minutes[at] = addSums(figures.minutes[at] ?? emptySums(), sums);
    },
  };
}
export type DayBuilder = ReturnType<typeof dayBuilder>;
