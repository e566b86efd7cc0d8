import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";

export const LOCALES = ["ru", "kk"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";

/** Telegram's `language_code` of a new user: Kazakh for `kk`, Russian otherwise. */
export function localeOfTelegramUser(ctx: Context): Locale {
  return ctx.from?.language_code?.toLowerCase().startsWith("kk") ? "kk" : "ru";
}

/** The link status' `languageCode`: ru/rus -> ru, kk/kaz/kz -> kk, anything else -> ru. */
export function localeOfLinkStatus(code: string | null | undefined): Locale {
  const c = (code ?? "").trim().toLowerCase();
  return c === "kk" || c === "kaz" || c === "kz" ? "kk" : "ru";
}

export function isLocale(value: unknown): value is Locale {
  return value === "ru" || value === "kk";
}

/** `locales/` beside package.json, wherever the code runs from (tsx or compiled dist/). */
function findLocalesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "locales");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error("locales/ folder not found");
}

/** What code outside an update needs of the i18n instance: translate into a given locale. */
export type I18nInstance = Pick<I18n, "t">;

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * Each locale's translations: `locales/<locale>.ftl`, then every `.ftl` under
 * `locales/<locale>/` in the order of their names. Read here rather than through the plugin's
 * `directory` option, which walks the folder with a Deno shim of 118 modules that the
 * production bundle leaves out (scripts/no-deno.ts).
 */
function readLocaleSources(dir: string): Map<Locale, string> {
  const sources = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const folder = join(dir, locale);
    const features = existsSync(folder)
      ? readdirSync(folder, { recursive: true, encoding: "utf8" })
          .filter((name) => name.endsWith(".ftl"))
          .sort()
          .map((name) => join(folder, name))
      : [];
    const files = [join(dir, `${locale}.ftl`), ...features].filter((file) => existsSync(file));
    if (files.length === 0) throw new Error(`locales/: no translations for ${locale}`);
    sources.set(locale, files.map((file) => readFileSync(file, "utf8")).join("\n"));
  }
  return sources;
}

export function createI18n<C extends Context>(negotiate: (ctx: C) => Locale | undefined) {
  const i18n = new I18n<C>({
    defaultLocale: DEFAULT_LOCALE,
    useSession: false,
    localeNegotiator: (ctx) => negotiate(ctx) ?? localeOfTelegramUser(ctx),
    // No Unicode isolation marks around placeholders: they would show up in chats.
    fluentBundleOptions: { useIsolating: false },
  });
  for (const [locale, source] of readLocaleSources(findLocalesDir())) {
    i18n.loadLocaleSync(locale, { source });
  }
  return i18n;
}

/** A translator bound to one locale, for texts sent outside an update (watcher, greetings). */
export function translator(i18n: I18nInstance, locale: Locale): Translate {
  return (key, vars) => i18n.t(locale, key, vars);
}
