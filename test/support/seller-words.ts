/**
 * The words a seller reads, checked: no field name of the Seller API, no English word (Latin
 * script outside a short list of names every seller knows), no amount of four digits or more
 * printed without its thousands grouped, no number beside a noun in the wrong plural form.
 * Used by test/bot/seller-words.test.ts over both locales and the golden transcripts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSeed } from "../../doubles/seller-api/seed.js";
import * as schemas from "../../src/seller-api/schemas.js";

export type FindingKind = "field" | "english" | "amount" | "plural";
export interface Finding {
  kind: FindingKind;
  /** The words found, as they stand in the text. */
  match: string;
}

/**
 * Latin-script words a seller reads as their own: names of programs and formats, `ID`, `SKU`,
 * units and the like. Compared case-sensitively: `id` (the API's field) is not `ID`.
 */
export const ALLOWED_LATIN: ReadonlySet<string> = new Set([
  "Excel",
  "CSV",
  "XLSX",
  "xlsx",
  "csv",
  "json",
  "JSON",
  "ID",
  "SKU",
  "Telegram",
  // An encoding as the bot names it (`UTF-8 BOM`).
  "UTF",
  "BOM",
  "LibreOffice",
  "Google",
  "Windows",
  "EAN",
  // File formats a seller may send (named when refused) and the scheme of a photo's link.
  "ods",
  "xls",
  "xlsb",
  "OpenDocument",
  "http",
  "https",
  // The ABC analysis of sales (a trade term).
  "ABC",
]);

type Def = { type?: string; shape?: Record<string, unknown>; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/**
 * Every field name of the Seller API's zod schemas (src/seller-api/schemas.ts), the nested ones
 * also as dotted paths (`name.rus`), walking objects, arrays, optionals, unions and pipes.
 */
export function apiFieldNames(): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown, prefix: string) => {
    const def = defOf(schema);
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    if (def.type === "object" && def.shape) {
      for (const [key, child] of Object.entries(def.shape)) {
        names.add(key);
        if (prefix) names.add(`${prefix}.${key}`);
        walk(child, key);
      }
      seen.delete(schema);
      return;
    }
    for (const key of ["element", "innerType", "in", "out", "schema"]) walk(def[key], prefix);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option, prefix);
    seen.delete(schema);
  };
  for (const schema of Object.values(schemas)) walk(schema, "");
  return names;
}

/** A text as a chat shows it: tags gone, entities decoded, links and commands left out. */
export function readable(text: string): string {
  return text
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/(^|[\s(«"])\/[a-z_]+(@\w+)?/g, "$1 ");
}

/** Russian nouns counted in texts, by plural form: one, few, many (`1 товар`, `2 товара`, `5 товаров`). */
const RU_NOUNS: readonly (readonly [string, string, string])[] = [
  ["товар", "товара", "товаров"],
  ["строка", "строки", "строк"],
  ["заказ", "заказа", "заказов"],
  ["ошибка", "ошибки", "ошибок"],
  ["запрос", "запроса", "запросов"],
  ["файл", "файла", "файлов"],
  ["день", "дня", "дней"],
  ["час", "часа", "часов"],
  ["минута", "минуты", "минут"],
  ["позиция", "позиции", "позиций"],
  ["ячейка", "ячейки", "ячеек"],
  ["значение", "значения", "значений"],
  ["изменение", "изменения", "изменений"],
  ["категория", "категории", "категорий"],
  ["бренд", "бренда", "брендов"],
  ["импорт", "импорта", "импортов"],
  ["продажа", "продажи", "продаж"],
  ["лист", "листа", "листов"],
  ["колонка", "колонки", "колонок"],
  ["неделя", "недели", "недель"],
  ["месяц", "месяца", "месяцев"],
];
const RU_PLURAL = new Intl.PluralRules("ru");

/** Words after which a counted noun is genitive: `из 2 запросов`, `больше 24 часов`, `у 4 товаров`. */
const GENITIVE_BEFORE =
  /(?:^|[\s(])(из|больше|более|меньше|менее|до|от|около|свыше|у|для|без|с|со|течение)[\s\u00a0]+$/iu;
/** Words after which it is in another case, which these forms do not give (`по 21 позиции`). */
const OTHER_CASE_BEFORE = /(?:^|[\s(])(по|к|ко|о|об|при|на|в|за)[\s\u00a0]+$/iu;

/** `4 товаров`, `1 товаров`, `5 товар`: a number and a noun that disagree (Russian). */
function russianPlurals(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\d,.])(\d+)[ \u00a0\u202f]+([а-яё]+)/giu)) {
    const n = Number(m[1]);
    const word = m[2]!.toLowerCase();
    const forms = RU_NOUNS.find((f) => f.includes(word));
    if (!forms) continue;
    const category = RU_PLURAL.select(n);
    const before = text.slice(0, m.index);
    if (OTHER_CASE_BEFORE.test(before)) continue;
    const genitive = GENITIVE_BEFORE.test(before);
    // After `из`, `у`, `больше`: one is `товара`, every other count `товаров`.
    const expected = genitive
      ? forms[category === "one" ? 1 : 2]
      : forms[category === "one" ? 0 : category === "few" ? 1 : 2];
    if (word !== expected) found.push(m[0]);
  }
  return found;
}

/**
 * `5 тауарлар`, `14-жолдар`, `2–3-жолдарда`: Kazakh takes no plural ending after a number, counted
 * or listed, whatever case ending follows.
 */
function kazakhPlurals(text: string): string[] {
  return [
    ...text.matchAll(
      /(?<![\d,.])\d+(?:[ \u00a0\u202f]+|-)[а-яёәғқңөұүһі]+(лар|лер|дар|дер|тар|тер)(да|де|ға|ге|ды|ді|дың|дің|дан|ден|мен|ы|і|ын|ін)?(?![а-яёәғқңөұүһі])/giu,
    ),
  ].map((m) => m[0]);
}

export interface ScanOptions {
  locale: "ru" | "kk";
  fields: ReadonlySet<string>;
  /** Latin words that are the shop's data (its products' names), not the bot's words. */
  dataWords?: ReadonlySet<string>;
  /** Whole texts that are the seller's own (file names), taken out before anything is checked. */
  dataTexts?: readonly string[];
  /** Which checks: all by default. */
  kinds?: readonly FindingKind[];
}

/** What a seller should not read in `text` (HTML or plain). */
export function scan(text: string, options: ScanOptions): Finding[] {
  const kinds = new Set(options.kinds ?? ["field", "english", "amount", "plural"]);
  let shown = readable(text);
  for (const data of options.dataTexts ?? []) shown = shown.split(data).join(" ");
  const found: Finding[] = [];
  if (kinds.has("field") || kinds.has("english")) {
    // Words of Latin letters and digits, with their dots and brackets (`name.rus`, `skus[0]`).
    for (const m of shown.matchAll(/[A-Za-z][A-Za-z0-9_]*(?:(?:\.|\[\d+\]\.?)[A-Za-z0-9_]+)*/g)) {
      const word = m[0];
      // A directory's code (`color_red`, `weight_250g`) is the shop's data, written as it is.
      if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(word)) continue;
      const bare = word.replace(/\[\d+\]/g, "");
      if (options.fields.has(word) || options.fields.has(bare)) {
        if (kinds.has("field") && !ALLOWED_LATIN.has(word))
          found.push({ kind: "field", match: word });
        continue;
      }
      if (!kinds.has("english")) continue;
      const parts = word.split(/[._]/).filter((p) => /[A-Za-z]{2,}/.test(p));
      const foreign = parts.filter((p) => !ALLOWED_LATIN.has(p) && !options.dataWords?.has(p));
      // One letter (a column `C`, `x`) or a unit beside a number (`128 GB`) says nothing English.
      if (foreign.length > 0) found.push({ kind: "english", match: word });
    }
  }
  if (kinds.has("amount")) {
    for (const m of shown.matchAll(
      /(?<![\d,.])(?<!\d[\s\u00a0\u202f])\d{4,}(?:[.,]\d+)?[\s\u00a0\u202f]*₸/g,
    ))
      found.push({ kind: "amount", match: m[0] });
  }
  if (kinds.has("plural")) {
    const wrong = options.locale === "ru" ? russianPlurals(shown) : kazakhPlurals(shown);
    for (const match of wrong) found.push({ kind: "plural", match });
  }
  return found;
}

/** The values that are the shop's data (names of products, brands, categories, values, files). */
const DATA_KEYS = new Set([
  "name",
  "rus",
  "kaz",
  "productName",
  "description",
  "label",
  "fileName",
]);

/** Latin words of the shop's own names (the sandbox's seed and the demo's sample files). */
export function dataWords(): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of text.match(/[A-Za-z][A-Za-z0-9']*/g) ?? [])
      words.add(word.replace(/'.*$/, ""));
  };
  const walk = (value: unknown, key = "") => {
    if (typeof value === "string") {
      if (DATA_KEYS.has(key)) add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(buildSeed());
  walk(JSON.parse(readFileSync("demo/samples/products.json", "utf8")));
  // The sample CSVs' names and descriptions (not their header, the API's names).
  for (const name of readdirSync("demo/samples").filter((n) => n.endsWith(".csv"))) {
    add(name);
    const [header, ...rows] = readFileSync(join("demo/samples", name), "utf8").split(/\r?\n/);
    const separator = header!.includes(";") ? ";" : ",";
    const titles = header!.replace(/^\uFEFF/, "").split(separator);
    const columns = titles.flatMap((t, i) => (/^(name|description)\./.test(t) ? [i] : []));
    for (const row of rows) {
      const cells = row.split(separator);
      for (const i of columns) add(cells[i] ?? "");
    }
  }
  return words;
}
