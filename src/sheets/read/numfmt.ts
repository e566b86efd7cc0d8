import { currencyOfFormat, type ForeignCurrency } from "./currency.js";
import { dateLocale, formatDate, type Token } from "./numfmt-date.js";

/**
 * Displays a number cell the way a spreadsheet shows it under its number format, for what
 * the reader needs: the digits of a text column, the zeros a `0000000000000` barcode format
 * shows, whether a cell is a percent or a date, and whether the format hides decimals.
 * Sellers' formats are simple (General, 0, 0.00, # ##0,00, 0%, currency, dates); anything
 * rarer (fractions, conditions) is shown as General, which never invents digits.
 */

/**
 * The sign of the computer's own currency, which built-in currency formats show: ₸ on a
 * computer set to Kazakhstan, ₽ on one set to Russia. The file does not say which, so it shows
 * nothing here and marks the format as a currency one (see `formatCurrency`).
 */
const LOCALE_CURRENCY = "[$¤]";

/** Excel's built-in formats (ECMA-376 18.8.30), as a Russian/Kazakh Excel shows them. */
const BUILT_IN: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  // 5-8, 42 and 44: the computer's currency (openpyxl writes `"$"#,##0.00_);("$"#,##0.00)` as 7,
  // which LibreOffice shows 12 345,50р. in ru-RU and T12 345,50 in kk-KZ).
  5: `#,##0 ${LOCALE_CURRENCY};-#,##0 ${LOCALE_CURRENCY}`,
  6: `#,##0 ${LOCALE_CURRENCY};[Red]-#,##0 ${LOCALE_CURRENCY}`,
  7: `#,##0.00 ${LOCALE_CURRENCY};-#,##0.00 ${LOCALE_CURRENCY}`,
  8: `#,##0.00 ${LOCALE_CURRENCY};[Red]-#,##0.00 ${LOCALE_CURRENCY}`,
  9: "0%",
  10: "0.00%",
  11: "0.00E+00",
  12: "General",
  13: "General",
  14: "dd.mm.yyyy",
  15: "dd.mmm.yy",
  16: "dd.mmm",
  17: "mmm.yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "dd.mm.yyyy h:mm",
  37: "#,##0 ;(#,##0)",
  38: "#,##0 ;(#,##0)",
  39: "#,##0.00;(#,##0.00)",
  40: "#,##0.00;(#,##0.00)",
  41: "#,##0",
  42: `#,##0 ${LOCALE_CURRENCY}`,
  43: "#,##0.00",
  44: `#,##0.00 ${LOCALE_CURRENCY}`,
  45: "mm:ss",
  46: "[h]:mm:ss",
  47: "mm:ss.0",
  48: "##0.0E+0",
  49: "@",
};

export function builtInFormat(id: number): string {
  return BUILT_IN[id] ?? "General";
}

export interface Shown {
  /** The text the cell shows. */
  shown: string;
  percent: boolean;
  date: boolean;
  /** Decimals the format shows, when fixed (undefined for General). */
  decimals?: number;
  /** Shown in E-notation, which may round what the cell holds. */
  scientific?: boolean;
}

/** Splits on `;` outside quotes and brackets. */
function sections(code: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  let bracket = false;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === "\\" && !quoted) {
      current += ch + (code[i + 1] ?? "");
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "[") bracket = true;
    else if (!quoted && ch === "]") bracket = false;
    else if (ch === ";" && !quoted && !bracket) {
      out.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

function tokenize(section: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < section.length; i++) {
    const ch = section[i]!;
    if (ch === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      out.push({ literal: true, text: section.slice(i + 1, stop) });
      i = stop;
    } else if (ch === "\\") {
      out.push({ literal: true, text: section[i + 1] ?? "" });
      i++;
    } else if (ch === "_") {
      out.push({ literal: true, text: " " });
      i++;
    } else if (ch === "*") {
      i++; // fill character: no width here
    } else if (ch === "[") {
      const end = section.indexOf("]", i + 1);
      const stop = end < 0 ? section.length : end;
      const inner = section.slice(i + 1, stop);
      // [$₸-43F]: a currency sign; [Red], [$-419]: colours and locales show nothing, nor does
      // the computer's currency; [h], [mm]: elapsed time, kept as a date token.
      if (inner.startsWith("$")) {
        const sign = inner.slice(1).split("-")[0]!;
        out.push({ literal: true, text: `[${inner}]` === LOCALE_CURRENCY ? "" : sign });
      } else if (/^[hms]+$/i.test(inner)) out.push({ literal: false, text: `[${inner}]` });
      i = stop;
    } else out.push({ literal: false, text: ch });
  }
  return out;
}

const codeOf = (tokens: Token[]) =>
  tokens
    .filter((t) => !t.literal)
    .map((t) => t.text)
    .join("");

export function isDateFormat(code: string): boolean {
  const first = sections(code)[0] ?? "";
  const own = codeOf(tokenize(first)).toLowerCase();
  if (own === "general") return false;
  return /[dmyhs]/.test(own.replace(/e[+-]/g, ""));
}

/** Shortest text of a number, at most 15 significant digits (what a spreadsheet keeps). */
export function generalText(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const text = String(Number(value.toPrecision(15)));
  return text.includes("e") ? value.toExponential().replace("e", "E") : text;
}

/**
 * E-notation as ru/kk spreadsheets show it: `0.00E+00` shows 123456 as 1,23E+05 (decimal
 * comma, the exponent with as many digits as the format's zeros); `##0.0E+0` keeps the
 * exponent a multiple of the integer digits (123,5E+3).
 */
function scientific(value: number, own: string): Shown {
  const [mantissa = "", exponent = ""] = own.split(/[eE][+-]/);
  const [intPart = "", fracPart = ""] = mantissa.split(".");
  const decimals = fracPart.replace(/[^0#?]/g, "").length;
  const step = Math.max(1, intPart.replace(/[^0#?]/g, "").length);
  const width = Math.max(1, exponent.replace(/[^0]/g, "").length);
  const abs = Math.abs(value);
  let power = abs === 0 ? 0 : Math.floor(Math.log10(abs));
  if (step > 1) power = Math.floor(power / step) * step;
  let digits = (abs / 10 ** power).toFixed(decimals);
  if (step === 1 && Number(digits) >= 10) {
    power += 1;
    digits = (abs / 10 ** power).toFixed(decimals);
  }
  const sign = value < 0 ? "-" : "";
  const exp = `${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(width, "0")}`;
  const shown = `${sign}${digits.replace(".", ",")}E${exp}`;
  return { shown, percent: false, date: false, scientific: true };
}

/** Groups of three digits with a space, as ru/kk spreadsheets show `# ##0`. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

function formatNumber(value: number, tokens: Token[], negativeSign: boolean): Shown {
  const own = codeOf(tokens);
  const percent = (own.match(/%/g) ?? []).length;
  let v = Math.abs(value) * 100 ** percent;
  if (/[eE][+-]/.test(own)) return scientific(value, own);
  if (own.includes("/")) {
    return { shown: generalText(value), percent: false, date: false };
  }
  const [intPart = "", fracPart = ""] = own.split(".");
  const decimals = fracPart.replace(/[^0#?]/g, "").length;
  const minDecimals = fracPart.replace(/[^0?]/g, "").length;
  const scaleCommas = /[0#?](,+)$/.exec(intPart)?.[1]?.length ?? 0;
  v /= 1000 ** scaleCommas;
  let text = v.toFixed(decimals);
  let [whole = "0", frac = ""] = text.split(".");
  while (frac.length > minDecimals && frac.endsWith("0")) frac = frac.slice(0, -1);
  const zeros = intPart.replace(/[^0]/g, "").length;
  whole = whole.replace(/^0+(?=\d)/, "");
  if (zeros === 0 && whole === "0" && /[#?]/.test(intPart)) whole = "";
  whole = whole.padStart(zeros, "0");
  if (/[0#?],[0#?]/.test(intPart)) whole = group(whole);
  text = frac ? `${whole},${frac}` : whole;
  let out = "";
  let placed = false;
  for (const t of tokens) {
    if (t.literal) out += t.text;
    else if (/[0#?.,]/.test(t.text)) {
      if (!placed) out += text;
      placed = true;
    } else if (t.text === "%") out += "%";
    else if (t.text !== "@") out += t.text;
  }
  if (!placed) out = `${out}${text}`;
  if (negativeSign && value < 0) out = `-${out}`;
  return { shown: out.trim(), percent: percent > 0, date: false, decimals };
}

/** The cell's text under its number format (General for an unknown code). */
export function formatCell(value: number, code: string): Shown {
  const all = sections(code);
  if (all.some((s) => /\[[<>=]/.test(s))) {
    return { shown: generalText(value), percent: false, date: false };
  }
  let section = all[0] ?? "General";
  let negativeSign = true;
  if (value < 0 && all.length >= 2) {
    section = all[1]!;
    negativeSign = false;
  } else if (value === 0 && all.length >= 3) section = all[2]!;
  const tokens = tokenize(section);
  const own = codeOf(tokens);
  if (own.trim() === "" || /^general$/i.test(own.trim()) || own.trim() === "@") {
    const literal = tokens.filter((t) => t.literal).map((t) => t.text);
    const text = generalText(value).replace(".", ",");
    return { shown: `${text}${literal.join("")}`.trim(), percent: false, date: false };
  }
  if (isDateFormat(section)) {
    // [$-F800] and [$-F400]: the system's long date and time, whatever code follows them.
    const system = /\[\$-F800\]/i.test(section)
      ? "dddd, dd mmmm, yyyy"
      : /\[\$-F400\]/i.test(section)
        ? "hh:mm:ss"
        : undefined;
    const shownTokens = system ? tokenize(system) : tokens;
    const shown = formatDate(value, shownTokens, dateLocale(section));
    return { shown, percent: false, date: true };
  }
  return formatNumber(value, tokens, negativeSign);
}

/** `0000000000000`: a format showing a fixed count of digits with leading zeros. */
export function zeroPaddedWidth(code: string): number | undefined {
  const own = codeOf(tokenize(sections(code)[0] ?? "")).trim();
  return /^0{2,}$/.test(own) ? own.length : undefined;
}

/**
 * The currency other than tenge a number format shows, in any of its sections: the sign of a
 * `[$₽-419]` part, or a currency sign or word among its literal text (`"р."`, `\€`, `"$"`, an
 * unquoted `$`). `_₽` (a space as wide as ₽, Russian Excel's accounting format) and `[$-419]`
 * (a locale) show none. A built-in currency format shows the computer's own (`locale`).
 */
export function formatCurrency(code: string): ForeignCurrency | undefined {
  const signs: string[] = [];
  let words = "";
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      const stop = end < 0 ? code.length : end;
      words += ` ${code.slice(i + 1, stop)} `;
      i = stop;
    } else if (ch === "\\") {
      words += code[i + 1] ?? "";
      i++;
    } else if (ch === "_" || ch === "*") {
      i++; // a space as wide as the next character, or a fill: neither shows it
      words += " ";
    } else if (ch === "[") {
      const end = code.indexOf("]", i + 1);
      const stop = end < 0 ? code.length : end;
      const inner = code.slice(i + 1, stop);
      if (`[${inner}]` === LOCALE_CURRENCY) return { code: "locale", sign: "" };
      if (inner.startsWith("$")) signs.push(inner.slice(1).split("-")[0]!);
      i = stop;
      words += " ";
    } else {
      // Unquoted, Latin letters are the format's own codes (d, m, y, General, E): only a
      // currency sign or a Cyrillic letter is text the cell shows.
      words += /[\p{Sc}\p{Script=Cyrillic}.]/u.test(ch) ? ch : " ";
    }
  }
  return currencyOfFormat(signs, words);
}
