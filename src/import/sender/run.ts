import type { Api } from "grammy";
import type { Clock } from "../../clock.js";
import { type I18nInstance, translator } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { SellerApi, SellerApiErrorKind } from "../../seller-api/index.js";
import { type Characteristics, codesOfProductNames, namesIn } from "../characteristics.js";
import type { DraftStore } from "../draft.js";
import { fitMessage } from "../problems.js";
import type { ParsedProduct } from "../types.js";
import type { FailedBatch, ImportWatcher, SentBatch } from "../watcher/types.js";
import type { ImportJob } from "./job.js";
import { ProgressMessage, type ProgressState } from "./progress.js";
import { createRecorder } from "./record.js";
import {
  IMPORT_CONCURRENCY,
  type PlannedBatch,
  placeFieldErrors,
  planBatches,
  sendBatches,
} from "./requests.js";
import { resultText } from "./result.js";

export interface SenderDeps {
  seller: Pick<SellerApi, "importProducts">;
  /** Bot API for the status message and the result; paced by whoever installed it. */
  telegram: Api;
  watcher: Pick<ImportWatcher, "watch" | "update" | "beginSending" | "endSending">;
  drafts: DraftStore;
  i18n: I18nInstance;
  clock: Clock;
  logger: Logger;
  /** The locale key that explains a kind of Seller API failure. */
  failureKey(kind: SellerApiErrorKind): string;
  /**
   * The directories' characteristics with their names: new products whose characteristics are
   * written by names (a file started from an export) go out with their codes. None: as written.
   */
  characteristics?: () => Promise<Characteristics>;
}

/**
 * New products' characteristics written by names made codes before they are sent, when some
 * text may be a name (a file of codes asks the directories for nothing). A directory that
 * cannot be read leaves them as written: the service names what it does not know.
 */
async function namesMadeCodes(deps: SenderDeps, products: readonly ParsedProduct[], log: Logger) {
  const items = products.map((p) => p.product);
  if (!deps.characteristics || !namesIn(items)) return;
  try {
    codesOfProductNames(items, await deps.characteristics());
  } catch (error) {
    log.warn({ err: error }, "characteristics' names not read: sent as written");
  }
}

/**
 * Sends one confirmed document: requests of at most 30 products, 3 in flight at all times,
 * each outcome recorded for the watcher as it comes, the status message following. When
 * `signal` aborts (the app stops), no new request starts, those in flight finish, and the
 * document stays marked as interrupted: the summary after the restart reports what was
 * accepted and says the sending was cut short.
 */
export async function sendDocument(deps: SenderDeps, job: ImportJob, signal: AbortSignal) {
  const draft = await deps.drafts.load(job.draftId);
  const t = translator(deps.i18n, job.locale);
  const log = deps.logger.child({ module: "import", chatId: job.chatId, draft: job.draftId });
  if (!draft) {
    if (job.progress) await statusOf(deps, log, job.progress).settle(t("import-offer-expired"));
    else await deps.telegram.sendMessage(job.chatId, t("import-offer-expired"));
    return;
  }
  await namesMadeCodes(deps, draft.products, log);
  const planned = planBatches(draft.products);
  const sending = (n: number) =>
    t("import-sending", { valid: job.valid, done: n, total: planned.length });
  const senderId = deps.watcher.beginSending(job.draftId);
  try {
    const progress = job.progress
      ? statusOf(deps, log, job.progress)
      : await startStatus(deps, log, job.chatId, sending(0));
    const recorder = createRecorder(
      { ...deps, logger: log },
      { ...job, progress: progress.state },
      {
        senderId,
        createdAt: deps.clock.now(),
      },
    );
    let done = 0;
    let edits = Promise.resolve();
    await progress.update(sending(0));
    const outcome = await sendBatches(deps.seller, planned, {
      concurrency: IMPORT_CONCURRENCY,
      signal,
      onOutcome: async (result) => {
        await recorder.record(result);
        done++;
        // The edit does not hold the pipeline back; too frequent ones are dropped.
        edits = edits.then(() => progress.update(sending(done)));
      },
    });
    await edits;
    for (const f of outcome.failed)
      log.warn({ batch: f.batch, error: f.error }, "import request failed");
    const interrupted = outcome.unsent.length > 0;
    const watched = await recorder.finish(interrupted);
    if (interrupted) {
      // Stopping: no more Telegram calls; the summary after the restart tells the rest.
      log.warn({ unsent: outcome.unsent.length }, "import sending interrupted by a stop");
      return;
    }
    await tell(deps, t, job, progress, { ...outcome, planned, watched });
    await deps.drafts.delete(job.draftId).catch((error: unknown) => {
      // The draft expires on its own (DRAFT_TTL_MS); nothing reads it after this.
      log.warn({ err: error }, "draft not deleted");
    });
  } finally {
    deps.watcher.endSending(job.draftId);
  }
}

/** The status message a press started (the catalog's apply and undo), edited from here on. */
const statusOf = (deps: SenderDeps, log: Logger, state: ProgressState) =>
  new ProgressMessage(deps.telegram, deps.clock, log, { ...state });

/**
 * The sending's own status message, below the offer. Telegram refusing it stops nothing: the
 * requests go out all the same, and their outcome comes as a message of its own (`tell`).
 */
async function startStatus(deps: SenderDeps, log: Logger, chatId: number, text: string) {
  try {
    return await ProgressMessage.start(deps.telegram, deps.clock, log, chatId, text);
  } catch (error) {
    log.warn({ err: error }, "status message not sent; the import goes on without it");
    return statusOf(deps, log, { chatId, messageId: 0, text, at: deps.clock.now() });
  }
}

/**
 * The status message becomes the outcome of every request (no message of its own: the chat
 * reads the offer, this one message, then the summary).
 */
async function tell(
  deps: SenderDeps,
  t: ReturnType<typeof translator>,
  job: ImportJob,
  progress: ProgressMessage,
  r: {
    sent: SentBatch[];
    failed: FailedBatch[];
    planned: PlannedBatch[];
    watched: boolean;
  },
) {
  // None accepted for sure: refused; or unanswered, which may have gone through after all.
  const unsure = r.failed.some((f) => f.error.maybeProcessed);
  const none =
    r.sent.length === 0 ? [t(unsure ? "import-none-confirmed" : "import-none-accepted")] : [];
  const placed = r.failed.map((f) => ({
    batch: f.batch,
    errors: placeFieldErrors(
      f,
      job.format,
      r.planned.find((p) => p.batch === f.batch)?.products.map((p) => p.product),
    ),
  }));
  const text = resultText(
    t,
    { ...job, total: r.planned.length, sent: r.sent, failed: r.failed, placed },
    deps.failureKey,
  );
  const outcome = fitMessage([...none, text]);
  if (progress.messageId === 0) await deps.telegram.sendMessage(job.chatId, outcome);
  else await progress.settle(outcome);
  if (!r.watched && r.sent.length > 0) {
    await deps.telegram.sendMessage(job.chatId, t("import-watch-failed"));
  }
}
