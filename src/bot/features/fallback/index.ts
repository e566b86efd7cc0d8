import { Composer } from "grammy";
import { runCommand } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { findTyped } from "./search.js";

/**
 * Last in the chain: whatever no dialogue and no feature took. Typed text is a search (an order
 * number, a product id or barcode, a product's name: search.ts); an unknown command, a button
 * or a message of another kind gets a short pointer instead of silence.
 */
function createFallbackFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("button-unknown") });
  });
  composer.on("message:text", async (ctx, next) => {
    if (ctx.message.text.startsWith("/")) return void (await ctx.reply(ctx.t("unknown-command")));
    await deps.requireLink(ctx, next);
  });
  composer.on("message:text", (ctx) =>
    runCommand(ctx, () => findTyped(deps, ctx, ctx.message.text)),
  );
  composer.on("message", async (ctx) => {
    await ctx.reply(ctx.t("unknown-message"));
  });
  return composer;
}

export const fallbackFeature: Feature = { commands: [], create: createFallbackFeature };
