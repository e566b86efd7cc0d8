/**
 * The face of the money figures: a period beside its previous one (for `/money` and the month's
 * statement), and the last 30 days as the alerts that protect money read them.
 */
import type { MoneyConfig } from "../config.js";
import type { Logger } from "../logger.js";
import type { SellerApi } from "../seller-api/index.js";
import type { KeyValueStore } from "../storage/index.js";
import { shiftDate } from "../text/index.js";
import type { CostStore } from "./costs.js";
import { type DayFigures, S } from "./day.js";
import {
  type CostOf,
  type PeriodFigures,
  periodFigures,
  periodTotals,
  type Totals,
} from "./figures.js";
import { localNow, type MoneyPeriod, previousPeriod } from "./periods.js";
import { createDayReader, type OnLine, type ReadOutcome, type ReadProgress } from "./read.js";
import { statusClassifier } from "./statuses.js";

export interface MoneyServiceDeps {
  seller: Pick<SellerApi, "listOrders">;
  kv: KeyValueStore;
  logger: Logger;
  timeZone: string;
  config: Pick<MoneyConfig, "statuses" | "readConcurrency" | "cacheMs">;
  maxPages?: number;
  /**
   * The seller's cost prices (per unit, tiyn, by barcode), read afresh before a workbook or an
   * answer is made. Without them cost and profit stay empty.
   */
  costStore?: CostStore;
}

/** What a reading hands on as it goes. */
export interface ReadingOptions {
  onProgress?: (progress: ReadProgress) => void;
  /** Every line of the period as it comes (a workbook's rows): its days are read afresh. */
  onLine?: OnLine;
}

/** A period's figures beside the totals of the period just before it. */
export interface MoneyFigures {
  current: PeriodFigures;
  previous: { period: MoneyPeriod; totals: Totals };
  reading: ReadOutcome;
}

/** One day of the alerts' window. */
export interface WindowDay {
  date: string;
  /** Sold lines. */
  sold: Totals;
  /** Lines of cancelled statuses. */
  cancelledLines: number;
  /** Distinct orders created in each hour of the local day. */
  hourlyOrders: number[];
}

/** The last 30 local days (today included) as the money alerts read them. */
export interface MoneyWindow {
  today: string;
  /** Oldest first, the last one is today (so far). */
  days: WindowDay[];
  /** Every product sold in the window, with its units and returns. */
  products: PeriodFigures["products"];
  reading: ReadOutcome;
}

export const WINDOW_DAYS = 30;

function windowDay(day: DayFigures, classify: ReturnType<typeof statusClassifier>): WindowDay {
  const totals = periodTotals();
  totals.add(day, { firstDay: day.date, lastDay: day.date });
  const hourlyOrders = new Array<number>(24).fill(0);
  for (const [minute, row] of Object.entries(day.minutes)) {
    hourlyOrders[Math.floor(Number(minute) / 60)]! += row[S.orders] ?? 0;
  }
  let cancelledLines = 0;
  for (const [key, [, lines]] of Object.entries(day.statuses)) {
    if (classify(key) === "cancelled") cancelledLines += lines ?? 0;
  }
  return { date: day.date, sold: totals.result(), cancelledLines, hourlyOrders };
}

function mergeWindowDays(a: WindowDay, b: WindowDay): WindowDay {
  const sold = { ...a.sold };
  for (const key of Object.keys(sold) as (keyof Totals)[]) sold[key] += b.sold[key];
  return {
    date: a.date,
    sold,
    cancelledLines: a.cancelledLines + b.cancelledLines,
    hourlyOrders: a.hourlyOrders.map((n, h) => n + (b.hourlyOrders[h] ?? 0)),
  };
}

export function createMoneyService(deps: MoneyServiceDeps) {
  const classify = statusClassifier(deps.config.statuses);
  const reader = createDayReader({
    seller: deps.seller,
    kv: deps.kv,
    logger: deps.logger.child({ module: "money" }),
    timeZone: deps.timeZone,
    classify,
    statuses: deps.config.statuses,
    cacheMs: deps.config.cacheMs,
    concurrency: deps.config.readConcurrency,
    ...(deps.maxPages !== undefined ? { maxPages: deps.maxPages } : {}),
  });
  /** One reading of a period (and, when asked, the days before it down to `also.firstDay`). */
  async function readPeriod(
    period: MoneyPeriod,
    now: number,
    { onProgress, onLine }: ReadingOptions,
    also?: { firstDay: string; onDay: (day: DayFigures) => void },
  ) {
    const current = periodFigures(period, classify);
    const reading = await reader.read(
      {
        firstDay: also?.firstDay ?? period.firstDay,
        lastDay: period.lastDay,
        onDay: (day) => {
          current.add(day);
          also?.onDay(day);
        },
        ...(onProgress ? { onProgress } : {}),
        ...(onLine ? { lines: { ...period, onLine } } : {}),
      },
      now,
    );
    return { current: current.result(), reading };
  }
  return {
    timeZone: deps.timeZone,
    classify,
    /** A period's figures and the previous period's totals, in one reading. */
    async figures(
      period: MoneyPeriod,
      now: number,
      options: ReadingOptions = {},
    ): Promise<MoneyFigures> {
      const previous = previousPeriod(period);
      const before = periodTotals();
      const { current, reading } = await readPeriod(period, now, options, {
        firstDay: previous.firstDay,
        onDay: (day) => before.add(day, previous),
      });
      return { current, previous: { period: previous, totals: before.result() }, reading };
    },
    /** A period's figures alone, every line handed to `onLine` as it comes: a workbook's. */
    async lines(
      period: MoneyPeriod,
      now: number,
      options: ReadingOptions & { onLine: OnLine },
    ): Promise<{ current: PeriodFigures; reading: ReadOutcome }> {
      return readPeriod(period, now, options);
    },
    /** The cost prices as they are now (none without a store). */
    costs: async (): Promise<CostOf> =>
      deps.costStore ? deps.costStore.costOf() : () => undefined,
    /** Where the costs are kept (the catalog's returns set them). */
    costStore: deps.costStore,
    /** The last 30 days, day by day, and the products sold in them. */
    async window(now: number): Promise<MoneyWindow> {
      const { today } = localNow(now, deps.timeZone);
      const firstDay = shiftDate(today, WINDOW_DAYS - 1);
      const products = periodFigures({ firstDay, lastDay: today }, classify);
      const days = new Map<string, WindowDay>();
      const onDay = (day: DayFigures) => {
        products.add(day);
        // A day handed on in two parts (lines that came late) is one day.
        const part = windowDay(day, classify);
        const known = days.get(day.date);
        days.set(day.date, known ? mergeWindowDays(known, part) : part);
      };
      const reading = await reader.read({ firstDay, lastDay: today, onDay }, now);
      const sorted = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      return { today, days: sorted, products: products.result().products, reading };
    },
  };
}
export type MoneyService = ReturnType<typeof createMoneyService>;
