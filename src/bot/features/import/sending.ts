import type { Api } from "grammy";
import type { Locale, Translate } from "../../../i18n.js";
import {
  batchCount,
  IMPORT_CONCURRENCY,
  type PlacedFieldError,
  placeFieldErrors,
  planBatches,
  sendBatches,
} from "../../../import/send.js";
import type { FileFormat } from "../../../import/types.js";
import type { FailedBatch, SentBatch, WatchedDocument } from "../../../import/watcher/types.js";
import { apiErrorKindKey } from "../../helpers/api-errors.js";
import type { FeatureDeps } from "../../index.js";
import type { DraftStore } from "./draft.js";
import { apiErrorLine, fitMessage, refsText } from "./problems.js";
import { type ProgressClock, ProgressMessage, type ProgressState } from "./progress.js";

/** API errors of refused requests listed in the message (the summary has them all). */
const API_ERROR_LINES = 10;

/** A read document on its way to the API; plain data (it is a conversation's argument). */
export interface ImportJob {
  draftId: string;
  chatId: number;
  locale: Locale;
  fileName: string;
  format: FileFormat;
  /** Valid products, kept in the draft. */
  valid: number;
  /** Invalid products, not sent. */
  skipped: number;
  /** Texts of the file's warnings, added to the result message. */
  warnings: string[];
  progress: ProgressState;
  /** The message with "import the valid ones" / "cancel", when the seller must choose. */
  offerMessageId?: number;
}

/**
 * How side effects run: at once in an update handler, through `conversation.external` (and
 * the conversation's clock) inside a conversation, so replays repeat none of them.
 */
export interface Effects {
  run<T>(task: () => Promise<T>): Promise<T>;
  clock: ProgressClock;
}

/** Where the texts go: the update's (or conversation's) Api, translator and chat. */
export interface Chat {
  api: Api;
  t: Translate;
}

/** The outcome of a wave of requests, as it is recorded. */
interface WaveOutcome {
  missing: boolean;
  sent: SentBatch[];
  failed: FailedBatch[];
  /** Field errors of refused requests, already placed in the file, by request number. */
  placed: { batch: number; errors: PlacedFieldError[] }[];
}

/**
 * Sends a draft's valid products in requests of at most 30, a few in flight at once, with
 * the status message following; tells the seller what was accepted and what failed, and
 * hands the accepted jobs to the watcher. The import POST is never retried.
 */
export async function sendDraft(
  deps: FeatureDeps,
  drafts: DraftStore,
  effects: Effects,
  chat: Chat,
  job: ImportJob,
): Promise<void> {
  const log = deps.logger.child({ module: "import", chatId: job.chatId, draft: job.draftId });
  const { t, api } = chat;
  const progress = new ProgressMessage(effects.clock, { ...job.progress });
  const total = batchCount(job.valid);
  // A few requests at a time, with a progress edit between the waves (at most ~10 waves).
  const wave = Math.max(IMPORT_CONCURRENCY * 2, Math.ceil(total / 10));
  const sent: SentBatch[] = [];
  const failed: FailedBatch[] = [];
  const placed: WaveOutcome["placed"] = [];
  await progress.update(api, t("import-sending", { valid: job.valid, done: 0, total }));
  // The watched document, recorded after every accepted request while the rest still go out
  // (`sending`), so a crash in the middle loses no job; the last record clears `sending`.
  const createdAt = await effects.clock.now();
  const documentOf = (batches: SentBatch[], failedBatches: FailedBatch[], sending: boolean) =>
    ({
      id: job.draftId,
      chatId: job.chatId,
      locale: job.locale,
      fileName: job.fileName,
      format: job.format,
      createdAt,
      progressMessageId: progress.messageId,
      skippedInvalid: job.skipped,
      batches,
      failedBatches,
      sending,
      updatedAt: Date.now(),
    }) satisfies WatchedDocument;
  const recorded = { sent: [] as SentBatch[], failed: [] as FailedBatch[] };
  let recording = Promise.resolve();
  // One write at a time, each of everything known by then: no older write lands last. Each
  // write is also the sender's heartbeat (the watcher takes a long-silent sender for dead).
  const save = (): Promise<void> => {
    recording = recording.then(() =>
      deps.watcher
        .watch(documentOf([...recorded.sent], [...recorded.failed], true))
        .catch((error: unknown) =>
          log.warn({ err: String(error) }, "import progress not recorded"),
        ),
    );
    return recording;
  };
  const record = (outcome: SentBatch | FailedBatch): Promise<void> => {
    if ("jobId" in outcome) recorded.sent.push(outcome);
    else recorded.failed.push(outcome);
    return save();
  };
  for (let start = 0; start < total; start += wave) {
    const outcome = await effects.run(async (): Promise<WaveOutcome> => {
      const draft = await drafts.load(job.draftId);
      if (!draft) return { missing: true, sent: [], failed: [], placed: [] };
      // Heartbeat before every wave: progress edits between waves may have taken a while.
      if (start > 0) await save();
      const planned = planBatches(draft.products).slice(start, start + wave);
      const result = await sendBatches(deps.api, planned, {
        concurrency: IMPORT_CONCURRENCY,
        onOutcome: record,
      });
      for (const f of result.failed) {
        log.warn({ batch: f.batch, error: f.error }, "import request failed");
      }
      return {
        missing: false,
        ...result,
        placed: result.failed.map((f) => ({
          batch: f.batch,
          errors: placeFieldErrors(
            f,
            job.format,
            planned.find((p) => p.batch === f.batch)?.products.map((p) => p.product),
          ),
        })),
      };
    });
    if (outcome.missing) {
      await progress.settle(api, t("import-offer-expired"));
      return;
    }
    sent.push(...outcome.sent);
    failed.push(...outcome.failed);
    placed.push(...outcome.placed);
    const done = Math.min(start + wave, total);
    if (done < total) {
      await progress.update(api, t("import-sending", { valid: job.valid, done, total }));
    }
  }

  // Recorded before the seller is told anything: a crash after this point loses no summary.
  const document = documentOf(sent, failed, false);
  const watched = await effects.run(async () => {
    try {
      await deps.watcher.watch(document);
      return true;
    } catch (error) {
      log.error({ err: String(error) }, "import not watched");
      return false;
    }
  });
  // Then the seller reads the outcome; the watcher takes over the status message after.
  const acceptedProducts = sent.reduce((n, b) => n + b.products.length, 0);
  await progress.settle(
    api,
    sent.length > 0
      ? t("import-waiting", { products: acceptedProducts, requests: sent.length })
      : t("import-none-accepted"),
  );
  await api.sendMessage(job.chatId, resultText(t, { total, sent, failed, placed, ...job }));

  if (!watched && sent.length > 0) await api.sendMessage(job.chatId, t("import-watch-failed"));
  await effects.run(() => drafts.delete(job.draftId).catch(() => {}));
}

function resultText(
  t: Translate,
  r: {
    total: number;
    sent: SentBatch[];
    failed: FailedBatch[];
    placed: WaveOutcome["placed"];
    skipped: number;
    warnings: string[];
  },
): string {
  const blocks: string[] = [];
  if (r.sent.length > 0) {
    const products = r.sent.reduce((n, b) => n + b.products.length, 0);
    const head = [t("import-accepted", { products, requests: r.sent.length })];
    if (r.skipped > 0) head.push(t("import-skipped", { count: r.skipped }));
    blocks.push(head.join("\n"));
  }
  let linesLeft = API_ERROR_LINES;
  let uncertain = false;
  for (const f of [...r.failed].sort((a, b) => a.batch - b.batch)) {
    const where = refsText(
      t,
      f.products.map((p) => p.ref),
    );
    const vars = { batch: f.batch, total: r.total, where };
    if (f.error.maybeProcessed) {
      uncertain = true;
      blocks.push(t("import-batch-uncertain", vars));
    } else if (f.error.kind === "invalid" && f.error.fieldErrors.length > 0) {
      const errors = r.placed.find((p) => p.batch === f.batch)?.errors ?? [];
      const shown = errors.slice(0, Math.max(0, linesLeft));
      linesLeft -= shown.length;
      const lines = [t("import-batch-refused", vars), ...shown.map((e) => apiErrorLine(t, e))];
      if (shown.length < errors.length) {
        lines.push(t("import-api-errors-more", { count: errors.length - shown.length }));
      }
      blocks.push(lines.join("\n"));
    } else {
      blocks.push(t("import-batch-failed", { ...vars, reason: t(apiErrorKindKey(f.error.kind)) }));
    }
  }
  if (uncertain) blocks.push(t("import-check-products"));
  if (r.sent.length > 0) blocks.push(t("import-summary-follows"));
  blocks.push(...r.warnings);
  return fitMessage(blocks);
}
