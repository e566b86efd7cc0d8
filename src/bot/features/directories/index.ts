import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../index.js";

/** `/categories, /brands, /attributes`: the directories an import needs. (issue 3) */
export function createDirectoriesFeature(_deps: FeatureDeps) {
  return new Composer<BotContext>();
}
