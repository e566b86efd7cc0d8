/**
 * The rules every dialogue follows (a dialogue is a `Dialogue` of a feature: a conversation in
 * which the bot waits for the seller's next step, kept in the chat's conversation state, so it
 * survives a restart and is shared by instances):
 *
 * - `/cancel` ends it, whatever it waits for (`features/cancel.ts`, placed before them all).
 * - A question (`waitsFor: "text"`) takes the next thing the seller does if it is typed text
 *   that is not a command, within its time on the app's clock. Anything else (a command, a
 *   press of any button, a file) ends the question and is handled as usual: the seller has
 *   moved on, and a number typed later must not be taken for the answer to an old question.
 * - An offer (`waitsFor: "button"`, the import's "Import N / Cancel") waits for a press of its
 *   own buttons; the chat's other updates pass it by and it waits on, so a seller may look
 *   something up before choosing.
 * - All run side by side (`parallel`): a question may be asked while an offer waits. At most
 *   one question is open: the update that opens a new one has ended the last.
 */
import type { Conversation } from "@grammyjs/conversations";
import type { Filter } from "grammy";
import type { Clock } from "../clock.js";
import { periodLabel, type TypedPeriod } from "../orders-export/index.js";
import { escapeHtml, shorten } from "../text/index.js";
import type { BotContext, ConversationContext } from "./context.js";

/** A conversation of this bot: the outer context, and the one inside. */
export type DialogueConversation = Conversation<BotContext, ConversationContext>;

/** A typed answer: a text message that is not a command. */
export type TypedAnswer = Filter<ConversationContext, "message:text">;

/**
 * The answers to a question the conversation has just asked: each call waits for the next one.
 * A question not answered within `ttlMs` of the app's clock (since it was asked, or since its
 * last answer) is over: the late text goes on to the rest of the bot, as does anything that is
 * not a typed answer. Other kinds of updates (an edited message) pass by and the wait goes on.
 */
export async function typedAnswers(
  conversation: DialogueConversation,
  clock: Clock,
  ttlMs: number,
): Promise<() => Promise<TypedAnswer>> {
  // Read through `external`: the time is recorded, so replays see the same values.
  let last = await conversation.external(() => clock.now());
  return async () => {
    const ctx = await conversation.wait();
    if (ctx.message === undefined && ctx.callbackQuery === undefined) {
      return await conversation.skip({ next: true });
    }
    const now = await conversation.external(() => clock.now());
    if (now - last > ttlMs) return await conversation.halt({ next: true });
    last = now;
    if (ctx.has("message:text") && !ctx.message.text.startsWith("/")) return ctx;
    return await conversation.halt({ next: true });
  };
}

/**
 * Why typed dates were not taken (a period's question, the orders export's or money's): the
 * dates in the wrong order, or text that holds none, each in that question's own words.
 */
export function typedDatesRefusal(
  t: BotContext["t"],
  typed: Exclude<TypedPeriod, { ok: true }>,
  text: string,
  keys: { reversed: string; unreadable: string },
): string {
  return typed.reason === "reversed"
    ? t(keys.reversed, {
        from: periodLabel({ firstDay: typed.firstDay, lastDay: typed.firstDay }),
        to: periodLabel({ firstDay: typed.lastDay, lastDay: typed.lastDay }),
      })
    : t(keys.unreadable, { text: escapeHtml(shorten(text, 60)) });
}
