/**
 * One money question: a progress message (the pressed menu, or a new one) edited as the pages
 * come, then the answer in the same message. The reading runs apart from the update: a month of
 * a large shop takes longer than one update may hold its chat or its Seller API deadline.
 */
import { type Api, InlineKeyboard } from "grammy";
import type { Locale, Translate } from "../../../i18n.js";
import { ProgressMessage } from "../../../import/index.js";
import type { Logger } from "../../../logger.js";
import {
  answerOf,
  localNow,
  type MoneyPeriod,
  moneyPeriodLabel,
  type ReadProgress,
  renderAnswer,
} from "../../../money/index.js";
import { dottedDay } from "../../../orders-export/index.js";
import { KEY_PREFIX } from "../../../storage/index.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { isSellerApiFailure, userMessageKey } from "../../errors/user-messages.js";
import { bookButtonOf, periodKeyboard } from "./buttons.js";

/** One money question per chat at a time; a lock left by a crashed instance frees itself. */
const LOCK_TTL_MS = 30 * 60_000;
const lockKey = (chatId: number) => `${KEY_PREFIX.cache}money-lock:${chatId}`;

interface MoneyJob {
  api: Api;
  chatId: number;
  t: Translate;
  locale: Locale;
  period: MoneyPeriod;
  progress: ProgressMessage;
  log: Logger;
  /** The period's order lines, every status, once read: the workbook's button needs some. */
  lines?: number;
}

/** The progress message: the pressed menu edited in place, or a new message. */
async function openProgress(
  ctx: BotContext,
  deps: FeatureDeps,
  log: Logger,
  text: string,
  messageId: number | undefined,
): Promise<ProgressMessage> {
  const chatId = ctx.chat!.id;
  if (messageId === undefined) return ProgressMessage.start(ctx.api, deps.clock, log, chatId, text);
  try {
    await ctx.api.editMessageText(chatId, messageId, text);
  } catch (error) {
    // Too old to edit, or deleted meanwhile: the progress (and the answer) come as a new message.
    log.debug({ err: error }, "money menu not edited; a new message instead");
    return ProgressMessage.start(ctx.api, deps.clock, log, chatId, text);
  }
  return new ProgressMessage(ctx.api, deps.clock, log, {
    chatId,
    messageId,
    text,
    at: deps.clock.now(),
  });
}

/**
 * Runs `work` apart from the update under the chat's money lock (one money reading per chat at
 * a time: a month of a large shop is many pages), unless one is under way there; the progress
 * message's last text is what `work` returns, or why it stopped. Undefined: nothing to show.
 */
export async function underMoneyLock(
  ctx: BotContext,
  deps: FeatureDeps,
  log: Logger,
  work: () => Promise<{ run(): Promise<string | undefined>; stopped(reason: string): string }>,
  settle: (last: string | undefined) => Promise<void>,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const kv = deps.storage.kv;
  if (!(await kv.setIfAbsent(lockKey(chatId), 1, LOCK_TTL_MS))) {
    await ctx.reply(ctx.t("money-busy"));
    return;
  }
  const unlock = () =>
    kv.delete(lockKey(chatId)).catch((error: unknown) => {
      // The lock expires on its own (LOCK_TTL_MS); until then a new question waits.
      log.warn({ err: error }, "money lock not released");
    });
  try {
    const job = await work();
    deps.seller
      .withoutDeadline(() => job.run())
      .catch((error: unknown) => {
        if (!isSellerApiFailure(error)) log.error({ err: error }, "money reading failed");
        else log.warn({ err: error }, "money reading stopped by the Seller API");
        return job.stopped(userMessageKey(error));
      })
      .then(async (last) => {
        await unlock();
        await settle(last);
      })
      .catch((error: unknown) => log.error({ err: error }, "money reading not finished"));
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** The chat's language as a translator, for work that outlives the update. */
export async function chatTranslator(ctx: BotContext, deps: FeatureDeps) {
  const locale = (await ctx.i18n.getLocale()) as Locale;
  const t: Translate = (key, vars) => deps.i18n.t(locale, key, vars);
  return { locale, t };
}

/** Starts the reading of a period for the chat, unless one is under way there. */
export async function startMoney(
  ctx: BotContext,
  deps: FeatureDeps,
  period: MoneyPeriod,
  messageId?: number,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const log = deps.logger.child({ module: "money", chatId });
  const { today } = localNow(deps.clock.now(), deps.config.timeZone);
  if (period.firstDay > today) return void (await ctx.reply(ctx.t("money-future")));
  let job: MoneyJob | undefined;
  await underMoneyLock(
    ctx,
    deps,
    log,
    async () => {
      const { locale, t } = await chatTranslator(ctx, deps);
      const started = t("money-started", { period: moneyPeriodLabel(t, period) });
      const progress = await openProgress(ctx, deps, log, started, messageId);
      const opened: MoneyJob = { api: ctx.api, chatId, t, locale, period, progress, log };
      job = opened;
      return {
        run: () => runMoney(deps, opened),
        stopped: (reason) => t("money-stopped", { reason: t(reason) }),
      };
    },
    async (last) => {
      if (job && last !== undefined) await showAnswer(job, last);
    },
  );
}

/** Reads the period and its previous one; the answer's text. */
async function runMoney(deps: FeatureDeps, job: MoneyJob): Promise<string> {
  const { t, period, progress } = job;
  const label = moneyPeriodLabel(t, period);
  // One edit at a time, never awaited by the reading: pages keep coming while Telegram answers.
  let editing: Promise<void> | undefined;
  const onProgress = (p: ReadProgress) => {
    if (editing) return;
    const text = t("money-progress", {
      period: label,
      pages: p.pages,
      lines: p.lines,
      day: p.reachedDay ? dottedDay(p.reachedDay) : "none",
    });
    editing = progress.update(text).finally(() => {
      editing = undefined;
    });
  };
  const figures = await deps.money.figures(period, deps.clock.now(), { onProgress });
  await editing;
  job.log.info(
    { pages: figures.reading.pages, cachedDays: figures.reading.cachedDays },
    "money figures read",
  );
  job.lines = figures.current.all.lines;
  return renderAnswer(t, job.locale, answerOf(figures, await deps.money.costs()));
}

/** The periods under an answer; the workbook's button above them when the period has lines. */
function answerKeyboard(job: MoneyJob) {
  const periods = periodKeyboard((key) => job.t(key));
  if (!job.lines) return periods;
  const book = InlineKeyboard.text(job.t("money-book-button"), bookButtonOf(job.period));
  return InlineKeyboard.from([[book], ...periods.inline_keyboard]);
}

/** The answer (or why there is none) in the progress message, the periods under it. */
async function showAnswer(job: MoneyJob, text: string): Promise<void> {
  const { chatId } = job;
  const { messageId } = job.progress;
  const reply_markup = answerKeyboard(job);
  try {
    await job.api.editMessageText(chatId, messageId, text, {
      reply_markup,
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    // The seller may have deleted the message: the answer comes as a new one.
    job.log.debug({ err: error }, "money answer not edited in; sent anew");
    await job.api.sendMessage(chatId, text, { reply_markup });
  }
}
