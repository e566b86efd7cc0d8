import type { MiddlewareFn, Transformer } from "grammy";
import type { Clock } from "../../clock.js";
import type { Logger } from "../../logger.js";
import { escapeHtml } from "../../text/index.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";

/**
 * A press not answered by its handler within this long (it waits for its chat's turn behind
 * slow work, its own work waits for the Seller API, or another instance holds the chat) is
 * answered without a word: Telegram keeps a spinner turning until then, and refuses answers
 * after about 15 s. A quicker handler answers itself, a toast included.
 */
export const PRESS_ANSWER_WITHIN_MS = 800;

interface Press {
  chatId: number;
  answered: boolean;
}

/**
 * Every button press answered within a second, while the work it asks for keeps its turn in
 * the chat's queue. `middleware` goes before the chat's queue (sequentialize): a press whose
 * handler has not answered within `withinMs` of its arrival is answered then, without a word,
 * even while it still waits for its turn. `transformer` (on every Api a handler answers
 * through, bot.api and a conversation's) lets exactly one answer of a press reach Telegram: a
 * later one is dropped, and the toast it carried (a notice known only after the work, "this
 * list is outdated") comes as a message instead.
 */
export function createPressAnswers(options: { clock: Clock; logger: Logger; withinMs?: number }) {
  const withinMs = options.withinMs ?? PRESS_ANSWER_WITHIN_MS;
  const log = options.logger.child({ module: "presses" });
  /** Presses being handled, by callback query id. */
  const presses = new Map<string, Press>();
  const silent = ignoreFailure(log, "press not answered early; its handler answers it later");

  const middleware: MiddlewareFn<BotContext> = async (ctx, next) => {
    const query = ctx.callbackQuery;
    const chatId = ctx.chat?.id ?? ctx.from?.id;
    if (!query || chatId === undefined) return next();
    const press: Press = { chatId, answered: false };
    presses.set(query.id, press);
    const handled = new AbortController();
    void options.clock.sleep(withinMs, handled.signal).then(() => {
      if (handled.signal.aborted || press.answered) return;
      ctx.api.answerCallbackQuery(query.id).catch(silent);
    });
    try {
      await next();
    } finally {
      handled.abort();
      presses.delete(query.id);
    }
  };

  const transformer: Transformer = async (prev, method, payload, signal) => {
    if (method !== "answerCallbackQuery") return prev(method, payload, signal);
    const { callback_query_id: id, text } = payload as { callback_query_id: string; text?: string };
    const press = presses.get(id);
    if (!press) return prev(method, payload, signal);
    if (!press.answered) {
      press.answered = true;
      try {
        const result = await prev(method, payload, signal);
        if (!result.ok) press.answered = false;
        return result;
      } catch (error) {
        // Not delivered: a later answer of the press may still be.
        press.answered = false;
        throw error;
      }
    }
    if (text) {
      const message = { chat_id: press.chatId, text: escapeHtml(text), parse_mode: "HTML" };
      const sent = await prev("sendMessage", message as never, signal);
      if (!sent.ok) log.debug({ chatId: press.chatId }, "a press's notice not sent as a message");
    }
    return { ok: true, result: true } as Awaited<ReturnType<typeof prev>>;
  };

  return { middleware, transformer };
}
export type PressAnswers = ReturnType<typeof createPressAnswers>;
