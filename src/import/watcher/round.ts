import type { Clock } from "../../clock.js";
import { type I18nInstance, translator } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { RateBudget, Round, RoundResult } from "../../scheduler/index.js";
import type { SellerApi } from "../../seller-api/index.js";
import { SellerApiError } from "../../seller-api/index.js";
import { escapeHtml, shorten } from "../../text/index.js";
import type { Notifier } from "./notifier.js";
import { isSweep, type PollingRule, pollDelay } from "./polling.js";
import { type ProductOutcome, readJob, type StatusRules, tallyDocument } from "./results.js";
import type { SenderWatch } from "./senders.js";
import { type DocState, initialState, type SentMarker, type WatcherStore } from "./store.js";
import { buildSummary, progressText } from "./summary.js";
import type { SentBatch, WatchedDocument } from "./types.js";

/** Rounds a job may answer "not found"/"invalid" in a row before it is given up. */
const MAX_JOB_ERRORS = 5;

export interface RoundDeps {
  seller: Pick<SellerApi, "importInfo">;
  store: WatcherStore;
  notifier: Notifier;
  senders: SenderWatch;
  i18n: I18nInstance;
  clock: Clock;
  logger: Logger;
  rules: StatusRules;
  maxWatchMs: number;
  /** `import/info` calls at once for one document. */
  jobConcurrency: number;
  /** When the next round comes and how much it reads (polling.ts). */
  rule: PollingRule;
  /** The instance's `import/info` calls a minute (IMPORT_POLL_MAX_PER_MINUTE). */
  budget: RateBudget;
}

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const acceptedOf = (doc: WatchedDocument) => doc.batches.reduce((n, b) => n + b.products.length, 0);

/** The round's dependencies and what one watcher keeps between rounds. */
interface RoundEnv extends RoundDeps {
  maxWatchHours: number;
  /** Summaries sent by this instance whose record could not be written yet. */
  sentHere: Map<string, SentMarker>;
}

async function closeDocument(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  status: DocState["status"],
) {
  state.status = status;
  state.finishedAt = env.clock.now();
  await env.store.putState(doc.id, state);
  await env.store.unwatch(doc.id);
}

/** Records a sent summary; retried a little, and remembered here if the store stays away. */
async function recordSent(env: RoundEnv, docId: string, marker: SentMarker) {
  env.sentHere.set(docId, marker);
  for (let attempt = 1; ; attempt++) {
    try {
      await env.store.putSent(docId, marker);
      env.sentHere.delete(docId);
      return;
    } catch (error) {
      if (attempt >= 3) {
        env.logger.error(
          { doc: docId, err: error },
          "could not record a sent summary; kept in memory",
        );
        throw error;
      }
      await env.clock.sleep(100 * attempt);
    }
  }
}

/** Applies one job's `import/info` answer to the state; true when the job is final. */
async function readOne(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  batch: SentBatch,
  signal: AbortSignal,
) {
  await env.budget.take(signal);
  const info = await env.seller.importInfo(batch.jobId);
  const reading = readJob(info, batch.products.length, env.rules);
  const key = String(batch.jobId);
  delete state.jobErrors[key];
  if (!reading.final) {
    state.partial[key] = reading.finishedProducts;
    return false;
  }
  await env.store.putJob(doc.id, batch.jobId, reading.products);
  state.finalJobs.push(batch.jobId);
  delete state.partial[key];
  const one = tallyDocument(
    { ...doc, batches: [batch], failedBatches: [] },
    new Map([[batch.jobId, reading.products]]),
  );
  state.counts.succeeded += one.succeeded;
  state.counts.failed += one.failed;
  state.counts.pending -= batch.products.length;
  return true;
}

/** A job the API refuses to describe: counted, and given up after a few rounds. */
async function jobRefused(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  batch: SentBatch,
  error: unknown,
) {
  const key = String(batch.jobId);
  const count = (state.jobErrors[key] ?? 0) + 1;
  state.jobErrors[key] = count;
  env.logger.warn({ doc: doc.id, jobId: batch.jobId, count, err: error }, "import/info refused");
  if (count < MAX_JOB_ERRORS) return;
  // The API does not know the job: report it as without a result, stop asking.
  env.logger.error({ doc: doc.id, jobId: batch.jobId }, "import job given up");
  state.finalJobs.push(batch.jobId);
  await env.store.putJob(doc.id, batch.jobId, []);
  delete state.partial[key];
}

/** Reads one job: final now, still open (or refused), or the Seller API is away. */
async function readGuarded(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  batch: SentBatch,
  signal: AbortSignal,
): Promise<"final" | "open" | "away"> {
  try {
    return (await readOne(env, doc, state, batch, signal)) ? "final" : "open";
  } catch (error) {
    const permanent =
      error instanceof SellerApiError && (error.kind === "not_found" || error.kind === "invalid");
    if (!permanent) {
      env.logger.warn({ doc: doc.id, jobId: batch.jobId, err: error }, "import/info failed; later");
      return "away";
    }
    await jobRefused(env, doc, state, batch, error);
    return state.finalJobs.includes(batch.jobId) ? "final" : "open";
  }
}

/**
 * Reads the unfinished jobs of a document (polling.ts): a sweep reads all of them, a probe the
 * oldest first, in waves of 1, 2, 4… while every answer is final, up to the first one still
 * unfinished. Stops at the first outage (a later round retries). False when the API was away.
 */
async function pollJobs(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  signal: AbortSignal,
  sweep: boolean,
): Promise<boolean> {
  const open = doc.batches.filter((b) => !state.finalJobs.includes(b.jobId));
  let healthy = true;
  if (sweep) {
    await eachLimited(open, env.jobConcurrency, async (batch) => {
      if (!healthy || signal.aborted) return;
      if ((await readGuarded(env, doc, state, batch, signal)) === "away") healthy = false;
    });
    return healthy;
  }
  let width = 1;
  for (let i = 0; i < open.length && !signal.aborted; i += width, width *= 2) {
    width = Math.min(width, env.jobConcurrency);
    const wave = open.slice(i, i + width);
    const answers = await Promise.all(
      wave.map((batch) => readGuarded(env, doc, state, batch, signal)),
    );
    if (answers.includes("away")) return false;
    if (answers.includes("open")) return true;
  }
  return true;
}

/** Products whose result is known final so far (final jobs and finished parts of the others). */
const finishedOf = (doc: WatchedDocument, state: DocState) =>
  doc.batches
    .filter((b) => state.finalJobs.includes(b.jobId))
    .reduce((n, b) => n + b.products.length, 0) +
  Object.values(state.partial).reduce((n, k) => n + k, 0);

/** One round's reading of the document, and the counters that time the next round. */
async function readDocument(env: RoundEnv, doc: WatchedDocument, state: DocState, round: Round) {
  const now = env.clock.now();
  const sweep = isSweep(env.rule, state.sweptAt, now);
  const before = state.finalJobs.length;
  const healthy = await pollJobs(env, doc, state, round.signal, sweep);
  state.polls++;
  if (sweep && healthy) state.sweptAt = now;
  state.quiet = state.finalJobs.length > before ? 0 : (state.quiet ?? 0) + 1;
  state.outages = healthy ? 0 : (state.outages ?? 0) + 1;
}

/** Builds and sends the summary; "done" once the document is closed. */
async function finish(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  round: Round,
): Promise<RoundResult> {
  const later = { nextAt: env.clock.now() + pollDelay(env.rule, state) };
  const results = new Map<number, ProductOutcome[]>();
  const stored = await env.store.getJobs(doc.id, state.finalJobs);
  state.finalJobs.forEach((jobId, i) => {
    const products = stored[i];
    // A job given up (or a lost record) has no results: it is reported as unfinished.
    if (products && products.length > 0) results.set(jobId, products);
  });
  const tally = tallyDocument(doc, results);
  const t = translator(env.i18n, doc.locale);
  const summary = buildSummary(doc, tally, t, {
    expired: tally.unfinished > 0,
    maxWatchHours: env.maxWatchHours,
  });
  // Only the lease holder sends, and only while nothing says it was sent already.
  if (round.signal.aborted) return later;
  if (await env.store.getSent(doc.id)) {
    await closeDocument(env, doc, state, state.status === "watching" ? "done" : state.status);
    return "done";
  }
  if (!(await round.confirmLease())) return later;
  const sent = await env.notifier.sendSummary(doc, state, summary);
  if ("retryAfterMs" in sent) {
    state.nextPollAt = Math.max(later.nextAt, env.clock.now() + sent.retryAfterMs);
    await env.store.putState(doc.id, state);
    return { nextAt: state.nextPollAt };
  }
  // Recorded right after the send returned: the only window for a repeat is a crash here.
  // Until it is recorded, this instance keeps the lease: no other may send it again.
  round.keepLease();
  await recordSent(env, doc.id, sent.marker);
  round.keepLease(false);
  state.counts = {
    products: tally.accepted + tally.refused + tally.maybeCreated,
    succeeded: tally.succeeded,
    failed: tally.failed + tally.refused + tally.maybeCreated,
    pending: tally.unfinished,
  };
  state.partial = {};
  // "expired": some jobs never gave a final result (watch limit, or the API lost them).
  await closeDocument(env, doc, state, tally.unfinished > 0 ? "expired" : "done");
  const { outcome } = sent.marker;
  env.logger.info({ doc: doc.id, chatId: doc.chatId, outcome }, "import summary sent");
  if (outcome === "sent" && tally.accepted > 0 && !round.signal.aborted) {
    const file = escapeHtml(shorten(doc.fileName, 80));
    await env.notifier.editProgress(doc, state, t("jobs-progress-done", { file }), true);
  }
  return "done";
}

/** Between rounds: the counts for /jobs and the progress edit. */
async function progress(
  env: RoundEnv,
  doc: WatchedDocument,
  state: DocState,
  senderAlive: boolean,
) {
  const finished = finishedOf(doc, state);
  state.counts.pending = acceptedOf(doc) - finished;
  // While requests still go out, the status message is the sender's; without one, no text.
  if (!senderAlive && doc.progressMessageId !== undefined) {
    const t = translator(env.i18n, doc.locale);
    await env.notifier.editProgress(doc, state, progressText(doc, finished, acceptedOf(doc), t));
  }
}

/** One round of one leased document. */
async function runRound(env: RoundEnv, docId: string, round: Round): Promise<RoundResult> {
  const { doc, state: stored, sent } = await env.store.getRecords(docId);
  if (!doc) {
    env.logger.warn({ doc: docId }, "watched document without a record; dropped");
    await env.store.unwatch(docId);
    return "done";
  }
  const state = stored ?? initialState(doc, env.clock.now());
  if (sent || env.sentHere.has(docId) || state.status !== "watching") {
    if (env.sentHere.has(docId)) {
      round.keepLease();
      await recordSent(env, docId, env.sentHere.get(docId)!);
      round.keepLease(false);
    }
    await closeDocument(env, doc, state, state.status === "watching" ? "done" : state.status);
    return "done";
  }
  // Compared with the tick's time (not the clock, a few ms either side of it): a document due
  // at this tick is read at this tick.
  if (state.nextPollAt > round.takenAt) return { nextAt: state.nextPollAt };
  const expired = env.clock.now() - doc.createdAt >= env.maxWatchMs;
  // Requests still going out: no summary yet, unless the sender has evidently died.
  const senderAlive = env.senders.isAlive(doc);
  const allFinal = () => doc.batches.every((b) => state.finalJobs.includes(b.jobId));
  if (!expired && !allFinal()) await readDocument(env, doc, state, round);
  // From the tick that took the document up: it comes again that many ticks later.
  const next = { nextAt: round.takenAt + pollDelay(env.rule, state) };
  // A lease lost meanwhile (this process stalled past it): another instance owns the state.
  if (!round.holdsLease()) return next;
  if ((allFinal() && !senderAlive) || expired) {
    // Saved first: results gathered this round stay even if the send must wait.
    await env.store.putState(docId, state);
    return finish(env, doc, state, round);
  }
  state.nextPollAt = next.nextAt;
  await progress(env, doc, state, senderAlive);
  await env.store.putState(docId, state);
  return next;
}

/**
 * One polling round of one watched document, run by the scheduler under the document's lease:
 * polls its unfinished jobs, stores final results, edits the progress message, and once every
 * job is final (or the document is past the watch limit) sends the one summary, records it at
 * once, and stops watching.
 */
export function createDocumentRound(deps: RoundDeps) {
  const env: RoundEnv = {
    ...deps,
    maxWatchHours: Math.round(deps.maxWatchMs / 3_600_000),
    sentHere: new Map(),
  };
  return { run: (docId: string, round: Round) => runRound(env, docId, round) };
}
