/**
 * The figures of a period from its days: totals of the sold lines, every status apart, every
 * product with its ABC class, and (once the bot knows costs) the profit. Money in tiyn.
 */
import { addSums, type DayFigures, emptySums, S, type Sums } from "./day.js";
import type { MoneyPeriod } from "./periods.js";
import type { Classify, LineClass } from "./statuses.js";

export interface Totals {
  lines: number;
  units: number;
  /** Distinct orders with a sold line. */
  orders: number;
  sales: number;
  commission: number;
  payout: number;
  /** Units that came back, and their share of what was paid for them. */
  returned: number;
  returnsValue: number;
}

export interface StatusFigures extends Totals {
  key: string;
  label: string;
  class: LineClass;
}

export type AbcClass = "A" | "B" | "C";

export interface ProductFigures extends Totals {
  /** The SKU's barcode, as the order lines name it. */
  barcode: string;
  name: string;
  abc: AbcClass;
}

export interface PeriodFigures {
  period: MoneyPeriod;
  /** The sold lines (sales and returned sales): cancelled and unknown statuses stay out. */
  totals: Totals;
  /** Every status met, every line (the orders export's rows add up to their sum), most lines first. */
  statuses: StatusFigures[];
  /** Every line of the period, whatever its status. */
  all: Totals;
  /** Every product sold, most sales first, with its ABC class. */
  products: ProductFigures[];
}

const totalsOf = (sums: readonly number[]): Totals => ({
  lines: sums[S.lines] ?? 0,
  units: sums[S.units] ?? 0,
  orders: sums[S.orders] ?? 0,
  sales: sums[S.sales] ?? 0,
  commission: sums[S.commission] ?? 0,
  payout: sums[S.payout] ?? 0,
  returned: sums[S.returned] ?? 0,
  returnsValue: sums[S.returnsValue] ?? 0,
});

export const noTotals = (): Totals => totalsOf(emptySums());

const inPeriod = (period: MoneyPeriod, date: string) =>
  date >= period.firstDay && date <= period.lastDay;

/**
 * The sold lines' totals of a period; on its last day only the minutes up to `untilMinute`
 * (a period compared with one that runs to now).
 */
export function periodTotals() {
  const sums = emptySums();
  return {
    add(day: DayFigures, period: MoneyPeriod) {
      if (!inPeriod(period, day.date)) return;
      const cut = day.date === period.lastDay ? period.untilMinute : undefined;
      for (const [minute, row] of Object.entries(day.minutes)) {
        if (cut === undefined || Number(minute) <= cut) addSums(sums, row);
      }
    },
    result: (): Totals => totalsOf(sums),
  };
}

/**
 * Products by sales, most first (then by barcode): those up to and including the one that
 * brings the running share of sales to 80 % are A, on to 95 % B, the rest C.
 */
export function abcOrder<P extends { barcode: string; sales: number }>(
  products: P[],
): (P & { abc: AbcClass })[] {
  const sorted = [...products].sort(
    (a, b) => b.sales - a.sales || (a.barcode < b.barcode ? -1 : a.barcode > b.barcode ? 1 : 0),
  );
  const total = sorted.reduce((sum, p) => sum + p.sales, 0);
  let before = 0;
  return sorted.map((p) => {
    // In whole tiyn, so 80 % is 80 %, not 79.99999.
    const abc: AbcClass =
      total <= 0 ? "C" : before * 100 < 80 * total ? "A" : before * 100 < 95 * total ? "B" : "C";
    before += p.sales;
    return { ...p, abc };
  });
}

/** Every figure of a period, its days added one by one (any order; none twice). */
export function periodFigures(period: MoneyPeriod, classify: Classify) {
  const statuses = new Map<string, { label: string; sums: Sums }>();
  const products = new Map<string, { name: string; sums: Sums }>();
  const sold = periodTotals();
  const whole: MoneyPeriod = { firstDay: period.firstDay, lastDay: period.lastDay };
  return {
    add(day: DayFigures) {
      if (!inPeriod(period, day.date)) return;
      // The period's own days are counted whole: its last day holds only what exists so far.
      sold.add(day, whole);
      for (const [key, [label, ...row]] of Object.entries(day.statuses)) {
        const entry = statuses.get(key) ?? { label, sums: emptySums() };
        addSums(entry.sums, row);
        statuses.set(key, entry);
      }
      for (const [barcode, [name, ...row]] of Object.entries(day.products)) {
        const entry = products.get(barcode) ?? { name, sums: emptySums() };
        addSums(entry.sums, row);
        products.set(barcode, entry);
      }
    },
    result(): PeriodFigures {
      const all = emptySums();
      const byStatus = [...statuses].map(([key, { label, sums }]) => {
        addSums(all, sums);
        return { key, label, class: classify(key), ...totalsOf(sums) };
      });
      byStatus.sort((a, b) => b.lines - a.lines || (a.key < b.key ? -1 : 1));
      const listed = [...products].map(([barcode, { name, sums }]) => ({
        barcode,
        name,
        ...totalsOf(sums),
      }));
      return {
        period,
        totals: sold.result(),
        statuses: byStatus,
        all: totalsOf(all),
        products: abcOrder(listed),
      };
    },
  };
}

/** Statuses the settings do not name: counted apart, never in the sales. */
export const unknownStatuses = (figures: PeriodFigures) =>
  figures.statuses.filter((s) => s.class === "unknown");

/** Lines of statuses that are not sales (cancelled), as one row. */
export function cancelledOf(figures: PeriodFigures): Totals {
  const sums = emptySums();
  for (const s of figures.statuses) {
    if (s.class !== "cancelled") continue;
    sums[S.lines]! += s.lines;
    sums[S.units]! += s.units;
    sums[S.sales]! += s.sales;
    sums[S.commission]! += s.commission;
    sums[S.payout]! += s.payout;
  }
  return totalsOf(sums);
}

/** A cost per unit of a SKU, in tiyn, by its barcode; undefined where the bot knows none. */
export type CostOf = (barcode: string) => number | undefined;

export interface Profit {
  /** Payout − cost × (units − returned), over the products whose cost is known (tiyn). */
  profit: number;
  /** Sold lines whose SKU has a cost, and those without. */
  linesWithCost: number;
  linesWithoutCost: number;
  /** Products (barcodes) sold without a cost. */
  productsWithoutCost: number;
}

/** The profit of a period's products, where their costs are known. */
export function profitOf(products: readonly ProductFigures[], costOf: CostOf): Profit {
  const out: Profit = { profit: 0, linesWithCost: 0, linesWithoutCost: 0, productsWithoutCost: 0 };
  for (const p of products) {
    const cost = costOf(p.barcode);
    if (cost === undefined) {
      out.linesWithoutCost += p.lines;
      out.productsWithoutCost += 1;
      continue;
    }
    out.profit += p.payout - cost * (p.units - p.returned);
    out.linesWithCost += p.lines;
  }
  return out;
}
