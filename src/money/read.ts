/**
 * The days of a period, from the day cache where it holds them and from the Seller API for the
 * rest. `orders/list` has no date filter and lists the newest first, so a reading always starts
 * at page 1 and goes down to the oldest day not held: every day it passes is added up (in bounded
 * memory: a day is handed on and dropped as soon as the pages have gone past it) and a closed
 * day (before today in TIME_ZONE) is kept for MONEY_CACHE_HOURS. Today is always read.
 */
import { createHash } from "node:crypto";
import type { Logger } from "../logger.js";
import { type DatedLine, periodPages, type WalkEnd } from "../orders-export/index.js";
import type { SellerApi } from "../seller-api/index.js";
import { KEY_PREFIX, type KeyValueStore } from "../storage/index.js";
import { shiftDate, zoneTime } from "../text/index.js";
import { type DayBuilder, type DayFigures, dayBuilder } from "./day.js";
import { daysOf, localNow } from "./periods.js";
import type { Classify, StatusWords } from "./statuses.js";

/** A stop for a list that never ends: a million order lines. */
export const MONEY_MAX_PAGES = 10_000;

export interface DayReaderOptions {
  seller: Pick<SellerApi, "listOrders">;
  kv: KeyValueStore;
  logger: Logger;
  timeZone: string;
  classify: Classify;
  /** The status settings: figures kept under other settings are not used. */
  statuses: StatusWords;
  /** How long a closed day is kept; 0: never. */
  cacheMs: number;
  /** Order pages asked for at once. */
  concurrency: number;
  maxPages?: number;
}

export interface ReadProgress {
  pages: number;
  /** Lines read so far. */
  lines: number;
  /** The oldest local day the reading has reached. */
  reachedDay?: string;
}

/** Which days to hand on, and to whom. */
export interface ReadRequest {
  /** Local days, both included (days after today are none yet). */
  firstDay: string;
  lastDay: string;
  /** Each day once, whole (today: so far). */
  onDay: (day: DayFigures) => void;
  onProgress?: (progress: ReadProgress) => void;
  /**
   * Every line of these days as the pages bring it (a workbook's rows): these days are read
   * from the Seller API even when the cache holds them. A promise it returns is awaited before
   * the next page is taken (a file that must keep up).
   */
  lines?: { firstDay: string; lastDay: string; onLine: OnLine };
}

/** A line of the period and its local day; may ask the reading to wait for it. */
export type OnLine = (line: DatedLine, date: string) => void | Promise<void>;

export interface ReadOutcome {
  /** False when the reading stopped at its page limit before the oldest day it needed. */
  complete: boolean;
  /** The newest order line's instant (page 1), when pages were read. */
  newestAt?: number;
  /** Order pages read. */
  pages: number;
  /** Days taken from the cache, and days read. */
  cachedDays: number;
  readDays: number;
}

type IndexOfDays = Record<string, number>;

/** Local days from `first` to `last` as instants: which day (and minute of it) an instant is in. */
function dayIndex(first: string, last: string, timeZone: string) {
  const zone = zoneTime(timeZone);
  const dates = daysOf(first, last);
  const starts = dates.map((d) => zone.instantOf(d, 0));
  const end = zone.instantOf(shiftDate(last, -1), 0);
  return {
    from: starts[0]!,
    to: end,
    at(ms: number): { date: string; minute: number } {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= ms) lo = mid;
        else hi = mid - 1;
      }
      const minute = Math.floor((ms - starts[lo]!) / 60_000);
      return { date: dates[lo]!, minute: Math.min(1439, Math.max(0, minute)) };
    },
  };
}

/** The cache's keys: one per closed day, and an index of the days kept and until when. */
function cacheKeys(options: DayReaderOptions) {
  const fingerprint = createHash("sha1")
    .update(JSON.stringify({ v: 1, zone: options.timeZone, statuses: options.statuses }))
    .digest("hex")
    .slice(0, 10);
  const base = `${KEY_PREFIX.cache}money:${fingerprint}:`;
  return { day: (date: string) => `${base}day:${date}`, index: `${base}days` };
}

type Keys = ReturnType<typeof cacheKeys>;

/** What a walk needs besides the reader's options. */
interface WalkPlan {
  lowest: string;
  today: string;
  now: number;
  index: IndexOfDays;
  wanted: (date: string) => boolean;
  onDay: (day: DayFigures) => void;
  onProgress: ((progress: ReadProgress) => void) | undefined;
  lines: ReadRequest["lines"];
}

/** The days a walk is adding up, and the ones it has handed on. */
interface WalkDays {
  at: ReturnType<typeof dayIndex>["at"];
  open: Map<string, DayBuilder>;
  done: Set<string>;
  /** Days a line came for after they were handed on (the sort and the dates disagree). */
  late: Set<string>;
}

export function createDayReader(options: DayReaderOptions) {
  const keys = cacheKeys(options);
  const { kv, cacheMs } = options;
  return {
    /**
     * Hands every day of [firstDay, lastDay] (up to today) to `onDay` once, each as a whole
     * day's figures (today: so far).
     */
    async read(want: ReadRequest, now: number): Promise<ReadOutcome> {
      const { onDay, onProgress, lines } = want;
      const { today } = localNow(now, options.timeZone);
      const last = [want.lastDay, today].sort()[0]!;
      if (want.firstDay > last) return { complete: true, pages: 0, cachedDays: 0, readDays: 0 };
      const dates = daysOf(want.firstDay, last);
      const index = cacheMs > 0 ? ((await kv.get<IndexOfDays>(keys.index)) ?? {}) : {};
      // Days whose lines are wanted one by one are read whatever the cache holds.
      const kept = (d: string) => !lines || d < lines.firstDay || d > lines.lastDay;
      const held = new Set(dates.filter((d) => d < today && (index[d] ?? 0) > now && kept(d)));
      let lowest = dates.find((d) => !held.has(d));
      const older = dates.filter((d) => held.has(d) && (lowest === undefined || d < lowest));
      const missing = await fromCache(kv, keys, older, onDay);
      const cached = new Set(older.filter((d) => !missing.includes(d)));
      if (missing[0] !== undefined && (lowest === undefined || missing[0] < lowest)) {
        lowest = missing[0];
      }
      if (lowest === undefined) {
        return { complete: true, pages: 0, cachedDays: cached.size, readDays: 0 };
      }
      const wanted = (date: string) => date >= want.firstDay && date <= last && !cached.has(date);
      try {
        const plan = { lowest, today, now, index, wanted, onDay, onProgress, lines };
        const end = await walk(options, keys, plan);
        return { ...end, cachedDays: cached.size, readDays: daysOf(lowest, today).length };
      } finally {
        if (cacheMs > 0) await saveIndex(options, keys, index, now);
      }
    },
  };
}
export type DayReader = ReturnType<typeof createDayReader>;

/** Cached closed days the reading will not pass: handed on; those gone from the cache returned. */
async function fromCache(
  kv: KeyValueStore,
  keys: Keys,
  dates: string[],
  onDay: (day: DayFigures) => void,
) {
  const missing: string[] = [];
  for (const date of dates) {
    const day = await kv.get<DayFigures>(keys.day(date));
    if (day) onDay(day);
    else missing.push(date);
  }
  return missing;
}

async function saveIndex(options: DayReaderOptions, keys: Keys, index: IndexOfDays, now: number) {
  const kept = Object.fromEntries(Object.entries(index).filter(([, until]) => until > now));
  await options.kv.set(keys.index, kept, options.cacheMs).catch((error: unknown) => {
    // The days themselves are kept; without the index they are read again next time.
    options.logger.warn({ err: error }, "money: index of kept days not saved");
  });
}

/** Hands a day on (when wanted) and keeps it when it is closed and whole. */
async function finishDay(
  options: DayReaderOptions,
  keys: Keys,
  plan: WalkPlan,
  days: WalkDays,
  date: string,
  whole: boolean,
) {
  const builder = days.open.get(date) ?? dayBuilder(date, options.classify);
  days.open.delete(date);
  days.done.add(date);
  if (plan.wanted(date)) plan.onDay(builder.figures);
  if (!whole || date >= plan.today || options.cacheMs <= 0) return;
  if (days.late.has(date)) {
    // Lines of this day came after it was handed on: what was kept is not the whole day.
    delete plan.index[date];
    await options.kv.delete(keys.day(date));
  } else {
    await options.kv.set(keys.day(date), builder.figures, options.cacheMs);
    plan.index[date] = plan.now + options.cacheMs;
  }
}

/** Pages from the newest down to `lowest`: every day met added up, handed on, kept when closed. */
async function walk(
  options: DayReaderOptions,
  keys: Keys,
  plan: WalkPlan,
): Promise<Omit<ReadOutcome, "cachedDays" | "readDays">> {
  const index = dayIndex(plan.lowest, plan.today, options.timeZone);
  const days: WalkDays = { at: index.at, open: new Map(), done: new Set(), late: new Set() };
  const finish = (date: string, whole: boolean) =>
    finishDay(options, keys, plan, days, date, whole);
  const pages = periodPages({
    seller: options.seller,
    filters: undefined,
    period: { from: index.from, to: index.to },
    timeZone: options.timeZone,
    now: plan.now,
    concurrency: options.concurrency,
    maxPages: options.maxPages ?? MONEY_MAX_PAGES,
    untilWhollyOlder: true,
    onPage: (p) =>
      plan.onProgress?.({
        pages: p.pages,
        lines: p.orders,
        ...(p.reachedAt !== undefined ? { reachedDay: index.at(p.reachedAt).date } : {}),
      }),
  });
  let end: WalkEnd;
  for (;;) {
    const next = await pages.next();
    if (next.done) {
      end = next.value;
      break;
    }
    await addPage(options, next.value, days, finish, plan.lines);
  }
  for (const date of daysOf(plan.lowest, plan.today).reverse()) {
    if (!days.done.has(date) || days.open.has(date)) await finish(date, end.complete);
  }
  return {
    complete: end.complete,
    pages: end.pages,
    ...(end.newestAt !== undefined ? { newestAt: end.newestAt } : {}),
  };
}

/** A page's lines into their days; the days the pages have gone past are handed on. */
async function addPage(
  options: DayReaderOptions,
  lines: DatedLine[],
  days: WalkDays,
  finish: (date: string, whole: boolean) => Promise<void>,
  wanted: ReadRequest["lines"],
) {
  let newest: string | undefined;
  let keepingUp: Promise<void> | undefined;
  for (const line of lines) {
    const { date, minute } = days.at(line.at);
    if (wanted && date >= wanted.firstDay && date <= wanted.lastDay) {
      keepingUp = wanted.onLine(line, date) ?? keepingUp;
    }
    if (line.dated && (newest === undefined || date > newest)) newest = date;
    let builder = days.open.get(date);
    if (!builder) {
      if (days.done.has(date)) {
        days.late.add(date);
        options.logger.warn({ date }, "money: a line of a day already passed; counted, not kept");
      }
      builder = dayBuilder(date, options.classify);
      days.open.set(date, builder);
    }
    builder.add(line.order, minute);
  }
  // The file the lines go to keeps up before the next page is taken (its memory stays bounded).
  await keepingUp;
  // No later page holds a line newer than this page's newest: the days after it are whole.
  if (newest === undefined) return;
  for (const date of [...days.open.keys()]) if (date > newest) await finish(date, true);
}
