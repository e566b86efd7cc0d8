import { SellerApiError } from "../../seller-api/errors.js";
import type { BotContext } from "../context.js";
import { apiErrorMessageKey } from "../helpers/api-errors.js";

/** A press that cannot be served (forged, stale, past the end): a short toast, nothing changes. */
export class ButtonNotice extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/**
 * Runs a button's work and answers its callback query exactly once: silently on success, with
 * a localized notice for a ButtonNotice, and for a Seller API failure with a message in the
 * chat (the list stays as it was). Anything else goes to the error boundary.
 */
export async function runButton(ctx: BotContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ButtonNotice) {
      await ctx.answerCallbackQuery({ text: ctx.t(error.key) }).catch(() => {});
      return;
    }
    if (error instanceof SellerApiError) {
      await ctx.answerCallbackQuery().catch(() => {});
      await ctx.reply(ctx.t(apiErrorMessageKey(error)));
      return;
    }
    throw error;
  }
  await ctx.answerCallbackQuery().catch(() => {});
}

/** Runs a command's work; a Seller API failure becomes its localized message. */
export async function runCommand(ctx: BotContext, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof SellerApiError)) throw error;
    await ctx.reply(ctx.t(apiErrorMessageKey(error)));
  }
}
