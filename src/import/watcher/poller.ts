import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { GrammyError, InputFile } from "grammy";
import { escapeHtml } from "../../bot/helpers/html.js";
import { shorten } from "../../bot/helpers/text.js";
import { translator } from "../../i18n.js";
import { SellerApiError } from "../../seller-api/errors.js";
import { createLeases } from "./claims.js";
import type { WatcherDeps } from "./index.js";
import { createSendPacer } from "./pacer.js";
import { type ProductOutcome, readJob, statusRules, tallyDocument } from "./results.js";
import { createWatcherStore, type DocState, initialState, keys, type SentMarker } from "./store.js";
import { buildSummary, progressText } from "./summary.js";
import type { DocumentStatus, ImportWatcher, WatchedDocument } from "./types.js";

/** Tuning of the watcher; the defaults suit production, tests shorten some. */
export interface WatcherOptions {
  /** Lease of a document (claims.ts); renewed every third of it while worked on. Default 30 s. */
  leaseMs?: number;
  /** Upper bound of a document's poll interval (unless IMPORT_POLL_INTERVAL_MS is larger). Default 60 s. */
  maxPollIntervalMs?: number;
  /** Polls at the base interval before the interval grows by POLL_BACKOFF. Default 3. */
  fastPolls?: number;
  /** Minimum time between two progress edits of one document. Default 3 s. */
  progressEveryMs?: number;
  /** Documents worked on at once by one instance. Default 8. */
  concurrency?: number;
  /** `import/info` calls at once for one document. Default 4. */
  jobConcurrency?: number;
  /** How long stop() waits for the round in flight. Default 5 s. */
  stopTimeoutMs?: number;
  /** Sends per second overall, and the spacing of sends in one chat. Defaults 25, 1000 ms. */
  sendsPerSecond?: number;
  chatIntervalMs?: number;
  instanceId?: string;
}

/** Growth of a document's poll interval per round once past `fastPolls`. */
export const POLL_BACKOFF = 1.5;
/** Rounds a job may answer "not found"/"invalid" in a row before it is given up. */
const MAX_JOB_ERRORS = 5;
/** Attempts to send a summary Telegram refuses with a 400 before giving it up. */
const MAX_REFUSED_SENDS = 3;
/**
 * A sender records the document after every request, and no request outlasts the Seller API
 * timeout: a document still marked as sending and not recorded for twice that (plus 30 s for
 * the progress edits between waves) lost its sender, and is summarised with what was recorded.
 */
export const sendingGraceMs = (apiTimeoutMs: number) => 2 * apiTimeoutMs + 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/** The chat is gone for the bot (blocked, deleted, never started): retrying cannot help. */
function isUndeliverable(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  if (error.error_code === 403) return true;
  return (
    error.error_code === 400 &&
    /chat not found|user is deactivated|bot was blocked|peer_id_invalid|have no rights/i.test(
      error.description,
    )
  );
}

/**
 * The polling loop. Every `pollIntervalMs` an instance lists the watched documents and works on
 * the due ones it can lease: polls each unfinished job, stores final results, edits the progress
 * message, and once every job is final (or the document is past the watch limit) sends the one
 * summary, records it at once, and stops watching.
 */
export function createPoller(deps: WatcherDeps, options: WatcherOptions = {}): ImportWatcher {
  const { config, api, storage, telegram, i18n } = deps;
  const base = config.import.pollIntervalMs;
  const maxWatchMs = config.import.maxWatchMs;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxInterval = Math.max(base, options.maxPollIntervalMs ?? 60_000);
  const fastPolls = options.fastPolls ?? 3;
  const progressEveryMs = options.progressEveryMs ?? 3000;
  const concurrency = options.concurrency ?? 8;
  const jobConcurrency = options.jobConcurrency ?? 4;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000;
  // On disk one process owns the data folder, so a restarted process takes over the leases of
  // the one before it at once (even after a SIGKILL) instead of waiting for them to expire.
  const instanceId =
    options.instanceId ??
    (deps.storage.kind === "disk"
      ? "disk-owner"
      : `${hostname()}-${process.pid}-${randomBytes(4).toString("hex")}`);
  const logger = deps.logger.child({ module: "import-watcher", instance: instanceId });
  const store = createWatcherStore(storage.kv, maxWatchMs);
  const leases = createLeases(storage.kv, instanceId, leaseMs, logger);
  const pacer = createSendPacer(options.sendsPerSecond ?? 25, options.chatIntervalMs ?? 1000);
  const rules = statusRules(config.import.pendingStatuses);
  const maxWatchHours = Math.round(maxWatchMs / 3_600_000);

  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  /** Earliest next round per document as last seen, to skip reading states not yet due. */
  const dueAt = new Map<string, number>();
  /** Leases of summaries being sent right now: stop() leaves them to expire, never releases. */
  const sending = new Set<string>();
  /** Summaries sent by this instance whose record could not be written yet. */
  const sentHere = new Map<string, SentMarker>();

  /** Interval after `polls` rounds: the base for the first few, then ×1.5 per round, capped. */
  const intervalAfter = (polls: number) =>
    Math.min(maxInterval, Math.round(base * POLL_BACKOFF ** Math.max(0, polls - fastPolls)));

  const acceptedOf = (doc: WatchedDocument) =>
    doc.batches.reduce((n, b) => n + b.products.length, 0);

  async function editProgress(doc: WatchedDocument, state: DocState, text: string, force = false) {
    if (doc.progressMessageId === undefined || stopping) return;
    const now = Date.now();
    if (text === state.progressText) return;
    if (!force && state.progressAt !== undefined && now - state.progressAt < progressEveryMs)
      return;
    state.progressText = text;
    state.progressAt = now;
    try {
      await pacer.wait(doc.chatId);
      await telegram.editMessageText(doc.chatId, doc.progressMessageId, text);
    } catch (error) {
      // Progress is a courtesy: a deleted message or a refused edit changes nothing.
      logger.debug({ doc: doc.id, err: error }, "progress edit failed");
    }
  }

  /** Records a sent summary; retried a little, and remembered here if the store stays away. */
  async function recordSent(docId: string, marker: SentMarker) {
    sentHere.set(docId, marker);
    for (let attempt = 1; ; attempt++) {
      try {
        await store.putSent(docId, marker);
        sentHere.delete(docId);
        return;
      } catch (error) {
        if (attempt >= 3) {
          logger.error(
            { doc: docId, err: error },
            "could not record a sent summary; kept in memory",
          );
          throw error;
        }
        await sleep(100 * attempt);
      }
    }
  }

  async function closeDocument(doc: WatchedDocument, state: DocState, status: DocState["status"]) {
    state.status = status;
    state.finishedAt = Date.now();
    await store.putState(doc.id, state);
    await store.unwatch(doc.id);
    dueAt.delete(doc.id);
  }

  /** Polls the unfinished jobs of a document; returns false when the API failed this round. */
  async function pollJobs(doc: WatchedDocument, state: DocState): Promise<boolean> {
    const open = doc.batches.filter((b) => !state.finalJobs.includes(b.jobId));
    let healthy = true;
    await eachLimited(open, jobConcurrency, async (batch) => {
      if (!healthy || stopping) return;
      const key = String(batch.jobId);
      try {
        const info = await api.importInfo(batch.jobId);
        const reading = readJob(info, batch.products.length, rules);
        delete state.jobErrors[key];
        if (reading.final) {
          await store.putJob(doc.id, batch.jobId, reading.products);
          state.finalJobs.push(batch.jobId);
          delete state.partial[key];
          const one = tallyDocument(
            { ...doc, batches: [batch], failedBatches: [] },
            new Map([[batch.jobId, reading.products]]),
          );
          state.counts.succeeded += one.succeeded;
          state.counts.failed += one.failed;
          state.counts.pending -= batch.products.length;
        } else {
          state.partial[key] = reading.finishedProducts;
        }
      } catch (error) {
        const permanent =
          error instanceof SellerApiError &&
          (error.kind === "not_found" || error.kind === "invalid");
        if (!permanent) {
          healthy = false;
          logger.warn({ doc: doc.id, jobId: batch.jobId, err: error }, "import/info failed; later");
          return;
        }
        const count = (state.jobErrors[key] ?? 0) + 1;
        state.jobErrors[key] = count;
        logger.warn({ doc: doc.id, jobId: batch.jobId, count, err: error }, "import/info refused");
        if (count >= MAX_JOB_ERRORS) {
          // The API does not know the job: report it as without a result, stop asking.
          logger.error({ doc: doc.id, jobId: batch.jobId }, "import job given up");
          state.finalJobs.push(batch.jobId);
          await store.putJob(doc.id, batch.jobId, []);
          delete state.partial[key];
        }
      }
    });
    return healthy;
  }

  /** Builds and sends the summary; true when the document is closed. */
  async function finish(doc: WatchedDocument, state: DocState, claim: string) {
    const results = new Map<number, ProductOutcome[]>();
    for (const jobId of state.finalJobs) {
      const products = await store.getJob(doc.id, jobId);
      // A job given up (or a lost record) has no results: it is reported as unfinished.
      if (products && products.length > 0) results.set(jobId, products);
    }
    const tally = tallyDocument(doc, results);
    const t = translator(i18n, doc.locale);
    const summary = buildSummary(doc, tally, t, { expired: tally.unfinished > 0, maxWatchHours });

    // Only the lease holder sends, and only while nothing says it was sent already.
    if (stopping) return false;
    if (await store.getSent(doc.id)) {
      await closeDocument(doc, state, state.status === "watching" ? "done" : state.status);
      return true;
    }
    if (!(await leases.confirm(claim))) return false;
    let marker: SentMarker;
    sending.add(claim);
    try {
      await pacer.wait(doc.chatId);
      if (stopping || !(await leases.confirm(claim))) return false;
      const message =
        summary.kind === "text"
          ? await telegram.sendMessage(doc.chatId, summary.text, {
              link_preview_options: { is_disabled: true },
            })
          : await telegram.sendDocument(doc.chatId, new InputFile(summary.csv, summary.fileName), {
              caption: summary.caption,
            });
      marker = { at: Date.now(), by: instanceId, outcome: "sent", messageId: message.message_id };
    } catch (error) {
      if (isUndeliverable(error)) {
        logger.warn({ doc: doc.id, chatId: doc.chatId, err: error }, "summary undeliverable");
        marker = { at: Date.now(), by: instanceId, outcome: "undeliverable" };
      } else {
        state.sendAttempts++;
        const refused = error instanceof GrammyError && error.error_code === 400;
        if (refused && state.sendAttempts >= MAX_REFUSED_SENDS) {
          logger.error({ doc: doc.id, err: error }, "summary refused by Telegram; given up");
          marker = { at: Date.now(), by: instanceId, outcome: "failed" };
        } else {
          const retryAfter =
            error instanceof GrammyError ? (error.parameters.retry_after ?? 0) * 1000 : 0;
          state.nextPollAt = Date.now() + Math.max(intervalAfter(state.polls), retryAfter);
          dueAt.set(doc.id, state.nextPollAt);
          await store.putState(doc.id, state);
          logger.warn({ doc: doc.id, err: error }, "summary not sent; will retry");
          return false;
        }
      }
    } finally {
      sending.delete(claim);
    }
    // Recorded right after the send returned: the only window for a repeat is a crash here.
    await recordSent(doc.id, marker);
    state.counts = {
      products: tally.accepted + tally.refused + tally.maybeCreated,
      succeeded: tally.succeeded,
      failed: tally.failed + tally.refused + tally.maybeCreated,
      pending: tally.unfinished,
    };
    state.partial = {};
    // "expired": some jobs never gave a final result (watch limit, or the API lost them).
    await closeDocument(doc, state, tally.unfinished > 0 ? "expired" : "done");
    logger.info(
      { doc: doc.id, chatId: doc.chatId, outcome: marker.outcome, problems: tally.problems.length },
      "import summary sent",
    );
    if (marker.outcome === "sent" && tally.accepted > 0) {
      await editProgress(doc, state, doneText(doc, t), true);
    }
    return true;
  }

  const doneText = (doc: WatchedDocument, t: ReturnType<typeof translator>) =>
    t("jobs-progress-done", { file: escapeFile(doc.fileName) });

  /** One round of one leased document. */
  async function work(docId: string, claim: string) {
    const [doc, stored, sent] = await Promise.all([
      store.getDoc(docId),
      store.getState(docId),
      store.getSent(docId),
    ]);
    if (!doc) {
      logger.warn({ doc: docId }, "watched document without a record; dropped");
      await store.unwatch(docId);
      return;
    }
    const state = stored ?? initialState(doc, Date.now());
    if (sent || sentHere.has(docId) || state.status !== "watching") {
      if (sentHere.has(docId)) await recordSent(docId, sentHere.get(docId)!);
      await closeDocument(doc, state, state.status === "watching" ? "done" : state.status);
      return;
    }
    const now = Date.now();
    if (state.nextPollAt > now) {
      dueAt.set(docId, state.nextPollAt);
      return;
    }
    const expired = now - doc.createdAt >= maxWatchMs;
    // Requests still going out: no summary yet, unless the sender has evidently died.
    const stillSending =
      doc.sending === true &&
      now - (doc.updatedAt ?? doc.createdAt) < sendingGraceMs(config.sellerApiTimeoutMs);
    const allFinal = () => doc.batches.every((b) => state.finalJobs.includes(b.jobId));
    if (!expired && !allFinal()) {
      await pollJobs(doc, state);
      state.polls++;
    }
    // A lease lost meanwhile (this process stalled past it): another instance owns the state.
    if (!leases.holds(claim)) return;
    if ((allFinal() && !stillSending) || expired) {
      // Saved first: results gathered this round stay even if the send must wait.
      await store.putState(docId, state);
      await finish(doc, state, claim);
      return;
    }
    state.nextPollAt = Date.now() + intervalAfter(state.polls);
    dueAt.set(docId, state.nextPollAt);
    const finished =
      doc.batches
        .filter((b) => state.finalJobs.includes(b.jobId))
        .reduce((n, b) => n + b.products.length, 0) +
      Object.values(state.partial).reduce((n, k) => n + k, 0);
    state.counts.pending = acceptedOf(doc) - finished;
    const t = translator(i18n, doc.locale);
    // While requests still go out, the status message is the sender's.
    if (!stillSending) {
      await editProgress(doc, state, progressText(doc, finished, acceptedOf(doc), t));
    }
    await store.putState(docId, state);
  }

  async function processDocument(docId: string) {
    if (stopping) return;
    const claim = keys.claim(docId);
    let leased = false;
    try {
      leased = await leases.acquire(claim);
      if (!leased) return;
      await work(docId, claim);
    } catch (error) {
      logger.error({ doc: docId, err: error }, "import watcher round failed; retried later");
      dueAt.set(docId, Date.now() + intervalAfter(fastPolls + 1));
    } finally {
      // A summary sent but recorded only in memory keeps its lease: no other instance may
      // take the document (and send again) while this one lives to record it.
      if (leased && !sending.has(claim) && !sentHere.has(docId)) {
        await leases.release(claim).catch((error: unknown) => {
          logger.warn({ doc: docId, err: error }, "could not release a lease");
        });
      }
    }
  }

  async function runRound() {
    const ids = await store.watchedIds();
    const now = Date.now();
    const known = new Set(ids);
    for (const id of dueAt.keys()) if (!known.has(id)) dueAt.delete(id);
    const due = ids.filter((id) => (dueAt.get(id) ?? 0) <= now);
    await eachLimited(due, concurrency, processDocument);
  }

  function schedule(delay: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      round = runRound()
        .catch((error: unknown) => logger.error({ err: error }, "import watcher round failed"))
        .finally(() => {
          round = undefined;
          schedule(base);
        });
    }, delay);
  }

  return {
    async watch(doc) {
      const firstPollAt = Date.now() + base;
      await store.add(doc, firstPollAt);
      dueAt.set(doc.id, firstPollAt);
      logger.info(
        { doc: doc.id, chatId: doc.chatId, jobs: doc.batches.map((b) => b.jobId) },
        "watching import document",
      );
    },

    async recent(chatId, limit) {
      const entries = (await store.chatDocs(chatId)).slice(0, Math.max(0, limit));
      const list: DocumentStatus[] = [];
      for (const entry of entries) {
        const doc = await store.getDoc(entry.docId);
        if (!doc) continue;
        const state = (await store.getState(doc.id)) ?? initialState(doc, doc.createdAt);
        list.push({
          id: doc.id,
          fileName: doc.fileName,
          createdAt: doc.createdAt,
          state: state.status,
          ...state.counts,
        });
      }
      return list;
    },

    async watchedJobs() {
      let jobs = 0;
      for (const id of await store.watchedIds())
        jobs += (await store.getDoc(id))?.batches.length ?? 0;
      return jobs;
    },

    start() {
      if (running) return;
      running = true;
      stopping = false;
      leases.start();
      // Documents left by an earlier run are resumed by the first round.
      schedule(0);
    },

    async stop() {
      if (!running && !round) return;
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (round) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([
          round,
          new Promise<void>((resolve) => {
            timeout = setTimeout(resolve, stopTimeoutMs);
          }),
        ]);
        clearTimeout(timeout);
      }
      // Leases of sends in flight, or recorded only in memory, are left to expire, not released.
      await leases.stop(new Set([...sending, ...[...sentHere.keys()].map(keys.claim)]));
    },
  };
}

function escapeFile(name: string): string {
  return escapeHtml(shorten(name, 80));
}
