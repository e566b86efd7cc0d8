/**
 * A command of the menu Telegram shows, declared beside its handler. `rank` orders the menu
 * (lower first); its description is the locale key `cmd-<command>` in both locales.
 */
export interface MenuCommand {
  readonly command: string;
  readonly rank: number;
}

export const menuCommand = (command: string, rank: number): MenuCommand =>
  Object.freeze({ command, rank });
