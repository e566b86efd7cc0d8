import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import type { Feature } from "../deps.js";
import { menuCommand } from "../menu.js";

const CANCEL = menuCommand("cancel", 120);

/**
 * `/cancel`: ends every open dialogue (a question, an import offer); placed before the
 * dialogues, so it is never taken for an answer.
 */
export const cancelFeature: Feature = {
  commands: [CANCEL],
  create() {
    const composer = new Composer<BotContext>();
    composer.command(CANCEL.command, async (ctx) => {
      const active = Object.keys(await ctx.conversation.active()).length > 0;
      await ctx.conversation.exitAll();
      await ctx.reply(ctx.t(active ? "cancelled" : "nothing-to-cancel"));
    });
    return composer;
  },
};
