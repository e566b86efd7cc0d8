/**
 * Which currency a price shows. The Seller API takes prices in tenge and the bot converts
 * nothing, so a price shown in another currency (a ruble sign in a text cell, a number cell
 * formatted `# ##0,00 ₽`) is named, never sent as tenge. Tenge (`₸`, `тг`, `тенге`, `KZT`) and
 * no currency at all are fine.
 */

/**
 * A currency other than tenge, by the sign the seller sees. `locale` is a spreadsheet's
 * built-in currency format, which shows the currency of the computer opening the file (₸ in
 * Kazakhstan, ₽ in Russia): the file alone cannot tell which.
 */
export interface ForeignCurrency {
  code: "RUB" | "USD" | "EUR" | "other" | "locale";
  /** The sign or word as shown: `₽`, `р.`, `$`, `EUR`, `zł`. */
  sign: string;
}

const TENGE = /^(?:₸|тг|тенге|теңге|kzt)$/u;
/** Words and signs of currencies sellers around Kazakhstan meet, lower case, points dropped. */
const NAMED: [ForeignCurrency["code"], RegExp][] = [
  ["RUB", /^(?:₽|р|руб|рубль|рубля|рублей|rub|rur)$/u],
  ["USD", /^(?:\$|us\$|usd|долл|доллар|доллара|долларов|dollar|dollars)$/u],
  ["EUR", /^(?:€|eur|euro|евро)$/u],
  [
    "other",
    /^(?:\p{Sc}|уе|сом|сум|сўм|грн|юань|юаней|манат|лари|cny|kgs|uzs|byn|uah|gbp|try|aed|jpy|krw|azn|gel|amd)$/u,
  ],
];

/** A word's currency: undefined for tenge and for words that name none. */
function currencyOfWord(word: string): ForeignCurrency | undefined {
  const key = word.toLowerCase().replace(/\./g, "");
  if (key === "" || TENGE.test(key)) return undefined;
  for (const [code, pattern] of NAMED) if (pattern.test(key)) return { code, sign: word };
  return undefined;
}

/** Tenge, or a word naming no currency. */
const isTengeWord = (word: string) => TENGE.test(word.toLowerCase().replace(/\./g, ""));

/**
 * The foreign currency a text price states (`2 890,00 ₽`, `$19.90`, `1990 руб.`, `19,90 EUR`):
 * what is left beside the number must be currency words only, one of them not tenge. A text
 * with other words (`по запросу`, `1990 руб/шт`) states no currency: it is simply no number.
 */
export function currencyOfText(raw: string): ForeignCurrency | undefined {
  const words = raw.split(/[\d\s,'+\-\u00a0\u202f\u2009\u2007]+/u).filter((w) => w !== "");
  let found: ForeignCurrency | undefined;
  for (const word of words) {
    // A point beside the digits (`19.90`, `1 990.`) is the number's.
    const bare = word.replace(/^\.+/, "");
    if (bare === "" || isTengeWord(bare)) continue;
    const currency = currencyOfWord(bare) ?? currencyOfWord(bare.replace(/\.+$/, ""));
    if (!currency) return undefined;
    found ??= currency;
  }
  return found;
}

/**
 * The foreign currency in a number format's text: the sign of a `[$₽-419]` part (any sign there
 * but tenge's is a currency, `[$-419]` is a locale only), and currency words or signs among its
 * literal text (`"р."`, `"$"`, `\€`, an unquoted `$`). `words` is that literal text.
 */
export function currencyOfFormat(
  bracketSigns: string[],
  words: string,
): ForeignCurrency | undefined {
  for (const sign of bracketSigns) {
    if (sign === "" || isTengeWord(sign)) continue;
    return currencyOfWord(sign) ?? { code: "other", sign };
  }
  for (const word of words.split(/\s+/u)) {
    const bare = word.replace(/^[^\p{L}\p{Sc}]+|[^\p{L}\p{Sc}.]+$/gu, "");
    const currency = currencyOfWord(bare) ?? currencyOfWord(bare.replace(/\.+$/, ""));
    if (currency) return currency;
    // A sign glued to other text (`US$`, `руб.$`) still shows a currency.
    const sign = /[^\P{Sc}₸]/u.exec(bare)?.[0];
    if (sign) return currencyOfWord(sign) ?? { code: "other", sign };
  }
  return undefined;
}
