import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../index.js";

/** `A document dropped into the chat, /import and /jobs. (issue 4) */
export function createImportFeature(_deps: FeatureDeps) {
  return new Composer<BotContext>();
}
