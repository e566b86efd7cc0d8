import type { Locale, Translate } from "../i18n.js";
import type { LocalizedText, Order } from "../seller-api/index.js";
import {
  escapeHtml,
  formatMoney,
  formatNumber,
  localized,
  shiftDate,
  shorten,
  zoneTime,
} from "../text/index.js";
import { renderChart } from "./chart.js";
import type { AlertContext, AlertRound } from "./context.js";
import type { DayFigures } from "./day-figures.js";
import { authPause } from "./health.js";
import { readNewestOrders } from "./newest-orders.js";
import { type ChatAlertSettings, chatKeyOf } from "./settings.js";
import { readStockSnapshot } from "./stock.js";

export const DIGEST_DAYS = 14;
/**
 * A stop for a list that never ends: 50,000 orders in the 14 days, about 50 MB held while the
 * digest is computed. (It was 50 pages: a shop of 100,000 lines a year needs 48 of them, and a
 * little more would have cut the oldest days' figures short without a word.)
 */
const MAX_PAGES = 500;
const TOP = 3;
const LOW_LISTED = 5;
/** A digest missed by more than this (the bot was down) waits for the next day. */
const LATE_MS = 6 * 60 * 60_000;

/** What a digest says, computed when it is queued (a restart sends the same figures). */
export interface DigestData {
  date: string;
  /** Oldest first, the last one is `date`. */
  days: DayFigures[];
  /** The same weekday a week before. */
  weekAgo: DayFigures;
  top: { name: string; quantity: number; revenue: number }[];
  low: { name: LocalizedText; stock: number; threshold: number }[];
  imports: { files: number; succeeded: number; failed: number };
}

export type ImportsOfChat = (
  chatId: number,
) => Promise<{ createdAt: number; succeeded: number; failed: number }[]>;

/** Orders created from `fromMs` on, newest first, each with its creation time. */
async function ordersSince(ctx: AlertContext, fromMs: number) {
  const found = await readNewestOrders(ctx, fromMs, { maxPages: MAX_PAGES });
  return found
    .filter((f) => f.createdMs >= fromMs)
    .map((f) => ({ order: f.order, at: f.createdMs }));
}

/** Figures per local day and the day's best sellers, from the orders of the last 14 days. */
export function digestFigures(
  orders: { order: Order; at: number }[],
  date: string,
  timeZone: string,
) {
  const dates = Array.from({ length: DIGEST_DAYS }, (_, i) => shiftDate(date, DIGEST_DAYS - 1 - i));
  const days = new Map<string, DayFigures>(
    dates.map((d) => [d, { date: d, orders: 0, revenue: 0, payout: 0 }]),
  );
  const top = new Map<string, { name: string; quantity: number; revenue: number }>();
  const zone = zoneTime(timeZone);
  for (const { order, at } of orders) {
    const day = days.get(zone.localTime(at).date);
    if (!day) continue;
    day.orders += 1;
    day.revenue += order.totalPrice ?? 0;
    day.payout += order.totalPayoutAmount ?? 0;
    if (day.date !== date) continue;
    const name = order.productName || "—";
    const entry = top.get(name) ?? { name, quantity: 0, revenue: 0 };
    entry.quantity += order.quantity ?? 0;
    entry.revenue += order.totalPrice ?? 0;
    top.set(name, entry);
  }
  return {
    days: dates.map((d) => days.get(d)!),
    top: [...top.values()].sort((a, b) => b.revenue - a.revenue).slice(0, TOP),
  };
}

/**
 * One digest round: every chat whose digest time has come today gets one digest (queued
 * under the day's id, so a repeat or a second instance adds nothing). Orders are read once per
 * round, only when some chat is due.
 */
export async function runDigestRound(
  ctx: AlertContext,
  round: AlertRound,
  imports?: ImportsOfChat,
) {
  const now = round.now();
  const tz = ctx.settings.timeZone;
  const zone = zoneTime(tz);
  const today = zone.localTime(now);
  const due: ChatAlertSettings[] = [];
  for (const chat of await ctx.store.chats()) {
    if (!chat.enabled.digest) continue;
    const at = zone.instantOf(today.date, chat.digestAt);
    // Due from its time on (a little late after a restart), and never for a time before the
    // chat subscribed: a seller linking at night gets the next evening's digest.
    if (now < at || now - at > LATE_MS || at < chat.subscribedAt) continue;
    if ((await ctx.store.get<string>(`digest:last:${chatKeyOf(chat)}`)) === today.date) continue;
    due.push(chat);
  }
  const next = { nextAt: now + 60_000 };
  // Refused credentials: the new-order poll alone tries, seldom, until they work again.
  if (due.length === 0 || (await authPause(ctx, now)) !== undefined) return next;
  const from = zone.instantOf(shiftDate(today.date, DIGEST_DAYS - 1), 0);
  const orders = await ordersSince(
    ctx,
    Math.min(from, zone.instantOf(shiftDate(today.date, 7), 0)),
  );
  const { days, top } = digestFigures(orders, today.date, tz);
  const snapshot = await readStockSnapshot(ctx);
  const thresholds = await ctx.store.productThresholds();
  for (const chat of due) {
    const key = chatKeyOf(chat);
    const low = Object.entries(snapshot?.products ?? {})
      .map(([id, p]) => ({
        name: p.name,
        stock: p.stock,
        threshold: thresholds[id] ?? chat.threshold,
      }))
      .filter((p) => p.stock <= p.threshold)
      .sort((a, b) => a.stock - b.stock);
    const owner = chat.kind === "private" ? chat.chatId : chat.subscribedBy;
    const docs =
      owner !== undefined && imports
        ? await imports(owner).catch((error: unknown) => {
            // The digest goes out without its imports line rather than not at all.
            ctx.logger.warn(
              { err: error, chatId: chat.chatId },
              "imports of the chat not read for the digest",
            );
            return [];
          })
        : [];
    const ofToday = docs.filter((d) => zone.localTime(d.createdAt).date === today.date);
    const data: DigestData = {
      date: today.date,
      days,
      weekAgo: days[DIGEST_DAYS - 8]!,
      top,
      low: low.slice(0, LOW_LISTED),
      imports: {
        files: ofToday.length,
        succeeded: ofToday.reduce((n, d) => n + d.succeeded, 0),
        failed: ofToday.reduce((n, d) => n + d.failed, 0),
      },
    };
    await ctx.store.enqueue({
      id: `d:${today.date}:${key}`,
      chatKey: key,
      kind: "digest",
      at: now,
      data,
    });
    await ctx.store.set(`digest:last:${key}`, today.date, 3 * 24 * 60 * 60_000);
  }
  return next;
}

/** `20.11` of a local date. */
export const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

function change(t: Translate, now: number, before: number, locale: Locale): string {
  if (before === 0) return now === 0 ? "±0 %" : t("digest-change-new");
  const pct = Math.round(((now - before) / before) * 100);
  return t("digest-change", {
    sign: pct > 0 ? "+" : pct < 0 ? "−" : "±",
    pct: formatNumber(Math.abs(pct), locale),
  });
}

/** The caption (at most 1024 characters) and the chart of a digest. */
export async function renderDigest(t: Translate, d: DigestData, locale: Locale) {
  const today = d.days.at(-1)!;
  const yesterday = d.days.at(-2)!;
  const money = (n: number) => formatMoney(n, locale);
  const lines = [
    t("digest-title", { date: dayLabel(d.date) }),
    t("digest-orders", {
      count: today.orders,
      vsDay: change(t, today.orders, yesterday.orders, locale),
      vsWeek: change(t, today.orders, d.weekAgo.orders, locale),
    }),
    t("digest-revenue", {
      sum: money(today.revenue),
      vsDay: change(t, today.revenue, yesterday.revenue, locale),
      vsWeek: change(t, today.revenue, d.weekAgo.revenue, locale),
    }),
    t("digest-payout", { sum: money(today.payout) }),
    t("digest-before", {
      yesterday: `${yesterday.orders} · ${money(yesterday.revenue)}`,
      weekAgo: `${d.weekAgo.orders} · ${money(d.weekAgo.revenue)}`,
    }),
  ];
  if (d.top.length > 0) {
    lines.push("", t("digest-top"));
    for (const p of d.top)
      lines.push(
        t("digest-top-line", {
          name: escapeHtml(shorten(p.name, 50)),
          quantity: formatNumber(p.quantity, locale),
          sum: money(p.revenue),
        }),
      );
  }
  if (d.low.length > 0) {
    lines.push("", t("digest-low"));
    for (const p of d.low)
      lines.push(
        t("digest-low-line", {
          name: escapeHtml(shorten(localized(p.name, locale) || "—", 50)),
          stock: formatNumber(p.stock, locale),
        }),
      );
  }
  if (d.imports.files > 0) {
    lines.push(
      "",
      t("digest-imports", {
        files: d.imports.files,
        succeeded: d.imports.succeeded,
        failed: d.imports.failed,
      }),
    );
  }
  const png = await renderChart(d.days, {
    title: t("digest-chart-title"),
    orders: t("digest-chart-orders"),
    revenue: t("digest-chart-revenue"),
    locale,
  });
  return { caption: lines.join("\n"), png };
}
