/**
 * The vocabulary of the money workbook's columns: a product's figures for a period (its row of
 * the products sheet) and the summary's table of statuses, which counts and sums the same
 * figures per status. Each sheet sets its own order and widths.
 */
import { type ColumnWord, word } from "./columns.js";

export const MONEY_COLUMN_WORDS = [
  word("status", "text", "Статус", "Күйі"),
  word("meaning", "text", "Что это для бота", "Бот үшін мағынасы"),
  word("barcode", "barcode", "Штрихкод", "Штрихкод"),
  word("name", "text", "Товар", "Тауар"),
  word("abc", "text", "ABC", "ABC"),
  word("share", "share", "Доля продаж", "Сатылымдағы үлесі"),
  word("running", "share", "Накопленная доля", "Жинақталған үлес"),
  word("lines", "count", "Позиций", "Позициялар"),
  word("units", "count", "Штук", "Дана"),
  word("sales", "money", "Продажи, ₸", "Сатылым, ₸"),
  word("commission", "money", "Комиссия, ₸", "Комиссия, ₸"),
  word("payout", "money", "К выплате, ₸", "Төленеді, ₸"),
  word("returned", "count", "Вернули, шт.", "Қайтарылды, дана"),
  word("returnRate", "share", "Доля возвратов", "Қайтарым үлесі"),
  word("returnsValue", "money", "Возвраты на сумму, ₸", "Қайтарым сомасы, ₸"),
  word("cost", "money", "Себестоимость за шт., ₸", "Бір дананың өзіндік құны, ₸"),
  word("profit", "money", "Прибыль, ₸", "Пайда, ₸"),
] as const;

/** A column of the money workbook. */
export type MoneyColumn = (typeof MONEY_COLUMN_WORDS)[number]["field"];

const BY_FIELD = new Map<string, ColumnWord>(MONEY_COLUMN_WORDS.map((w) => [w.field, w]));

/** The money workbook's column of `field`. */
export const moneyColumnWord = (field: MoneyColumn): ColumnWord => BY_FIELD.get(field)!;
