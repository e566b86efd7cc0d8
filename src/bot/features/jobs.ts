import { Composer } from "grammy";
import type { DocumentStatus } from "../../import/index.js";
import { escapeHtml, shorten } from "../../text/index.js";
import type { BotContext } from "../context.js";
import type { Feature, FeatureDeps } from "../deps.js";
import { listScreen } from "../lists/paged-list.js";
import { menuCommand } from "../menu.js";

const JOBS = menuCommand("jobs", 40);

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
function createJobsFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.command(JOBS.command, deps.requireLink, async (ctx) => {
    const docs = await deps.watcher.recent(ctx.chat!.id, JOBS_SHOWN);
    const items = docs.map((doc, i) => {
      const name = shorten(doc.fileName, 60);
      const date = deps.formats.ru.dateTime(new Date(doc.createdAt).toISOString());
      const head = ctx.t("jobs-list-item", { n: String(i + 1), file: escapeHtml(name), date });
      return `${head}\n    ${stateLine(ctx, doc)}`;
    });
    // One page of the list kit: the newest JOBS_SHOWN, no pager.
    const screen = listScreen(ctx, {
      page: 1,
      titleKey: "jobs-list-title",
      total: docs.length,
      pages: 1,
      headLines: [""],
      items,
      separator: "\n",
      empty: { lines: [ctx.t("jobs-list-empty")] },
      pageData: () => "",
    });
    await ctx.reply(screen.text);
  });
  return composer;
}

export const jobsFeature: Feature = { commands: [JOBS], create: createJobsFeature };
