/**
 * The periods a seller asks about, in whole local days of TIME_ZONE, and the period each is
 * compared with: the same number of days just before it. A period that runs to today is
 * compared up to the same time of day: today until 11:37 beside yesterday until 11:37.
 */
import { shiftDate, zoneTime } from "../text/index.js";

export const MONEY_PRESETS = ["today", "week", "month", "lastMonth"] as const;
export type MoneyPreset = (typeof MONEY_PRESETS)[number];

export interface MoneyPeriod {
  /** Local dates, both included. */
  firstDay: string;
  lastDay: string;
  /**
   * Minute of the local day (0…1439) up to which, and including it, the last day is counted;
   * absent: the whole day.
   */
  untilMinute?: number;
}

/** Local days from `first` to `last`, both included. */
export function daysOf(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = shiftDate(day, -1)) days.push(day);
  return days;
}

export const dayCount = (p: Pick<MoneyPeriod, "firstDay" | "lastDay">) =>
  daysOf(p.firstDay, p.lastDay).length;

/** Where `now` stands in the zone: its date and minute of the day. */
export function localNow(now: number, timeZone: string) {
  const local = zoneTime(timeZone).localTime(now);
  return { today: local.date, minute: local.minutes };
}

/** A period of the days a seller chose, cut at now when it runs to today or past it. */
export function periodOfDays(
  firstDay: string,
  lastDay: string,
  now: number,
  timeZone: string,
): MoneyPeriod {
  const { today, minute } = localNow(now, timeZone);
  return lastDay >= today
    ? { firstDay, lastDay: today, untilMinute: minute }
    : { firstDay, lastDay };
}

/** Today; today and the 6 days before; the month so far; the whole month before. */
export function presetMoneyPeriod(preset: MoneyPreset, now: number, timeZone: string): MoneyPeriod {
  const { today } = localNow(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "today":
      return periodOfDays(today, today, now, timeZone);
    case "week":
      return periodOfDays(shiftDate(today, 6), today, now, timeZone);
    case "month":
      return periodOfDays(monthStart, today, now, timeZone);
    case "lastMonth":
      return periodOfDays(
        `${shiftDate(monthStart, 1).slice(0, 8)}01`,
        shiftDate(monthStart, 1),
        now,
        timeZone,
      );
  }
}

/** The same number of days just before, cut at the same minute of its last day. */
export function previousPeriod(period: MoneyPeriod): MoneyPeriod {
  const days = dayCount(period);
  return {
    firstDay: shiftDate(period.firstDay, days),
    lastDay: shiftDate(period.firstDay, 1),
    ...(period.untilMinute !== undefined ? { untilMinute: period.untilMinute } : {}),
  };
}
