import { InlineKeyboard } from "grammy";
import { MONEY_PRESETS } from "../../../money/index.js";
import { callbackCodec } from "../../callback-data.js";

/** `mnp1:<choice>`: a period of /money (MONEY_CHOICES' index). */
export const moneyPeriodButton = callbackCodec("mnp1", [["p", "int"]] as const);

/** The buttons' labels, in the order of MONEY_PRESETS, then dates typed. */
const LABELS = ["money-today", "money-week", "money-month", "money-last-month"] as const;
export const TYPED = MONEY_PRESETS.length;

/** The periods, two a row, and dates typed. */
export function periodKeyboard(t: (key: string) => string): InlineKeyboard {
  const button = (p: number, key: string) =>
    InlineKeyboard.text(t(key), moneyPeriodButton.encode({ p }));
  return InlineKeyboard.from([
    [button(0, LABELS[0]), button(1, LABELS[1])],
    [button(2, LABELS[2]), button(3, LABELS[3])],
    [button(TYPED, "money-typed")],
  ]);
}

/** `mnx1:<first>:<last>`: the workbook of an answer's period, its days as `20261101`. */
export const moneyBookButton = callbackCodec("mnx1", [
  ["f", "int"],
  ["l", "int"],
] as const);

const dayNumber = (date: string) => Number(date.replaceAll("-", ""));

export function bookButtonOf(period: { firstDay: string; lastDay: string }): string {
  return moneyBookButton.encode({ f: dayNumber(period.firstDay), l: dayNumber(period.lastDay) });
}

/** The days a workbook button names, when they are real dates in order. */
export function bookPeriodOf(data: { f: number; l: number }) {
  const day = (n: number) => {
    const text = String(n);
    if (!/^\d{8}$/.test(text)) return undefined;
    const date = `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
    const ms = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(date) ? date : undefined;
  };
  const firstDay = day(data.f);
  const lastDay = day(data.l);
  return firstDay && lastDay && firstDay <= lastDay ? { firstDay, lastDay } : undefined;
}
