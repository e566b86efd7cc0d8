import type { Locale } from "../../i18n.js";

const intlLocale = (locale: Locale) => (locale === "kk" ? "kk-KZ" : "ru-RU");

/** `1 234 567,5 ₸` in the chat's locale (thousands separators as the locale writes them). */
export function formatMoney(amount: number | null | undefined, locale: Locale): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "—";
  const number = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(
    amount,
  );
  return `${number} ₸`;
}

export function formatNumber(value: number | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 }).format(value);
}

/**
 * A date-time of the API in the seller's time zone, `20.11.2026 14:03`. The API does not say
 * its format (spec 2.9): anything that does not parse is shown as it came.
 */
export function formatDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return "—";
  const trimmed = value.trim();
  // Only ISO-like strings: Date.parse guesses too freely on anything else.
  if (
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)
  ) {
    return trimmed;
  }
  // A time without a zone is taken as UTC (the service's own clock).
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) || trimmed.length === 10;
  const date = new Date(hasZone ? trimmed : `${trimmed.replace(" ", "T")}Z`);
  if (Number.isNaN(date.getTime())) return trimmed;
  const parts = new Intl.DateTimeFormat("ru-RU", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`;
}
