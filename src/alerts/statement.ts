/**
 * The month's statement: on a month's first day, from MONTH_STATEMENT_TIME on, every chat that
 * takes it gets last month's figures, once (the month's id), with a word that the marketplace's
 * own report comes later and these figures are to check it against, and the month's workbook.
 *
 * The month is read once: its lines go to one workbook per language the chats speak as the
 * pages come. Each file is kept in the shared store (the outbox is sent by whichever instance
 * holds the delivery, after a restart too) until the statements are out; once Telegram has a
 * file, the other chats get it by its file id.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Locale, translator } from "../i18n.js";
import {
  answerOf,
  createMoneyBook,
  type MoneyAnswer,
  type MoneyPeriod,
  moneyBookCaption,
  moneyBookFileName,
  periodOfDays,
} from "../money/index.js";
import { shiftDate, zoneTime } from "../text/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { authPause } from "./health.js";
import { chatKeyOf, kindEnabled } from "./settings.js";

/** A statement missed by more than this (the bot was down) waits for the next month. */
const LATE_MS = 3 * 24 * 60 * 60_000;
/** How long a month's workbook is kept for the chats still to get it (the outbox's week). */
const BOOK_KEPT_MS = 8 * 24 * 60 * 60_000;
const LAST = "statement:last";

export interface StatementData {
  /** `2026-11` */
  month: string;
  answer: MoneyAnswer;
}

/** The month's workbook in one language, as the outbox sends it. */
export interface StatementBookData {
  /** The store's name of the file (base64) and, once sent, of its Telegram file id. */
  key: string;
  fileName: string;
  caption: string;
}

/** The stored file's name, and its file id's once Telegram holds it. */
export const statementBookKey = (month: string, locale: Locale) =>
  `statement:book:${month}:${locale}`;
export const statementFileIdKey = (key: string) => `${key}:file-id`;

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
  const locales = [...new Set(chats.map((c) => c.locale))];
  // A failure throws: the round is retried after a growing delay, the month still unsent.
  const { answer, books } = await readMonth(ctx, period, now, locales);
  const data: StatementData = { month, answer };
  for (const chat of chats) {
    const chatKey = chatKeyOf(chat);
    const id = `st:${month}:${chatKey}`;
    await ctx.store.enqueue({ id, chatKey, kind: "statement", at: now, data });
    const book = books.get(chat.locale);
    // After the figures (the outbox sends a chat's messages by time, then id).
    if (book) {
      await ctx.store.enqueue({
        id: `${id}:book`,
        chatKey,
        kind: "statementBook",
        at: now,
        data: book,
      });
    }
  }
  await ctx.store.set(LAST, month, 40 * 24 * 60 * 60_000);
  return next;
}

/**
 * The month's figures, read once, and its workbook in each language asked, kept in the store
 * (none when the month has no order line).
 */
async function readMonth(ctx: AlertContext, period: MoneyPeriod, now: number, locales: Locale[]) {
  const money = ctx.money!;
  const timeZone = ctx.settings.timeZone;
  const dir = await mkdtemp(join(tmpdir(), "statement-"));
  const books = locales.map((locale) => {
    const t = translator(ctx.i18n, locale);
    const path = join(dir, `${locale}.xlsx`);
    return {
      locale,
      t,
      path,
      book: createMoneyBook({ path, timeZone, t, language: locale, madeAt: now }),
    };
  });
  const kept = new Map<Locale, StatementBookData>();
  try {
    const figures = await money.figures(period, now, {
      onLine: async (line) => {
        for (const { book } of books) await book.addLine(line);
      },
    });
    const costOf = await money.costs();
    for (const { locale, t, path, book } of books) {
      if (book.lines === 0) {
        await book.abort();
        continue;
      }
      const totals = await book.finish(figures.current, costOf);
      const key = statementBookKey(period.firstDay.slice(0, 7), locale);
      await ctx.store.set(key, (await readFile(path)).toString("base64"), BOOK_KEPT_MS);
      const caption = moneyBookCaption(t, locale, period, totals, timeZone);
      kept.set(locale, { key, fileName: moneyBookFileName(t, period), caption });
    }
    return { answer: answerOf(figures, costOf), books: kept };
  } catch (error) {
    for (const { book } of books) {
      await book.abort().catch((closing: unknown) => {
        // Its file is removed below and never sent.
        ctx.logger.debug({ err: closing }, "statement workbook not closed");
      });
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
