import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../index.js";

/** `/products [search]`: products paged, with a detail view. (issue 3) */
export function createProductsFeature(_deps: FeatureDeps) {
  return new Composer<BotContext>();
}
