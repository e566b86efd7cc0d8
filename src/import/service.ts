import type { Api } from "grammy";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { I18nInstance } from "../i18n.js";
import type { Logger } from "../logger.js";
import type { SellerApi, SellerApiErrorKind } from "../seller-api/index.js";
import type { KeyValueStore } from "../storage/index.js";
import type { Characteristics } from "./characteristics.js";
import { createDraftStore, type DraftStore } from "./draft.js";
import { type Prepared, type PrepareInput, prepareImport } from "./prepare.js";
import { createImportSender, type ImportSender } from "./sender/index.js";
import type { ReadFile } from "./types.js";
import type { ImportWatcher } from "./watcher/types.js";

/**
 * The import as the bot uses it: read a file into a draft (`prepare`), keep drafts, send a
 * confirmed draft in the background (`sender`). The watcher takes the accepted jobs from there.
 * Nothing here knows Telegram updates; src/bot/features/import adapts them to it.
 */
export interface ImportService {
  drafts: DraftStore;
  sender: ImportSender;
  clock: Clock;
  /** Downloads and reads a document into a draft; says what the chat must be told. */
  prepare(input: PrepareInput): Promise<Prepared>;
}

export interface ImportServiceDeps {
  config: Config;
  logger: Logger;
  i18n: I18nInstance;
  kv: KeyValueStore;
  seller: Pick<SellerApi, "importProducts">;
  /** Bot API for the status message and the result of a sending. */
  telegram: Api;
  watcher: ImportWatcher;
  clock: Clock;
  /** The app's file reader (src/import/read: `createImportReader().read`). */
  readFile: ReadFile;
  /** The locale key that explains a kind of Seller API failure. */
  failureKey(kind: SellerApiErrorKind): string;
  /** The directories' characteristics with their names (new products' names made codes). */
  characteristics?: () => Promise<Characteristics>;
}

export function createImportService(deps: ImportServiceDeps): ImportService {
  const drafts = createDraftStore(deps.kv);
  const sender = createImportSender({ ...deps, drafts });
  return {
    drafts,
    sender,
    clock: deps.clock,
    prepare: (input) =>
      prepareImport(
        {
          config: deps.config,
          logger: deps.logger,
          i18n: deps.i18n,
          drafts,
          readFile: deps.readFile,
        },
        input,
      ),
  };
}

export type { Prepared, PrepareInput } from "./prepare.js";
