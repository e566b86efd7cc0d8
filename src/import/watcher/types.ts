import type { Locale } from "../../i18n.js";
import type { FieldError, SellerApiErrorKind } from "../../seller-api/index.js";
import type { FileFormat, SourceRef } from "../types.js";

/** A product as sent in one request: where it came from in the seller's file. */
export interface SentProduct {
  ref: SourceRef;
  skuRefs: SourceRef[];
}

/** One accepted import request (at most 30 products), watched until its job is final. */
export interface SentBatch {
  /** 1-based number of the request within the document. */
  batch: number;
  jobId: number;
  /** Index for index, the products of the request. */
  products: SentProduct[];
}

/** A request the API did not accept; reported with its rows, never retried blindly. */
export interface FailedBatch {
  batch: number;
  products: SentProduct[];
  error: {
    kind: SellerApiErrorKind;
    status?: number;
    /** The API's per-field errors of a 400, field names as the API gave them. */
    fieldErrors: FieldError[];
    /** A timeout or 5xx after sending: the products may have been created anyway. */
    maybeProcessed: boolean;
  };
}

/** One seller document whose import jobs are watched; one summary is sent per document. */
export interface WatchedDocument {
  id: string;
  chatId: number;
  locale: Locale;
  fileName: string;
  format: FileFormat;
  createdAt: number;
  /** The status message edited as the work moves. */
  progressMessageId?: number;
  /** Products the seller chose not to send (invalid locally). */
  skippedInvalid: number;
  batches: SentBatch[];
  failedBatches: FailedBatch[];
  /**
   * More requests are still being sent: the document is recorded after every accepted request
   * (so a crash mid-way loses no job), and summarised only once this is false, or when the
   * sender evidently died (the document is older than the sending grace time).
   */
  sending?: boolean;
  /** When the sender last recorded the document (ms); judges whether a sender stalled. */
  updatedAt?: number;
  /** The process whose sender records the document (senders.ts judges whether it lives). */
  senderId?: string;
  /** A button under the summary (the catalog edit's undo). */
  button?: { text: string; data: string };
  /** A line the summary ends its counts with (an apply's cost prices kept by the bot). */
  note?: string;
  /** Edits of existing cards: an unanswered request may have changed them, not created any. */
  edit?: boolean;
}

/** What /jobs shows of a document. */
export interface DocumentStatus {
  id: string;
  fileName: string;
  createdAt: number;
  state: "watching" | "done" | "expired";
  products: number;
  succeeded: number;
  failed: number;
  pending: number;
}

export interface ImportWatcher {
  /** Persists the document; the polling loop (of any instance) takes it from there. */
  watch(document: WatchedDocument): Promise<void>;
  /**
   * Writes a newer version of a document `watch` has persisted (a sending's progress): the
   * outcomes in `fresh` (those not written before) and the rest of the record, one round trip
   * that the next requests wait for.
   */
  update(document: WatchedDocument, fresh: (SentBatch | FailedBatch)[]): Promise<void>;
  /** The chat's recent documents, newest first. */
  recent(chatId: number, limit: number): Promise<DocumentStatus[]>;
  /** Import jobs (accepted requests) of the documents still watched, over all instances. */
  watchedJobs(): Promise<number>;
  /**
   * This process starts sending a document: the watcher waits for it (no summary) until
   * `endSending`. Returns the id to record in the document as `senderId`.
   */
  beginSending(docId: string): string;
  endSending(docId: string): void;
  /** Starts the app's scheduler: the watcher's rounds and every other registered kind. */
  start(): void;
  /** Stops the scheduler: rounds in flight finish (bounded), leases not kept are released. */
  stop(): Promise<void>;
}
