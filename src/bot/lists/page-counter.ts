import { Composer } from "grammy";
import { onButton } from "../buttons/handle.js";
import { noopButton } from "../callback-data.js";
import type { BotContext } from "../context.js";
import type { Feature, FeatureDeps } from "../deps.js";

/** The "3/12" counter of every list's pager does nothing: its press is answered silently. */
function createPageCounterFeature(deps: Pick<FeatureDeps, "requireLink" | "logger">) {
  const composer = new Composer<BotContext>();
  onButton(composer, noopButton, deps.requireLink, deps.logger, async () => {});
  return composer;
}

export const pageCounterFeature: Feature = { commands: [], create: createPageCounterFeature };
