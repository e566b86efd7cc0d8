import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { menuCommand } from "../menu.js";

export const CANCEL_COMMAND = menuCommand("cancel", 120);

/** `/cancel`: leaves whatever conversation is under way; used before the conversations run. */
export function createCancelFeature() {
  const composer = new Composer<BotContext>();
  composer.command(CANCEL_COMMAND.command, async (ctx) => {
    const active = Object.keys(await ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? "cancelled" : "nothing-to-cancel"));
  });
  return composer;
}
