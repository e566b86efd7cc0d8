import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import { type I18nInstance, type Locale, translator } from "../i18n.js";
import {
  type Characteristics,
  type CostList,
  codesOfNames,
  type EditRows,
  type ImportService,
  type ParsedProduct,
  type ProgressState,
} from "../import/index.js";
import type { Logger } from "../logger.js";
import type { SellerApi } from "../seller-api/index.js";
import type { KeyValueStore } from "../storage/index.js";
import { planUndo, type Selection, selected } from "./apply.js";
import {
  barcodesOf,
  type CostBook,
  type CostChange,
  diffCostList,
  diffExportCosts,
  skusByBarcode,
} from "./costs.js";
import { type Diff, diffEdits, nameCharacteristics } from "./diff.js";
import { csvExport, type ExportTexts } from "./export-file.js";
import { readForExport } from "./export-read.js";
import { xlsxExport } from "./export-xlsx.js";
import { type LiveCard, priceText } from "./fields.js";
import { type CatalogSeller, type Codes, type ListFilter, readCards } from "./live.js";
import { decodeMeta } from "./meta.js";
import {
  CATALOG_TTL_MS,
  type CatalogStore,
  createCatalogStore,
  newCatalogId,
  type StoredPreview,
  type StoredUndo,
} from "./store.js";
import { diffInTurns, planInTurns } from "./turns.js";

export interface CatalogServiceDeps {
  seller: CatalogSeller & Pick<SellerApi, "withoutDeadline">;
  kv: KeyValueStore;
  i18n: I18nInstance;
  logger: Logger;
  clock: Clock;
  imports: Pick<ImportService, "drafts" | "sender">;
  /** The seller's cost prices (kept by the bot); without them the export has no cost column. */
  costs?: CostBook & { all(): Promise<Map<string, number>> };
}

export interface ExportResult {
  bytes: Buffer;
  products: number;
  skus: number;
  /** Products whose characteristics have no codes (marked in the file). */
  codesUnknown: number;
}

export interface ApplyOutcome {
  /** Products sent (each whole). */
  sent: number;
  /** Cost prices kept (set, changed or removed): nothing of them sent. */
  costs: number;
  movedSince: number[];
  notSent: number[];
  /** The undo record of what was sent (none when nothing was). */
  undoId?: string;
}

interface Parts extends CatalogServiceDeps {
  store: CatalogStore;
  log: Logger;
  /** The bot's secret that keys what an export records (kept in storage, read once). */
  secret(): Promise<Buffer>;
}

/** A sending job of the import's sender (progress, watcher, one summary). */
interface SendJob {
  chatId: number;
  locale: Locale;
  fileName: string;
  progress: ProgressState;
  button?: { text: string; data: string };
  note?: string;
}

/**
 * Cards for the import's sender: the draft is stored first (a storage failure sends nothing);
 * `start` hands it over and says whether it went (false: the app is stopping, nothing sent).
 */
async function prepareSend(parts: Parts, job: SendJob, products: ParsedProduct[]) {
  const id = newCatalogId();
  const { chatId, fileName } = job;
  await parts.imports.drafts.save({ id, chatId, fileName, format: "xlsx", products, invalid: 0 });
  return {
    start: () =>
      parts.imports.sender.start({
        ...job,
        draftId: id,
        format: "xlsx",
        valid: products.length,
        skipped: 0,
        warnings: [],
        edit: true,
      }),
  };
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
function fileCards(parts: Parts, ids: readonly number[], onCodes?: (codes: Codes) => void) {
  return parts.seller.withoutDeadline(() => readCards(parts.seller, ids, onCodes));
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
  const file = {
    exportId: newCatalogId(),
    at: new Date(parts.clock.now()),
    texts: { ...input.texts, ...(parts.costs ? {} : { cost: undefined }) },
    secret: await parts.secret(),
    ...(parts.costs && { costs: await parts.costs.all() }),
  };
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
  let directory: Characteristics | undefined;
  const cards = await fileCards(parts, ids, (codes) => {
    directory = codes.names;
  });
  // Characteristics written by their names (as the export writes them) become codes.
  if (directory) codesOfNames(input.edits, directory);
  const meta = input.edits.meta;
  const snapshot = meta ? decodeMeta(meta, await parts.secret()) : undefined;
  const diff = await diffInTurns(input.edits, cards, { snapshot });
  if (directory) nameCharacteristics(diff.changes, directory);
  if (parts.costs) {
    const kept = await parts.costs.get(barcodesOf(cards.values()));
    withCosts(diff, diffExportCosts(input.edits, cards, snapshot, kept));
  }
  const names = Object.fromEntries([...cards.values()].map((c) => [c.productId, c.name.rus]));
  const { chatId, locale, fileName } = input;
  const stored: StoredPreview = { id: newCatalogId(), chatId, locale, fileName, diff, names };
  await parts.store.savePreview(stored);
  return stored;
}

/** A diff with the cost changes of its file: their rows changed, their problems named. */
function withCosts(diff: Diff, costs: ReturnType<typeof diffExportCosts>) {
  diff.costs = costs.changes;
  const touched = new Set(diff.changes.flatMap((c) => c.rows));
  const costRows = new Set(costs.changes.flatMap((c) => c.rows).filter((r) => !touched.has(r)));
  diff.unchanged = Math.max(0, diff.unchanged - costRows.size);
  diff.unreadable = [...diff.unreadable, ...costs.problems].sort((a, b) => a.row - b.row);
}

/**
 * A list of barcodes and costs: the catalog is read whole (outside the update's deadline, as
 * an export's) for its barcodes; the costs it changes are stored as a preview.
 */
async function costListPreview(
  parts: Parts & { costs: CostBook },
  input: { chatId: number; locale: Locale; fileName: string; list: CostList },
): Promise<StoredPreview> {
  const cards = new Map<number, LiveCard>();
  await parts.seller.withoutDeadline(() =>
    readForExport(
      parts.seller,
      {},
      {
        onListed: () => {},
        onCards: (got) => {
          for (const card of got) cards.set(card.productId, card);
        },
        onProgress: () => {},
      },
    ),
  );
  const listed = input.list.rows.flatMap((r) => (r.barcode ? [r.barcode] : []));
  const costs = diffCostList(
    input.list,
    skusByBarcode(cards.values()),
    await parts.costs.get(listed),
  );
  const diff: Diff = {
    changes: [],
    newSkus: [],
    unchanged: 0,
    keptLive: 0,
    goneProducts: [],
    goneSkus: [],
    blocked: [],
    unreadable: costs.problems.sort((a, b) => a.row - b.row),
    snapshot: true,
    costs: costs.changes,
    costList: true,
  };
  const named = new Set(costs.changes.map((c) => c.productId));
  const names = Object.fromEntries(
    [...cards.values()].filter((c) => named.has(c.productId)).map((c) => [c.productId, c.name.rus]),
  );
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
  const diff = diffEdits({ rows: [row], fields: ["price"] }, cards, { typedAgainstLive: true });
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

/** A press that could not take its record: out of date, another chat's, or in use right now. */
export type Refusal = ClaimRefusal | "stopping";
type ClaimRefusal = "gone" | "other-chat" | "busy";

export interface PressHooks<T> {
  /** Once the record is this press's: the status message the sender goes on to edit. */
  started(): Promise<ProgressState>;
  /** Once it is decided what goes, before anything is sent: the chat is told (in order). */
  announce(outcome: T): Promise<void>;
}

/**
 * Takes a preview or undo record for one press: only from its own chat, and only one press at
 * a time over every instance (the claim); read again once claimed, since the press that used
 * it last deletes it.
 */
async function claimRecord<T extends { chatId: number }>(
  parts: Parts,
  kind: "preview" | "undo",
  press: { id: string; chatId: number; owner: string },
  load: (id: string) => Promise<T | undefined>,
): Promise<{ record: T } | { refused: ClaimRefusal }> {
  const before = await load(press.id);
  if (!before) return { refused: "gone" };
  if (before.chatId !== press.chatId) return { refused: "other-chat" };
  const claim = await parts.store.claim(kind, press.id, press.owner);
  if (claim !== "claimed") return { refused: claim === "used" ? "gone" : "busy" };
  const record = await load(press.id);
  if (record) return { record };
  await parts.store.release(kind, press.id, press.owner);
  return { refused: "gone" };
}

/**
 * Hands prepared cards to the sender once the record is marked used: a record is never sent
 * twice. The app stopping first: nothing is sent, and the record may be pressed again.
 */
async function sendOnce(
  parts: Parts,
  kind: "preview" | "undo",
  id: string,
  send: { start(): boolean },
): Promise<boolean> {
  await parts.store.markUsed(kind, id);
  if (send.start()) return true;
  await parts.store.reopen(kind, id);
  return false;
}

/**
 * Applies exactly the previewed changes chosen, after reading the live cards again. Until the
 * edit goes to the sender, a failure (the Seller API failing or slow, the store) releases the
 * preview: the seller may press again.
 */
async function apply(
  parts: Parts,
  press: { previewId: string; chatId: number },
  choice: Selection,
  hooks: PressHooks<ApplyOutcome> & { undoData?: (undoId: string) => string },
): Promise<ApplyOutcome | Refusal> {
  const owner = randomUUID();
  const { previewId: id, chatId } = press;
  const claimed = await claimRecord(parts, "preview", { id, chatId, owner }, (previewId) =>
    parts.store.loadPreview(previewId),
  );
  if ("refused" in claimed) return claimed.refused;
  const stored = claimed.record;
  try {
    const progress = await hooks.started();
    const { plan, costs, outcome } = await planFor(parts, stored, choice);
    if (plan.products.length === 0 && costs.length === 0) {
      await parts.store.markUsed("preview", id);
      await forget(parts, () => parts.store.deletePreview(id));
      return outcome;
    }
    const undoId = await saveUndoOf(parts, chatId, plan.undo, costs);
    if (plan.products.length === 0) {
      // Costs alone: kept by the bot, nothing goes to the Seller API.
      await keepCosts(parts, costs);
      await parts.store.markUsed("preview", id);
      await hooks.announce({ ...outcome, undoId });
      await forget(parts, () => parts.store.deletePreview(id));
      return { ...outcome, undoId };
    }
    const t = translator(parts.i18n, stored.locale);
    const button = hooks.undoData && {
      text: t("catalog-button-undo"),
      data: hooks.undoData(undoId),
    };
    const { locale, fileName } = stored;
    // The costs kept are said in the summary too: the status that says so is edited on.
    const note = costs.length > 0 ? t("catalog-costs-kept", { count: outcome.costs }) : undefined;
    const job = {
      chatId,
      locale,
      fileName,
      progress,
      ...(button && { button }),
      ...(note && { note }),
    };
    const send = await prepareSend(parts, job, plan.products);
    if (parts.imports.sender.stopping.aborted) throw new Stopping();
    await hooks.announce({ ...outcome, undoId });
    await keepCosts(parts, costs);
    if (!(await sendOnce(parts, "preview", id, send))) return "stopping";
    await forget(parts, () => parts.store.deletePreview(id));
    parts.log.info({ products: plan.products.length, moved: plan.movedSince.length }, "edit sent");
    return { ...outcome, undoId };
  } catch (error) {
    await forget(parts, () => parts.store.release("preview", id, owner));
    if (error instanceof Stopping) return "stopping";
    throw error;
  }
}

/** What applying a preview does now: the chosen cards as live again, and the preview's costs. */
async function planFor(parts: Parts, stored: StoredPreview, choice: Selection) {
  const changes = selected(stored.diff, choice);
  const ids = new Set([
    ...changes.map((c) => c.productId),
    ...stored.diff.newSkus.map((n) => n.productId),
  ]);
  // Costs alone read nothing of the Seller API.
  const cards = ids.size > 0 ? await fileCards(parts, [...ids]) : new Map<number, LiveCard>();
  const plan = await planInTurns(stored.diff, changes, cards);
  const costs = parts.costs ? (stored.diff.costs ?? []) : [];
  const outcome: ApplyOutcome = {
    sent: plan.products.length,
    costs: costs.length,
    movedSince: plan.movedSince,
    notSent: plan.notSent,
  };
  return { plan, costs, outcome };
}

/** The undo record of an apply: each card's previous values, each cost's previous cost. */
async function saveUndoOf(
  parts: Parts,
  chatId: number,
  products: StoredUndo["products"],
  costs: readonly CostChange[],
): Promise<string> {
  const id = newCatalogId();
  const costUndo = costs.map((c) => ({
    barcode: c.barcode,
    ...(c.was !== undefined && { was: c.was }),
    ...(c.will !== undefined && { set: c.will }),
  }));
  await parts.store.saveUndo({
    id,
    chatId,
    products,
    ...(costUndo.length > 0 && { costs: costUndo }),
  });
  return id;
}

/** The cost prices of a preview, kept by the bot (never sent to the Seller API). */
async function keepCosts(parts: Parts, costs: readonly CostChange[]) {
  if (!parts.costs || costs.length === 0) return;
  await parts.costs.set(costs.map((c) => ({ barcode: c.barcode, cost: c.will })));
  parts.log.info({ costs: costs.length }, "cost prices kept");
}

/** Previous costs back where the kept ones are still what the apply set; the others kept. */
async function restoreCosts(parts: Parts, undo: NonNullable<StoredUndo["costs"]>) {
  if (!parts.costs || undo.length === 0) return { restored: 0, kept: 0 };
  const now = await parts.costs.get(undo.map((c) => c.barcode));
  const back = undo.filter((c) => now.get(c.barcode) === c.set);
  await parts.costs.set(back.map((c) => ({ barcode: c.barcode, cost: c.was })));
  return { restored: back.length, kept: undo.length - back.length };
}

/** The app began stopping before anything was sent. */
class Stopping extends Error {}

/** A tidy-up whose failure changes nothing the seller relies on (its record expires). */
async function forget(parts: Parts, work: () => Promise<unknown>) {
  await work().catch((error: unknown) =>
    parts.log.warn({ err: error }, "catalog record not tidied; it expires on its own"),
  );
}

export interface UndoOutcome {
  restored: number[];
  kept: number[];
  /** Cost prices put back, and those changed since (kept as they are). */
  costsRestored: number;
  costsKept: number;
}

/** Puts back the previous values where the live ones are still what the bot set. */
async function undo(
  parts: Parts,
  press: { undoId: string; chatId: number; locale: Locale },
  hooks: PressHooks<UndoOutcome>,
): Promise<UndoOutcome | Refusal> {
  const owner = randomUUID();
  const { undoId: id, chatId, locale } = press;
  const claimed = await claimRecord(parts, "undo", { id, chatId, owner }, (undoId) =>
    parts.store.loadUndo(undoId),
  );
  if ("refused" in claimed) return claimed.refused;
  try {
    const progress = await hooks.started();
    const ids = claimed.record.products.map((p) => p.productId);
    const plan = planUndo(claimed.record, ids.length > 0 ? await fileCards(parts, ids) : new Map());
    // Named in the chat's words in its summary and in /jobs.
    const t = translator(parts.i18n, locale);
    const job: SendJob = { chatId, locale, fileName: t("catalog-undo-name"), progress };
    const send = plan.products.length > 0 && (await prepareSend(parts, job, plan.products));
    if (parts.imports.sender.stopping.aborted) throw new Stopping();
    const costs = await restoreCosts(parts, claimed.record.costs ?? []);
    // Said in the summary too (the sending starts below and reads the job then): the status
    // that says so is edited on by the sending.
    if (costs.restored + costs.kept > 0)
      job.note = t("catalog-costs-undone", { restored: costs.restored, kept: costs.kept });
    const outcome: UndoOutcome = {
      restored: plan.restored,
      kept: plan.kept,
      costsRestored: costs.restored,
      costsKept: costs.kept,
    };
    await hooks.announce(outcome);
    if (!send) await parts.store.markUsed("undo", id);
    else if (!(await sendOnce(parts, "undo", id, send))) return "stopping";
    await forget(parts, () => parts.store.deleteUndo(id));
    return outcome;
  } catch (error) {
    await forget(parts, () => parts.store.release("undo", id, owner));
    if (error instanceof Stopping) return "stopping";
    throw error;
  }
}

/** "Cancel" of a preview: only from its chat, and not while it is being applied. */
async function cancel(parts: Parts, previewId: string, chatId: number) {
  const owner = randomUUID();
  const claimed = await claimRecord(parts, "preview", { id: previewId, chatId, owner }, (id) =>
    parts.store.loadPreview(id),
  );
  if ("refused" in claimed) return claimed.refused;
  await parts.store.markUsed("preview", previewId);
  await forget(parts, () => parts.store.deletePreview(previewId));
  return "cancelled" as const;
}

/** The catalog's export, return, apply and undo (src/bot/features/catalog adapts the chat). */
export function createCatalogService(deps: CatalogServiceDeps) {
  const store = createCatalogStore(deps.kv);
  let secret: Promise<Buffer> | undefined;
  const parts: Parts = {
    ...deps,
    store,
    log: deps.logger.child({ module: "catalog" }),
    secret: () => {
      // Read once; a failed read is tried again by the next export or return.
      secret ??= store.exportSecret().catch((error: unknown) => {
        secret = undefined;
        throw error;
      });
      return secret;
    },
  };
  return {
    store: parts.store,
    exportCatalog: (input: Parameters<typeof exportCatalog>[1]) => exportCatalog(parts, input),
    preview: (input: Parameters<typeof preview>[1]) => preview(parts, input),
    /** A list of barcodes and costs (undefined when the bot keeps no costs). */
    costListPreview: (input: Parameters<typeof costListPreview>[1]) => {
      const costs = parts.costs;
      return costs ? costListPreview({ ...parts, costs }, input) : Promise.resolve(undefined);
    },
    pricePreview: (input: Parameters<typeof pricePreview>[1]) => pricePreview(parts, input),
    apply: (
      press: Parameters<typeof apply>[1],
      choice: Selection,
      hooks: Parameters<typeof apply>[3],
    ) => apply(parts, press, choice, hooks),
    undo: (press: Parameters<typeof undo>[1], hooks: PressHooks<UndoOutcome>) =>
      undo(parts, press, hooks),
    cancel: (previewId: string, chatId: number) => cancel(parts, previewId, chatId),
    /** A live card (the product card's price button). */
    card: async (productId: number) => (await liveCards(parts, [productId])).get(productId),
    ttlMs: CATALOG_TTL_MS,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
export type { Diff };
