import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHtml } from "../doubles/telegram/index.js";
import { BOT_MENU, createBotI18n } from "../src/bot/index.js";

const root = join(import.meta.dirname, "..", "locales");
const LOCALES = ["ru", "kk"];

/** A locale's files: shared texts in `locales/<locale>.ftl`, features in `locales/<locale>/`. */
function filesOf(locale: string): string[] {
  const features = readdirSync(join(root, locale))
    .filter((f) => f.endsWith(".ftl"))
    .map((f) => join(root, locale, f));
  return [join(root, `${locale}.ftl`), ...features];
}

/** Message id -> sorted placeholder names, for every .ftl file of a locale. */
function messagesOf(locale: string): Map<string, string[]> {
  const messages = new Map<string, string[]>();
  for (const file of filesOf(locale)) {
    const source = readFileSync(file, "utf8");
    let current: string | undefined;
    for (const line of source.split("\n")) {
      const head = /^([a-z][a-z0-9-]*)\s*=/.exec(line);
      if (head) {
        current = head[1]!;
        if (messages.has(current)) throw new Error(`${locale}/${file}: ${current} defined twice`);
        messages.set(current, []);
      } else if (line !== "" && !/^\s/.test(line)) {
        // A blank line may stand inside a message; anything unindented ends it.
        current = undefined;
      }
      if (!current) continue;
      for (const match of line.matchAll(/\$([A-Za-z][A-Za-z0-9_-]*)/g)) {
        const vars = messages.get(current)!;
        if (!vars.includes(match[1]!)) vars.push(match[1]!);
      }
    }
  }
  for (const vars of messages.values()) vars.sort();
  return messages;
}

/** Keys the code asks for literally: t("key"), ctx.t("key", …), i18n.t(locale, "key"). */
function keysUsedInCode(): Set<string> {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) {
        const source = readFileSync(path, "utf8");
        for (const m of source.matchAll(/\bt\((?:[a-zA-Z.]+,\s*)?"([a-z][a-z0-9-]+)"/g))
          keys.add(m[1]!);
        for (const m of source.matchAll(/return "((?:error|link|status)-[a-z0-9-]+)"/g))
          keys.add(m[1]!);
      }
    }
  };
  walk(join(import.meta.dirname, "..", "src"));
  return keys;
}

describe("locales", () => {
  const [ru, kk] = LOCALES.map(messagesOf) as [Map<string, string[]>, Map<string, string[]>];

  it("have the same keys in Russian and Kazakh", () => {
    const onlyRu = [...ru.keys()].filter((k) => !kk.has(k));
    const onlyKk = [...kk.keys()].filter((k) => !ru.has(k));
    expect({ onlyRu, onlyKk }).toEqual({ onlyRu: [], onlyKk: [] });
    expect(ru.size).toBeGreaterThan(20);
  });

  it("use the same placeholders in both languages", () => {
    const differing = [...ru.entries()]
      .filter(([key, vars]) => kk.has(key) && kk.get(key)!.join() !== vars.join())
      .map(([key, vars]) => `${key}: ru {${vars}} kk {${kk.get(key)}}`);
    expect(differing).toEqual([]);
  });

  it("hold every key the code asks for", () => {
    const missing = [...keysUsedInCode()].filter((key) => !ru.has(key) || !kk.has(key));
    expect(missing).toEqual([]);
  });

  it("describe every menu command for the menu and for /help, in both languages", () => {
    expect(BOT_MENU.length).toBeGreaterThan(10);
    const keys = BOT_MENU.flatMap(({ command }) => [`cmd-${command}`, `help-${command}`]);
    const missing = keys.filter((key) => !ru.has(key) || !kk.has(key));
    expect(missing).toEqual([]);
    // And no description of a command that is not in the menu any more.
    const stale = [...ru.keys()].filter(
      (key) => /^(cmd|help)-/.test(key) && key !== "help-title" && !keys.includes(key),
    );
    expect(stale).toEqual([]);
  });

  it("render as HTML that Telegram accepts, within its length limit", () => {
    const i18n = createBotI18n();
    const rejected: string[] = [];
    for (const [locale, messages] of [
      ["ru", ru],
      ["kk", kk],
    ] as const) {
      for (const [key, vars] of messages) {
        // Placeholders get text with every character HTML cares about, escaped as the code does.
        const text = i18n.t(
          locale,
          key,
          Object.fromEntries(vars.map((v) => [v, "7 &amp; &lt;x&gt;"])),
        );
        try {
          const parsed = parseHtml(text);
          if (parsed.text.length > 4096) rejected.push(`${locale} ${key}: too long`);
        } catch (error) {
          rejected.push(`${locale} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(rejected).toEqual([]);
  });

  it("are really Kazakh, not Russian with a few words swapped", () => {
    // Kazakh-only letters appear throughout the Kazakh texts and nowhere in the Russian ones.
    const kazakhLetters = /[әғқңөұүһі]/i;
    const kkSources = filesOf("kk").map((f) => readFileSync(f, "utf8"));
    const ruSources = filesOf("ru").map((f) => readFileSync(f, "utf8"));
    expect(kkSources.every((s) => kazakhLetters.test(s))).toBe(true);
    // Russian texts hold Kazakh letters only where they name the Kazakh language itself.
    const ruLines = ruSources.flatMap((s) => s.split("\n")).filter((l) => !/қазақша/i.test(l));
    expect(ruLines.filter((l) => /[әғқңөұүһ]/i.test(l))).toEqual([]);
  });
});

describe("translation by locale", () => {
  it("answers in the locale asked, call after call, and takes a locale loaded later", () => {
    const i18n = createBotI18n();
    const ru = i18n.t("ru", "too-many-requests");
    const kk = i18n.t("kk", "too-many-requests");
    expect(ru).not.toEqual(kk);
    for (let i = 0; i < 3; i++) {
      expect(i18n.t("kk", "too-many-requests")).toBe(kk);
      expect(i18n.t("ru", "too-many-requests")).toBe(ru);
    }
    // Unknown: the default (Russian), until a bundle for it is loaded.
    expect(i18n.t("uz", "too-many-requests")).toBe(ru);
    i18n.loadLocaleSync("uz", { source: "too-many-requests = Sekinroq" });
    expect(i18n.t("uz", "too-many-requests")).toBe("Sekinroq");
    expect(i18n.t("kk", "too-many-requests")).toBe(kk);
  });
});
