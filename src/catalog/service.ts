import type { Clock } from "../clock.js";
import type { I18nInstance, Locale } from "../i18n.js";
import type { ProgressState } from "../import/sender/index.js";
import type { ImportService } from "../import/service.js";
import type { EditRows, ParsedProduct } from "../import/types.js";
import type { Logger } from "../logger.js";
import type { KeyValueStore } from "../storage/index.js";
import { planApply, planUndo, type Selection, selected } from "./apply.js";
import { type Diff, diffEdits } from "./diff.js";
import { type ExportTexts, writeExportCsv, writeExportXlsx } from "./export-file.js";
import { priceText } from "./fields.js";
import {
  type CatalogSeller,
  cardOf,
  type ListFilter,
  listAll,
  readCards,
  readCodes,
  readDetails,
} from "./live.js";
import { decodeMeta } from "./meta.js";
import { CATALOG_TTL_MS, createCatalogStore, newCatalogId, type StoredPreview } from "./store.js";

export interface CatalogServiceDeps {
  seller: CatalogSeller;
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

/** The catalog's export, return, apply and undo (src/bot/features/catalog adapts the chat). */
export function createCatalogService(deps: CatalogServiceDeps) {
  const store = createCatalogStore(deps.kv);
  const log = deps.logger.child({ module: "catalog" });

  /** Sends cards through the import's sender (progress, watcher, one summary). */
  async function send(
    chatId: number,
    locale: Locale,
    fileName: string,
    products: ParsedProduct[],
    progress: ProgressState,
  ): Promise<void> {
    const id = newCatalogId();
    await deps.imports.drafts.save({ id, chatId, fileName, format: "xlsx", products, invalid: 0 });
    deps.imports.sender.start({
      draftId: id,
      chatId,
      locale,
      fileName,
      format: "xlsx",
      valid: products.length,
      skipped: 0,
      warnings: [],
      progress,
    });
  }

  return {
    store,
    async exportCatalog(input: {
      filter: ListFilter;
      csv: boolean;
      texts: ExportTexts;
      onProgress: (done: number, total: number) => Promise<void>;
    }): Promise<ExportResult> {
      const items = await listAll(deps.seller, input.filter, (read, total) =>
        input.onProgress(0, Math.max(total, read)),
      );
      const codes = await readCodes(deps.seller);
      const details = await readDetails(
        deps.seller,
        items.map((i) => i.productId),
        (done) => input.onProgress(done, items.length),
      );
      const byId = new Map(items.map((i) => [i.productId, i]));
      const cards = details.map((d) => cardOf(d, codes, byId.get(d.productId)));
      const exportInput = {
        exportId: newCatalogId(),
        at: new Date(deps.clock.now()),
        cards,
        texts: input.texts,
      };
      const bytes = input.csv ? writeExportCsv(exportInput) : await writeExportXlsx(exportInput);
      log.info({ products: cards.length, bytes: bytes.length }, "catalog exported");
      return {
        bytes,
        products: cards.length,
        skus: cards.reduce((n, c) => n + Math.max(1, c.skus.length), 0),
        codesUnknown: cards.filter((c) => !c.codesKnown).length,
      };
    },

    /** Compares a returned file with the live cards (and its export) and stores the preview. */
    async preview(input: { chatId: number; locale: Locale; fileName: string; edits: EditRows }) {
      const ids = [...new Set(input.edits.rows.map((r) => r.productId).filter((id) => id > 0))];
      const codes = await readCodes(deps.seller);
      const cards = await readCards(deps.seller, ids, codes);
      const snapshot = input.edits.meta ? decodeMeta(input.edits.meta) : undefined;
      const diff = diffEdits(input.edits, cards, snapshot);
      const names = Object.fromEntries([...cards.values()].map((c) => [c.productId, c.name.rus]));
      const preview: StoredPreview = {
        id: newCatalogId(),
        chatId: input.chatId,
        locale: input.locale,
        fileName: input.fileName,
        diff,
        names,
      };
      await store.savePreview(preview);
      return preview;
    },

    /** One SKU's new price, as a preview of one change. */
    async pricePreview(input: {
      chatId: number;
      locale: Locale;
      productId: number;
      skuId: number;
      price: number;
    }) {
      const codes = await readCodes(deps.seller);
      const cards = await readCards(deps.seller, [input.productId], codes);
      const card = cards.get(input.productId);
      const sku = card?.skus.find((s) => s.skuId === input.skuId);
      if (!card || !sku) return undefined;
      const edits: EditRows = {
        rows: [
          {
            row: 1,
            productId: input.productId,
            skuId: input.skuId,
            values: { price: priceText(input.price) },
            issues: [],
          },
        ],
        fields: ["price"],
      };
      const diff = diffEdits(edits, cards, undefined);
      const names = { [card.productId]: card.name.rus };
      const preview: StoredPreview = {
        id: newCatalogId(),
        chatId: input.chatId,
        locale: input.locale,
        fileName: card.name.rus,
        diff,
        names,
      };
      await store.savePreview(preview);
      return { preview, was: sku.price };
    },

    /** Applies exactly the previewed changes chosen, after reading the live cards again. */
    async apply(
      previewId: string,
      choice: Selection,
      progress: ProgressState,
    ): Promise<ApplyOutcome | undefined> {
      const preview = await store.loadPreview(previewId);
      if (!preview) return undefined;
      await store.deletePreview(previewId);
      const changes = selected(preview.diff, choice);
      const ids = [
        ...new Set([
          ...changes.map((c) => c.productId),
          ...preview.diff.newSkus.map((n) => n.productId),
        ]),
      ];
      const codes = await readCodes(deps.seller);
      const cards = await readCards(deps.seller, ids, codes);
      const plan = planApply(preview.diff, changes, cards);
      const outcome: ApplyOutcome = {
        sent: plan.products.length,
        movedSince: plan.movedSince,
        notSent: plan.notSent,
      };
      if (plan.products.length === 0) return outcome;
      const undoId = newCatalogId();
      await store.saveUndo({ id: undoId, chatId: preview.chatId, products: plan.undo });
      await send(preview.chatId, preview.locale, preview.fileName, plan.products, progress);
      log.info(
        { products: plan.products.length, moved: plan.movedSince.length },
        "catalog edit sent",
      );
      return { ...outcome, undoId };
    },

    /** Puts back the previous values where the live ones are still what the bot set. */
    async undo(undoId: string, locale: Locale, progress: ProgressState) {
      const undo = await store.loadUndo(undoId);
      if (!undo) return undefined;
      await store.deleteUndo(undoId);
      const codes = await readCodes(deps.seller);
      const cards = await readCards(
        deps.seller,
        undo.products.map((p) => p.productId),
        codes,
      );
      const plan = planUndo(undo, cards);
      if (plan.products.length > 0)
        await send(undo.chatId, locale, "undo", plan.products, progress);
      return { restored: plan.restored, kept: plan.kept };
    },

    /** A live card (the product card's price button). */
    async card(productId: number) {
      const codes = await readCodes(deps.seller);
      return (await readCards(deps.seller, [productId], codes)).get(productId);
    },
    ttlMs: CATALOG_TTL_MS,
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
export type { Diff };
