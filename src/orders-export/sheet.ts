/**
 * The orders workbook, written row by row to a file by the streaming writer: each row is
 * deflated and on disk soon after it is written, so a year of orders costs no more memory
 * than a day.
 */
import type { Order } from "../seller-api/index.js";
import {
  type Cell,
  columnLetters,
  createWorkbookFile,
  NUMBER_FORMAT,
  type SheetWriter,
  type WorkbookFile,
} from "../sheets/index.js";
import { parseApiDate, zoneTime } from "../text/index.js";

/** Tenge with two decimals and thousands separators; Excel shows the sign after the number. */
export const TENGE_FORMAT = NUMBER_FORMAT.tenge;
export const DATE_TIME_FORMAT = NUMBER_FORMAT.dateTime;

type Kind = "text" | "int" | "number" | "money" | "date";

/** Every field of an order list item (seller-api.md 2.6), in the order the sheet shows them. */
export const ORDER_COLUMNS = [
  ["orderNumber", "text", 14],
  ["createdDate", "date", 18],
  ["receivedDate", "date", 18],
  ["statusLabel", "text", 16],
  ["statusKey", "text", 14],
  ["productName", "text", 48],
  ["barcode", "text", 18],
  ["quantity", "int", 10],
  ["quantityReturned", "int", 12],
  ["price", "money", 14],
  ["originalPrice", "money", 14],
  ["commissionPercent", "number", 12],
  ["commissionAmount", "money", 14],
  ["payoutAmount", "money", 14],
  ["totalPrice", "money", 16],
  ["totalCommissionAmount", "money", 16],
  ["totalPayoutAmount", "money", 16],
  ["orderId", "int", 12],
  ["orderGuid", "text", 38],
] as const satisfies readonly (readonly [keyof Order, Kind, number])[];

export type OrderColumn = (typeof ORDER_COLUMNS)[number][0];

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
}

const HEADER_FILL = "FFE8EEF7";
/** Text columns are text cells ("@"): a barcode or number typed over keeps its leading zeros. */
const NUM_FMT: Record<Kind, string | undefined> = {
  text: NUMBER_FORMAT.text,
  int: undefined,
  number: undefined,
  money: TENGE_FORMAT,
  date: DATE_TIME_FORMAT,
};

export interface OrdersSheet {
  /** The next order line; resolves once the file keeps up (awaited, memory stays bounded). */
  add(order: Order): Promise<void>;
  readonly rows: number;
  /** Writes the totals row and closes the file; the totals as stored in it. */
  finish(): Promise<Totals>;
  /** Closes a file that will not be sent (the caller removes it). */
  abort(): Promise<void>;
}

interface OpenBook {
  book: WorkbookFile;
  sheet: SheetWriter;
  bold: number;
}

/** A new workbook streaming to `path`: its sheet, the frozen header row (bold, filled) written. */
function openBook(path: string, texts: SheetTexts): OpenBook {
  const book = createWorkbookFile(path);
  const sheet = book.sheet({
    name: texts.sheetName,
    frozen: { rows: 1 },
    columns: ORDER_COLUMNS.map(([, kind, width]) => {
      const numFmt = NUM_FMT[kind];
      return { width, style: numFmt ? book.style({ numFmt }) : 0 };
    }),
  });
  const header = book.style({ bold: true, fill: HEADER_FILL, vertical: "center", wrap: true });
  sheet.row(
    ORDER_COLUMNS.map(([key]) => texts.headers[key]),
    { style: header },
  );
  return { book, sheet, bold: book.style({ bold: true }) };
}

/**
 * A workbook of orders at `path`, created with its first order (no order, no file). Dates are the wall-clock time of `timeZone` (a spreadsheet
 * has no zones; the headers say which one), read as the rest of the bot reads them; a date
 * that cannot be read is kept as the text the API gave. Money and quantities are numbers.
 */
export function createOrdersSheet(path: string, timeZone: string, texts: SheetTexts): OrdersSheet {
  let open: OpenBook | undefined;

  const zone = zoneTime(timeZone);
  /** The zone's wall-clock time as a date Excel shows unchanged (its serial counts UTC days). */
  const wallClock = (value: string | null | undefined): Date | string | null => {
    const ms = parseApiDate(value, timeZone);
    if (ms === undefined) return value?.trim() || null;
    const local = zone.localTime(ms);
    const [y, m, d] = local.date.split("-").map(Number) as [number, number, number];
    const seconds = ((ms % 60_000) + 60_000) % 60_000;
    return new Date(Date.UTC(y, m - 1, d) + local.minutes * 60_000 + seconds);
  };
  // Money is summed in tiyn: adding thousands of 0.1s in floating point drifts.
  const sums = { quantity: 0, totalPrice: 0, totalCommissionAmount: 0, totalPayoutAmount: 0 };
  let rows = 0;

  const cellOf = (order: Order, key: OrderColumn, kind: Kind): Cell => {
    const value = order[key];
    if (kind === "date") return wallClock(value as string | null | undefined);
    if (kind === "text") return value == null ? null : String(value);
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  };

  return {
    add(order) {
      open ??= openBook(path, texts);
      open.sheet.row(ORDER_COLUMNS.map(([key, kind]) => cellOf(order, key, kind)));
      rows++;
      sums.quantity += finite(order.quantity);
      for (const key of ["totalPrice", "totalCommissionAmount", "totalPayoutAmount"] as const) {
        sums[key] += Math.round(finite(order[key]) * 100);
      }
      return open.book.drained();
    },
    get rows() {
      return rows;
    },
    async finish() {
      const totals: Totals = {
        quantity: sums.quantity,
        totalPrice: sums.totalPrice / 100,
        totalCommissionAmount: sums.totalCommissionAmount / 100,
        totalPayoutAmount: sums.totalPayoutAmount / 100,
      };
      if (!open) throw new Error("an orders sheet without orders is never written");
      writeTotals(open, rows, texts.totalsLabel, totals);
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
 * The totals row under the orders, bold: a SUM formula with its value stored beside it, so a
 * program that does not calculate (a script, a viewer) reads the same numbers Excel shows.
 */
function writeTotals({ sheet, bold }: OpenBook, rows: number, label: string, totals: Totals) {
  const cells: Cell[] = ORDER_COLUMNS.map(() => null);
  cells[0] = label;
  for (const key of TOTAL_COLUMNS) {
    const index = ORDER_COLUMNS.findIndex(([column]) => column === key);
    const letter = columnLetters(index);
    cells[index] = { formula: `SUM(${letter}2:${letter}${rows + 1})`, value: totals[key] };
  }
  sheet.row(cells, { style: bold });
}
