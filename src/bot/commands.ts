import type { Api } from "grammy";
import { DEFAULT_LOCALE, type I18nInstance, LOCALES } from "../i18n.js";
import { SETTINGS_COMMAND } from "./features/alerts/index.js";
import { CANCEL_COMMAND } from "./features/cancel.js";
import { EXPORT_COMMAND } from "./features/catalog/index.js";
import {
  ATTRIBUTES_COMMAND,
  BRANDS_COMMAND,
  CATEGORIES_COMMAND,
} from "./features/directories/index.js";
import { IMPORT_COMMAND } from "./features/import/index.js";
import { JOBS_COMMAND } from "./features/jobs.js";
import { LANGUAGE_COMMAND } from "./features/language.js";
import { LINK_COMMAND, STATUS_COMMAND } from "./features/linking.js";
import { ORDERS_COMMAND } from "./features/orders/index.js";
import { PRODUCTS_COMMAND } from "./features/products/index.js";
import { HELP_COMMAND } from "./features/start.js";

/** The command menu, in the order Telegram shows it: each command declared by its feature. */
export const MENU_COMMANDS: readonly string[] = Object.freeze(
  [
    ORDERS_COMMAND,
    PRODUCTS_COMMAND,
    EXPORT_COMMAND,
    JOBS_COMMAND,
    CATEGORIES_COMMAND,
    BRANDS_COMMAND,
    ATTRIBUTES_COMMAND,
    LANGUAGE_COMMAND,
    CANCEL_COMMAND,
    IMPORT_COMMAND,
    SETTINGS_COMMAND,
    STATUS_COMMAND,
    LINK_COMMAND,
    HELP_COMMAND,
  ]
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.command),
);

/** Registers the menu for `ru`, `kk` and the default (contract 4). */
export async function registerCommands(api: Api, i18n: I18nInstance): Promise<void> {
  const commandsIn = (locale: string) =>
    MENU_COMMANDS.map((command) => ({ command, description: i18n.t(locale, `cmd-${command}`) }));
  for (const locale of LOCALES) {
    await api.setMyCommands(commandsIn(locale), { language_code: locale });
  }
  await api.setMyCommands(commandsIn(DEFAULT_LOCALE));
}
