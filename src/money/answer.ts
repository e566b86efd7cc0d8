/**
 * What a seller reads about a period: its figures beside the period before, the products that
 * bring the most and come back the most, ABC, every status and the ones the bot does not know.
 * The answer is plain data (the month's statement waits in the outbox as it is) and renders in
 * the chat's language.
 */
import type { Locale, Translate } from "../i18n.js";
import { periodLabel } from "../orders-export/index.js";
import {
  escapeHtml,
  formatClock,
  formatMoney,
  formatNumber,
  orderStatusText,
  shorten,
} from "../text/index.js";
import {
  type AbcClass,
  type CostOf,
  type ProductFigures,
  type Profit,
  profitOf,
  type StatusFigures,
  type Totals,
} from "./figures.js";
import type { MoneyPeriod } from "./periods.js";
import type { MoneyFigures } from "./service.js";

/** Products listed by payout and by returns. */
export const TOP_LISTED = 5;
/** Statuses listed (the answer stays within one message). */
export const STATUSES_LISTED = 10;

export interface ProductLine {
  name: string;
  barcode: string;
  units: number;
  returned: number;
  payout: number;
}

export interface MoneyAnswer {
  period: MoneyPeriod;
  previous: MoneyPeriod;
  /** Sold lines now and in the period before (money in tiyn). */
  now: Totals;
  before: Totals;
  /** Every status met, every line. */
  statuses: StatusFigures[];
  top: ProductLine[];
  returned: ProductLine[];
  /** Products in each ABC class by sales. */
  abc: Record<AbcClass, number>;
  /** False when the reading stopped at its page limit. */
  complete: boolean;
  /** The profit over the sold lines whose SKU has a cost, and the lines without one. */
  profit?: Profit;
}

const lineOf = (p: ProductFigures): ProductLine => ({
  name: p.name,
  barcode: p.barcode,
  units: p.units,
  returned: p.returned,
  payout: p.payout,
});

export function answerOf(figures: MoneyFigures, costOf?: CostOf): MoneyAnswer {
  const { current } = figures;
  const byPayout = [...current.products].sort((a, b) => b.payout - a.payout || b.sales - a.sales);
  const byReturns = current.products
    .filter((p) => p.returned > 0)
    .sort((a, b) => b.returned - a.returned || b.returned / b.units - a.returned / a.units);
  const abc: Record<AbcClass, number> = { A: 0, B: 0, C: 0 };
  for (const p of current.products) abc[p.abc]++;
  return {
    period: current.period,
    previous: figures.previous.period,
    now: current.totals,
    before: figures.previous.totals,
    statuses: current.statuses,
    top: byPayout.slice(0, TOP_LISTED).map(lineOf),
    returned: byReturns.slice(0, TOP_LISTED).map(lineOf),
    abc,
    complete: figures.reading.complete,
    ...(costOf && { profit: profitOf(current.products, costOf) }),
  };
}

/** The days of a period as a seller reads them, with the time its last day is counted to. */
export function moneyPeriodLabel(t: Translate, period: MoneyPeriod): string {
  const days = periodLabel(period);
  return period.untilMinute === undefined
    ? days
    : t("money-period-until", { days, time: formatClock(period.untilMinute) });
}

const percentOf = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
/** One decimal under 10, whole above: `1,9`, `12`. */
const percentText = (value: number, locale: Locale) =>
  formatNumber(Math.abs(value) < 10 ? Math.round(value * 10) / 10 : Math.round(value), locale);

/** `▲ 12 %`, `▼ 3,5 %`, `= 0 %`, or "new" when there was nothing before. */
export function changeText(t: Translate, now: number, before: number, locale: Locale): string {
  if (before === 0) return now === 0 ? "" : t("money-change-new");
  const pct = ((now - before) / Math.abs(before)) * 100;
  const shown = percentText(pct, locale);
  if (shown === "0") return t("money-change-same");
  return t(pct > 0 ? "money-change-up" : "money-change-down", {
    pct: percentText(Math.abs(pct), locale),
  });
}

export function renderAnswer(t: Translate, locale: Locale, a: MoneyAnswer): string {
  const money = (tiyn: number) => formatMoney(tiyn / 100, locale);
  const check = (x: Totals) => (x.orders > 0 ? x.sales / x.orders : 0);
  const row = (key: string, now: number, before: number, shown: (n: number) => string) =>
    t(key, { now: shown(now), before: shown(before), change: changeText(t, now, before, locale) });
  const lines = [
    t("money-title", { period: moneyPeriodLabel(t, a.period) }),
    t("money-previous", { period: moneyPeriodLabel(t, a.previous) }),
    "",
    t("money-orders", {
      orders: a.now.orders,
      lines: a.now.lines,
      units: a.now.units,
      change: changeText(t, a.now.orders, a.before.orders, locale),
      before: a.before.orders,
    }),
    row("money-sales", a.now.sales, a.before.sales, money),
    row("money-commission", a.now.commission, a.before.commission, money),
    row("money-payout", a.now.payout, a.before.payout, money),
    row("money-check", check(a.now), check(a.before), (n) => money(Math.round(n))),
    t("money-returns", {
      units: a.now.returned,
      value: money(a.now.returnsValue),
      rate: percentText(percentOf(a.now.returned, a.now.units), locale),
      before: percentText(percentOf(a.before.returned, a.before.units), locale),
    }),
    ...profitLines(t, a.profit, money),
    ...statusLines(t, locale, a.statuses, money),
    ...productLines(t, locale, a, money),
  ];
  if (!a.complete) lines.push("", t("money-incomplete"));
  return lines.join("\n");
}

/**
 * The profit where costs are known, and how many sold lines it leaves out (no cost kept for
 * their SKU): never a profit that silently counts a missing cost as zero.
 */
function profitLines(t: Translate, profit: Profit | undefined, money: (tiyn: number) => string) {
  if (!profit || profit.linesWithCost + profit.linesWithoutCost === 0) return [];
  if (profit.linesWithCost === 0) return [t("money-profit-none")];
  const out = [t("money-profit", { profit: money(profit.profit), lines: profit.linesWithCost })];
  if (profit.linesWithoutCost > 0) {
    const missing = { lines: profit.linesWithoutCost, products: profit.productsWithoutCost };
    out.push(t("money-profit-missing", missing));
  }
  return out;
}

function statusLines(
  t: Translate,
  locale: Locale,
  statuses: StatusFigures[],
  money: (tiyn: number) => string,
): string[] {
  if (statuses.length === 0) return ["", t("money-no-orders")];
  const out = ["", t("money-statuses")];
  // Most lines first; a service with very many statuses would not fit one message.
  for (const s of statuses.slice(0, STATUSES_LISTED)) {
    const vars = {
      // In the chat's language for the statuses the bot knows, the API's label otherwise.
      status: escapeHtml(orderStatusText(t, s.key, s.label)),
      lines: s.lines,
      units: formatNumber(s.units, locale),
      sales: money(s.sales),
      commission: money(s.commission),
      payout: money(s.payout),
    };
    const key =
      s.class === "cancelled"
        ? "money-status-cancelled"
        : s.class === "unknown"
          ? "money-status-unknown"
          : "money-status";
    out.push(t(key, vars));
  }
  if (statuses.length > STATUSES_LISTED) {
    out.push(t("money-statuses-more", { count: statuses.length - STATUSES_LISTED }));
  }
  const unknown = statuses.filter((s) => s.class === "unknown");
  if (unknown.length > 0) {
    const names = unknown
      .slice(0, STATUSES_LISTED)
      .map((s) => `«${escapeHtml(shorten(s.label || "—", 40))}»`)
      .join(", ");
    out.push(t("money-unknown", { statuses: names, count: unknown.length }));
  }
  return out;
}

function productLines(
  t: Translate,
  locale: Locale,
  a: MoneyAnswer,
  money: (tiyn: number) => string,
): string[] {
  const out: string[] = [];
  // SKUs of one product share its name: where the lists show two, each says its barcode.
  const barcodes = new Map<string, Set<string>>();
  for (const p of [...a.top, ...a.returned]) {
    barcodes.set(p.name, (barcodes.get(p.name) ?? new Set()).add(p.barcode));
  }
  const repeated = (p: ProductLine) => (barcodes.get(p.name)?.size ?? 0) > 1;
  const name = (p: ProductLine) => {
    const shown = escapeHtml(shorten(p.name || p.barcode || "—", 40));
    return repeated(p) ? `${shown} · ${escapeHtml(p.barcode)}` : shown;
  };
  if (a.top.length > 0) {
    out.push("", t("money-top"));
    for (const [i, p] of a.top.entries()) {
      const units = formatNumber(p.units, locale);
      out.push(t("money-top-line", { n: i + 1, name: name(p), payout: money(p.payout), units }));
    }
  }
  if (a.returned.length > 0) {
    out.push("", t("money-returned-top"));
    for (const [i, p] of a.returned.entries()) {
      out.push(
        t("money-returned-line", {
          n: i + 1,
          name: name(p),
          returned: formatNumber(p.returned, locale),
          units: formatNumber(p.units, locale),
          rate: percentText(percentOf(p.returned, p.units), locale),
        }),
      );
    }
  }
  const products = a.abc.A + a.abc.B + a.abc.C;
  if (products > 0) out.push("", t("money-abc", { a: a.abc.A, b: a.abc.B, c: a.abc.C }));
  return out;
}
