import { DAY_MS } from "../text/index.js";

/** Sales counts seen over time: `[ms, salesCount]`, oldest first. */
export type SalesSamples = [number, number][];

/** A new sample at most every 3 hours, and a week of them, are enough to measure a pace. */
const SAMPLE_EVERY_MS = 3 * 60 * 60_000;
const KEEP_MS = 7 * DAY_MS;
/** A pace is measured over at least this long, so one burst does not predict a week. */
const MIN_SPAN_MS = 60 * 60_000;

export function addSample(samples: SalesSamples, at: number, sales: number): SalesSamples {
  const kept = samples.filter(([t, s]) => t >= at - KEEP_MS && s <= sales);
  const last = kept.at(-1);
  if (!last || at - last[0] >= SAMPLE_EVERY_MS) kept.push([at, sales]);
  return kept;
}

/** Units sold per day, from the oldest kept sample to now; undefined while sales do not move. */
export function salesPerDay(samples: SalesSamples, at: number, sales: number): number | undefined {
  const first = samples[0];
  if (!first) return undefined;
  const span = at - first[0];
  const sold = sales - first[1];
  if (span < MIN_SPAN_MS || sold <= 0) return undefined;
  return (sold * DAY_MS) / span;
}

/** Whole days of stock left at the current pace (0 = runs out within a day). */
export function daysLeft(stock: number, perDay: number | undefined): number | undefined {
  if (perDay === undefined || perDay <= 0) return undefined;
  return Math.floor(Math.max(0, stock) / perDay);
}
