/**
 * Stands in for `@deno/shim-deno` in the production bundle (scripts/build.ts). @grammyjs/i18n
 * loads that shim, 118 modules, only to walk a locales folder; the bot reads its translations
 * itself (src/i18n.ts) and gives the plugin their text. What the plugin's code still reaches
 * as it loads is the platform's name (its path helpers pick their separator by it).
 */
export const Deno = {
  build: { os: process.platform === "win32" ? "windows" : process.platform },
};
