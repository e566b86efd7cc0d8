import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { shorten } from "../../helpers/text.js";
import type { FeatureDeps } from "../../index.js";
import { ButtonNotice, runButton, runCommand } from "../../keyboards/button.js";
import { createListQueries, type ListKind, type ListQuery } from "../../keyboards/list-query.js";
import { editScreen, type Screen, sendScreen } from "../../keyboards/screen.js";
import { attributesPageButton, brandsPageButton, categoriesPageButton } from "./buttons.js";
import { attributesScreen, brandsScreen, categoriesScreen } from "./screens.js";

const MAX_SEARCH = 100;

type ScreenOf = (
  deps: FeatureDeps,
  ctx: BotContext,
  qid: string,
  query: ListQuery,
  page: number,
) => Promise<Screen>;

/** `/categories, /brands, /attributes`: the directory ids and codes an import needs. */
export function createDirectoriesFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const kv = deps.storage.kv;
  const queries = createListQueries(kv);

  const lookup = (
    command: ListKind,
    codec: typeof categoriesPageButton,
    screenOf: ScreenOf,
    parse: (text: string) => ListQuery,
  ) => {
    composer.command(command, deps.requireLink, (ctx) =>
      runCommand(ctx, async () => {
        const query = parse(shorten(ctx.match, MAX_SEARCH));
        const qid = await queries.save(command, query);
        await sendScreen(ctx, await screenOf(deps, ctx, qid, query, 1));
      }),
    );
    composer.callbackQuery(codec.pattern, deps.requireLink, (ctx) =>
      runButton(ctx, async () => {
        const data = codec.decode(ctx.callbackQuery.data);
        if (!data) throw new ButtonNotice("button-unknown");
        const query = await queries.load(command, data.q);
        if (!query) throw new ButtonNotice("list-outdated");
        await editScreen(ctx, kv, await screenOf(deps, ctx, data.q, query, data.page));
      }),
    );
  };

  const searchOnly = (text: string): ListQuery => (text ? { search: text } : {});
  lookup("categories", categoriesPageButton, categoriesScreen, searchOnly);
  lookup("brands", brandsPageButton, brandsScreen, searchOnly);
  // A number is a category id (the attributes of that category), anything else a search.
  lookup("attributes", attributesPageButton, attributesScreen, (text) =>
    /^\d{1,15}$/.test(text) ? { categoryId: Number(text) } : searchOnly(text),
  );

  return composer;
}
