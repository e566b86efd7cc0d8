import { GrammyError, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../i18n.js";
import { TELEGRAM_DOWNLOAD_LIMIT } from "../../../import/download.js";
import { reportFileName } from "../../../import/report.js";
import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../helpers/html.js";
import type { FeatureDeps } from "../../index.js";
import { IMPORT_CONVERSATION } from "./conversation.js";
import { type DraftStore, newDraftId } from "./draft.js";
import { megabytes, type Prepared, prepareImport } from "./prepare.js";
import { fitMessage } from "./problems.js";
import { ProgressMessage, realClock } from "./progress.js";
import { type Effects, type ImportJob, sendDraft } from "./sending.js";
import { importChoice, rejectionText } from "./texts.js";

const direct: Effects = { run: (task) => task(), clock: realClock };

/**
 * A document dropped into a linked chat: one status message, the file read and checked;
 * all valid → sent at once; some invalid → the problems and a choice, which the import
 * conversation waits for; nothing valid or not a product list → one clear message.
 * The reading happens here, in the update, so the conversation's replays repeat nothing of it.
 */
export function createDocumentHandler(deps: FeatureDeps, drafts: DraftStore) {
  const log = deps.logger.child({ module: "import" });

  return async (ctx: BotContext) => {
    const document = ctx.message?.document;
    const chatId = ctx.chat?.id;
    if (!document || chatId === undefined) return;
    const maxMb = megabytes(TELEGRAM_DOWNLOAD_LIMIT);
    if (document.file_size !== undefined && document.file_size > TELEGRAM_DOWNLOAD_LIMIT) {
      // Telegram would not hand it over anyway: say so without trying.
      await ctx.reply(rejectionText(ctx.t, "too-large", { max: maxMb }));
      return;
    }
    const locale = (await ctx.i18n.getLocale()) as Locale;
    const fileName = document.file_name ?? "document";
    const progress = await ProgressMessage.start(
      ctx.api,
      realClock,
      chatId,
      ctx.t("import-reading", { file: escapeHtml(fileName) }),
    );

    let filePath: string | undefined;
    let fileSize: number | undefined;
    try {
      const file = await ctx.api.getFile(document.file_id);
      filePath = file.file_path;
      fileSize = file.file_size;
    } catch (error) {
      const tooBig = error instanceof GrammyError && /too big/i.test(error.description);
      log.warn({ chatId, err: tooBig ? "file is too big" : "getFile failed" }, "no file");
      await progress.settle(
        ctx.api,
        tooBig
          ? rejectionText(ctx.t, "too-large", { max: maxMb })
          : ctx.t("import-download-failed"),
      );
      return;
    }
    if (!filePath) {
      await progress.settle(ctx.api, ctx.t("import-download-failed"));
      return;
    }

    const draftId = newDraftId();
    let prepared: Prepared;
    try {
      prepared = await prepareImport(
        { config: deps.config, logger: deps.logger, i18n: deps.i18n, drafts },
        {
          draftId,
          chatId,
          locale,
          fileName,
          mimeType: document.mime_type,
          filePath,
          fileSize,
          maxBytes: TELEGRAM_DOWNLOAD_LIMIT,
        },
      );
    } catch (error) {
      log.error({ chatId, draft: draftId, err: String(error) }, "import preparation failed");
      await progress.settle(ctx.api, ctx.t("error-storage"));
      return;
    }
    if (prepared.kind === "download-failed") {
      await progress.settle(ctx.api, ctx.t("import-download-failed"));
      return;
    }
    if (prepared.kind === "rejected") {
      await progress.settle(ctx.api, rejectionText(ctx.t, prepared.reason, prepared.params));
      return;
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
      progress: progress.state,
    };
    if (prepared.invalid === 0) {
      // All valid: the import starts at once.
      await sendDraft(deps, drafts, direct, { api: ctx.api, t: ctx.t }, job);
      return;
    }

    await progress.settle(
      ctx.api,
      ctx.t("import-validated", { valid: prepared.valid, invalid: prepared.invalid }),
    );
    if (prepared.hasReport) {
      const draft = await drafts.load(draftId).catch(() => undefined);
      await ctx.replyWithDocument(
        new InputFile(
          Buffer.from(draft?.report ?? "", "utf8"),
          reportFileName(fileName, "problems"),
        ),
        { caption: ctx.t("import-problems-in-file") },
      );
    }
    const list = [...prepared.lines];
    if (prepared.problems > prepared.lines.length) {
      list.push(
        ctx.t("import-problems-more", { count: prepared.problems - prepared.lines.length }),
      );
    }
    const someValid = prepared.valid > 0;
    const text = fitMessage([
      someValid
        ? ctx.t("import-problems-some", { invalid: prepared.invalid, valid: prepared.valid })
        : ctx.t("import-problems-all", { invalid: prepared.invalid }),
      list.join("\n"),
      ...prepared.warnings,
      someValid ? ctx.t("import-offer", { valid: prepared.valid }) : ctx.t("import-fix-and-resend"),
    ]);
    if (!someValid) {
      await ctx.reply(text);
      await drafts.delete(draftId).catch(() => {});
      return;
    }
    const keyboard = new InlineKeyboard()
      .text(
        ctx.t("import-button-import", { valid: prepared.valid }),
        importChoice.encode({ action: "go", draft: draftId }),
      )
      .row()
      .text(ctx.t("import-button-cancel"), importChoice.encode({ action: "no", draft: draftId }));
    const offer = await ctx.reply(text, { reply_markup: keyboard });
    // The warnings were shown with the problems; the conversation waits for the choice.
    await ctx.conversation.enter(IMPORT_CONVERSATION, {
      ...job,
      warnings: [],
      progress: progress.state,
      offerMessageId: offer.message_id,
    } satisfies ImportJob);
  };
}
