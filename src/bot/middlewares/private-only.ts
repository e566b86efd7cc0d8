import { Composer } from "grammy";
import type { Logger } from "../../logger.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";

/**
 * The bot serves private chats only. In a group a command gets one short
 * pointer to the private chat and a button press gets an answer; anything else is ignored.
 */
export function privateOnly(fallbackText: (ctx: BotContext) => string, logger?: Logger) {
  const composer = new Composer<BotContext>();
  composer.drop(
    (ctx) => ctx.chat?.type === "private",
    async (ctx) => {
      if (ctx.callbackQuery) {
        await ctx
          .answerCallbackQuery({ text: fallbackText(ctx) })
          .catch(ignoreFailure(logger, "group press not answered; nothing else is done for it"));
        return;
      }
      const text = ctx.message?.text ?? "";
      const forMe = new RegExp(`^/\\w+(@${ctx.me.username})?(\\s|$)`, "i").test(text);
      if (ctx.chat && ctx.message && forMe) {
        await ctx.reply(fallbackText(ctx), {
          reply_parameters: {
            message_id: ctx.message.message_id,
            allow_sending_without_reply: true,
          },
        });
      }
    },
  );
  return composer;
}
