import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../index.js";

/** `/orders [search]`: newest orders first, paged, with details. (issue 3) */
export function createOrdersFeature(_deps: FeatureDeps) {
  return new Composer<BotContext>();
}
