import type { Api } from "grammy";
import type { Config } from "../../config.js";
import type { I18nInstance } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { SellerApi } from "../../seller-api/client.js";
import type { Storage } from "../../storage/index.js";
import type { ImportWatcher } from "./types.js";

export type { ImportWatcher, WatchedDocument } from "./types.js";

export interface WatcherDeps {
  config: Config;
  logger: Logger;
  api: SellerApi;
  storage: Storage;
  /** Bot API for summaries and progress edits (transformers installed). */
  telegram: Api;
  i18n: I18nInstance;
}

/** Watches accepted import jobs until final and sends one summary per document. (issue 4) */
export function createImportWatcher(_deps: WatcherDeps): ImportWatcher {
  return {
    async watch() {},
    async recent() {
      return [];
    },
    start() {},
    async stop() {},
  };
}
