import type { BotContext } from "../../context.js";
import { escapeHtml } from "../../helpers/html.js";
import { fitBlocks, shorten } from "../../helpers/text.js";
import { withTyping } from "../../helpers/typing.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice } from "../../keyboards/button.js";
import type { ListQuery } from "../../keyboards/list-query.js";
import { keyboardOf, pageCount, pagerRow } from "../../keyboards/pager.js";
import type { Screen } from "../../keyboards/screen.js";
import { attributesPageButton, brandsPageButton, categoriesPageButton } from "./buttons.js";
import {
  allCategories,
  attributesPage,
  attributeValues,
  brandsPage,
  type CategoryTree,
  categoryTree,
} from "./catalog.js";

const CATEGORIES_PAGE_SIZE = 10;
const BRANDS_PAGE_SIZE = 15;
/** Each attribute comes with its value codes, so a page holds few of them. */
const ATTRIBUTES_PAGE_SIZE = 5;
const VALUES_SHOWN = 15;
const MAX_PAGE = 100_000;
const TEXT_LIMIT = 4096;

type Codec = { encode(value: { q: string; page: number }): string };

/** Head, lines and pager of one directory page; an empty page 1 says why it is empty. */
function directoryScreen(
  ctx: BotContext,
  options: {
    titleKey: string;
    qid: string;
    query: ListQuery;
    page: number;
    total: number;
    pageSize: number;
    lines: string[];
    extraHead?: string[];
    codec: Codec;
  },
): Screen {
  const { qid, query, page, total, lines } = options;
  const searchLine = query.search
    ? [ctx.t("list-search", { search: escapeHtml(query.search) })]
    : [];
  if (lines.length === 0) {
    if (page > 1) throw new ButtonNotice("list-page-gone");
    const narrowed = Boolean(query.search || query.categoryId !== undefined);
    return {
      text: [
        ...(options.extraHead ?? []),
        ...searchLine,
        ctx.t(narrowed ? "directories-no-hits" : "directories-empty"),
      ].join("\n"),
    };
  }
  const pages = pageCount(total, options.pageSize);
  const head = [
    ctx.t(options.titleKey, { page: String(page), pages: String(pages), total: String(total) }),
    ...(options.extraHead ?? []),
    ...searchLine,
  ].join("\n");
  const text = fitBlocks(
    head,
    lines,
    TEXT_LIMIT,
    (left) => ctx.t("list-more", { count: String(left) }),
    options.lines.some((l) => l.includes("\n")) ? "\n\n" : "\n",
  );
  const keyboard = keyboardOf([
    pagerRow(page, pages, (to) => options.codec.encode({ q: qid, page: to })),
  ]);
  return { text, keyboard: keyboard.inline_keyboard.length > 0 ? keyboard : undefined };
}

const checkPage = (page: number) => {
  if (page < 1 || page > MAX_PAGE) throw new ButtonNotice("list-page-gone");
};

function categoryLine(tree: CategoryTree, id: number): string {
  const path = tree
    .path(id)
    .map((name) => escapeHtml(shorten(name, 40)))
    .join(" › ");
  return `${path} (<code>${id}</code>)${tree.isLeaf(id) ? " ✅" : ""}`;
}

/**
 * `/categories [search]`: the tree is read once per TTL and searched here, so every category
 * comes with its path to the root; leaves (usable for products) are marked.
 */
export async function categoriesScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<Screen> {
  checkPage(page);
  const categories = await withTyping(ctx, () => allCategories(deps.api, deps.storage.kv));
  const tree = categoryTree(categories);
  const needle = query.search?.toLowerCase();
  const matching = categories
    .filter(
      (c) => !needle || (c.name ?? "").toLowerCase().includes(needle) || String(c.id) === needle,
    )
    .map((c) => ({ id: c.id, sortKey: tree.path(c.id).join(" › ") }))
    .sort((a, b) => a.sortKey.localeCompare(b.sortKey, "ru") || a.id - b.id);
  const start = (page - 1) * CATEGORIES_PAGE_SIZE;
  const lines = matching
    .slice(start, start + CATEGORIES_PAGE_SIZE)
    .map((c) => categoryLine(tree, c.id));
  return directoryScreen(ctx, {
    titleKey: "categories-title",
    qid,
    query,
    page,
    total: matching.length,
    pageSize: CATEGORIES_PAGE_SIZE,
    lines,
    extraHead: [ctx.t("categories-legend")],
    codec: categoriesPageButton,
  });
}

/** `/brands [search]`: one API page per screen, cached by query. */
export async function brandsScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<Screen> {
  checkPage(page);
  const result = await withTyping(ctx, () =>
    brandsPage(deps.api, deps.storage.kv, {
      ...(query.search ? { search: query.search } : {}),
      page,
      pageSize: BRANDS_PAGE_SIZE,
    }),
  );
  const lines = result.items.map(
    (b) => `<code>${b.id}</code> ${escapeHtml(shorten(b.name || "—", 80))}`,
  );
  return directoryScreen(ctx, {
    titleKey: "brands-title",
    qid,
    query,
    page,
    total: result.total,
    pageSize: BRANDS_PAGE_SIZE,
    lines,
    codec: brandsPageButton,
  });
}

/** `/attributes [category id or search]`: attributes with their value codes. */
export async function attributesScreen(
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
): Promise<Screen> {
  checkPage(page);
  const { api } = deps;
  const kv = deps.storage.kv;
  const { result, values, tree } = await withTyping(ctx, async () => {
    const result = await attributesPage(api, kv, {
      ...(query.search ? { search: query.search } : {}),
      ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
      page,
      pageSize: ATTRIBUTES_PAGE_SIZE,
    });
    const [values, tree] = await Promise.all([
      Promise.all(result.items.map((a) => attributeValues(api, kv, a.code))),
      query.categoryId !== undefined
        ? allCategories(api, kv).then(categoryTree, () => undefined)
        : undefined,
    ]);
    return { result, values, tree };
  });
  const lines = result.items.map((attribute, i) => {
    const shown = values[i]!.values.slice(0, VALUES_SHOWN);
    const codes = shown
      .map(
        (v) => `<code>${escapeHtml(shorten(v.code, 40))}</code> ${escapeHtml(shorten(v.name, 30))}`,
      )
      .join(", ");
    const left = values[i]!.total - shown.length;
    return ctx.t("attributes-item", {
      name: escapeHtml(shorten(attribute.name || attribute.code, 60)),
      code: escapeHtml(shorten(attribute.code, 60)),
      values:
        codes === ""
          ? "—"
          : left > 0
            ? `${codes} ${ctx.t("attributes-values-more", { count: String(left) })}`
            : codes,
    });
  });
  const extraHead =
    query.categoryId !== undefined
      ? [
          ctx.t("attributes-of-category", {
            category: tree?.byId.has(query.categoryId)
              ? categoryLine(tree, query.categoryId)
              : `<code>${query.categoryId}</code>`,
          }),
        ]
      : [];
  return directoryScreen(ctx, {
    titleKey: "attributes-title",
    qid,
    query,
    page,
    total: result.total,
    pageSize: ATTRIBUTES_PAGE_SIZE,
    lines,
    extraHead,
    codec: attributesPageButton,
  });
}
