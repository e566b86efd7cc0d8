/**
 * Dates and times under a number format, as a Russian or Kazakh spreadsheet shows them. In a
 * format code `/` is the date separator of the format's locale, not a slash: with no locale
 * tag it is the seller's (ru/kk: `dd/mm/yyyy` shows 15.03.2026), with one it is that locale's
 * (`[$-409]mm/dd/yyyy` shows 03/15/2026). Month and day names are those of the tag's
 * language (`[$-43F]` Kazakh, `[$-409]` English), Russian without one. LibreOffice Calc in
 * ru-RU and kk-KZ shows every case below so (test/fixtures/real).
 */

/** A format section cut into literal text and the format's own characters. */
export interface Token {
  literal: boolean;
  text: string;
}

type Names = {
  months: string[];
  short: string[];
  /** Month names after a day number ("5 марта"), where the language declines them. */
  genitive?: string[];
  days: string[];
  shortDays: string[];
};

const RU: Names = {
  months: "Январь Февраль Март Апрель Май Июнь Июль Август Сентябрь Октябрь Ноябрь Декабрь".split(
    " ",
  ),
  short: "янв фев мар апр май июн июл авг сен окт ноя дек".split(" "),
  genitive:
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря".split(" "),
  days: "воскресенье понедельник вторник среда четверг пятница суббота".split(" "),
  shortDays: "Вс Пн Вт Ср Чт Пт Сб".split(" "),
};
const KK: Names = {
  months:
    "Қаңтар Ақпан Наурыз Сәуір Мамыр Маусым Шілде Тамыз Қыркүйек Қазан Қараша Желтоқсан".split(" "),
  short: "Қаң Ақп Нау Сәу Мам Мау Шіл Там Қыр Қаз Қар Жел".split(" "),
  days: "Жексенбі Дүйсенбі Сейсенбі Сәрсенбі Бейсенбі Жұма Сенбі".split(" "),
  shortDays: "Жк Дс Сс Ср Бс Жм Сн".split(" "),
};
const EN: Names = {
  months:
    "January February March April May June July August September October November December".split(
      " ",
    ),
  short: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" "),
  days: "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" "),
  shortDays: "Sun Mon Tue Wed Thu Fri Sat".split(" "),
};

/** Primary languages (LCID & 0x3FF) that write dates with points; 0 is "the system's". */
const POINT_DATE_LANGUAGES: ReadonlySet<number> = new Set([
  0x00, 0x19, 0x3f, 0x22, 0x23, 0x07, 0x15, 0x05, 0x0b, 0x14, 0x1f, 0x2c, 0x40, 0x43, 0x44,
]);

/** The locale a section names (`[$-419]`, `[$₸-43F]`), as its primary language; undefined: none. */
function languageOf(section: string): number | undefined {
  const lcid = /\[\$[^\]-]*-([0-9a-f]{1,8})\]/i.exec(section)?.[1];
  return lcid === undefined ? undefined : Number.parseInt(lcid, 16) & 0x3ff;
}

interface DateLocale {
  separator: string;
  names: Names;
}

/** The date separator and names a section is shown with, in a ru/kk program. */
export function dateLocale(section: string): DateLocale {
  const language = languageOf(section);
  if (language === undefined) return { separator: ".", names: RU };
  const separator = POINT_DATE_LANGUAGES.has(language) ? "." : "/";
  const names = language === 0x3f ? KK : language === 0x09 ? EN : RU;
  return { separator, names };
}

/** Date serial (1900 system) to its parts, in UTC. */
function dateParts(serial: number) {
  const ms = Math.round((serial - 25569) * 86400 * 1000);
  const d = new Date(ms);
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    weekday: d.getUTCDay(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
    ms: d.getUTCMilliseconds(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const TOKEN =
  /\[h+\]|\[m+\]|\[s+\]|yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p|\.0+|\u0000|./gi;

/** Elapsed time (`[h]:mm`): whole hours, minutes or seconds since the serial's zero. */
function elapsed(serial: number, unit: string): string {
  const seconds = Math.round(serial * 86400);
  const by = unit.startsWith("[h") ? 3600 : unit.startsWith("[m") ? 60 : 1;
  return pad(Math.floor(seconds / by), unit.length - 2);
}

/** The date and time a serial shows under a date section's tokens. */
export function formatDate(value: number, tokens: Token[], locale: DateLocale): string {
  const p = dateParts(value);
  const { names } = locale;
  const own = tokens.map((t) => (t.literal ? "\u0000" : t.text)).join("");
  const literals = tokens.filter((t) => t.literal).map((t) => t.text);
  const twelveHour = /am\/pm|a\/p/i.test(own);
  const hour = twelveHour ? p.h % 12 || 12 : p.h;
  const withDay = /(^|[^d])d{1,2}(?!d)/i.test(own);
  let out = "";
  let lit = 0;
  let lastWasHour = false;
  let lastWasSecond = false;
  for (const match of own.matchAll(TOKEN)) {
    const tok = match[0];
    const lower = tok.toLowerCase();
    const rest = own.slice((match.index ?? 0) + tok.length).toLowerCase();
    const minute = lower.startsWith("m") && (lastWasHour || /^[^dmy]*s/.test(rest));
    if (tok === "\u0000") out += literals[lit++] ?? "";
    else if (lower.startsWith("[")) out += elapsed(value, lower);
    else if (lower === "yyyy") out += pad(p.y, 4);
    else if (lower === "yy") out += pad(p.y % 100);
    else if (lower === "mmmmm") out += (names.months[p.mo - 1] ?? "").slice(0, 1).toUpperCase();
    else if (lower === "mmmm")
      out += (withDay && names.genitive ? names.genitive : names.months)[p.mo - 1];
    else if (lower === "mmm") out += names.short[p.mo - 1];
    else if (lower === "mm") out += minute ? pad(p.mi) : pad(p.mo);
    else if (lower === "m") out += minute ? String(p.mi) : String(p.mo);
    else if (lower === "dddd") out += names.days[p.weekday];
    else if (lower === "ddd") out += names.shortDays[p.weekday];
    else if (lower === "dd") out += pad(p.d);
    else if (lower === "d") out += String(p.d);
    else if (lower === "hh") out += pad(hour);
    else if (lower === "h") out += String(hour);
    else if (lower === "ss") out += pad(p.s);
    else if (lower === "s") out += String(p.s);
    else if (lower === "am/pm" || lower === "a/p") out += p.h < 12 ? "AM" : "PM";
    else if (lower.startsWith(".0") && lastWasSecond) {
      out += `,${pad(p.ms, 3).slice(0, tok.length - 1)}`;
    } else if (tok === "/") out += locale.separator;
    else out += tok;
    if (/^\[?[hms]/.test(lower) || lower === "\u0000") lastWasHour = /^\[?h/.test(lower);
    else if (/^[dy]/.test(lower)) lastWasHour = false;
    lastWasSecond = lower.startsWith("s");
  }
  return out;
}
