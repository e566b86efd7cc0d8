import type { Composer } from "grammy";
import { escapeHtml, fitBlocks, shorten } from "../../text/index.js";
import { ButtonNotice, onButton, runCommand } from "../buttons/handle.js";
import { callbackCodec } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { FeatureDeps } from "../deps.js";
import type { MenuCommand } from "../menu.js";
import { type ButtonRow, keyboardOf, pageCount, pagerRow } from "../screens/keyboard.js";
import { editScreen, type Screen, sendScreen } from "../screens/screen.js";
import type { ListKind, ListQueries, ListQuery } from "./queries.js";

/** Pages beyond this are not asked for (forged data). */
export const MAX_PAGE = 100_000;
/** A search longer than this is cut: nobody types more, and it is echoed back in the header. */
export const MAX_SEARCH = 100;
const TEXT_LIMIT = 4096;

/** `<id>:<query id>:<page>`: a page of a list (every list's page buttons have this shape). */
export const pageButtonCodec = (id: string) =>
  callbackCodec(id, [
    ["q", "key"],
    ["page", "int"],
  ] as const);
export type PageButton = ReturnType<typeof pageButtonCodec>;

/** Refuses a page no list has (forged data) with `notice`. */
export function checkPage(page: number, notice = "list-page-gone", first = 1): void {
  if (page < first || page > MAX_PAGE) throw new ButtonNotice(notice);
}

/** Pages of a list: what the API reports, at least what the total needs. */
export const pagesOf = (total: number, pageSize: number, reported?: number | null) =>
  Math.max(reported ?? 0, pageCount(total, pageSize));

/** The line that echoes a search, when there is one. */
export const searchLines = (ctx: BotContext, query: ListQuery): string[] =>
  query.search ? [ctx.t("list-search", { search: escapeHtml(query.search) })] : [];

/** One page of a list as its feature sees it; the kit adds title, fitting and pager. */
export interface ListPage {
  page: number;
  /** Locale key of the title; it gets `page`, `pages` and `total`. */
  titleKey: string;
  total: number;
  pages: number;
  /** Lines under the title: what the list is narrowed to, a legend. */
  headLines: string[];
  /** The entries, already escaped; cut with "… and N more" where the message would overflow. */
  items: string[];
  separator?: string;
  /** Buttons above the pager (open an entry, a filter). */
  rows?: ButtonRow[];
  /** The whole text of an empty first page, and its buttons. */
  empty: { lines: string[]; rows?: ButtonRow[] };
  /** Data of the button that shows another page of this list. */
  pageData: (page: number) => string;
}

/** The screen of a page: an empty page past the first is refused (the message stays). */
export function listScreen(ctx: BotContext, view: ListPage): Screen {
  if (view.items.length === 0) {
    if (view.page > 1) throw new ButtonNotice("list-page-gone");
    return withRows(view.empty.lines.join("\n"), view.empty.rows ?? []);
  }
  const { page, pages, total } = view;
  const head = [
    ctx.t(view.titleKey, { page: String(page), pages: String(pages), total: String(total) }),
    ...view.headLines,
  ].join("\n");
  const text = fitBlocks(
    head,
    view.items,
    TEXT_LIMIT,
    (left) => ctx.t("list-more", { count: String(left) }),
    view.separator,
  );
  return withRows(text, [...(view.rows ?? []), pagerRow(page, pages, view.pageData)]);
}

function withRows(text: string, rows: ButtonRow[]): Screen {
  const keyboard = keyboardOf(rows);
  return keyboard.inline_keyboard.length > 0 ? { text, keyboard } : { text };
}

/** A list a command opens and its page buttons turn. */
export interface PagedList {
  kind: ListKind;
  command: MenuCommand;
  pageButton: PageButton;
  /** The query a command's text asks for (already cut to MAX_SEARCH). */
  parse(text: string): ListQuery;
  /** One page; throws a ButtonNotice for a page that is gone. */
  show(ctx: BotContext, qid: string, query: ListQuery, page: number): Promise<Screen>;
  /** A command text answered otherwise; true when it was (products: an id opens its card). */
  answerDirectly?(ctx: BotContext, text: string): Promise<boolean>;
}

type ListDeps = Pick<FeatureDeps, "requireLink" | "logger" | "storage">;

/** The command and the page buttons of a list, for every list the same way. */
export function registerPagedList(
  composer: Composer<BotContext>,
  deps: ListDeps,
  queries: ListQueries,
  list: PagedList,
): void {
  composer.command(list.command.command, deps.requireLink, (ctx) =>
    runCommand(ctx, async () => {
      const text = shorten(ctx.match, MAX_SEARCH);
      if (list.answerDirectly && (await list.answerDirectly(ctx, text))) return;
      const query = list.parse(text);
      const qid = await queries.save(list.kind, query, ctx.chat!.id);
      await sendScreen(ctx, await list.show(ctx, qid, query, 1));
    }),
  );
  onButton(composer, list.pageButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const query = await queries.require(list.kind, data.q, ctx.chat!.id);
    const screen = await list.show(ctx, data.q, query, data.page);
    await editScreen(ctx, deps.storage.kv, screen, deps.logger);
  });
}
