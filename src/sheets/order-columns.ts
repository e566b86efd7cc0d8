/**
 * The vocabulary of an order line's columns: every field of an order list item (seller-api.md
 * 2.6), in the order the orders export's sheet shows them (the money workbook's lines sheet is
 * the same), its kind, its title in each language and its width. The date columns' titles name
 * the time zone their wall-clock times are in.
 */
import { type ColumnWord, type ValueKind, word } from "./columns.js";

const column = <Field extends string>(
  field: Field,
  kind: ValueKind,
  width: number,
  ru: string,
  kk: string,
): ColumnWord<Field> & { width: number } => ({ ...word(field, kind, ru, kk), width });

export const ORDER_COLUMN_WORDS = [
  column("orderNumber", "text", 14, "Номер заказа", "Тапсырыс нөмірі"),
  column("createdDate", "date", 18, "Создан ({zone})", "Жасалған ({zone})"),
  column("receivedDate", "date", 18, "Принят ({zone})", "Қабылданған ({zone})"),
  column("statusLabel", "text", 16, "Статус", "Күйі"),
  column("statusKey", "text", 14, "Код статуса", "Күй коды"),
  column("productName", "text", 48, "Товар", "Тауар"),
  column("barcode", "barcode", 18, "Штрихкод", "Штрихкод"),
  column("quantity", "count", 10, "Количество", "Саны"),
  column("quantityReturned", "count", 12, "Возвращено", "Қайтарылғаны"),
  column("price", "money", 14, "Цена, ₸", "Бағасы, ₸"),
  column("originalPrice", "money", 14, "Цена без скидки, ₸", "Жеңілдіксіз бағасы, ₸"),
  column("commissionPercent", "percent", 12, "Комиссия, %", "Комиссия, %"),
  column("commissionAmount", "money", 14, "Комиссия за единицу, ₸", "Бірлікке комиссия, ₸"),
  column("payoutAmount", "money", 14, "К выплате за единицу, ₸", "Бірлікке төленетіні, ₸"),
  column("totalPrice", "money", 16, "Сумма, ₸", "Сомасы, ₸"),
  column("totalCommissionAmount", "money", 16, "Комиссия всего, ₸", "Барлық комиссия, ₸"),
  column("totalPayoutAmount", "money", 16, "К выплате всего, ₸", "Барлығы төленеді, ₸"),
  column("orderId", "id", 12, "ID заказа", "Тапсырыс ID"),
  column("orderGuid", "text", 38, "Идентификатор заказа", "Тапсырыс идентификаторы"),
] as const;
