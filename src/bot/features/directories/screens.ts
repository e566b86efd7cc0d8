import { escapeHtml, shorten } from "../../../text/index.js";
import { type CategoryTree, categoryTree } from "../../catalog.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import {
  checkPage,
  listScreen,
  type PageButton,
  pagesOf,
  searchLines,
} from "../../lists/paged-list.js";
import type { ListQuery } from "../../lists/queries.js";
import type { Screen } from "../../screens/screen.js";
import { withTyping } from "../../screens/typing.js";
import { attributesPageButton, brandsPageButton, categoriesPageButton } from "./buttons.js";

const CATEGORIES_PAGE_SIZE = 10;
const BRANDS_PAGE_SIZE = 15;
/** Each attribute comes with its value codes, so a page holds few of them. */
const ATTRIBUTES_PAGE_SIZE = 5;
const VALUES_SHOWN = 15;

/** Title, lines and pager of one directory page; an empty page 1 says why it is empty. */
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
    pageButton: PageButton;
  },
): Screen {
  const { qid, query, page, total, lines } = options;
  const head = [...(options.extraHead ?? []), ...searchLines(ctx, query)];
  const narrowed = Boolean(query.search || query.categoryId !== undefined);
  return listScreen(ctx, {
    page,
    titleKey: options.titleKey,
    total,
    pages: pagesOf(total, options.pageSize),
    headLines: head,
    items: lines,
    separator: lines.some((l) => l.includes("\n")) ? "\n\n" : "\n",
    empty: { lines: [...head, ctx.t(narrowed ? "directories-no-hits" : "directories-empty")] },
    pageData: (to) => options.pageButton.encode({ q: qid, page: to }),
  });
}

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
  const categories = await withTyping(ctx, () => deps.catalog.allCategories(), deps.logger);
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
    pageButton: categoriesPageButton,
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
  const result = await withTyping(
    ctx,
    () =>
      deps.catalog.brandsPage({
        ...(query.search ? { search: query.search } : {}),
        page,
        pageSize: BRANDS_PAGE_SIZE,
      }),
    deps.logger,
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
    pageButton: brandsPageButton,
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
  const { catalog } = deps;
  const { result, values, tree } = await withTyping(
    ctx,
    async () => {
      const result = await catalog.attributesPage({
        ...(query.search ? { search: query.search } : {}),
        ...(query.categoryId !== undefined ? { categoryId: query.categoryId } : {}),
        page,
        pageSize: ATTRIBUTES_PAGE_SIZE,
      });
      const [values, tree] = await Promise.all([
        Promise.all(result.items.map((a) => catalog.attributeValues(a.code))),
        // Handled: without the tree the category is named by its id alone.
        query.categoryId !== undefined
          ? catalog.allCategories().then(categoryTree, () => undefined)
          : undefined,
      ]);
      return { result, values, tree };
    },
    deps.logger,
  );
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
    pageButton: attributesPageButton,
  });
}
