/** The money alerts and the month's statement as a chat reads them. */
import type { Locale, Translate } from "../i18n.js";
import { renderAnswer } from "../money/index.js";
import { escapeHtml, formatMoney, formatNumber, shorten } from "../text/index.js";
import type { MoneyAlert } from "./money.js";
import type { StatementData } from "./statement.js";
import { durationText, shortDateTime } from "./texts.js";

type ReturnsAlert = Extract<MoneyAlert, { type: "returns" }>;
export type LossAlert = Extract<MoneyAlert, { type: "loss" }>;

/** Returned and cancelled shares: one decimal. */
const percent = (value: number, locale: Locale) =>
  formatNumber(Math.round(value * 10) / 10, locale);

const dotted = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

export function returnsText(t: Translate, r: ReturnsAlert, locale: Locale): string {
  return t("money-alert-returns", {
    name: escapeHtml(shorten(r.name || "—", 120)),
    barcode: escapeHtml(r.barcode || "—"),
    returned: formatNumber(r.returned, locale),
    units: formatNumber(r.units, locale),
    rate: percent(r.percent, locale),
    threshold: percent(r.threshold, locale),
  });
}

/** Several products at once: one message, the most returned first. */
export function returnsGroupText(t: Translate, alerts: ReturnsAlert[], locale: Locale): string {
  const sorted = [...alerts].sort((a, b) => b.percent - a.percent);
  const lines = sorted.slice(0, 10).map((r) =>
    t("money-alert-returns-line", {
      name: escapeHtml(shorten(r.name || r.barcode || "—", 60)),
      returned: formatNumber(r.returned, locale),
      units: formatNumber(r.units, locale),
      rate: percent(r.percent, locale),
    }),
  );
  const more = sorted.length - 10;
  return [
    t("money-alert-returns-many", { threshold: percent(sorted[0]!.threshold, locale) }),
    ...lines,
    ...(more > 0 ? [t("money-alert-returns-more", { count: more })] : []),
  ].join("\n");
}

/** A product that sold at a loss over the last 30 days (its cost known). */
export function lossText(t: Translate, l: LossAlert, locale: Locale): string {
  const money = (tiyn: number) => formatMoney(tiyn / 100, locale);
  return t("money-alert-loss", {
    name: escapeHtml(shorten(l.name || "—", 120)),
    barcode: escapeHtml(l.barcode || "—"),
    loss: money(-l.profit),
    payout: money(l.payout),
    cost: money(l.cost),
    units: formatNumber(l.units - l.returned, locale),
  });
}

/** Several products at a loss at once: one message, the largest loss first. */
export function lossGroupText(t: Translate, alerts: LossAlert[], locale: Locale): string {
  const money = (tiyn: number) => formatMoney(tiyn / 100, locale);
  const sorted = [...alerts].sort((a, b) => a.profit - b.profit);
  const lines = sorted.slice(0, 10).map((l) =>
    t("money-alert-loss-line", {
      name: escapeHtml(shorten(l.name || l.barcode || "—", 60)),
      loss: money(-l.profit),
    }),
  );
  const more = sorted.length - 10;
  return [
    t("money-alert-loss-many", { count: sorted.length }),
    ...lines,
    ...(more > 0 ? [t("money-alert-returns-more", { count: more })] : []),
  ].join("\n");
}

export function moneyText(
  t: Translate,
  alert: Exclude<MoneyAlert, ReturnsAlert | LossAlert>,
  locale: Locale,
  timeZone: string,
  queuedAt: number,
): string {
  const money = (tiyn: number) => formatMoney(tiyn / 100, locale);
  switch (alert.type) {
    case "cancels":
      return t("money-alert-cancels", {
        days: alert.days,
        cancelled: formatNumber(alert.cancelled, locale),
        lines: alert.lines,
        rate: percent(alert.percent, locale),
        threshold: percent(alert.threshold, locale),
      });
    case "payout": {
      const noon = Date.parse(`${alert.date}T12:00:00Z`);
      return t("money-alert-payout", {
        date: dotted(alert.date),
        weekday: t(`money-weekday-${new Date(noon).getUTCDay()}`),
        payout: money(alert.payout),
        usual: money(alert.usual),
        pct: formatNumber(Math.round((alert.payout / alert.usual) * 100), locale),
      });
    }
    case "silence":
      return t("money-alert-silence", {
        duration: durationText(t, queuedAt - alert.since),
        since: shortDateTime(alert.since, timeZone),
        expected: alert.expected,
      });
  }
}

export function statementText(t: Translate, s: StatementData, locale: Locale): string {
  const [year, month] = s.month.split("-");
  return [
    t("money-statement-title", { month: t(`money-month-${Number(month)}`), year: year! }),
    renderAnswer(t, locale, s.answer),
    "",
    t("money-statement-note"),
  ].join("\n");
}
