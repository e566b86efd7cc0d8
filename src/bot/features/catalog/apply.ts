import { InlineKeyboard } from "grammy";
import type { Refusal } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import { ProgressMessage } from "../../../import/index.js";
import { escapeHtml } from "../../../text/index.js";
import { ButtonNotice } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { isSellerApiFailure, userMessageKey } from "../../errors/user-messages.js";
import { MODE_CANCEL, selectionOf, undoButton } from "./buttons.js";

/** Buttons of a message that is done with (too old ones stay; nothing depends on it). */
async function dropButtons(ctx: BotContext, deps: FeatureDeps) {
  await ctx.editMessageReplyMarkup().catch((error: unknown) => {
    deps.logger.debug({ err: String(error) }, "buttons not removed (message too old)");
  });
}

/** The toast of a press that could not take its preview or undo record. */
function refusalNotice(refusal: Exclude<Refusal, "stopping">, gone: string): ButtonNotice {
  if (refusal === "other-chat") return new ButtonNotice("button-other-chat");
  if (refusal === "busy") return new ButtonNotice("button-busy");
  return new ButtonNotice(gone);
}

/**
 * The press's status message, started once the record is the press's; on a failure before
 * anything was sent it says so and that the button still works.
 */
function pressProgress(ctx: BotContext, deps: FeatureDeps) {
  const chatId = ctx.chat!.id;
  const log = deps.logger.child({ module: "catalog", chatId });
  let progress: ProgressMessage | undefined;
  return {
    async started() {
      const text = ctx.t("catalog-applying");
      progress = await ProgressMessage.start(ctx.api, deps.imports.clock, log, chatId, text);
      return progress.state;
    },
    settle: (text: string, buttons?: InlineKeyboard) => progress?.settle(text, buttons),
    /** Nothing was sent: the reason (a Seller API failure is answered here) and "press again". */
    async failed(error: unknown, retryKey: string) {
      const seller = isSellerApiFailure(error);
      const lines = [...(seller ? [ctx.t(userMessageKey(error))] : []), ctx.t(retryKey)];
      if (progress) await progress.settle(lines.join("\n"));
      else if (seller) await ctx.reply(lines.join("\n"));
      if (!seller) throw error;
    },
  };
}

/** What an apply sends, before it is sent: the undo button comes with it. */
function appliedText(ctx: BotContext, outcome: { movedSince: number[]; notSent: number[] }) {
  const lines: string[] = [];
  const ids = (list: number[]) => list.join(", ");
  if (outcome.movedSince.length > 0)
    lines.push(ctx.t("catalog-moved-since", { products: ids(outcome.movedSince) }));
  if (outcome.notSent.length > 0)
    lines.push(ctx.t("catalog-not-sent", { products: ids(outcome.notSent) }));
  return lines;
}

/**
 * "Apply" of a preview: the chosen changes, re-checked against the live cards, sent whole. A
 * press from another chat, or while another press applies it, changes nothing; a failure
 * before anything is sent leaves the preview and its buttons as they were.
 */
export async function applyPreview(
  ctx: BotContext,
  deps: FeatureDeps,
  data: { id: string; mode: number },
) {
  const chatId = ctx.chat!.id;
  if (data.mode === MODE_CANCEL) {
    const cancelled = await deps.catalogEdit.cancel(data.id, chatId);
    if (cancelled !== "cancelled") throw refusalNotice(cancelled, "catalog-preview-expired");
    await dropButtons(ctx, deps);
    await ctx.reply(ctx.t("catalog-cancelled"));
    return;
  }
  const progress = pressProgress(ctx, deps);
  const outcome = await deps.catalogEdit
    .apply({ previewId: data.id, chatId }, selectionOf(data.mode), {
      started: progress.started,
      undoData: (id) => undoButton.encode({ id }),
      // The status message says what goes; the undo button comes with the summary, the one
      // other message of the press.
      announce: async (planned) => {
        await dropButtons(ctx, deps);
        const lines = planned.sent > 0 ? [ctx.t("catalog-applied", { count: planned.sent })] : [];
        if (planned.costs > 0) lines.push(ctx.t("catalog-costs-kept", { count: planned.costs }));
        const text = [...lines, ...appliedText(ctx, planned)];
        if (planned.sent > 0) return void (await progress.settle(text.join("\n")));
        // Costs alone: nothing is sent and no summary follows: the status is the result, with
        // its undo button.
        const undo = undoButton.encode({ id: planned.undoId! });
        const keyboard = new InlineKeyboard().text(ctx.t("catalog-button-undo"), undo);
        await progress.settle([...text, ctx.t("catalog-costs-undo-hint")].join("\n"), keyboard);
      },
    })
    .catch((error: unknown) => progress.failed(error, "catalog-apply-retry"));
  if (outcome === undefined || outcome === "stopping") {
    if (outcome === "stopping") await progress.settle(ctx.t("catalog-stopping"));
    return;
  }
  if (typeof outcome === "string") {
    if (outcome === "gone") await dropButtons(ctx, deps);
    throw refusalNotice(outcome, "catalog-preview-expired");
  }
  if (outcome.undoId) return;
  await dropButtons(ctx, deps);
  await progress.settle(
    [ctx.t("catalog-applied-nothing"), ...appliedText(ctx, outcome)].join("\n"),
  );
}

/** "Undo": previous values back where the live ones are still the bot's; its own summary. */
export async function undoApply(ctx: BotContext, deps: FeatureDeps, undoId: string) {
  const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
  const progress = pressProgress(ctx, deps);
  const result = await deps.catalogEdit
    .undo(
      { undoId, chatId: ctx.chat!.id, locale },
      {
        started: progress.started,
        announce: async ({ restored, kept, costsRestored, costsKept }) => {
          await dropButtons(ctx, deps);
          const counts = { restored: restored.length, kept: kept.length };
          const cards = restored.length + kept.length > 0;
          const lines = cards ? [ctx.t("catalog-undo-summary", counts)] : [];
          if (kept.length > 0)
            lines.push(ctx.t("catalog-undo-kept-list", { products: escapeHtml(kept.join(", ")) }));
          if (costsRestored + costsKept > 0)
            lines.push(ctx.t("catalog-costs-undone", { restored: costsRestored, kept: costsKept }));
          await progress.settle(lines.join("\n"));
        },
      },
    )
    .catch((error: unknown) => progress.failed(error, "catalog-undo-retry"));
  if (result === "stopping") await progress.settle(ctx.t("catalog-stopping"));
  else if (typeof result === "string") {
    if (result === "gone") await dropButtons(ctx, deps);
    throw refusalNotice(result, "catalog-undo-expired");
  }
}
