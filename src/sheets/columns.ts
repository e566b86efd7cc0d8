/**
 * The one vocabulary of the columns of every workbook the bot writes: each column's field, the
 * title a seller reads in each language, what kind of value its cells hold. Here, a product
 * sheet's: each field of the import format (the Seller API's name, kept by the files' readers
 * and the hidden record of an export) and the other titles a file may give it (the API's own
 * name, English, older or shorter words). The catalog's export takes its titles from here; the
 * import reads every title here, in either language, whatever language the file was made in.
 * The orders' columns are in `order-columns.ts`, the money workbook's in `money-columns.ts`.
 */

/** The languages a sheet is titled in (the bot's locales). */
export type SheetLanguage = "ru" | "kk";

/** What a column's cells hold, as the readers take them. */
export type ValueKind =
  /** A whole number naming something: a product, a SKU, a category, a brand, a shop. */
  | "id"
  /** The seller's own key grouping the rows of one product. */
  | "key"
  | "text"
  | "boolean"
  /** A rate in percent (12.5 is 12.5 %): VAT, a commission. */
  | "percent"
  /** An amount in tenge. */
  | "money"
  /** Digits kept as text: leading zeros count. */
  | "barcode"
  /** Characteristic values: codes, or names where the directory gives them. */
  | "values"
  /** Photo links, `|` between them. */
  | "links"
  /** A count of things: units, lines. */
  | "count"
  /** A part of a whole as a fraction (0.125), shown in percent. */
  | "share"
  /** An instant, shown as the wall-clock time of the time zone its title names. */
  | "date";

export interface ColumnWord<Field extends string = string> {
  /** The field (the import format's column, the API's name, a figure's name). */
  field: Field;
  kind: ValueKind;
  /**
   * The title a seller reads, in each language (the export writes it). A date column's title
   * has `{zone}` where the sheet names its time zone (see `titleOf`).
   */
  titles: Readonly<Record<SheetLanguage, string>>;
  /** Other titles read as this field (the field's own name is always read). */
  also: readonly string[];
  /** The column's width in characters, where the one sheet that writes it sets one. */
  width?: number;
}

/** A column of a vocabulary: its field, kind, Russian and Kazakh titles, other titles read. */
export const word = <Field extends string>(
  field: Field,
  kind: ValueKind,
  ru: string,
  kk: string,
  also: readonly string[] = [],
): ColumnWord<Field> => ({ field, kind, titles: { ru, kk }, also });

/** Where a date column's title names the sheet's time zone: `Создан ({zone})`. */
const ZONE_PLACE = "{zone}";

/** `column`'s title in `language`, naming the sheet's time zone where it has a place for it. */
export const titleOf = (column: ColumnWord, language: SheetLanguage, zone?: string): string =>
  zone === undefined
    ? column.titles[language]
    : column.titles[language].replaceAll(ZONE_PLACE, zone);

/**
 * Every column of a product sheet, in the order an export writes them (characteristics go
 * between the product's columns and the SKU's, see `attributeTitle`). The words are the ones the
 * bot's messages use for the same fields.
 */
export const COLUMN_WORDS: readonly ColumnWord[] = [
  word("productKey", "key", "Ключ товара", "Тауар кілті", ["ключ", "кілт"]),
  word("productId", "id", "ID товара", "Тауар ID", ["код товара", "тауар коды"]),
  word("skuId", "id", "ID SKU", "SKU ID", ["SKU идентификатор"]),
  word("shopId", "id", "ID магазина", "Дүкен ID", ["магазин", "дүкен"]),
  word("categoryId", "id", "ID категории", "Санат ID", ["категория", "санат", "category"]),
  word("brandId", "id", "ID бренда", "Бренд ID", ["бренд", "марка", "brand"]),
  word("isLocalMade", "boolean", "Произведён в Казахстане", "Қазақстанда өндірілген", [
    "местное производство",
    "отечественный товар",
    "отандық өнім",
    "local made",
  ]),
  word("name.rus", "text", "Название (рус.)", "Атауы (орыс.)", [
    "name",
    "название",
    "наименование",
    "название на русском",
    "наименование рус",
    "атауы орысша",
  ]),
  word("name.kaz", "text", "Название (каз.)", "Атауы (қаз.)", [
    "название на казахском",
    "наименование каз",
    "атауы",
    "атауы қазақша",
  ]),
  word("description.rus", "text", "Описание (рус.)", "Сипаттамасы (орыс.)", [
    "description",
    "описание",
    "описание на русском",
    "сипаттама орыс",
    "сипаттамасы орысша",
  ]),
  word("description.kaz", "text", "Описание (каз.)", "Сипаттамасы (қаз.)", [
    "описание на казахском",
    "сипаттама",
    "сипаттамасы",
    "сипаттама қаз",
    "сипаттамасы қазақша",
  ]),
  word("vat", "percent", "НДС, %", "ҚҚС, %", ["ставка НДС", "ҚҚС мөлшерлемесі"]),
  word(
    "attributeValueCodes",
    "values",
    "Значения характеристик SKU",
    "SKU сипаттамаларының мәндері",
    ["коды значений", "мән кодтары", "характеристики SKU", "SKU сипаттамалары"],
  ),
  word("price", "money", "Цена, ₸", "Баға, ₸", ["стоимость", "бағасы", "цена тг", "баға тг"]),
  word("barcode", "barcode", "Штрихкод", "Штрихкод", ["ШК", "EAN", "EAN13", "GTIN", "штрихкоды"]),
  word("photos", "links", "Фото", "Фото", [
    "photo",
    "фотографии",
    "изображения",
    "сурет",
    "суреттер",
  ]),
  word("cost", "money", "Себестоимость, ₸", "Өзіндік құны, ₸", [
    "cost price",
    "unit cost",
    "себестоимость за шт",
    "закупочная цена",
    "өзіндік құн",
    "себестоимость тг",
    "өзіндік құны тг",
  ]),
];

const BY_FIELD: ReadonlyMap<string, ColumnWord> = new Map(COLUMN_WORDS.map((w) => [w.field, w]));

/** The column of `field`, if the vocabulary has it. */
export const columnWord = (field: string): ColumnWord | undefined => BY_FIELD.get(field);

/** The title a seller reads for `field` in `language`; a field not in the vocabulary as it is. */
export const columnTitle = (field: string, language: SheetLanguage): string =>
  BY_FIELD.get(field)?.titles[language] ?? field;

/** A title without case, spaces, dots and other punctuation: `Name.Rus` = `name rus`, `Цена, ₸` = `цена`. */
export function normalizeTitle(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Every title the vocabulary reads (normalized) → its field: both languages, the field's name, the rest. */
export function titleFields(): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of COLUMN_WORDS) {
    for (const title of [w.field, w.titles.ru, w.titles.kk, ...w.also]) {
      const key = normalizeTitle(title);
      if (!out.has(key)) out.set(key, w.field);
    }
  }
  return out;
}

/** A characteristic's column: the word before its name (or, with no name, its code). */
export const ATTRIBUTE_WORDS: Readonly<Record<SheetLanguage, string>> = {
  ru: "Характеристика",
  kk: "Сипаттама",
};

/** `Характеристика: Вес`: the title of a characteristic's column. */
export const attributeTitle = (nameOrCode: string, language: SheetLanguage) =>
  `${ATTRIBUTE_WORDS[language]}: ${nameOrCode}`;

/**
 * The start of a characteristic's title, in any language or as the API names it
 * (`attributes.color`, `Характеристика: Цвет`, `Сипаттама: Түс`); what follows is the
 * characteristic's code or its name in the directory.
 */
export const ATTRIBUTE_TITLE = /^(?:attributes?|атрибут|характеристика|сипаттама)\s*[.:]\s*/i;

/** A yes/no cell as a seller writes it in each language (the readers take these and more). */
export const BOOLEAN_WORDS: Readonly<Record<SheetLanguage, { yes: string; no: string }>> = {
  ru: { yes: "да", no: "нет" },
  kk: { yes: "иә", no: "жоқ" },
};
