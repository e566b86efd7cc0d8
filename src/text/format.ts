import type { Locale } from "../i18n.js";

const intlLocale = (locale: Locale) => (locale === "kk" ? "kk-KZ" : "ru-RU");

/**
 * Building an Intl formatter costs far more than using one (it was a third of `/orders`' CPU),
 * so each is built once: numbers per locale here, dates per time zone in `createFormatters`.
 * Formatters are stateless; the table is frozen.
 */
const NUMBER_FORMATS: Readonly<Record<Locale, Intl.NumberFormat>> = Object.freeze({
  ru: new Intl.NumberFormat(intlLocale("ru"), { maximumFractionDigits: 2 }),
  kk: new Intl.NumberFormat(intlLocale("kk"), { maximumFractionDigits: 2 }),
});

const isShown = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** Amounts with kopecks: always two decimals (`174 790,80`), never one. */
const MONEY_CENTS: Readonly<Record<Locale, Intl.NumberFormat>> = Object.freeze({
  ru: new Intl.NumberFormat(intlLocale("ru"), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  kk: new Intl.NumberFormat(intlLocale("kk"), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
});

/**
 * Every amount a chat reads, one way: thousands grouped (a no-break space, as both locales
 * write them), a decimal comma, whole tenge bare (`449 990 ₸`), anything else with two
 * decimals (`174 790,80 ₸`). Nothing prints an amount otherwise (a test scans the texts).
 */
export function formatMoney(amount: number | null | undefined, locale: Locale = "ru"): string {
  if (!isShown(amount)) return "—";
  const whole = Math.round(amount * 100) % 100 === 0;
  return `${(whole ? NUMBER_FORMATS : MONEY_CENTS)[locale].format(amount)} ₸`;
}

export function formatNumber(value: number | null | undefined, locale: Locale): string {
  return isShown(value) ? NUMBER_FORMATS[locale].format(value) : "—";
}

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant of an ISO 8601 date from the API; a time without a zone is taken as UTC (the
 * service's own clock). Undefined for anything else: Date.parse guesses too freely.
 */
export function parseIsoInstant(text: string): number | undefined {
  if (!ISO_LIKE.test(text)) return undefined;
  const hasZone = HAS_ZONE.test(text) || text.length === 10;
  const ms = Date.parse(hasZone ? text : `${text.replace(" ", "T")}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `20.11.2026, 14:03`: how ru-RU writes the date and time asked for below. */
const RU_DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4}), (\d{2}):(\d{2})$/;

/** `20.11.2026 14:03` in one time zone; the formatter is built once per call of this. */
function dateTimeFormatter(timeZone: string): (value: string | null | undefined) => string {
  const intl = new Intl.DateTimeFormat("ru-RU", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  /** From the parts, whatever the layout: where the one string is not ru-RU's usual. */
  const fromParts = (date: Date) => {
    const parts: Record<string, string> = {};
    for (const part of intl.formatToParts(date)) parts[part.type] = part.value;
    return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
  };
  return (value) => {
    if (!value) return "—";
    const trimmed = value.trim();
    const ms = parseIsoInstant(trimmed);
    if (ms === undefined) return trimmed;
    const date = new Date(ms);
    // One string rather than the parts (a third of the time): each order line shows a date.
    const m = RU_DATE_TIME.exec(intl.format(date));
    return m ? `${m[1]}.${m[2]}.${m[3]} ${m[4]}:${m[5]}` : fromParts(date);
  };
}

/**
 * A date-time of the API in the seller's time zone, `20.11.2026 14:03`. The API does not say
 * its format (spec 2.9): anything that does not parse is shown as it came. Builds its
 * formatter per call: for a single date; lists use `createFormatters`.
 */
export function formatDateTime(value: string | null | undefined, timeZone: string): string {
  return dateTimeFormatter(timeZone)(value);
}

/** Numbers, money and date-times as one chat reads them. */
export interface Formatters {
  money(amount: number | null | undefined): string;
  number(value: number | null | undefined): string;
  dateTime(value: string | null | undefined): string;
}

/** Per locale, for one time zone: built once (by createBot) and shared by every update. */
export type LocaleFormatters = Readonly<Record<Locale, Formatters>>;

export function createFormatters(timeZone: string): LocaleFormatters {
  const dateTime = dateTimeFormatter(timeZone);
  const forLocale = (locale: Locale): Formatters =>
    Object.freeze({
      money: (amount: number | null | undefined) => formatMoney(amount, locale),
      number: (value: number | null | undefined) => formatNumber(value, locale),
      dateTime,
    });
  return Object.freeze({ ru: forLocale("ru"), kk: forLocale("kk") });
}
