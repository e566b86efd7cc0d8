import type { ChatTarget } from "../alerts/index.js";
import type { BotContext } from "./context.js";

/** The topic a group message or button belongs to (forum groups), else the whole chat. */
export function targetOf(ctx: BotContext): ChatTarget {
  const message = ctx.msg ?? ctx.callbackQuery?.message;
  const thread =
    message && "is_topic_message" in message && message.is_topic_message
      ? message.message_thread_id
      : undefined;
  return { chatId: ctx.chat!.id, ...(thread !== undefined ? { threadId: thread } : {}) };
}

/** Send options that keep an answer in the topic the update came from. */
export const threadOf = (ctx: BotContext) => {
  const threadId = targetOf(ctx).threadId;
  return threadId !== undefined ? { message_thread_id: threadId } : {};
};
