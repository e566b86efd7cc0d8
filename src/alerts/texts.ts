import type { Locale, Translate } from "../i18n.js";
import {
  durationParts,
  escapeHtml,
  formatClock,
  formatDateTime,
  formatMoney,
  formatNumber,
  localized,
  localTime,
  shorten,
} from "../text/index.js";
import type { HealthNotice } from "./health.js";
import type { OrderAlert } from "./orders.js";
import type { StockAlert } from "./stock.js";

/** Orders listed in a grouped message before "and N more". */
export const GROUP_LISTED = 5;

export function durationText(t: Translate, ms: number): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0) return t("alert-duration-days", { days, hours });
  if (hours > 0) return t("alert-duration-hours", { hours, minutes });
  return t("alert-duration-minutes", { minutes: Math.max(1, minutes) });
}

/** `20.11 14:03` of an instant, local. */
export function shortDateTime(ms: number, timeZone: string): string {
  const local = localTime(ms, timeZone);
  const [, m, d] = local.date.split("-");
  return `${d}.${m} ${formatClock(local.minutes)}`;
}

export function orderText(t: Translate, o: OrderAlert, locale: Locale, timeZone: string): string {
  return t("alert-order", {
    number: escapeHtml(shorten(o.number, 40)),
    product: escapeHtml(shorten(o.product || "—", 200)),
    quantity: formatNumber(o.quantity, locale),
    price: formatMoney(o.price, locale),
    total: formatMoney(o.total, locale),
    payout: formatMoney(o.payout, locale),
    status: escapeHtml(shorten(o.status || "—", 40)),
    created: escapeHtml(formatDateTime(o.created, timeZone)),
  });
}

/** Many orders at once: one message with the count, the sum and the first few. */
export function ordersGroupText(t: Translate, orders: OrderAlert[], locale: Locale): string {
  const total = orders.reduce((sum, o) => sum + (o.total ?? 0), 0);
  const lines = orders.slice(0, GROUP_LISTED).map((o) =>
    t("alert-orders-line", {
      number: escapeHtml(shorten(o.number, 40)),
      product: escapeHtml(shorten(o.product || "—", 60)),
      quantity: formatNumber(o.quantity, locale),
      total: formatMoney(o.total, locale),
    }),
  );
  const more = orders.length - GROUP_LISTED;
  return [
    t("alert-orders-many", { count: orders.length, total: formatMoney(total, locale) }),
    ...lines,
    ...(more > 0 ? [t("alert-orders-more", { count: more })] : []),
  ].join("\n");
}

export function awayText(
  t: Translate,
  away: { sinceMs: number; untilMs: number; count: number; total: number },
  locale: Locale,
  timeZone: string,
): string {
  return t("alert-away", {
    duration: durationText(t, away.untilMs - away.sinceMs),
    since: shortDateTime(away.sinceMs, timeZone),
    count: away.count,
    total: formatMoney(away.total, locale),
  });
}

export function stockText(t: Translate, s: StockAlert, locale: Locale): string {
  const vars = {
    name: escapeHtml(shorten(localized(s.name, locale) || "—", 120)),
    id: String(s.productId),
    stock: formatNumber(s.stock, locale),
    threshold: formatNumber(s.threshold, locale),
    days: s.daysLeft ?? 0,
  };
  const head = t(s.level === "low" ? "alert-stock-low" : "alert-stock-soon", vars);
  return s.daysLeft === null || s.level === "soon"
    ? head
    : `${head}\n${t("alert-days-left", { days: s.daysLeft })}`;
}

/** Many products at once (a first big sale, a warehouse sync): one message, the lowest first. */
export function stockGroupText(t: Translate, alerts: StockAlert[], locale: Locale): string {
  const sorted = [...alerts].sort((a, b) => a.stock - b.stock);
  const lines = sorted.slice(0, 10).map((s) =>
    t("alert-stocks-line", {
      name: escapeHtml(shorten(localized(s.name, locale) || "—", 60)),
      id: String(s.productId),
      stock: formatNumber(s.stock, locale),
    }),
  );
  const more = sorted.length - 10;
  return [
    t("alert-stocks-many", { count: alerts.length }),
    ...lines,
    ...(more > 0 ? [t("alert-stocks-more", { count: more })] : []),
  ].join("\n");
}

export function healthText(t: Translate, h: HealthNotice, timeZone: string): string {
  const since = shortDateTime(h.since, timeZone);
  switch (h.state) {
    case "auth-down":
      return t("alert-auth-down", {
        since,
        polls: h.polls ?? 0,
        interval: durationText(t, h.retryMs ?? 0),
      });
    case "auth-up":
      return t("alert-auth-up", { since });
    default:
      return t(h.state === "down" ? "alert-health-down" : "alert-health-up", { since });
  }
}
