import { KEY_PREFIX, type KeyValueStore } from "../../storage/index.js";
import type { ProductOutcome } from "./results.js";
import type { FailedBatch, SentBatch, WatchedDocument } from "./types.js";

/**
 * What the watcher keeps, all under `import:` (Redis adds its own key prefix):
 *
 * | key | value | written by |
 * |---|---|---|
 * | `import:doc:<docId>` | the WatchedDocument without its requests' outcomes (`StoredHeader`) | the sender, after every request |
 * | `import:out:<docId>:<n>` | the outcome of the document's request n (a SentBatch or FailedBatch) | the sender, once each |
 * | `import:state:<docId>` | DocState: watching/done/expired, polls, next poll, progress | the lease holder |
 * | `import:job:<docId>:<jobId>` | the job's final product results | the lease holder, once final |
 * | `import:watching` | set of document ids that still need polling or their summary | watch(); removed when done |
 * | `import:chat:<chatId>` | set of `<createdAt>:<docId>`, the index for /jobs (newest ~20) | watch() |
 * | `import:claim:<docId>` | instance id, with a TTL: the lease (src/scheduler/leases.ts) | the scheduler |
 * | `import:sent:<docId>` | the summary went out (or was given up): never send again | the lease holder, right after sending |
 *
 * The two indexes are sets (no scan of the keyspace, however large a shared Redis is).
 * Everything else but the claim gets a TTL of the watch limit plus RETENTION, so records of old
 * imports disappear on their own. Works the same on Redis and on the disk store.
 */

export const RETENTION_MS = 7 * 24 * 3_600_000;
/** Documents /jobs keeps per chat. */
export const CHAT_HISTORY = 20;

const P = KEY_PREFIX.import;
export const keys = {
  doc: (docId: string) => `${P}doc:${docId}`,
  outcome: (docId: string, batch: number) => `${P}out:${docId}:${batch}`,
  state: (docId: string) => `${P}state:${docId}`,
  job: (docId: string, jobId: number) => `${P}job:${docId}:${jobId}`,
  watching: `${P}watching`,
  chat: (chatId: number) => `${P}chat:${chatId}`,
  claim: (docId: string) => `${P}claim:${docId}`,
  sent: (docId: string) => `${P}sent:${docId}`,
};

/**
 * A document's record without its outcomes: each request's outcome is a key of its own
 * (`import:out:`), written once, so recording one more request writes one outcome and this
 * header, not the whole document again (a 100,000-product file is 3,334 requests).
 */
type StoredHeader = Omit<WatchedDocument, "batches" | "failedBatches"> & {
  /** The highest request number with an outcome key: they are read from 1 to here. */
  outcomes: number;
};
type Outcome = SentBatch | FailedBatch;

/** Writes the header and the given outcomes together: one round trip's wait on Redis. */
async function putDocument(kv: KeyValueStore, doc: WatchedDocument, fresh: Outcome[], ttl: number) {
  const { batches, failedBatches, ...rest } = doc;
  let outcomes = 0;
  for (const b of batches) outcomes = Math.max(outcomes, b.batch);
  for (const b of failedBatches) outcomes = Math.max(outcomes, b.batch);
  const header: StoredHeader = { ...rest, outcomes };
  // The outcomes are sent first: a reader that sees the header sees them too.
  const writes = fresh.map((o) => kv.set(keys.outcome(doc.id, o.batch), o, ttl));
  writes.push(kv.set(keys.doc(doc.id), header, ttl));
  await Promise.all(writes);
}

/** The document of a stored header, its outcomes read in one go; a request not yet recorded is left out. */
async function documentOf(
  kv: KeyValueStore,
  docId: string,
  stored: StoredHeader | WatchedDocument | undefined,
): Promise<WatchedDocument | undefined> {
  if (!stored || !("outcomes" in stored)) return stored;
  const { outcomes: count, ...rest } = stored;
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const outcomes = await kv.getMany<Outcome>(numbers.map((n) => keys.outcome(docId, n)));
  const doc: WatchedDocument = { ...rest, batches: [], failedBatches: [] };
  for (const outcome of outcomes) {
    if (!outcome) continue;
    if ("jobId" in outcome) doc.batches.push(outcome);
    else doc.failedBatches.push(outcome);
  }
  return doc;
}

export interface DocState {
  status: "watching" | "done" | "expired";
  /** Rounds of polling so far. */
  polls: number;
  /** Rounds in a row in which no job finished (polling.ts: the interval grows after a while). */
  quiet?: number;
  /** Rounds in a row in which the Seller API was away (polling.ts: the interval grows). */
  outages?: number;
  /** When every unfinished job was last read (polling.ts: at least every minute). */
  sweptAt?: number;
  /** Earliest time of the next round (ms since epoch). */
  nextPollAt: number;
  /** Jobs whose final results are stored under `import:job:`. */
  finalJobs: number[];
  /** Products finished so far per unfinished job (from the last reading), for progress. */
  partial: Record<string, number>;
  /** Consecutive "not found"/"invalid" answers per job; a job is given up after a few. */
  jobErrors: Record<string, number>;
  /** The last progress text shown, and when. */
  progressText?: string;
  progressAt?: number;
  /** Failed attempts to send the summary (kept, retried later). */
  sendAttempts: number;
  /** Counts for /jobs, refreshed every round. */
  counts: { products: number; succeeded: number; failed: number; pending: number };
  finishedAt?: number;
}

export interface SentMarker {
  at: number;
  by: string;
  outcome: "sent" | "undeliverable" | "failed";
  messageId?: number;
}

export function initialState(doc: WatchedDocument, firstPollAt: number): DocState {
  const accepted = doc.batches.reduce((n, b) => n + b.products.length, 0);
  const notAccepted = doc.failedBatches.reduce((n, b) => n + b.products.length, 0);
  return {
    status: "watching",
    polls: 0,
    quiet: 0,
    outages: 0,
    // The first full read a while after the first round: until then, up to the first unfinished job.
    sweptAt: firstPollAt,
    nextPollAt: firstPollAt,
    finalJobs: [],
    partial: {},
    jobErrors: {},
    sendAttempts: 0,
    counts: {
      products: accepted + notAccepted,
      succeeded: 0,
      failed: notAccepted,
      pending: accepted,
    },
  };
}

export function createWatcherStore(kv: KeyValueStore, maxWatchMs: number) {
  const ttl = maxWatchMs + RETENTION_MS;
  return {
    ttl,
    getDoc: async (docId: string) =>
      documentOf(kv, docId, await kv.get<StoredHeader>(keys.doc(docId))),
    /** The document without its outcomes (its name, chat, times): one small read. */
    getHeader: (docId: string) =>
      kv.get<Omit<WatchedDocument, "batches" | "failedBatches">>(keys.doc(docId)),
    /** A newer version of a stored document: its header and the outcomes not yet written. */
    putProgress: (doc: WatchedDocument, fresh: Outcome[]) => putDocument(kv, doc, fresh, ttl),
    /** The document, its state and its sent marker in one read, then the document's outcomes. */
    async getRecords(docId: string) {
      const [header, state, sent] = await kv.getMany<unknown>([
        keys.doc(docId),
        keys.state(docId),
        keys.sent(docId),
      ]);
      return {
        doc: await documentOf(kv, docId, header as StoredHeader | undefined),
        state: state as DocState | undefined,
        sent: sent as SentMarker | undefined,
      };
    },
    getState: (docId: string) => kv.get<DocState>(keys.state(docId)),
    putState: (docId: string, state: DocState) => kv.set(keys.state(docId), state, ttl),
    /** The final results of these jobs, in their order, in one read. */
    getJobs: (docId: string, jobIds: readonly number[]) =>
      kv.getMany<ProductOutcome[]>(jobIds.map((jobId) => keys.job(docId, jobId))),
    putJob: (docId: string, jobId: number, products: ProductOutcome[]) =>
      kv.set(keys.job(docId, jobId), products, ttl),
    getSent: (docId: string) => kv.get<SentMarker>(keys.sent(docId)),
    putSent: (docId: string, marker: SentMarker) => kv.set(keys.sent(docId), marker, ttl),
    watchedIds: (): Promise<string[]> => kv.setMembers(keys.watching),
    unwatch: (docId: string) => kv.setRemove(keys.watching, docId),

    /** Persists a new document: record, state, chat index, then the watching marker. */
    async add(doc: WatchedDocument, firstPollAt: number): Promise<void> {
      await putDocument(kv, doc, [...doc.batches, ...doc.failedBatches], ttl);
      // A second watch() of the same document keeps the state it already has.
      if (!(await kv.get<DocState>(keys.state(doc.id)))) {
        await kv.set(keys.state(doc.id), initialState(doc, firstPollAt), ttl);
      }
      await kv.setAdd(keys.chat(doc.chatId), `${doc.createdAt}:${doc.id}`);
      await kv.setAdd(keys.watching, doc.id);
      await this.trimChat(doc.chatId);
    },

    /** The chat's documents, newest first: [createdAt, docId]. */
    async chatDocs(
      chatId: number,
    ): Promise<{ member: string; createdAt: number; docId: string }[]> {
      const members = await kv.setMembers(keys.chat(chatId));
      return members
        .map((member) => {
          const colon = member.indexOf(":");
          return {
            member,
            createdAt: Number(member.slice(0, colon)),
            docId: member.slice(colon + 1),
          };
        })
        .filter((e) => Number.isFinite(e.createdAt) && e.docId !== "")
        .sort((a, b) => b.createdAt - a.createdAt || (a.docId < b.docId ? 1 : -1));
    },

    /** Keeps the newest CHAT_HISTORY entries of a chat's index; older records expire on their own. */
    async trimChat(chatId: number): Promise<void> {
      const entries = await this.chatDocs(chatId);
      if (entries.length <= CHAT_HISTORY) return;
      const watched = new Set(await kv.setMembers(keys.watching));
      for (const old of entries.slice(CHAT_HISTORY)) {
        // Still watched documents stay listed until their summary is out.
        if (watched.has(old.docId)) continue;
        await kv.setRemove(keys.chat(chatId), old.member);
      }
    },
  };
}
export type WatcherStore = ReturnType<typeof createWatcherStore>;
