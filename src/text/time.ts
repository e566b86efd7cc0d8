/** Wall-clock time in the seller's time zone, for quiet hours, the digest and its days. */

import { parseIsoInstant } from "./format.js";

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

export interface LocalTime {
  /** `2026-11-20` */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

/** The parts of an instant in one zone; built per `zoneTime`, not cached at module level. */
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    weekday: "short",
  });
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/**
 * Wall-clock time in one zone, with one formatter: a round that reads many instants (the
 * digest's orders) builds it once and keeps it for the round.
 */
export function zoneTime(timeZone: string) {
  const format = partsFormat(timeZone);
  const localTime = (ms: number): LocalTime => {
    const parts = format.formatToParts(new Date(ms));
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return {
      date: `${get("year")}-${get("month")}-${get("day")}`,
      minutes: Number(get("hour")) * 60 + Number(get("minute")),
      weekday: WEEKDAYS.indexOf(get("weekday") as (typeof WEEKDAYS)[number]),
    };
  };
  /** Offset of the zone from UTC at `ms`, in ms (Almaty: +5 h). */
  const offsetAt = (ms: number): number => {
    const parts = format.formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const asUtc = Date.UTC(
      get("year"),
      get("month") - 1,
      get("day"),
      get("hour"),
      get("minute"),
      get("second"),
    );
    return asUtc - Math.floor(ms / 1000) * 1000;
  };
  /** The instant of a local wall-clock time (`2026-11-20`, minutes since midnight). */
  const instantOf = (date: string, minutes: number): number => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const guess = Date.UTC(y, m - 1, d, 0, minutes);
    const first = guess - offsetAt(guess);
    return guess - offsetAt(first);
  };
  return { localTime, instantOf };
}
export type ZoneTime = ReturnType<typeof zoneTime>;

export function localTime(ms: number, timeZone: string): LocalTime {
  return zoneTime(timeZone).localTime(ms);
}

/** The instant of a local wall-clock time (`2026-11-20`, minutes since midnight). */
export function instantOf(date: string, minutes: number, timeZone: string): number {
  return zoneTime(timeZone).instantOf(date, minutes);
}

/** Start of the local day holding `ms`. */
export function startOfLocalDay(ms: number, timeZone: string): number {
  const zone = zoneTime(timeZone);
  return zone.instantOf(zone.localTime(ms).date, 0);
}

/** The local date `days` days before `date` (days may be negative). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** `"23:00"` → 1380; undefined for anything else. */
export function parseClock(value: string): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

export function formatClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Whether `minutes` falls in the window [from, to), which may wrap past midnight. */
export function inWindow(minutes: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/**
 * An API date-time as an instant. The spec does not give the format (2.9): ISO with or without
 * a zone (none = UTC, as formatDateTime reads it) and `20.11.2026 16:25` (local time) are read.
 */
export function parseApiDate(
  value: string | null | undefined,
  timeZone: string,
): number | undefined {
  const text = value?.trim() ?? "";
  const iso = parseIsoInstant(text);
  if (iso !== undefined) return iso;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!dotted) return undefined;
  const [, d, m, y, hh = "0", mm = "0", ss = "0"] = dotted;
  const date = `${y}-${m}-${d}`;
  return instantOf(date, Number(hh) * 60 + Number(mm), timeZone) + Number(ss) * 1000;
}

/** `2 ч 15 мин`-like parts of a duration: whole days, hours and minutes. */
export function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.round(ms / MINUTE));
  return {
    days: Math.floor(total / 1440),
    hours: Math.floor((total % 1440) / 60),
    minutes: total % 60,
  };
}
