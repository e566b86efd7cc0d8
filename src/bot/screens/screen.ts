import { createHash } from "node:crypto";
import { GrammyError, type InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { Logger } from "../../logger.js";
import { KEY_PREFIX, type KeyValueStore } from "../../storage/index.js";
import type { BotContext } from "../context.js";
import { ignoreFailure } from "../errors/ignored.js";

/** One view of a list or a detail: HTML text and its buttons. */
export interface Screen {
  text: string;
  keyboard?: InlineKeyboard;
}

/** Telegram edits a bot's message for 48 h; what a message shows is remembered as long. */
const SHOWN_TTL_MS = 48 * 60 * 60_000;
const shownKey = (chatId: number, messageId: number) =>
  `${KEY_PREFIX.cache}shown:${chatId}:${messageId}`;
const digest = (screen: Screen) =>
  createHash("sha1")
    .update(`${screen.text}\u0000${JSON.stringify(screen.keyboard?.inline_keyboard ?? [])}`)
    .digest("base64url");

export const isNotModified = (error: unknown) =>
  error instanceof GrammyError && /message is not modified/i.test(error.description);

const noPreview = { is_disabled: true } as const;

/** The text Telegram keeps of an HTML screen (tags dropped, entities decoded, trimmed). */
function plainOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|quot|amp|#\d+);/g, (_, name: string) =>
      name === "lt"
        ? "<"
        : name === "gt"
          ? ">"
          : name === "quot"
            ? '"'
            : name === "amp"
              ? "&"
              : String.fromCodePoint(Number(name.slice(1))),
    )
    .trim();
}

const buttonsOf = (rows: readonly (readonly object[])[] | undefined) =>
  JSON.stringify(
    (rows ?? []).map((row) =>
      row.map((b) => {
        const button = b as { text?: string; callback_data?: string };
        return [button.text, button.callback_data];
      }),
    ),
  );

/** Whether the pressed message already shows this screen, as Telegram delivered it. */
function showsAlready(message: Message, screen: Screen): boolean {
  return (
    message.text === plainOf(screen.text) &&
    buttonsOf(message.reply_markup?.inline_keyboard) === buttonsOf(screen.keyboard?.inline_keyboard)
  );
}

/** Sends a screen as a new message. */
export function sendScreen(ctx: BotContext, screen: Screen) {
  return ctx.reply(screen.text, {
    reply_markup: screen.keyboard,
    link_preview_options: noPreview,
  });
}

/**
 * Shows a screen in the message whose button was pressed. When the message already shows
 * exactly this (a double tap, a forged "same page"), nothing is sent: Telegram would answer
 * "message is not modified". The message as delivered with the press tells what it showed
 * then; a digest kept per message covers presses queued before an earlier one was served
 * (each chat's updates run in order). A message without text (a photo card) gets the screen
 * as a new message instead.
 */
export async function editScreen(
  ctx: BotContext,
  kv: KeyValueStore,
  screen: Screen,
  logger?: Logger,
) {
  const message = ctx.callbackQuery?.message;
  if (!message || message.text === undefined) {
    await sendScreen(ctx, screen);
    return;
  }
  const key = shownKey(message.chat.id, message.message_id);
  const next = digest(screen);
  const remembered = await kv.get<string>(key);
  if (remembered === next || (remembered === undefined && showsAlready(message, screen))) return;
  // Remembered before the edit, so it is in place before the seller can press again.
  await kv.set(key, next, SHOWN_TTL_MS);
  try {
    await ctx.editMessageText(screen.text, {
      reply_markup: screen.keyboard,
      link_preview_options: noPreview,
    });
  } catch (error) {
    if (isNotModified(error)) return;
    // The edit's own error is what matters; a digest left behind only expires.
    await kv
      .delete(key)
      .catch(ignoreFailure(logger, "shown-screen digest kept after a failed edit; it expires"));
    throw error;
  }
}
