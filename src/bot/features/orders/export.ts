/**
 * Orders to Excel, the Telegram side: the period menu (from /orders for its filter, or from
 * another menu for all orders), typed dates, one progress message, the file. The workbook and
 * the paging are `src/orders-export/`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Api, type Composer, InlineKeyboard, InputFile } from "grammy";
import type { Locale, Translate } from "../../../i18n.js";
import { ProgressMessage } from "../../../import/index.js";
import type { Logger } from "../../../logger.js";
import {
  createOrdersSheet,
  type ExportPeriod,
  isPresetDays,
  orderSheetTexts,
  ordersOfPeriod,
  PRESET_DAYS,
  parseTypedPeriod,
  periodLabel,
  presetPeriod,
  type Totals,
} from "../../../orders-export/index.js";
import { KEY_PREFIX } from "../../../storage/index.js";
import { escapeHtml, formatMoney, orderStatusText } from "../../../text/index.js";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import type { BotContext, ConversationContext } from "../../context.js";
import type { Dialogue, FeatureDeps } from "../../deps.js";
import { type DialogueConversation, typedAnswers, typedDatesRefusal } from "../../dialogues.js";
import { isSellerApiFailure, userMessageKey } from "../../errors/user-messages.js";
import {
  createListQueries,
  type ListQueries,
  type ListQuery,
  PLAIN_QUERY_ID,
} from "../../lists/queries.js";
import { ordersExportButton, ordersExportPeriodButton } from "./buttons.js";
import { filterLines, filtersOf } from "./screens.js";

export const ORDERS_EXPORT_DATES_CONVERSATION = "orders-export-dates";
/** How long the bot waits for typed dates. */
export const DATES_WAIT_MS = 15 * 60_000;
/** One export per chat at a time; a lock left by a crashed instance frees itself after this. */
const EXPORT_LOCK_TTL_MS = 30 * 60_000;
/** The day-count of the "dates typed" button. */
const TYPED_DATES = 0;

const lockKey = (chatId: number) => `${KEY_PREFIX.cache}orders-export:${chatId}`;
const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/**
 * The period menu of an Excel export of orders, as a new message: today, 7 days, 30 days,
 * dates typed. Without a list id it exports all orders (the entry for other menus); from
 * /orders it carries that list's search and status filter.
 */
/** The /export menu's entry for orders: the period choice for every order. */
export const ordersExportEntry = {
  label: (ctx: BotContext) => ctx.t("orders-export-menu-entry"),
  data: () => ordersExportButton.encode({ q: PLAIN_QUERY_ID }),
};

export async function showOrdersExport(
  ctx: BotContext,
  qid: string = PLAIN_QUERY_ID,
  query: ListQuery = {},
): Promise<void> {
  const button = (key: string, d: number) =>
    InlineKeyboard.text(ctx.t(key), ordersExportPeriodButton.encode({ q: qid, d }));
  const presets = PRESET_DAYS.map((d) =>
    button(d === 1 ? "orders-export-today" : `orders-export-days-${d}`, d),
  );
  const keyboard = InlineKeyboard.from([presets, [button("orders-export-typed", TYPED_DATES)]]);
  const text = [ctx.t("orders-export-choose"), ...filterLines(ctx, query)].join("\n");
  await ctx.reply(text, { reply_markup: keyboard });
}

/** The question of typed dates (the menu's "dates typed" button). */
export const ordersExportDatesDialogue: Dialogue = {
  id: ORDERS_EXPORT_DATES_CONVERSATION,
  waitsFor: "text",
  conversation: (deps) => datesConversation(deps, createListQueries(deps.storage.kv)),
};

/** The menu's buttons and the export itself, on the orders composer. */
export function registerOrdersExport(
  composer: Composer<BotContext>,
  deps: FeatureDeps,
  queries: ListQueries,
): void {
  const zone = deps.config.timeZone;
  onButton(composer, ordersExportButton, deps.requireLink, deps.logger, async (ctx, data) => {
    await showOrdersExport(ctx, data.q, await queries.require("orders", data.q, ctx.chat!.id));
  });
  onButton(composer, ordersExportPeriodButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const query = await queries.require("orders", data.q, ctx.chat!.id);
    if (data.d === TYPED_DATES) {
      await ctx.conversation.exit(ORDERS_EXPORT_DATES_CONVERSATION);
      await ctx.conversation.enter(ORDERS_EXPORT_DATES_CONVERSATION, data.q);
      return;
    }
    if (!isPresetDays(data.d)) throw new ButtonNotice("button-unknown");
    const period = presetPeriod(data.d, deps.imports.clock.now(), zone);
    await startExport(ctx, deps, query, period);
  });
}

/**
 * Asks for dates and waits for them (rules of a question: dialogues.ts); an unreadable answer
 * is explained and asked again.
 */
function datesConversation(deps: FeatureDeps, queries: ListQueries) {
  const zone = deps.config.timeZone;
  return async function ordersExportDates(
    conversation: DialogueConversation,
    ctx: ConversationContext,
    qid: string,
  ) {
    await ctx.reply(ctx.t("orders-export-ask-dates", { zone }));
    const answers = await typedAnswers(conversation, deps.clock, DATES_WAIT_MS);
    for (;;) {
      const answer = await answers();
      const text = answer.message.text;
      const typed = parseTypedPeriod(text, zone);
      if (typed.ok) {
        // The chat must still be linked when the dates come, as for any seller-data request.
        await conversation.external((outer) =>
          deps.requireLink(outer, async () => {
            const query = await queries.load("orders", qid, outer.chat!.id);
            if (!query) return void (await outer.reply(outer.t("list-outdated")));
            await startExport(outer, deps, query, typed.period);
          }),
        );
        return;
      }
      await answer.reply(
        typedDatesRefusal(answer.t, typed, text, {
          reversed: "orders-export-dates-reversed",
          unreadable: "orders-export-dates-unreadable",
        }),
      );
    }
  };
}

interface ExportJob {
  api: Api;
  chatId: number;
  t: Translate;
  locale: Locale;
  query: ListQuery;
  period: ExportPeriod;
  progress: ProgressMessage;
  log: Logger;
}

/**
 * Opens the progress message and runs the export apart from the update: a long export must
 * not hold the chat's other updates, nor fall under one update's Seller API deadline.
 */
async function startExport(
  ctx: BotContext,
  deps: FeatureDeps,
  query: ListQuery,
  period: ExportPeriod,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const kv = deps.storage.kv;
  const log = deps.logger.child({ module: "orders-export", chatId });
  if (!(await kv.setIfAbsent(lockKey(chatId), 1, EXPORT_LOCK_TTL_MS))) {
    await ctx.reply(ctx.t("orders-export-busy"));
    return;
  }
  const unlock = () =>
    kv.delete(lockKey(chatId)).catch((error: unknown) => {
      // The lock expires on its own (EXPORT_LOCK_TTL_MS); until then a new export waits.
      log.warn({ err: error }, "orders export lock not released");
    });
  try {
    const locale = await localeOf(ctx);
    const t: Translate = (key, vars) => deps.i18n.t(locale, key, vars);
    const started = t("orders-export-started", { period: periodLabel(period) });
    const progress = await ProgressMessage.start(ctx.api, deps.imports.clock, log, chatId, started);
    const job: ExportJob = { api: ctx.api, chatId, t, locale, query, period, progress, log };
    // The lock is released before the last word is shown: a seller who reads it may start again.
    runExport(deps, job)
      .catch((error: unknown) => {
        if (!isSellerApiFailure(error)) log.error({ err: error }, "orders export failed");
        else log.warn({ err: error }, "orders export stopped by the Seller API");
        return t("orders-export-stopped", { reason: t(userMessageKey(error)) });
      })
      .then(async (last) => {
        await unlock();
        await progress.settle(last);
      })
      .catch((error: unknown) => log.error({ err: error }, "orders export not finished"));
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * Pages through the period's orders into a file and sends it; the progress message's last
 * text is returned. A failure sends no file (the caller shows why).
 */
async function runExport(deps: FeatureDeps, job: ExportJob): Promise<string> {
  const { t, period, progress } = job;
  const zone = deps.config.timeZone;
  const label = periodLabel(period);
  const dir = await mkdtemp(join(tmpdir(), "orders-export-"));
  const fileName = `orders_${period.firstDay}_${period.lastDay}.xlsx`;
  const sheet = createOrdersSheet(join(dir, fileName), zone, orderSheetTexts(t, job.locale, zone));
  try {
    const orders = ordersOfPeriod({
      seller: deps.seller,
      filters: filtersOf(job.query),
      period,
      timeZone: zone,
      now: deps.imports.clock.now(),
      onPage: ({ pages, orders: count }) =>
        progress.update(t("orders-export-progress", { period: label, pages, count })),
    });
    for await (const order of orders) await sheet.add(order);
    if (sheet.rows === 0) return t("orders-export-empty", { period: label });
    const totals = await sheet.finish();
    await job.api.sendDocument(job.chatId, new InputFile(join(dir, fileName), fileName), {
      caption: captionOf(job, sheet.rows, totals, zone),
    });
    return t("orders-export-done", { period: label, count: sheet.rows });
  } catch (error) {
    await sheet.abort().catch((closing: unknown) => {
      // The file is removed below and never sent; a stream that will not close changes nothing.
      job.log.debug({ err: closing }, "orders export file not closed");
    });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function captionOf(job: ExportJob, rows: number, totals: Totals, zone: string): string {
  const money = (amount: number) => formatMoney(amount, job.locale);
  const lines = [
    job.t("orders-export-caption", {
      period: periodLabel(job.period),
      count: rows,
      total: money(totals.totalPrice),
      commission: money(totals.totalCommissionAmount),
      payout: money(totals.totalPayoutAmount),
      zone,
    }),
  ];
  if (job.query.search) lines.push(job.t("list-search", { search: escapeHtml(job.query.search) }));
  if (job.query.status) {
    const status = escapeHtml(orderStatusText(job.t, job.query.status, job.query.statusLabel));
    lines.push(job.t("orders-status-filter", { status }));
  }
  return lines.join("\n");
}
