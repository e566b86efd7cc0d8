import { InlineKeyboard, InputFile } from "grammy";
import type { Change, Diff, StoredPreview } from "../../../catalog/index.js";
import { diffWorkbook, previewText, selected } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import type { CostList, EditRows } from "../../../import/index.js";
import { fitMessage } from "../../../import/index.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import {
  applyButton,
  MODE_CANCEL,
  MODE_CONFLICTS,
  MODE_RISKY,
  MODE_UNVERIFIED,
  selectionOf,
} from "./buttons.js";

/** Changes asked about apart, each with its own button beside the safe ones. */
const APART = [
  { mode: MODE_RISKY, key: "catalog-button-apply-risky", has: (c: Change) => c.risk !== undefined },
  { mode: MODE_CONFLICTS, key: "catalog-button-apply-conflicts", has: (c: Change) => !!c.conflict },
  {
    mode: MODE_UNVERIFIED,
    key: "catalog-button-apply-unverified",
    has: (c: Change) => !!c.unverified,
  },
] as const;

/**
 * The apply buttons a preview offers: the safe changes; with each kind asked about apart
 * (risky, conflicts, "cannot tell"); with all of them when there are several kinds; cancel.
 */
export function previewKeyboard(
  ctx: BotContext,
  preview: StoredPreview,
): InlineKeyboard | undefined {
  const diff: Diff = preview.diff;
  // Cost prices go with any apply: kept by the bot, they are never asked about apart.
  const costs = diff.costs?.length ?? 0;
  const count = (mode: number) =>
    selected(diff, selectionOf(mode)).length + diff.newSkus.length + costs;
  const keyboard = new InlineKeyboard();
  const safe = count(0);
  const kinds = APART.filter((kind) => diff.changes.some(kind.has));
  if (safe === 0 && kinds.length === 0) return undefined;
  const button = (key: string, mode: number) =>
    keyboard
      .text(ctx.t(key, { count: count(mode) }), applyButton.encode({ id: preview.id, mode }))
      .row();
  if (safe > 0) button("catalog-button-apply", 0);
  for (const kind of kinds) button(kind.key, kind.mode);
  if (kinds.length > 1) {
    const all = kinds.reduce((mode, kind) => mode | kind.mode, 0);
    button("catalog-button-apply-everything", all);
  }
  keyboard.text(
    ctx.t("catalog-button-cancel"),
    applyButton.encode({ id: preview.id, mode: MODE_CANCEL }),
  );
  return keyboard;
}

/**
 * A returned export: the live cards are read, the preview (text, buttons) and the full
 * difference (.xlsx) sent. Rows without a productId go on to the usual import offer.
 */
export async function sendEditPreview(
  ctx: BotContext,
  deps: FeatureDeps,
  input: { chatId: number; locale: Locale; fileName: string; edits: EditRows },
): Promise<void> {
  // The live cards are read outside the update's deadline by the service (src/catalog/service.ts).
  const preview = await deps.catalogEdit.preview(input);
  await showPreview(ctx, input, preview);
}

/** The preview's message with its buttons, and the full difference as a file when it has any. */
async function showPreview(
  ctx: BotContext,
  input: { locale: Locale; fileName: string },
  preview: StoredPreview,
) {
  const text = previewText(ctx.t, input.fileName, preview.diff, preview.names, input.locale);
  const keyboard = previewKeyboard(ctx, preview);
  await ctx.reply(fitMessage([text]), keyboard ? { reply_markup: keyboard } : {});
  if (preview.diff.changes.length > 0 || (preview.diff.costs?.length ?? 0) > 0) {
    const bytes = await diffWorkbook(ctx.t, preview.diff, preview.names);
    const name = `${input.fileName.replace(/\.[^.]*$/, "")}-changes.xlsx`;
    await ctx.replyWithDocument(new InputFile(bytes, name), {
      caption: ctx.t("catalog-preview-file-caption"),
    });
  }
}

/**
 * A list of barcodes and cost prices: the catalog's barcodes are read, the costs it changes
 * previewed with the same buttons (apply, cancel) and undo as a returned export's.
 */
export async function sendCostPreview(
  ctx: BotContext,
  deps: FeatureDeps,
  input: { chatId: number; locale: Locale; fileName: string; list: CostList },
): Promise<void> {
  const preview = await deps.catalogEdit.costListPreview(input);
  if (!preview) return;
  await showPreview(ctx, input, preview);
}
