import { InlineKeyboard, InputFile } from "grammy";
import type { Diff, StoredPreview } from "../../../catalog/index.js";
import { diffWorkbook, previewText } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import type { EditRows } from "../../../import/index.js";
import { fitMessage } from "../../../import/index.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { applyButton, MODE_CANCEL } from "./buttons.js";

/** The apply buttons a preview offers: safe; with risky; with conflicts; both; cancel. */
export function previewKeyboard(
  ctx: BotContext,
  preview: StoredPreview,
): InlineKeyboard | undefined {
  const diff: Diff = preview.diff;
  const count = (risky: boolean, conflicts: boolean) =>
    diff.changes.filter((c) => (!c.risk || risky) && (!c.conflict || conflicts)).length +
    diff.newSkus.length;
  const keyboard = new InlineKeyboard();
  const safe = count(false, false);
  const risky = diff.changes.some((c) => c.risk);
  const conflicts = diff.changes.some((c) => c.conflict);
  if (safe === 0 && !risky && !conflicts) return undefined;
  const button = (key: string, mode: number, n: number) =>
    keyboard.text(ctx.t(key, { count: n }), applyButton.encode({ id: preview.id, mode })).row();
  if (safe > 0) button("catalog-button-apply", 0, safe);
  if (risky) button("catalog-button-apply-risky", 1, count(true, false));
  if (conflicts) button("catalog-button-apply-conflicts", 2, count(false, true));
  if (risky && conflicts) button("catalog-button-apply-everything", 3, count(true, true));
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
  // A real shop's return names thousands of products: their live cards take hundreds of
  // requests, longer than one answer's deadline (each call keeps its own budget), as an export.
  const preview = await deps.seller.withoutDeadline(() => deps.catalogEdit.preview(input));
  const text = previewText(ctx.t, input.fileName, preview.diff, preview.names);
  const keyboard = previewKeyboard(ctx, preview);
  await ctx.reply(fitMessage([text]), keyboard ? { reply_markup: keyboard } : {});
  if (preview.diff.changes.length > 0) {
    const bytes = await diffWorkbook(ctx.t, preview.diff, preview.names);
    const name = `${input.fileName.replace(/\.[^.]*$/, "")}-changes.xlsx`;
    await ctx.replyWithDocument(new InputFile(bytes, name), {
      caption: ctx.t("catalog-preview-file-caption"),
    });
  }
}
