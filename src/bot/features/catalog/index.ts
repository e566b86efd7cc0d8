import { Composer, InlineKeyboard, InputFile } from "grammy";
import { stockExportName } from "../../../alerts/index.js";
import { exportTexts, type ListFilter, listAll } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import { ProgressMessage } from "../../../import/index.js";
import { localized, shorten } from "../../../text/index.js";
import { exportButton } from "../../buttons/codecs.js";
import { ButtonNotice, onButton, runCommand } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { ignoreFailure } from "../../errors/ignored.js";
import { createListQueries } from "../../lists/queries.js";
import { menuCommand } from "../../menu.js";
import { applyPreview, undoApply } from "./apply.js";
import { applyButton, undoButton } from "./buttons.js";
import { priceDialogue, registerPriceEdit } from "./price.js";

const EXPORT = menuCommand("export", 25);

/** One entry of the /export menu: its label and its button's data. Other exports add theirs. */
export interface ExportMenuEntry {
  label(ctx: BotContext): string;
  data(ctx: BotContext): string;
}

/** The catalog's own entries of the /export menu. */
export const CATALOG_EXPORT_ENTRIES: readonly ExportMenuEntry[] = [
  {
    label: (ctx) => ctx.t("catalog-export-all"),
    data: () => exportButton.encode({ kind: "all", arg: "" }),
  },
  {
    label: (ctx) => ctx.t("catalog-export-all-csv"),
    data: () => exportButton.encode({ kind: "csv", arg: "" }),
  },
  {
    label: (ctx) => ctx.t("catalog-export-one-category"),
    data: () => exportButton.encode({ kind: "cats", arg: "" }),
  },
];

/** Categories a picker shows at most (the rest by `/export <id>`). */
const CATEGORIES_SHOWN = 30;

/** The categories the seller's products are in, as buttons exporting one of them. */
async function categoryPicker(ctx: BotContext, deps: FeatureDeps) {
  const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
  const items = await listAll(deps.seller, {});
  const byId = new Map<number, { name: string; count: number }>();
  for (const item of items) {
    if (item.categoryId == null) continue;
    const known = byId.get(item.categoryId);
    const name = localized(item.categoryName, locale) || String(item.categoryId);
    byId.set(item.categoryId, { name, count: (known?.count ?? 0) + 1 });
  }
  const shown = [...byId].sort((a, b) => b[1].count - a[1].count).slice(0, CATEGORIES_SHOWN);
  if (shown.length === 0) return void (await ctx.reply(ctx.t("catalog-export-empty")));
  const keyboard = InlineKeyboard.from(
    shown.map(([id, c]) => [
      InlineKeyboard.text(
        ctx.t("catalog-export-category", { category: `${shorten(c.name, 40)} (${c.count})` }),
        exportButton.encode({ kind: "cat", arg: String(id) }),
      ),
    ]),
  );
  const hint = ctx.t("catalog-export-category-hint", { example: String(shown[0]![0]) });
  await ctx.reply(`${ctx.t("catalog-export-choose-category")}\n${hint}`, {
    reply_markup: keyboard,
  });
}

const CATEGORY_ID = /^[1-9]\d{0,14}$/;

/** `/export csv`, `/export 101` (a category), `/export text` (a search). */
function filterOf(args: string): { filter: ListFilter; csv: boolean } {
  const words = args.trim().split(/\s+/).filter(Boolean);
  const csv = words[0]?.toLowerCase() === "csv";
  const rest = (csv ? words.slice(1) : words).join(" ");
  if (CATEGORY_ID.test(rest)) return { filter: { categoryId: Number(rest) }, csv };
  return { filter: rest ? { search: rest } : {}, csv };
}

async function runExport(ctx: BotContext, deps: FeatureDeps, filter: ListFilter, csv: boolean) {
  const chatId = ctx.chat!.id;
  const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
  const log = deps.logger.child({ module: "catalog", chatId });
  // The reading starts at once, not after the first status: the chat's pace may hold that
  // message a second (measured: the 20,000-SKU export began 1.1 s after the press, 1.21× its
  // bound). The status is awaited before the file, so it always comes first.
  const starting = ProgressMessage.start(
    ctx.api,
    deps.imports.clock,
    log,
    chatId,
    // Not «0 of 0»: the total is not known before the list's first page.
    ctx.t("catalog-export-reading-start"),
  );
  const shown = (text: string) =>
    // A status that could not be sent fails the export below, where `starting` is awaited.
    starting.then((progress) => progress.update(text), ignoreFailure(log, "export status"));
  // A large catalog takes longer than one answer's deadline: each call keeps its own budget.
  const reading = deps.seller.withoutDeadline(() =>
    deps.catalogEdit.exportCatalog({
      filter,
      csv,
      texts: exportTexts(ctx.t, locale),
      onProgress: (done, total) => shown(ctx.t("catalog-export-reading", { done, total })),
      // Not a stage that must show: an edit now would hold the file behind the chat's pace.
      onWriting: () => shown(ctx.t("catalog-export-writing")),
    }),
  );
  // Neither is left unobserved when the other fails first.
  const [progress, result] = await Promise.all([starting, reading]);
  if (result.products === 0) return progress.settle(ctx.t("catalog-export-empty"));
  const stamp = new Date(deps.imports.clock.now()).toISOString().slice(0, 10);
  const name = `catalog-${stamp}.${csv ? "csv" : "xlsx"}`;
  await ctx.replyWithDocument(new InputFile(result.bytes, name), {
    caption: ctx.t("catalog-export-caption"),
  });
  const done = [ctx.t("catalog-export-done", { products: result.products, skus: result.skus })];
  if (result.codesUnknown > 0)
    done.push(ctx.t("catalog-export-codes-unknown", { count: result.codesUnknown }));
  await progress.settle(done.join("\n"));
}

/**
 * `/export` (a menu of exports), the products list's export button, and what a returned file
 * leads to: apply, undo, one price from the card.
 */
function createCatalogFeature(deps: FeatureDeps, extraEntries: readonly ExportMenuEntry[]) {
  const composer = new Composer<BotContext>();
  const queries = createListQueries(deps.storage.kv);
  const entries = [...CATALOG_EXPORT_ENTRIES, ...extraEntries];

  composer.command(EXPORT.command, deps.requireLink, async (ctx) => {
    const args = typeof ctx.match === "string" ? ctx.match.trim() : "";
    if (args) {
      const { filter, csv } = filterOf(args);
      await runCommand(ctx, () => runExport(ctx, deps, filter, csv));
      return;
    }
    const keyboard = InlineKeyboard.from(
      entries.map((entry) => [InlineKeyboard.text(entry.label(ctx), entry.data(ctx))]),
    );
    const hint = ctx.t("catalog-export-category-hint", { example: "101" });
    await ctx.reply(`${ctx.t("catalog-export-menu")}\n\n${hint}`, { reply_markup: keyboard });
  });

  onButton(composer, exportButton, deps.requireLink, deps.logger, async (ctx, data) => {
    if (data.kind === "cats") return categoryPicker(ctx, deps);
    let filter: ListFilter = {};
    if (data.kind === "cat") filter = { categoryId: Number(data.arg) };
    if (data.kind === "q") {
      const query = await queries.require("products", data.arg, ctx.chat!.id);
      filter = query.search ? { search: query.search } : {};
    }
    if (data.kind === "stock") {
      const ids = await deps.alerts.store.get<number[]>(stockExportName(data.arg));
      if (!ids?.length) throw new ButtonNotice("button-unknown");
      filter = { productIds: ids };
    }
    await runExport(ctx, deps, filter, data.kind === "csv");
  });

  onButton(composer, applyButton, deps.requireLink, deps.logger, (ctx, data) =>
    applyPreview(ctx, deps, data),
  );
  onButton(composer, undoButton, deps.requireLink, deps.logger, (ctx, data) =>
    undoApply(ctx, deps, data.id),
  );
  registerPriceEdit(composer, deps);
  return composer;
}

/** The catalog feature, its /export menu ending with the entries other exports add. */
export function catalogFeatureWith(extraEntries: readonly ExportMenuEntry[] = []): Feature {
  return {
    commands: [EXPORT],
    dialogues: [priceDialogue],
    create: (deps) => createCatalogFeature(deps, extraEntries),
  };
}
