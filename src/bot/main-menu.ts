import { Keyboard, type MiddlewareFn } from "grammy";
import { type I18nInstance, LOCALES, type Translate } from "../i18n.js";
import type { BotContext, LinkCache } from "./context.js";
import type { FeatureDeps } from "./deps.js";

/**
 * The chat's main menu: a reply keyboard of the main actions, shown once the chat is linked.
 * A button sends its label as text; `mainMenuRouter` turns the label (of either language: a
 * keyboard sent before /language keeps its old labels) into the command it stands for, so the
 * command's own handler answers it. This list is the one place of the buttons and their order.
 */
export const MAIN_MENU: readonly (readonly { label: string; command: string }[])[] = [
  [
    { label: "main-menu-orders", command: "orders" },
    { label: "main-menu-products", command: "products" },
  ],
  [
    { label: "main-menu-today", command: "today" },
    { label: "main-menu-money", command: "money" },
  ],
  [
    { label: "main-menu-excel", command: "export" },
    { label: "main-menu-settings", command: "settings" },
  ],
];

/** The keyboard in one language; it stays under the input field until another replaces it. */
export function mainMenuKeyboard(t: Translate): Keyboard {
  return Keyboard.from(MAIN_MENU.map((row) => row.map((b) => Keyboard.text(t(b.label)))))
    .resized()
    .persistent();
}

/** A label as compared: without its icon, case or spaces around («заказы» is «📦 Заказы»). */
const labelKey = (text: string) =>
  text
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .trim()
    .toLocaleLowerCase("ru");

/**
 * Typed text that is a menu button's label (in any locale, with or without its icon) becomes
 * that button's command, as if the seller had typed it: everything after (dialogues, features)
 * sees the command.
 */
export function mainMenuRouter(i18n: I18nInstance): MiddlewareFn<BotContext> {
  const commands = new Map<string, string>();
  for (const locale of LOCALES)
    for (const button of MAIN_MENU.flat())
      commands.set(labelKey(i18n.t(locale, button.label)), button.command);
  return (ctx, next) => {
    const message = ctx.message;
    const text = message?.text;
    const command =
      text === undefined || text.length > 40 ? undefined : commands.get(labelKey(text));
    if (message && command) {
      const typed = `/${command}`;
      message.text = typed;
      message.entities = [{ type: "bot_command", offset: 0, length: typed.length }];
    }
    return next();
  };
}

/**
 * The link as last known: the cached one while fresh, else read again (a linked chat whose
 * session was lost or expired must still get its menu); if the service does not answer, the
 * cached one will do (this only chooses between the menu and how to link).
 */
export async function knownLink(
  deps: Pick<FeatureDeps, "links" | "logger">,
  ctx: BotContext,
): Promise<LinkCache | undefined> {
  try {
    return await deps.links.current(ctx);
  } catch (error) {
    deps.logger.info(
      { chatId: ctx.chat?.id, err: (error as Error)?.name },
      "link status unreadable; the cached one chooses between the menu and how to link",
    );
    return ctx.session.link;
  }
}
