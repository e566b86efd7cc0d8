/**
 * The money workbook, the Telegram side: the button under an answer reads the period's lines
 * (its days afresh: the file holds every line) into a file as the pages come, with one progress
 * message that gives way to the file, so the chat keeps the answer and one file message.
 * The workbook itself is `src/money/workbook.ts`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Api, InputFile } from "grammy";
import type { Locale, Translate } from "../../../i18n.js";
import { ProgressMessage } from "../../../import/index.js";
import type { Logger } from "../../../logger.js";
import {
  createMoneyBook,
  type MoneyPeriod,
  moneyBookCaption,
  moneyBookFileName,
} from "../../../money/index.js";
import { dottedDay, periodLabel } from "../../../orders-export/index.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { chatTranslator, underMoneyLock } from "./run.js";

interface BookJob {
  api: Api;
  chatId: number;
  t: Translate;
  locale: Locale;
  period: MoneyPeriod;
  progress: ProgressMessage;
  log: Logger;
}

/** The workbook of a period for the chat, unless a money reading is under way there. */
export async function startMoneyBook(
  ctx: BotContext,
  deps: FeatureDeps,
  period: MoneyPeriod,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const log = deps.logger.child({ module: "money-book", chatId });
  let job: BookJob | undefined;
  await underMoneyLock(
    ctx,
    deps,
    log,
    async () => {
      const { locale, t } = await chatTranslator(ctx, deps);
      const started = t("money-book-started", { period: periodLabel(period) });
      const progress = await ProgressMessage.start(ctx.api, deps.clock, log, chatId, started);
      const opened: BookJob = { api: ctx.api, chatId, t, locale, period, progress, log };
      job = opened;
      return {
        run: () => runMoneyBook(deps, opened),
        stopped: (reason) =>
          t("money-book-stopped", { period: periodLabel(period), reason: t(reason) }),
      };
    },
    async (last) => {
      if (!job) return;
      if (last !== undefined) return job.progress.settle(last);
      // The file is in the chat: the progress message has said all it had to.
      await job.api.deleteMessage(chatId, job.progress.messageId).catch(async (error) => {
        job!.log.debug({ err: error }, "money book progress not deleted; settled instead");
        await job!.progress.settle(job!.t("money-book-started", { period: periodLabel(period) }));
      });
    },
  );
}

/**
 * Reads the period's lines into a file and sends it. Undefined once the file is sent; else
 * the progress message's last text (no order in the period: no file).
 */
async function runMoneyBook(deps: FeatureDeps, job: BookJob): Promise<string | undefined> {
  const { t, period } = job;
  const zone = deps.config.timeZone;
  const label = periodLabel(period);
  const dir = await mkdtemp(join(tmpdir(), "money-book-"));
  const fileName = moneyBookFileName(t, period);
  const path = join(dir, "book.xlsx");
  const now = deps.clock.now();
  const book = createMoneyBook({ path, timeZone: zone, t, language: job.locale, madeAt: now });
  try {
    const { current, reading } = await deps.money.lines(period, now, {
      onLine: (line) => book.addLine(line),
      onProgress: (p) =>
        void job.progress.update(
          t("money-book-progress", {
            period: label,
            pages: p.pages,
            lines: p.lines,
            day: p.reachedDay ? dottedDay(p.reachedDay) : "none",
          }),
        ),
    });
    if (book.lines === 0) {
      await book.abort();
      return t("money-book-empty", { period: label });
    }
    const totals = await book.finish(current, await deps.money.costs());
    job.log.info({ pages: reading.pages, lines: totals.lines }, "money book written");
    await job.api.sendDocument(job.chatId, new InputFile(path, fileName), {
      caption: moneyBookCaption(t, job.locale, period, totals, zone),
    });
    return undefined;
  } catch (error) {
    await book.abort().catch((closing: unknown) => {
      // The file is removed below and never sent; a stream that will not close changes nothing.
      job.log.debug({ err: closing }, "money book file not closed");
    });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
