import type { Api } from "grammy";
import { DEFAULT_LOCALE, type I18nInstance, LOCALES } from "../i18n.js";

/** The command menu, in the order Telegram shows it. */
export const MENU_COMMANDS = [
  "orders",
  "products",
  "import",
  "jobs",
  "categories",
  "brands",
  "attributes",
  "status",
  "link",
  "language",
  "help",
  "cancel",
] as const;

/** Registers the menu for `ru`, `kk` and the default (contract 4). */
export async function registerCommands(api: Api, i18n: I18nInstance): Promise<void> {
  const commandsIn = (locale: string) =>
    MENU_COMMANDS.map((command) => ({ command, description: i18n.t(locale, `cmd-${command}`) }));
  for (const locale of LOCALES) {
    await api.setMyCommands(commandsIn(locale), { language_code: locale });
  }
  await api.setMyCommands(commandsIn(DEFAULT_LOCALE));
}
