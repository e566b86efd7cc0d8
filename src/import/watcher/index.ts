import type { Api } from "grammy";
import type { Clock } from "../../clock.js";
import type { Config } from "../../config.js";
import type { I18nInstance } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import { createRateBudget, type Scheduler } from "../../scheduler/index.js";
import type { SellerApi } from "../../seller-api/index.js";
import type { Storage } from "../../storage/index.js";
import { createNotifier } from "./notifier.js";
import { pollingRule, retryDelay } from "./polling.js";
import { statusRules } from "./results.js";
import { createDocumentRound } from "./round.js";
import { createSenderWatch, sendingGraceMs } from "./senders.js";
import { createWatcherStore, initialState, keys } from "./store.js";
import type { DocumentStatus, ImportWatcher } from "./types.js";

export { sendingGraceMs } from "./senders.js";
export type {
  DocumentStatus,
  FailedBatch,
  ImportWatcher,
  SentBatch,
  SentProduct,
  WatchedDocument,
} from "./types.js";

/** Tuning of the watcher; the defaults suit production, tests shorten some. */
export interface WatcherOptions {
  /** Upper bound of a document's poll interval (unless IMPORT_POLL_INTERVAL_MS is larger). Default 60 s. */
  maxPollIntervalMs?: number;
  /** Quiet time (no job of a document finished) before its interval grows. Default 10 min. */
  patienceMs?: number;
  /** Every unfinished job of a document is read at least this often. Default 60 s. */
  sweepEveryMs?: number;
  /** Minimum time between two progress edits of one document. Default 3 s. */
  progressEveryMs?: number;
  /** Documents worked on at once by one instance. Default 8. */
  concurrency?: number;
  /** `import/info` calls at once for one document. Default 4. */
  jobConcurrency?: number;
}

export interface WatcherDeps {
  config: Config;
  logger: Logger;
  seller: SellerApi;
  storage: Storage;
  /** Bot API for summaries and progress edits; paced by whoever installed its transformers. */
  telegram: Api;
  i18n: I18nInstance;
  /** The app's scheduler: the watcher registers its kind of work ("import-documents"). */
  scheduler: Scheduler;
  clock: Clock;
  options?: WatcherOptions;
}

/** The name of the watcher's kind of work in the scheduler. */
export const IMPORT_WORK = "import-documents";

/**
 * Watches accepted import jobs until final and sends one summary per document. The scheduler
 * (src/scheduler) decides which document is due and holds its lease; round.ts is one polling
 * round of one document; notifier.ts sends progress edits and the summary; store.ts has the
 * records; senders.ts tells a living sender from a dead one.
 */
export function createImportWatcher(deps: WatcherDeps): ImportWatcher {
  const { config, clock, scheduler } = deps;
  const options = deps.options ?? {};
  const base = config.import.pollIntervalMs;
  const logger = deps.logger.child({ module: "import-watcher", instance: scheduler.instanceId });
  const store = createWatcherStore(deps.storage.kv, config.import.maxWatchMs);
  const rule = pollingRule(base, {
    ...(options.maxPollIntervalMs !== undefined && { maxMs: options.maxPollIntervalMs }),
    ...(options.patienceMs !== undefined && { patienceMs: options.patienceMs }),
    ...(options.sweepEveryMs !== undefined && { sweepEveryMs: options.sweepEveryMs }),
  });
  const senders = createSenderWatch({
    clock,
    shared: deps.storage.kind === "redis",
    graceMs: sendingGraceMs(config.sellerApiTimeoutMs),
  });
  const notifier = createNotifier({
    telegram: deps.telegram,
    clock,
    logger,
    instanceId: scheduler.instanceId,
    progressEveryMs: options.progressEveryMs ?? 3000,
  });
  const round = createDocumentRound({
    seller: deps.seller,
    store,
    notifier,
    senders,
    i18n: deps.i18n,
    clock,
    logger,
    rules: statusRules(config.import.pendingStatuses),
    maxWatchMs: config.import.maxWatchMs,
    jobConcurrency: options.jobConcurrency ?? 4,
    rule,
    budget: createRateBudget({ perMinute: config.import.pollMaxPerMinute, clock }),
  });
  scheduler.register({
    name: IMPORT_WORK,
    tickMs: base,
    concurrency: options.concurrency ?? 8,
    list: () => store.watchedIds(),
    leaseKey: keys.claim,
    run: round.run,
    retryDelay: (failures) => retryDelay(rule, failures),
  });

  return {
    async watch(doc) {
      const firstPollAt = clock.now() + base;
      await store.add(doc, firstPollAt);
      scheduler.setDue(IMPORT_WORK, doc.id, firstPollAt);
      logger.info(
        { doc: doc.id, chatId: doc.chatId, jobs: doc.batches.map((b) => b.jobId) },
        "watching import document",
      );
    },
    update: (doc, fresh) => store.putProgress(doc, fresh),
    beginSending(docId) {
      senders.begin(docId);
      return senders.processId;
    },
    endSending: (docId) => senders.end(docId),
    recent: (chatId, limit) => recentDocuments(store, chatId, limit),
    async watchedJobs() {
      let jobs = 0;
      for (const id of await store.watchedIds()) {
        jobs += (await store.getDoc(id))?.batches.length ?? 0;
      }
      return jobs;
    },
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
}

async function recentDocuments(
  store: ReturnType<typeof createWatcherStore>,
  chatId: number,
  limit: number,
): Promise<DocumentStatus[]> {
  const entries = (await store.chatDocs(chatId)).slice(0, Math.max(0, limit));
  const list: DocumentStatus[] = [];
  for (const entry of entries) {
    // The header and the state; the outcomes (thousands of keys for a large file) only
    // when the state is missing.
    const doc = await store.getHeader(entry.docId);
    if (!doc) continue;
    let state = await store.getState(doc.id);
    if (!state) {
      const whole = await store.getDoc(doc.id);
      if (!whole) continue;
      state = initialState(whole, whole.createdAt);
    }
    list.push({
      id: doc.id,
      fileName: doc.fileName,
      createdAt: doc.createdAt,
      state: state.status,
      ...state.counts,
    });
  }
  return list;
}
