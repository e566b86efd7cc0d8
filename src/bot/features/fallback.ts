import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { Feature } from "../deps.js";

/** Last in the chain: whatever no feature took gets a short pointer instead of silence. */
function createFallbackFeature() {
  const composer = new Composer<BotContext>();
  composer.on("callback_query", async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("button-unknown") });
  });
  composer.on("message:text", async (ctx) => {
    const isCommand = ctx.message.text.startsWith("/");
    await ctx.reply(ctx.t(isCommand ? "unknown-command" : "unknown-text"));
  });
  composer.on("message", async (ctx) => {
    await ctx.reply(ctx.t("unknown-message"));
  });
  return composer;
}

export const fallbackFeature: Feature = { commands: [], create: createFallbackFeature };
