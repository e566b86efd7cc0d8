import type { Api } from "grammy";
import { DEFAULT_LOCALE, type I18nInstance, LOCALES, type Locale } from "../i18n.js";

/**
 * A command a seller finds in Telegram's menu and in /help. Its texts are two locale keys in
 * every locale: `cmd-<command>` (the menu's short description) and `help-<command>` (its /help
 * line). `rank` is its place in both lists, lower first.
 */
export interface MenuCommand {
  readonly command: string;
  readonly rank: number;
}

export const menuCommand = (command: string, rank: number): MenuCommand =>
  Object.freeze({ command, rank });

/** The menu of a list of features: every declared command by rank; a command declared twice throws. */
export function menuOf(
  features: readonly { readonly commands: readonly MenuCommand[] }[],
): readonly MenuCommand[] {
  const commands = features.flatMap((feature) => feature.commands);
  const seen = new Set<string>();
  for (const { command } of commands) {
    if (seen.has(command)) throw new Error(`the command /${command} is declared twice`);
    seen.add(command);
  }
  return Object.freeze([...commands].sort((a, b) => a.rank - b.rank));
}

/** The /help text: a title, then one line per menu command in the menu's order. */
export function helpText(i18n: I18nInstance, locale: Locale, menu: readonly MenuCommand[]): string {
  const lines = menu.map(({ command }) => `/${command} — ${i18n.t(locale, `help-${command}`)}`);
  return [i18n.t(locale, "help-title"), ...lines].join("\n");
}

/** Registers the menu with Telegram for `ru`, `kk` and the default (the default's language). */
export async function registerMenu(
  api: Api,
  i18n: I18nInstance,
  menu: readonly MenuCommand[],
): Promise<void> {
  const commandsIn = (locale: string) =>
    menu.map(({ command }) => ({ command, description: i18n.t(locale, `cmd-${command}`) }));
  for (const locale of LOCALES) {
    await api.setMyCommands(commandsIn(locale), { language_code: locale });
  }
  await api.setMyCommands(commandsIn(DEFAULT_LOCALE));
}
