/**
 * What the money alerts watch, computed from the last 30 days: products that come back too
 * often, too many cancels, a day whose payout fell far below its weekday's usual, and a silence
 * longer than the shop's own hours would have. Pure: the alerts keep the state (once per
 * crossing) and the messages.
 */
import { shiftDate, zoneTime } from "../text/index.js";
import type { CostOf } from "./figures.js";
import type { MoneyWindow } from "./service.js";

export interface MoneyAlertThresholds {
  /** A product's returned units over its units sold in the window, above this (%)... */
  returnPercent: number;
  /** ...once it sold at least this many units. */
  returnMinUnits: number;
  /** Cancelled lines over the lines of the last `cancelDays` days, above this (%)... */
  cancelPercent: number;
  /** ...once there were at least this many lines. */
  cancelMinLines: number;
  cancelDays: number;
  /** A closed day's payout under this share (%) of the median of its weekday's last 4. */
  payoutPercent: number;
  /** No order while the last 14 days' hours would have brought at least this many. */
  silenceOrders: number;
}

export interface ReturnSignal {
  barcode: string;
  name: string;
  units: number;
  returned: number;
  /** Percent of the units sold that came back. */
  percent: number;
}

/** Products measured (enough units sold) over the threshold, and those measured under it. */
export function returnSignals(window: MoneyWindow, t: MoneyAlertThresholds) {
  const over: ReturnSignal[] = [];
  const under = new Set<string>();
  for (const p of window.products) {
    if (p.units <= 0) continue;
    const percent = (p.returned / p.units) * 100;
    if (percent <= t.returnPercent) under.add(p.barcode);
    else if (p.units >= t.returnMinUnits) {
      over.push({
        barcode: p.barcode,
        name: p.name,
        units: p.units,
        returned: p.returned,
        percent,
      });
    }
  }
  over.sort((a, b) => b.percent - a.percent || (a.barcode < b.barcode ? -1 : 1));
  return { over, under };
}

export interface CancelSignal {
  days: number;
  lines: number;
  cancelled: number;
  percent: number;
  over: boolean;
}

/** The cancelled share of the last `cancelDays` days' lines (sold and cancelled ones). */
export function cancelSignal(
  window: MoneyWindow,
  t: MoneyAlertThresholds,
): CancelSignal | undefined {
  const recent = window.days.slice(-t.cancelDays);
  const cancelled = recent.reduce((n, d) => n + d.cancelledLines, 0);
  const lines = cancelled + recent.reduce((n, d) => n + d.sold.lines, 0);
  if (lines < t.cancelMinLines) return undefined;
  const percent = (cancelled / lines) * 100;
  return { days: t.cancelDays, lines, cancelled, percent, over: percent > t.cancelPercent };
}

export interface PayoutSignal {
  /** The day judged: yesterday, the newest closed one. */
  date: string;
  /** Its payout and its weekday's usual (the median of the 4 same weekdays before), tiyn. */
  payout: number;
  usual: number;
  low: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Yesterday's payout beside the usual for its weekday; undefined while there is no usual. */
export function payoutSignal(
  window: MoneyWindow,
  t: MoneyAlertThresholds,
): PayoutSignal | undefined {
  const date = shiftDate(window.today, 1);
  const byDate = new Map(window.days.map((d) => [d.date, d.sold.payout]));
  const before = [7, 14, 21, 28].map((n) => byDate.get(shiftDate(date, n)));
  if (before.some((p) => p === undefined)) return undefined;
  const usual = median(before as number[]);
  if (usual <= 0) return undefined;
  const payout = byDate.get(date) ?? 0;
  return { date, payout, usual, low: payout * 100 < t.payoutPercent * usual };
}

export interface SilenceSignal {
  /** The newest order's instant. */
  since: number;
  /** Orders the last 14 days' hours would have brought since then. */
  expected: number;
  silent: boolean;
}

const HOUR = 3_600_000;
/** A silence is weighed over at most two weeks of hours. */
const MAX_HOURS = 14 * 24;

/**
 * Orders the shop's usual hours would have brought since its newest order: each hour of the
 * silence counts the mean orders of that hour of the day over the 14 closed days before today.
 */
export function silenceSignal(
  window: MoneyWindow,
  newestAt: number | undefined,
  now: number,
  timeZone: string,
  t: MoneyAlertThresholds,
): SilenceSignal | undefined {
  if (newestAt === undefined || newestAt >= now) return undefined;
  const history = window.days.filter((d) => d.date < window.today).slice(-14);
  if (history.length < 14) return undefined;
  const perHour = Array.from(
    { length: 24 },
    (_, h) => history.reduce((n, d) => n + (d.hourlyOrders[h] ?? 0), 0) / history.length,
  );
  const zone = zoneTime(timeZone);
  let expected = 0;
  let at = newestAt;
  for (let i = 0; i < MAX_HOURS && at < now; i++) {
    const local = zone.localTime(at);
    const hourEnd = at + (60 - (local.minutes % 60)) * 60_000 - (at % 60_000);
    const until = Math.min(now, hourEnd > at ? hourEnd : at + HOUR);
    expected += (perHour[Math.floor(local.minutes / 60)]! * (until - at)) / HOUR;
    at = until;
  }
  return { since: newestAt, expected, silent: expected >= t.silenceOrders };
}

export interface LossSignal {
  barcode: string;
  name: string;
  units: number;
  returned: number;
  /** Tiyn over the window: the payout, the cost per unit, and payout − cost × (units − returned). */
  payout: number;
  cost: number;
  profit: number;
}

/**
 * Products that sold at a loss over the window (profit below zero), and those measured at no
 * loss; a product without a cost is neither (its profit is not known).
 */
export function lossSignals(window: MoneyWindow, costOf: CostOf) {
  const over: LossSignal[] = [];
  const under = new Set<string>();
  for (const p of window.products) {
    const cost = costOf(p.barcode);
    if (cost === undefined || p.units <= 0) continue;
    const profit = p.payout - cost * (p.units - p.returned);
    if (profit >= 0) under.add(p.barcode);
    else {
      const { barcode, name, units, returned, payout } = p;
      over.push({ barcode, name, units, returned, payout, cost, profit });
    }
  }
  over.sort((a, b) => a.profit - b.profit || (a.barcode < b.barcode ? -1 : 1));
  return { over, under };
}
