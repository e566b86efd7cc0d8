/**
 * The month's statement: on a month's first day, from MONTH_STATEMENT_TIME on, every chat that
 * takes it gets last month's figures, once (the month's id), with a word that the marketplace's
 * own report comes later and these figures are to check it against.
 */
import { answerOf, type MoneyAnswer, periodOfDays } from "../money/index.js";
import { shiftDate, zoneTime } from "../text/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { authPause } from "./health.js";
import { chatKeyOf, kindEnabled } from "./settings.js";

/** A statement missed by more than this (the bot was down) waits for the next month. */
const LATE_MS = 3 * 24 * 60 * 60_000;
const LAST = "statement:last";

export interface StatementData {
  /** `2026-11` */
  month: string;
  answer: MoneyAnswer;
}

export async function runStatementRound(ctx: AlertContext, round: AlertRound) {
  const now = round.now();
  const next = { nextAt: now + 60_000 };
  if (!ctx.money) return next;
  const zone = zoneTime(ctx.settings.timeZone);
  const today = zone.localTime(now).date;
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const at = zone.instantOf(firstOfMonth, ctx.settings.money.statementAt);
  if (now < at || now - at > LATE_MS) return next;
  const lastDay = shiftDate(firstOfMonth, 1);
  const month = lastDay.slice(0, 7);
  if ((await ctx.store.get<string>(LAST)) === month) return next;
  const chats = (await ctx.store.chats()).filter((c) => kindEnabled(c, "statement"));
  if (chats.length === 0 || (await authPause(ctx, now)) !== undefined) return next;
  const period = periodOfDays(`${month}-01`, lastDay, now, ctx.settings.timeZone);
  // A failure throws: the round is retried after a growing delay, the month still unsent.
  const figures = await ctx.money.figures(period, now);
  const data: StatementData = { month, answer: answerOf(figures) };
  for (const chat of chats) {
    const chatKey = chatKeyOf(chat);
    await ctx.store.enqueue({
      id: `st:${month}:${chatKey}`,
      chatKey,
      kind: "statement",
      at: now,
      data,
    });
  }
  await ctx.store.set(LAST, month, 40 * 24 * 60 * 60_000);
  return next;
}
