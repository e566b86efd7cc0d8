import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import { noopButton } from "../callback-data.js";

export type ButtonRow = InlineKeyboardButton[];

/**
 * The paging row: first «, previous ‹, "3/12" (does nothing), next ›, last ». Only the buttons
 * that lead somewhere new are shown, so neither end offers a way past it; one page, no row.
 */
export function pagerRow(page: number, pages: number, dataOf: (page: number) => string): ButtonRow {
  if (pages <= 1) return [];
  const row: ButtonRow = [];
  if (page > 2) row.push(InlineKeyboard.text("«", dataOf(1)));
  if (page > 1) row.push(InlineKeyboard.text("‹", dataOf(page - 1)));
  row.push(InlineKeyboard.text(`${page}/${pages}`, noopButton.encode({})));
  if (page < pages) row.push(InlineKeyboard.text("›", dataOf(page + 1)));
  if (page < pages - 1) row.push(InlineKeyboard.text("»", dataOf(pages)));
  return row;
}

/** Buttons laid out `perRow` to a row. */
export function grid(buttons: InlineKeyboardButton[], perRow: number): ButtonRow[] {
  const rows: ButtonRow[] = [];
  for (let i = 0; i < buttons.length; i += perRow) rows.push(buttons.slice(i, i + perRow));
  return rows;
}

/** A keyboard of the non-empty rows. */
export function keyboardOf(rows: ButtonRow[]): InlineKeyboard {
  return InlineKeyboard.from(rows.filter((row) => row.length > 0));
}

/** Pages needed for `total` items (at least one, so "1/1" of an empty list is never shown). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
