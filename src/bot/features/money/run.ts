/**
 * One money question: a progress message (the pressed menu, or a new one) edited as the pages
 * come, then the answer in the same message. The reading runs apart from the update: a month of
 * a large shop takes longer than one update may hold its chat or its Seller API deadline.
 */
import type { Api } from "grammy";
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
import { periodKeyboard } from "./buttons.js";

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

/** Starts the reading of a period for the chat, unless one is under way there. */
export async function startMoney(
  ctx: BotContext,
  deps: FeatureDeps,
  period: MoneyPeriod,
  messageId?: number,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const kv = deps.storage.kv;
  const log = deps.logger.child({ module: "money", chatId });
  const { today } = localNow(deps.clock.now(), deps.config.timeZone);
  if (period.firstDay > today) return void (await ctx.reply(ctx.t("money-future")));
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
    const locale = (await ctx.i18n.getLocale()) as Locale;
    const t: Translate = (key, vars) => deps.i18n.t(locale, key, vars);
    const started = t("money-started", { period: moneyPeriodLabel(t, period) });
    const progress = await openProgress(ctx, deps, log, started, messageId);
    const job: MoneyJob = { api: ctx.api, chatId, t, locale, period, progress, log };
    deps.seller
      .withoutDeadline(() => runMoney(deps, job))
      .catch((error: unknown) => {
        if (!isSellerApiFailure(error)) log.error({ err: error }, "money figures failed");
        else log.warn({ err: error }, "money figures stopped by the Seller API");
        return t("money-stopped", { reason: t(userMessageKey(error)) });
      })
      .then(async (last) => {
        await unlock();
        await showAnswer(job, last);
      })
      .catch((error: unknown) => log.error({ err: error }, "money answer not shown"));
  } catch (error) {
    await unlock();
    throw error;
  }
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
  return renderAnswer(t, job.locale, answerOf(figures));
}

/** The answer (or why there is none) in the progress message, the periods under it. */
async function showAnswer(job: MoneyJob, text: string): Promise<void> {
  const { chatId } = job;
  const { messageId } = job.progress;
  try {
    await job.api.editMessageText(chatId, messageId, text, {
      reply_markup: periodKeyboard((key) => job.t(key)),
      link_preview_options: { is_disabled: true },
    });
  } catch (error) {
    // The seller may have deleted the message: the answer comes as a new one.
    job.log.debug({ err: error }, "money answer not edited in; sent anew");
    await job.api.sendMessage(chatId, text, {
      reply_markup: periodKeyboard((key) => job.t(key)),
    });
  }
}
