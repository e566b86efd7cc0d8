import { Composer } from "grammy";
import type { DocumentStatus } from "../../import/watcher/types.js";
import type { BotContext } from "../context.js";
import { formatDateTime } from "../helpers/format.js";
import { escapeHtml } from "../helpers/html.js";
import { shorten } from "../helpers/text.js";
import type { FeatureDeps } from "../index.js";

/** Imports /jobs lists, newest first. */
export const JOBS_SHOWN = 10;

function stateLine(ctx: BotContext, doc: DocumentStatus): string {
  switch (doc.state) {
    case "watching":
      return ctx.t("jobs-state-watching", {
        finished: doc.products - doc.pending,
        total: doc.products,
      });
    case "done":
      return ctx.t("jobs-state-done", { succeeded: doc.succeeded, failed: doc.failed });
    case "expired":
      return ctx.t("jobs-state-expired", {
        succeeded: doc.succeeded,
        failed: doc.failed,
        pending: doc.pending,
      });
  }
}

/** `/jobs`: the chat's recent imports and their state, in the chat's language. */
export function createJobsFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command("jobs", deps.requireLink, async (ctx) => {
    const docs = await deps.watcher.recent(ctx.chat!.id, JOBS_SHOWN);
    if (docs.length === 0) {
      await ctx.reply(ctx.t("jobs-list-empty"));
      return;
    }
    const items = docs.map((doc, i) => {
      const name = shorten(doc.fileName, 60);
      const date = formatDateTime(new Date(doc.createdAt).toISOString(), deps.config.timeZone);
      const head = ctx.t("jobs-list-item", { n: String(i + 1), file: escapeHtml(name), date });
      return `${head}\n    ${stateLine(ctx, doc)}`;
    });
    await ctx.reply([ctx.t("jobs-list-title"), "", ...items].join("\n"));
  });
  return composer;
}
