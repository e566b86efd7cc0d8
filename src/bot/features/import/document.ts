import { GrammyError, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../i18n.js";
import {
  confirmationBlock,
  fitMessage,
  type ImportJob,
  megabytes,
  newDraftId,
  type Prepared,
  ProgressMessage,
  rejectionText,
  reportFileName,
  TELEGRAM_DOWNLOAD_LIMIT,
} from "../../../import/index.js";
import { escapeHtml } from "../../../text/index.js";
import { runCommand } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { sendCostPreview, sendEditPreview } from "../catalog/preview.js";
import { IMPORT_CONVERSATION } from "./conversation.js";
import { importChoice } from "./texts.js";

type ReadDocument = Extract<Prepared, { kind: "read" }>;

/** The file's path on the Bot API server, or the text that says why there is none. */
async function filePathOf(
  ctx: BotContext,
  fileId: string,
  deps: FeatureDeps,
): Promise<{ path: string; size: number | undefined } | { text: string }> {
  try {
    const file = await ctx.api.getFile(fileId);
    const path = file.file_path;
    if (path) return { path, size: file.file_size };
  } catch (error) {
    const tooBig = error instanceof GrammyError && /too big/i.test(error.description);
    deps.logger.warn(
      { chatId: ctx.chat?.id, err: tooBig ? "file is too big" : "getFile failed" },
      "no file",
    );
    if (tooBig)
      return {
        text: rejectionText(ctx.t, "too-large", { max: megabytes(TELEGRAM_DOWNLOAD_LIMIT) }),
      };
  }
  return { text: ctx.t("import-download-failed") };
}

/** The problems of a read document (the first ones; the rest in an attached report). */
async function problemsBlock(
  ctx: BotContext,
  deps: FeatureDeps,
  read: ReadDocument,
  fileName: string,
) {
  if (read.invalid === 0) return [];
  if (read.hasReport) {
    const draft = await deps.imports.drafts.load(read.draftId);
    await ctx.replyWithDocument(
      new InputFile(Buffer.from(draft?.report ?? "", "utf8"), reportFileName(fileName, "problems")),
      { caption: ctx.t("import-problems-in-file") },
    );
  }
  const list = [...read.lines];
  if (read.problems > read.lines.length) {
    list.push(ctx.t("import-problems-more", { count: read.problems - read.lines.length }));
  }
  const head =
    read.valid > 0
      ? ctx.t("import-problems-some", { invalid: read.invalid, valid: read.valid })
      : ctx.t("import-problems-all", { invalid: read.invalid });
  return [head, list.join("\n")];
}

/**
 * Always asks before sending: the problems (if any), how the file was read, the first product
 * as it will be sent, and "Import N" / "Cancel". Nothing valid: the problems and what to do.
 */
async function offer(
  ctx: BotContext,
  deps: FeatureDeps,
  read: ReadDocument,
  job: ImportJob,
  status: { progress: ProgressMessage; validated: string[]; own: boolean },
) {
  const problems = await problemsBlock(ctx, deps, read, job.fileName);
  // The status message becomes the offer, unless a returned export's preview came below it.
  // Its problems' first line gives the counts already.
  const head = status.own && read.invalid === 0 ? status.validated : [];
  /** The offer's text (and buttons) shown; the id of the message that holds them. */
  const say = async (text: string, reply_markup?: InlineKeyboard): Promise<number> => {
    if (status.own) {
      await status.progress.settle(text, reply_markup);
      return status.progress.messageId;
    }
    await status.progress.settle(status.validated.join("\n"));
    return (await ctx.reply(text, reply_markup && { reply_markup })).message_id;
  };
  if (read.valid === 0) {
    await say(fitMessage([...head, ...problems, ...read.warnings, ctx.t("import-fix-and-resend")]));
    await deps.imports.drafts.delete(read.draftId).catch((error: unknown) => {
      // Nothing reads this draft again; it expires on its own (DRAFT_TTL_MS).
      deps.logger.warn({ draft: read.draftId, err: error }, "draft not deleted");
    });
    return;
  }
  const allValid = read.invalid === 0;
  const text = fitMessage([
    ...head,
    ...problems,
    confirmationBlock(ctx.t, read.format, read.reading, read.first),
    ...read.warnings,
    allValid
      ? ctx.t("import-confirm-question", { valid: read.valid })
      : ctx.t("import-offer", { valid: read.valid }),
  ]);
  const go = allValid
    ? ctx.t("import-button-import-all", { valid: read.valid })
    : ctx.t("import-button-import", { valid: read.valid });
  const keyboard = new InlineKeyboard()
    .text(go, importChoice.encode({ action: "go", draft: read.draftId }))
    .row()
    .text(
      ctx.t("import-button-cancel"),
      importChoice.encode({ action: "no", draft: read.draftId }),
    );
  const offerId = await say(text, keyboard);
  // The warnings were shown with the offer; the conversation waits for the choice.
  await ctx.conversation.enter(IMPORT_CONVERSATION, { ...job, warnings: [] }, offerId);
}

/**
 * A document dropped into a linked chat: one status message, the file read and checked, then
 * the confirmation (always asked) which the import conversation waits for; not a
 * product list → one clear message. The reading happens here, in the update, so the
 * conversation's replays repeat nothing of it.
 */
export function createDocumentHandler(deps: FeatureDeps) {
  const log = deps.logger.child({ module: "import" });
  const { clock } = deps.imports;

  return async (ctx: BotContext) => {
    const document = ctx.message?.document;
    const chatId = ctx.chat?.id;
    if (!document || chatId === undefined) return;
    if (document.file_size !== undefined && document.file_size > TELEGRAM_DOWNLOAD_LIMIT) {
      // Telegram would not hand it over anyway: say so without trying.
      const max = megabytes(TELEGRAM_DOWNLOAD_LIMIT);
      await ctx.reply(rejectionText(ctx.t, "too-large", { max }));
      return;
    }
    const locale = (await ctx.i18n.getLocale()) as Locale;
    const fileName = document.file_name ?? "document";
    const reading = ctx.t("import-reading", { file: escapeHtml(fileName) });
    const progress = await ProgressMessage.start(ctx.api, clock, log, chatId, reading);
    const file = await filePathOf(ctx, document.file_id, deps);
    if ("text" in file) return progress.settle(file.text);

    const draftId = newDraftId();
    let prepared: Prepared;
    try {
      prepared = await deps.imports.prepare({
        draftId,
        chatId,
        locale,
        fileName,
        mimeType: document.mime_type,
        filePath: file.path,
        fileSize: file.size,
        maxBytes: TELEGRAM_DOWNLOAD_LIMIT,
      });
    } catch (error) {
      log.error({ chatId, draft: draftId, err: String(error) }, "import preparation failed");
      return progress.settle(ctx.t("error-storage"));
    }
    if (prepared.kind === "download-failed")
      return progress.settle(ctx.t("import-download-failed"));
    if (prepared.kind === "rejected") {
      return progress.settle(rejectionText(ctx.t, prepared.reason, prepared.params));
    }
    if (prepared.costs) {
      // A list of barcodes and costs: nothing of it is sent, no import offer follows.
      const shown = progress.settle(ctx.t("catalog-costs-reading"));
      const list = prepared.costs;
      await runCommand(ctx, () => sendCostPreview(ctx, deps, { chatId, locale, fileName, list }));
      return shown;
    }
    const validated = [
      ctx.t("import-validated", { valid: prepared.valid, invalid: prepared.invalid }),
    ];
    if (prepared.edits) {
      // A returned export: the edits get their preview; new rows (if any) the usual offer, the
      // status saying so (no message of its own: a chat gets one a second).
      // The live cards are read while the chat's pace lets the status out (up to a second after
      // the last message: measured, 1.55x the reads' bound when the reading waited for it).
      const shown = progress.settle(ctx.t("catalog-preview-reading"));
      const edits = prepared.edits;
      await runCommand(ctx, () => sendEditPreview(ctx, deps, { chatId, locale, fileName, edits }));
      await shown;
      if (prepared.valid === 0 && prepared.invalid === 0) return;
      // No new row passed: no offer follows, only the reasons.
      const note =
        prepared.valid === 0
          ? "catalog-preview-new-products-invalid"
          : "catalog-preview-new-products";
      validated.push(ctx.t(note));
    }
    const job: ImportJob = {
      draftId,
      chatId,
      locale,
      fileName,
      format: prepared.format,
      valid: prepared.valid,
      skipped: prepared.invalid,
      warnings: prepared.warnings,
    };
    // After a returned export's preview, the status stays above it and the offer comes below.
    await offer(ctx, deps, prepared, job, { progress, validated, own: !prepared.edits });
  };
}
