import type { Api } from "grammy";
import type { Config } from "../../config.js";
import type { I18nInstance } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { SellerApi } from "../../seller-api/client.js";
import type { Storage } from "../../storage/index.js";
import { createPoller, type WatcherOptions } from "./poller.js";
import type { ImportWatcher } from "./types.js";

export type { WatcherOptions } from "./poller.js";
export type {
  DocumentStatus,
  FailedBatch,
  ImportWatcher,
  SentBatch,
  SentProduct,
  WatchedDocument,
} from "./types.js";

export interface WatcherDeps {
  config: Config;
  logger: Logger;
  api: SellerApi;
  storage: Storage;
  /** Bot API for summaries and progress edits (transformers installed). */
  telegram: Api;
  i18n: I18nInstance;
  /** Lease, backoff and pacing settings; the defaults suit production. */
  options?: WatcherOptions;
}

/**
 * Watches accepted import jobs until final and sends one summary per document (issue 4).
 * Keys and records: store.ts; leases: claims.ts; the loop and the summary's exactly-once
 * bookkeeping: poller.ts; texts: summary.ts and locales/<ru|kk>/jobs.ftl.
 */
export function createImportWatcher(deps: WatcherDeps): ImportWatcher {
  return createPoller(deps, deps.options);
}
