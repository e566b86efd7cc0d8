/**
 * The period of an orders export: whole local days in the seller's time zone (`TIME_ZONE`),
 * from the start of the first day to the start of the day after the last.
 */
import { shiftDate, zoneTime } from "../text/index.js";

export interface ExportPeriod {
  /** First instant of the period (ms, inclusive). */
  from: number;
  /** First instant after the period (ms, exclusive). */
  to: number;
  /** Local dates `2026-11-14`, as the seller reads the period. */
  firstDay: string;
  lastDay: string;
}

/** The offered periods: today, the last 7 days and the last 30 days, today included. */
export const PRESET_DAYS = [1, 7, 30] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];

export const isPresetDays = (days: number): days is PresetDays =>
  (PRESET_DAYS as readonly number[]).includes(days);

/** Local days `firstDay`..`lastDay` as instants. */
export function periodOfDays(firstDay: string, lastDay: string, timeZone: string): ExportPeriod {
  const zone = zoneTime(timeZone);
  return {
    from: zone.instantOf(firstDay, 0),
    to: zone.instantOf(shiftDate(lastDay, -1), 0),
    firstDay,
    lastDay,
  };
}

/** The last `days` local days up to today (the day holding `now`). */
export function presetPeriod(days: PresetDays, now: number, timeZone: string): ExportPeriod {
  const today = zoneTime(timeZone).localTime(now).date;
  return periodOfDays(shiftDate(today, days - 1), today, timeZone);
}

export type TypedPeriod =
  | { ok: true; period: ExportPeriod }
  | { ok: false; reason: "unreadable" }
  | { ok: false; reason: "reversed"; firstDay: string; lastDay: string };

const DATE = String.raw`(\d{1,2})\.(\d{1,2})\.(\d{4})`;
/**
 * `14.11.2026`, `01.11.2026–14.11.2026`, `01.11.2026 - 14.11.2026` (hyphen, en or em dash). The
 * dashes are written as escapes: one letter past ASCII makes V8 keep the whole bundle chunk
 * holding this module in memory as two bytes a character.
 */
const TYPED = new RegExp(String.raw`^${DATE}(?:\s*[-\u2010\u2011\u2013\u2014]\s*${DATE})?$`);

/** `2026-11-14` of a day, month and year that exist (no 31.02), years 2000..2099. */
function isoDay(d: string, m: string, y: string): string | undefined {
  const [day, month, year] = [Number(d), Number(m), Number(y)];
  if (year < 2000 || year > 2099) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Dates the seller typed: one day or a range of days, both ends included. */
export function parseTypedPeriod(text: string, timeZone: string): TypedPeriod {
  const match = TYPED.exec(text.trim());
  if (!match) return { ok: false, reason: "unreadable" };
  const first = isoDay(match[1]!, match[2]!, match[3]!);
  const last = match[4] ? isoDay(match[4], match[5]!, match[6]!) : first;
  if (!first || !last) return { ok: false, reason: "unreadable" };
  if (last < first) return { ok: false, reason: "reversed", firstDay: first, lastDay: last };
  return { ok: true, period: periodOfDays(first, last, timeZone) };
}

/** `2026-11-14` → `14.11.2026`. */
export function dottedDay(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}.${m}.${y}`;
}

/** `14.11.2026` for one day, `01.11.2026–14.11.2026` for several. */
export function periodLabel(period: Pick<ExportPeriod, "firstDay" | "lastDay">): string {
  return period.firstDay === period.lastDay
    ? dottedDay(period.firstDay)
    : `${dottedDay(period.firstDay)}–${dottedDay(period.lastDay)}`;
}
