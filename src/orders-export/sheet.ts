/**
 * The orders workbook, written row by row to a file by the streaming writer: each row is
 * deflated and on disk soon after it is written, so a year of orders costs no more memory
 * than a day. Its sheet of order lines is also the money workbook's.
 */
import type { Translate } from "../i18n.js";
import type { Order } from "../seller-api/index.js";
import {
  type Cell,
  type ColumnWord,
  columnLetters,
  createWorkbookFile,
  NUMBER_FORMAT,
  ORDER_COLUMN_WORDS,
  type SheetLanguage,
  titleOf,
  type ValueKind,
  type Workbook,
  type WorkbookFile,
} from "../sheets/index.js";
import { orderStatusName, parseApiDate, zoneTime } from "../text/index.js";

/** Tenge with two decimals and thousands separators; Excel shows the sign after the number. */
export const TENGE_FORMAT = NUMBER_FORMAT.tenge;
export const DATE_TIME_FORMAT = NUMBER_FORMAT.dateTime;

/**
 * Every field of an order list item, in the order the sheet shows them: the vocabulary's
 * (src/sheets), each a field of `Order`.
 */
export const ORDER_COLUMNS = ORDER_COLUMN_WORDS satisfies readonly ColumnWord<keyof Order>[];

export type OrderColumn = (typeof ORDER_COLUMNS)[number]["field"];

/** The columns the totals row sums. */
export const TOTAL_COLUMNS = [
  "quantity",
  "totalPrice",
  "totalCommissionAmount",
  "totalPayoutAmount",
] as const satisfies readonly OrderColumn[];
export type TotalColumn = (typeof TOTAL_COLUMNS)[number];
export type Totals = Record<TotalColumn, number>;

export interface SheetTexts {
  sheetName: string;
  /** The title of each column; the date columns' titles name the time zone. */
  headers: Record<OrderColumn, string>;
  totalsLabel: string;
  /** A line's status in the chat's language for a key the bot knows, the API's label otherwise. */
  status(key: string | null | undefined, label: string | null | undefined): string;
}

/**
 * The sheet's texts in the chat's language (`t`'s): every column titled as the vocabulary
 * says, the date columns naming `zone`.
 */
export function orderSheetTexts(t: Translate, language: SheetLanguage, zone: string): SheetTexts {
  const headers = Object.fromEntries(
    ORDER_COLUMNS.map((column) => [column.field, titleOf(column, language, zone)]),
  ) as Record<OrderColumn, string>;
  return {
    sheetName: t("orders-export-sheet"),
    headers,
    totalsLabel: t("orders-export-totals"),
    status: (key, label) => orderStatusName(t, key, label),
  };
}

const HEADER_FILL = "FFE8EEF7";
/** Text columns are text cells ("@"): a barcode or number typed over keeps its leading zeros. */
const NUM_FMT: Partial<Record<ValueKind, string>> = {
  text: NUMBER_FORMAT.text,
  barcode: NUMBER_FORMAT.text,
  money: TENGE_FORMAT,
  date: DATE_TIME_FORMAT,
};

/** The header's look, shared by every sheet of the bot's workbooks. */
export const headerStyle = (book: Workbook<unknown>) =>
  book.style({ bold: true, fill: HEADER_FILL, vertical: "center", wrap: true });

export interface OrderLinesSheet {
  /** The next order line (the caller awaits the book's `drained` now and then). */
  add(order: Order): void;
  readonly rows: number;
  /** The totals as the rows add up (money summed in tiyn). */
  totals(): Totals;
  /** The bold totals row under the lines: SUM formulas with their values stored. */
  writeTotals(): Totals;
  /** No more rows: the next sheet of the book streams to the file. */
  end(): void;
  readonly name: string;
}

/**
 * A sheet of order lines in `book`, one row per line with every field of the order list, its
 * header (bold, filled, frozen) written. Dates are the wall-clock time of `timeZone` (a
 * spreadsheet has no zones; the headers say which one), read as the rest of the bot reads
 * them; a date that cannot be read is kept as the text the API gave. Money and quantities are
 * numbers.
 */
export function orderLinesSheet(
  book: Workbook<unknown>,
  timeZone: string,
  texts: SheetTexts,
  place?: number,
): OrderLinesSheet {
  const sheet = book.sheet({
    name: texts.sheetName,
    frozen: { rows: 1 },
    ...(place !== undefined ? { place } : {}),
    columns: ORDER_COLUMNS.map(({ kind, width }) => {
      const numFmt = NUM_FMT[kind];
      return { width, style: numFmt ? book.style({ numFmt }) : 0 };
    }),
  });
  sheet.row(
    ORDER_COLUMNS.map(({ field }) => texts.headers[field]),
    { style: headerStyle(book) },
  );
  const bold = book.style({ bold: true });
  const wallClock = wallClockOf(timeZone);
  // Money is summed in tiyn: adding thousands of 0.1s in floating point drifts.
  const sums = { quantity: 0, totalPrice: 0, totalCommissionAmount: 0, totalPayoutAmount: 0 };
  let rows = 0;
  const cellOf = (order: Order, key: OrderColumn, kind: ValueKind): Cell => {
    const value = order[key];
    if (kind === "date") return wallClock(value as string | null | undefined);
    if (key === "statusLabel") return texts.status(order.statusKey, order.statusLabel) || null;
    if (kind === "text" || kind === "barcode") return value == null ? null : String(value);
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  };
  const totals = (): Totals => ({
    quantity: sums.quantity,
    totalPrice: sums.totalPrice / 100,
    totalCommissionAmount: sums.totalCommissionAmount / 100,
    totalPayoutAmount: sums.totalPayoutAmount / 100,
  });
  return {
    name: sheet.name,
    add(order) {
      sheet.row(ORDER_COLUMNS.map(({ field, kind }) => cellOf(order, field, kind)));
      rows++;
      sums.quantity += finite(order.quantity);
      for (const key of ["totalPrice", "totalCommissionAmount", "totalPayoutAmount"] as const) {
        sums[key] += Math.round(finite(order[key]) * 100);
      }
    },
    get rows() {
      return rows;
    },
    totals,
    writeTotals() {
      const stored = totals();
      sheet.row(totalsCells(rows, texts.totalsLabel, stored), { style: bold });
      return stored;
    },
    end: () => sheet.end(),
  };
}

/**
 * An instant as the wall-clock time of `timeZone`, as a date Excel shows unchanged (its serial
 * counts UTC days; a spreadsheet has no zones, so the title beside it names the zone).
 */
export function zoneWallClock(timeZone: string): (ms: number) => Date {
  const zone = zoneTime(timeZone);
  // A zone's offset, and every change of it, falls on a quarter hour of UTC: the offset is
  // asked of Intl once a quarter hour met (a month's lines meet about 3,000), not per date.
  const offsets = new Map<number, number>();
  const offsetOf = (quarter: number) => {
    const start = quarter * QUARTER_MS;
    const local = zone.localTime(start);
    const [y, m, d] = local.date.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) + local.minutes * 60_000 - start;
  };
  return (ms) => {
    const quarter = Math.floor(ms / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetOf(quarter);
      if (offsets.size >= 10_000) offsets.clear();
      offsets.set(quarter, offset);
    }
    return new Date(ms + offset);
  };
}
const QUARTER_MS = 15 * 60_000;

/** An API date as the zone's wall-clock time; one that cannot be read stays the text it was. */
function wallClockOf(timeZone: string) {
  const atZone = zoneWallClock(timeZone);
  return (value: string | null | undefined): Date | string | null => {
    const ms = parseApiDate(value, timeZone);
    return ms === undefined ? value?.trim() || null : atZone(ms);
  };
}

export interface OrdersSheet {
  /** The next order line; resolves once the file keeps up (awaited, memory stays bounded). */
  add(order: Order): Promise<void>;
  readonly rows: number;
  /** Writes the totals row and closes the file; the totals as stored in it. */
  finish(): Promise<Totals>;
  /** Closes a file that will not be sent (the caller removes it). */
  abort(): Promise<void>;
}

/** A workbook of orders at `path`, created with its first order (no order, no file). */
export function createOrdersSheet(path: string, timeZone: string, texts: SheetTexts): OrdersSheet {
  let open: { book: WorkbookFile; lines: OrderLinesSheet } | undefined;
  return {
    add(order) {
      if (!open) {
        const book = createWorkbookFile(path);
        open = { book, lines: orderLinesSheet(book, timeZone, texts) };
      }
      open.lines.add(order);
      return open.book.drained();
    },
    get rows() {
      return open?.lines.rows ?? 0;
    },
    async finish() {
      if (!open) throw new Error("an orders sheet without orders is never written");
      const totals = open.lines.writeTotals();
      await open.book.finish();
      return totals;
    },
    async abort() {
      // Closes the file; what was written is removed by the caller, never sent.
      await open?.book.abort();
    },
  };
}

const finite = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) ? value : 0;

/**
 * The totals row under the orders: a SUM formula with its value stored beside it, so a
 * program that does not calculate (a script, a viewer) reads the same numbers Excel shows.
 */
function totalsCells(rows: number, label: string, totals: Totals): Cell[] {
  const cells: Cell[] = ORDER_COLUMNS.map(() => null);
  cells[0] = label;
  for (const key of TOTAL_COLUMNS) {
    const index = ORDER_COLUMNS.findIndex(({ field }) => field === key);
    const letter = columnLetters(index);
    cells[index] = { formula: `SUM(${letter}2:${letter}${rows + 1})`, value: totals[key] };
  }
  return cells;
}
