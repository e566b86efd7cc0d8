import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { type PageButton, registerPagedList } from "../../lists/paged-list.js";
import { createListQueries, type ListKind, type ListQuery } from "../../lists/queries.js";
import { type MenuCommand, menuCommand } from "../../menu.js";
import type { Screen } from "../../screens/screen.js";
import { attributesPageButton, brandsPageButton, categoriesPageButton } from "./buttons.js";
import { attributesScreen, brandsScreen, categoriesScreen } from "./screens.js";

const CATEGORIES = menuCommand("categories", 50);
const BRANDS = menuCommand("brands", 60);
const ATTRIBUTES = menuCommand("attributes", 70);

type ScreenOf = (
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
) => Promise<Screen>;

const searchOnly = (text: string): ListQuery => (text ? { search: text } : {});

/** `/categories, /brands, /attributes`: the directory ids and codes an import needs. */
function createDirectoriesFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const queries = createListQueries(deps.storage.kv);
  const lookup = (
    kind: ListKind,
    command: MenuCommand,
    pageButton: PageButton,
    screenOf: ScreenOf,
    parse: (text: string) => ListQuery,
  ) =>
    registerPagedList(composer, deps, queries, {
      kind,
      command,
      pageButton,
      parse,
      show: (ctx, qid, query, page) => screenOf(deps, ctx, qid, query, page),
    });

  lookup("categories", CATEGORIES, categoriesPageButton, categoriesScreen, searchOnly);
  lookup("brands", BRANDS, brandsPageButton, brandsScreen, searchOnly);
  // A number is a category id (the attributes of that category), anything else a search.
  lookup("attributes", ATTRIBUTES, attributesPageButton, attributesScreen, (text) =>
    /^\d{1,15}$/.test(text) ? { categoryId: Number(text) } : searchOnly(text),
  );
  return composer;
}

export const directoriesFeature: Feature = {
  commands: [CATEGORIES, BRANDS, ATTRIBUTES],
  create: createDirectoriesFeature,
};
