import type { Composer, Middleware } from "grammy";
import type { Logger } from "../../logger.js";
import type { CallbackCodec } from "../callback-data.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";
import { isSellerApiFailure, userMessageKey } from "../errors/user-messages.js";

/** A press that cannot be served (forged, stale, past the end): a short toast, nothing changes. */
export class ButtonNotice extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

type Pressed = BotContext & { callbackQuery: { data: string } };

/**
 * The one place a button press is decoded and answered. Data the codec cannot decode (forged,
 * or from an older version) and a ButtonNotice get a short toast; a Seller API or storage
 * failure a message in the chat (the list stays as it was); success a silent answer. The
 * callback query is answered exactly once. Anything else goes to the error boundary.
 */
export function onButton<T>(
  composer: Composer<BotContext>,
  codec: CallbackCodec<T>,
  guard: Middleware<BotContext> | undefined,
  logger: Logger,
  handle: (ctx: Pressed, data: T) => Promise<void>,
): void {
  const answered = ignoreFailure(
    logger,
    "press not answered (too old for Telegram); nothing else depends on it",
  );
  composer.callbackQuery(codec.pattern, guard ?? ((_, next) => next()), async (ctx) => {
    try {
      const data = codec.decode(ctx.callbackQuery.data);
      if (data === undefined) throw new ButtonNotice("button-unknown");
      await handle(ctx, data);
    } catch (error) {
      if (error instanceof ButtonNotice) {
        await ctx.answerCallbackQuery({ text: ctx.t(error.key) }).catch(answered);
        return;
      }
      if (!isSellerApiFailure(error)) throw error;
      await ctx.answerCallbackQuery().catch(answered);
      await ctx.reply(ctx.t(userMessageKey(error)));
      return;
    }
    await ctx.answerCallbackQuery().catch(answered);
  });
}

/** Runs a command's work; a Seller API or storage failure becomes its localized message. */
export async function runCommand(ctx: BotContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!isSellerApiFailure(error)) throw error;
    await ctx.reply(ctx.t(userMessageKey(error)));
  }
}
