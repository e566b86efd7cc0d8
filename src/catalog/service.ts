import type { Clock } from "../clock.js";
import { type I18nInstance, type Locale, translator } from "../i18n.js";
import type { EditRows, ImportService, ParsedProduct, ProgressState } from "../import/index.js";
import type { Logger } from "../logger.js";
import type { SellerApi } from "../seller-api/index.js";
import type { KeyValueStore } from "../storage/index.js";
import { planUndo, type Selection, selected } from "./apply.js";
import { type Diff, diffEdits } from "./diff.js";
import { csvExport, type ExportTexts } from "./export-file.js";
import { readForExport } from "./export-read.js";
import { xlsxExport } from "./export-xlsx.js";
import { priceText } from "./fields.js";
import { type CatalogSeller, type ListFilter, readCards } from "./live.js";
import { decodeMeta } from "./meta.js";
import {
  CATALOG_TTL_MS,
  type CatalogStore,
  createCatalogStore,
  newCatalogId,
  type StoredPreview,
} from "./store.js";
import { diffInTurns, planInTurns } from "./turns.js";

export interface CatalogServiceDeps {
  seller: CatalogSeller & Pick<SellerApi, "withoutDeadline">;
  kv: KeyValueStore;
  i18n: I18nInstance;
  logger: Logger;
  clock: Clock;
  imports: Pick<ImportService, "drafts" | "sender">;
}

export interface ExportResult {
  bytes: Buffer;
  products: number;
  skus: number;
  /** Products whose characteristics have no codes (marked in the file). */
  codesUnknown: number;
}

export interface ApplyOutcome {
  sent: number;
  movedSince: number[];
  notSent: number[];
  undoId?: string;
}

interface Parts extends CatalogServiceDeps {
  store: CatalogStore;
  log: Logger;
}

/** Sends cards through the import's sender (progress, watcher, one summary). */
async function send(
  parts: Parts,
  job: {
    chatId: number;
    locale: Locale;
    fileName: string;
    progress: ProgressState;
    button?: { text: string; data: string };
  },
  products: ParsedProduct[],
): Promise<void> {
  const id = newCatalogId();
  const { chatId, fileName } = job;
  await parts.imports.drafts.save({ id, chatId, fileName, format: "xlsx", products, invalid: 0 });
  parts.imports.sender.start({
    ...job,
    draftId: id,
    format: "xlsx",
    valid: products.length,
    skipped: 0,
    warnings: [],
  });
}

/** Live cards of `ids`, characteristics translated to codes where the directories allow. */
function liveCards(parts: Parts, ids: readonly number[]) {
  return readCards(parts.seller, ids);
}

/**
 * The live cards of a returned file (its preview, apply and undo): thousands of products need
 * hundreds of requests, read outside the update's deadline (each keeps its own time budget) as
 * an export's are, while the chat says what is being done.
 */
function fileCards(parts: Parts, ids: readonly number[]) {
  return parts.seller.withoutDeadline(() => readCards(parts.seller, ids));
}

/**
 * The export: cards read with one limit of requests in flight (src/catalog/export-read.ts) go
 * into the file as they come; the file is finished in the list's order. `onProgress` is not
 * waited for (a chat's pace must not hold the reading); its edits go out one after another.
 */
async function exportCatalog(
  parts: Parts,
  input: {
    filter: ListFilter;
    csv: boolean;
    texts: ExportTexts;
    onProgress: (done: number, total: number) => Promise<void>;
    /** Once everything is read, while the file is finished (not waited for before it). */
    onWriting?: () => Promise<void>;
  },
): Promise<ExportResult> {
  const file = { exportId: newCatalogId(), at: new Date(parts.clock.now()), texts: input.texts };
  const sink = input.csv ? csvExport(file) : xlsxExport(file);
  const counts = { products: 0, skus: 0, codesUnknown: 0 };
  let progress = Promise.resolve();
  const order = await readForExport(parts.seller, input.filter, {
    onListed: (ids) => sink.listed(ids),
    onCards: (cards, asked) => {
      sink.add(cards, asked);
      for (const card of cards) {
        counts.products++;
        counts.skus += Math.max(1, card.skus.length);
        if (!card.codesKnown) counts.codesUnknown++;
      }
    },
    onProgress: (done, total) => {
      progress = progress
        .then(() => input.onProgress(done, Math.max(done, total)))
        .catch((error: unknown) => parts.log.debug({ err: error }, "export progress not shown"));
    },
  }).catch(async (error: unknown) => {
    await progress;
    throw error;
  });
  if (counts.products > 0 && input.onWriting) progress = progress.then(input.onWriting);
  const bytes = await sink.finish(order);
  await progress;
  parts.log.info({ products: counts.products, bytes: bytes.length }, "catalog exported");
  return { bytes, ...counts };
}

/** Compares a returned file with the live cards (and its export) and stores the preview. */
async function preview(
  parts: Parts,
  input: { chatId: number; locale: Locale; fileName: string; edits: EditRows },
): Promise<StoredPreview> {
  const ids = [...new Set(input.edits.rows.map((r) => r.productId).filter((id) => id > 0))];
  const cards = await fileCards(parts, ids);
  const snapshot = input.edits.meta ? decodeMeta(input.edits.meta) : undefined;
  const diff = await diffInTurns(input.edits, cards, snapshot);
  const names = Object.fromEntries([...cards.values()].map((c) => [c.productId, c.name.rus]));
  const { chatId, locale, fileName } = input;
  const stored: StoredPreview = { id: newCatalogId(), chatId, locale, fileName, diff, names };
  await parts.store.savePreview(stored);
  return stored;
}

/** One SKU's new price, as a preview of one change. */
async function pricePreview(
  parts: Parts,
  input: { chatId: number; locale: Locale; productId: number; skuId: number; price: number },
) {
  const cards = await liveCards(parts, [input.productId]);
  const card = cards.get(input.productId);
  const sku = card?.skus.find((s) => s.skuId === input.skuId);
  if (!card || !sku) return undefined;
  const row = {
    row: 1,
    productId: input.productId,
    skuId: input.skuId,
    values: { price: priceText(input.price) },
    issues: [],
  };
  const diff = diffEdits({ rows: [row], fields: ["price"] }, cards, undefined);
  const stored: StoredPreview = {
    id: newCatalogId(),
    chatId: input.chatId,
    locale: input.locale,
    fileName: card.name.rus,
    diff,
    names: { [card.productId]: card.name.rus },
  };
  await parts.store.savePreview(stored);
  return { preview: stored, was: sku.price };
}

/** Applies exactly the previewed changes chosen, after reading the live cards again. */
async function apply(
  parts: Parts,
  previewId: string,
  choice: Selection,
  progress: ProgressState,
  undoData?: (undoId: string) => string,
): Promise<ApplyOutcome | undefined> {
  const stored = await parts.store.loadPreview(previewId);
  if (!stored) return undefined;
  await parts.store.deletePreview(previewId);
  const changes = selected(stored.diff, choice);
  const ids = new Set([
    ...changes.map((c) => c.productId),
    ...stored.diff.newSkus.map((n) => n.productId),
  ]);
  const cards = await fileCards(parts, [...ids]);
  const plan = await planInTurns(stored.diff, changes, cards);
  const outcome: ApplyOutcome = {
    sent: plan.products.length,
    movedSince: plan.movedSince,
    notSent: plan.notSent,
  };
  if (plan.products.length === 0) return outcome;
  const undoId = newCatalogId();
  await parts.store.saveUndo({ id: undoId, chatId: stored.chatId, products: plan.undo });
  const text = translator(parts.i18n, stored.locale)("catalog-button-undo");
  const button = undoData && { text, data: undoData(undoId) };
  await send(parts, { ...stored, progress, ...(button && { button }) }, plan.products);
  parts.log.info({ products: plan.products.length, moved: plan.movedSince.length }, "edit sent");
  return { ...outcome, undoId };
}

/** Puts back the previous values where the live ones are still what the bot set. */
async function undo(parts: Parts, undoId: string, locale: Locale, progress: ProgressState) {
  const stored = await parts.store.loadUndo(undoId);
  if (!stored) return undefined;
  await parts.store.deleteUndo(undoId);
  const cards = await fileCards(
    parts,
    stored.products.map((p) => p.productId),
  );
  const plan = planUndo(stored, cards);
  if (plan.products.length > 0) {
    const job = { chatId: stored.chatId, locale, fileName: "undo", progress };
    await send(parts, job, plan.products);
  }
  return { restored: plan.restored, kept: plan.kept };
}

/** The catalog's export, return, apply and undo (src/bot/features/catalog adapts the chat). */
export function createCatalogService(deps: CatalogServiceDeps) {
  const parts: Parts = {
    ...deps,
    store: createCatalogStore(deps.kv),
    log: deps.logger.child({ module: "catalog" }),
  };
  return {
    store: parts.store,
    exportCatalog: (input: Parameters<typeof exportCatalog>[1]) => exportCatalog(parts, input),
    preview: (input: Parameters<typeof preview>[1]) => preview(parts, input),
    pricePreview: (input: Parameters<typeof pricePreview>[1]) => pricePreview(parts, input),
    apply: (
      previewId: string,
      choice: Selection,
      progress: ProgressState,
      undoData?: (undoId: string) => string,
    ) => apply(parts, previewId, choice, progress, undoData),
    undo: (undoId: string, locale: Locale, progress: ProgressState) =>
      undo(parts, undoId, locale, progress),
    /** A live card (the product card's price button). */
    card: async (productId: number) => (await liveCards(parts, [productId])).get(productId),
    ttlMs: CATALOG_TTL_MS,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
export type { Diff };
