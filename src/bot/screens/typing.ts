import type { Context } from "grammy";
import type { Logger } from "../../logger.js";
import { ignoreFailure } from "../errors/ignored.js";

/** Telegram shows a chat action for about 5 s; renew it a little before it fades. */
const RENEW_MS = 4500;

/**
 * Runs a Seller API call and, when it has not answered within `delayMs`, shows "typing…" so a
 * slow service is not met with silence. Fast answers send no extra Bot API call at all.
 */
export async function withTyping<T>(
  ctx: Context,
  work: () => Promise<T>,
  logger?: Logger,
  delayMs = 300,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const show = () => {
    // Only a hint while waiting: a refused chat action changes nothing the seller reads.
    void ctx.replyWithChatAction("typing").catch(ignoreFailure(logger, "typing hint not shown"));
    timer = setTimeout(show, RENEW_MS);
  };
  timer = setTimeout(show, delayMs);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
  }
}
