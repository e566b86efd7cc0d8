import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { describe, expect, it } from "vitest";
import { COLUMN_WORDS, MONEY_COLUMN_WORDS, ORDER_COLUMN_WORDS } from "../../src/sheets/index.js";
import { apiFieldNames, dataWords, type Finding, scan } from "../support/seller-words.js";

// Every text of both locales, every column title of the workbooks and every bot message of the
// golden transcripts, read as a seller reads them: no field name of the Seller API, no English
// word, no amount without its thousands grouped, no number beside a noun in the wrong plural
// form (test/support/seller-words.ts).

const LOCALES = ["ru", "kk"] as const;
type Locale = (typeof LOCALES)[number];
const FIELDS = apiFieldNames();

/** One locale's sources, as src/i18n.ts reads them. */
function sourceOf(locale: Locale): string {
  const folder = join("locales", locale);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".ftl"))
    .sort()
    .map((name) => join(folder, name));
  return [join("locales", `${locale}.ftl`), ...files]
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
}

type Pattern = NonNullable<FluentResource["body"][number]["value"]>;

/** The literal texts of a pattern, every variant of every selector, and the variables it reads. */
function partsOf(pattern: Pattern) {
  const texts: string[] = [];
  const vars = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === "string") texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const n = node as {
        type?: string;
        name?: string;
        selector?: unknown;
        variants?: { value: unknown }[];
        args?: unknown[];
      };
      if (n.type === "var" && n.name) vars.add(n.name);
      if (n.type === "select") {
        walk(n.selector);
        for (const variant of n.variants ?? []) walk(variant.value);
      }
      if (n.type === "func") for (const arg of n.args ?? []) walk(arg);
    }
  };
  walk(pattern);
  return { texts, vars };
}

/** Every message (and attribute) of a locale: its id, literal texts, renders with sample values. */
function messagesOf(locale: Locale) {
  const resource = new FluentResource(sourceOf(locale));
  const bundle = new FluentBundle(locale, { useIsolating: false });
  bundle.addResource(resource);
  const out: {
    id: string;
    texts: string[];
    render(args: (name: string) => string | number): string;
  }[] = [];
  for (const entry of resource.body) {
    if (entry.id.startsWith("-")) continue;
    const patterns: [string, Pattern][] = [];
    if (entry.value) patterns.push([entry.id, entry.value]);
    for (const [attr, pattern] of Object.entries(entry.attributes))
      patterns.push([`${entry.id}.${attr}`, pattern]);
    for (const [id, pattern] of patterns) {
      const { texts, vars } = partsOf(pattern);
      out.push({
        id,
        texts,
        render: (value) => {
          const args = Object.fromEntries([...vars].map((name) => [name, value(name)]));
          return bundle.formatPattern(pattern, args, []);
        },
      });
    }
  }
  return out;
}

/** Variables that hold a text, never a count (`За { $period } заказов нет`, a cell `C5`). */
const TEXT_VARIABLES =
  /^(period|cell|value|date|file|name|since|search|category|brand|reason|statuses)$/;
/** Variables that hold a list of row or position numbers (`2–3, 14`): a noun follows the last. */
const LIST_VARIABLES = /^(rows|positions)$/;

const shownFindings = (found: Finding[]) => found.map((f) => `${f.kind}: ${f.match}`);

describe("the scanner", () => {
  it("finds each kind of programmer's word in a deliberately bad sample, and passes a good one", () => {
    const bad =
      "Превью: price: 3990 ₸ → 1197 ₸, name.rus изменено; BRAND_NOT_FOUND: Brand 599 does not exist. Импортировано 4 товаров.";
    const found = scan(bad, { locale: "ru", fields: FIELDS });
    expect(shownFindings(found)).toEqual(
      expect.arrayContaining([
        "field: price",
        "field: name.rus",
        "english: BRAND_NOT_FOUND",
        "english: Brand",
        "english: does",
        "amount: 3990 ₸",
        "amount: 1197 ₸",
        "plural: 4 товаров",
      ]),
    );
    expect(shownFindings(scan("5 тауарлар қалды", { locale: "kk", fields: FIELDS }))).toEqual([
      "plural: 5 тауарлар",
    ]);
    // Listed row numbers too: the noun stays singular, whatever case ending follows.
    const listed = "Енді жоқ SKU: 1 (14 жолдар); 2–3-жолдарда «?» тұр";
    expect(shownFindings(scan(listed, { locale: "kk", fields: FIELDS }))).toEqual([
      "plural: 14 жолдар",
      "plural: 3-жолдарда",
    ]);
    const singular = "Енді жоқ SKU: 1 (14-жол); 2–3-жолда «?» тұр; 5 тауар; бұл жолдарда";
    expect(scan(singular, { locale: "kk", fields: FIELDS })).toEqual([]);
    const good =
      "Цена: 3\u00a0990 ₸ → 1\u00a0197,50 ₸; Название (рус.) изменено. Импортировано 4 товара, 5 товаров, 21 товар. Файл Excel, ID и SKU — см. /products ID.";
    expect(scan(good, { locale: "ru", fields: FIELDS })).toEqual([]);
  });

  it("knows the API's field names from its zod schemas", () => {
    for (const name of [
      "productId",
      "statusKey",
      "name.rus",
      "attributeValueCodes",
      "price",
      "skuBarcode",
    ])
      expect(FIELDS.has(name), name).toBe(true);
  });
});

describe.each(LOCALES)("every text of locales/%s", (locale) => {
  const messages = messagesOf(locale);

  it("names no field of the API and has no English word, in any of its variants", () => {
    const found: string[] = [];
    for (const message of messages) {
      const literal = scan(message.texts.join(" "), {
        locale,
        fields: FIELDS,
        kinds: ["field", "english", "amount"],
      });
      const rendered = scan(
        message.render(() => "образец"),
        { locale, fields: FIELDS, kinds: ["field", "english"] },
      );
      for (const f of [...literal, ...rendered])
        found.push(`${message.id} — ${f.kind}: ${f.match}`);
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it("prints no amount without its thousands grouped", () => {
    const found = messages.flatMap((m) =>
      scan(
        m.render(() => "449990"),
        { locale, fields: FIELDS, kinds: ["amount"] },
      ).map((f) => `${m.id} — ${f.match}`),
    );
    expect(found).toEqual([]);
  });

  it("puts every counted noun in the plural form of its number", () => {
    const found = new Set<string>();
    for (const n of [1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101]) {
      for (const m of messages) {
        const sample = (name: string) =>
          TEXT_VARIABLES.test(name) ? "образец" : LIST_VARIABLES.test(name) ? `2–3, ${n}` : n;
        for (const f of scan(m.render(sample), { locale, fields: FIELDS, kinds: ["plural"] }))
          found.add(`${m.id} — ${f.match}`);
      }
    }
    expect([...found]).toEqual([]);
  });
});

describe.each(LOCALES)("every column title of the workbooks in %s (src/sheets)", (locale) => {
  it("names no field of the API and has no English word", () => {
    const words = [...COLUMN_WORDS, ...ORDER_COLUMN_WORDS, ...MONEY_COLUMN_WORDS];
    expect(words.length).toBeGreaterThan(40);
    const found = words.flatMap(({ titles }) =>
      scan(titles[locale].replaceAll("{zone}", "образец"), {
        locale,
        fields: FIELDS,
        kinds: ["field", "english"],
      }).map((f) => `${titles[locale]} — ${f.kind}: ${f.match}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * The bot's messages of a transcript (demo/transcript.ts writes them): `bot:` or `bot ✎` and
 * the lines indented under it; the writer's own notes (`(buttons removed from …)`) left out.
 */
function botMessages(transcript: string): string[] {
  const messages: string[][] = [];
  let current: string[] | undefined;
  for (const line of transcript.split("\n")) {
    const head = /^bot(?::| ✎) (.*)$/.exec(line);
    if (head) {
      const note = /^\((buttons removed|new buttons under|deleted)/.test(head[1]!);
      current = note ? undefined : [head[1]!];
      if (current) messages.push(current);
    } else if (current && (line.startsWith("     ") || line === "")) current.push(line.slice(5));
    else current = undefined;
  }
  return messages.map((lines) => lines.join("\n"));
}

describe.each(LOCALES)(
  "every bot message of the golden transcript demo/transcripts/%s.txt",
  (locale) => {
    it("names no field of the API, has no English word, no ungrouped amount, no wrong plural", () => {
      const transcript = readFileSync(`demo/transcripts/${locale}.txt`, "utf8");
      const messages = botMessages(transcript);
      expect(messages.length).toBeGreaterThan(5);
      const words = dataWords();
      // The sample files the scripts send: their names are the seller's.
      const files = readdirSync("demo/samples");
      const found = messages.flatMap((message) =>
        scan(message, { locale, fields: FIELDS, dataWords: words, dataTexts: files }).map(
          (f) => `${f.kind}: ${f.match} — in «${message.split("\n")[0]}»`,
        ),
      );
      expect(found).toEqual([]);
    });
  },
);
