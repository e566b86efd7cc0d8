/**
 * The money workbook: a period's figures as a file the seller keeps and checks the
 * marketplace's report against. Three sheets, in the chat's language:
 *
 * - the summary (first tab): the answer's figures, every status with its lines, units, sales,
 *   commission and payout, the sold, cancelled and every line's totals;
 * - the products: a row per product (its SKU's barcode, as order lines name it) with its ABC
 *   class, units, sales, commission, payout, returns, cost and profit;
 * - every order line of the period with every field of the order list (the orders export's
 *   sheet and totals row: its totals are the export's for the same period).
 *
 * The lines go to the file as the pages come (the sheet streams to disk, memory stays
 * bounded); the products and the summary are written once the figures are whole, and stand
 * before it in the tabs. Every figure is stored: values, and totals as formulas with their
 * values beside them. Money in tenge, shares as fractions in a percent format.
 */
import type { Locale, Translate } from "../i18n.js";
import {
  type DatedLine,
  headerStyle,
  type Totals as LineTotals,
  orderLinesSheet,
  orderSheetTexts,
  periodLabel,
  zoneWallClock,
} from "../orders-export/index.js";
import {
  type Cell,
  columnLetters,
  createWorkbookFile,
  type MoneyColumn,
  moneyColumnWord,
  NUMBER_FORMAT,
  type SheetLanguage,
  titleOf,
  type ValueKind,
  type Workbook,
  type WorkbookFile,
} from "../sheets/index.js";
import { formatMoney, orderStatusName } from "../text/index.js";
import {
  type AbcClass,
  type CostOf,
  cancelledOf,
  type PeriodFigures,
  type ProductFigures,
  profitOf,
  type Totals,
} from "./figures.js";
import type { LineClass } from "./statuses.js";

/** The tabs, in order: the lines sheet is made first (it streams) and stands last. */
const PLACE = { summary: 0, products: 1, lines: 2 } as const;

export interface MoneyBookOptions {
  path: string;
  timeZone: string;
  /** The chat's language: sheet names, words. */
  t: Translate;
  /** The same language, for the columns' titles (the vocabulary's, src/sheets). */
  language: SheetLanguage;
  /** When the figures were read (the summary names it, in the time zone). */
  madeAt: number;
}

/** What the file holds in total, for the message it comes with. */
export interface MoneyBookTotals {
  /** Order lines, every status: the lines sheet's rows. */
  lines: number;
  /** The lines sheet's totals row (tenge): the orders export's for the same period. */
  all: LineTotals;
}

export interface MoneyBook {
  /** A line of the period as the pages bring it; resolves once the file keeps up. */
  addLine(line: DatedLine): Promise<void>;
  readonly lines: number;
  /** The products and the summary from the period's figures; closes the file. */
  finish(figures: PeriodFigures, costOf: CostOf): Promise<MoneyBookTotals>;
  /** Closes a file that will not be sent (the caller removes it). */
  abort(): Promise<void>;
}

/** The file's name: `Деньги_01.10.2026–31.10.2026.xlsx`. */
export const moneyBookFileName = (t: Translate, period: PeriodFigures["period"]) =>
  `${t("money-book-file")}_${periodLabel(period)}.xlsx`;

/** The file's caption: the period, its lines and the totals the lines sheet ends with. */
export function moneyBookCaption(
  t: Translate,
  locale: Locale,
  period: PeriodFigures["period"],
  totals: MoneyBookTotals,
  zone: string,
): string {
  return t("money-book-caption", {
    period: periodLabel(period),
    lines: totals.lines,
    total: formatMoney(totals.all.totalPrice, locale),
    payout: formatMoney(totals.all.totalPayoutAmount, locale),
    zone,
  });
}

const tenge = (tiyn: number) => tiyn / 100;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The looks of the book's cells, made once per book. */
function looksOf(book: Workbook<unknown>) {
  const format = (numFmt: string) => book.style({ numFmt });
  return {
    header: headerStyle(book),
    bold: book.style({ bold: true }),
    title: book.style({ bold: true }),
    text: format(NUMBER_FORMAT.text),
    count: format(NUMBER_FORMAT.thousands),
    money: format(NUMBER_FORMAT.tenge),
    share: format(NUMBER_FORMAT.percent1),
    dateTime: format(NUMBER_FORMAT.dateTime),
  };
}
type Looks = ReturnType<typeof looksOf>;

/** A new money workbook at `path`: its lines sheet is open and streams to the file. */
export function createMoneyBook(options: MoneyBookOptions): MoneyBook {
  const book = createWorkbookFile(options.path);
  const texts = orderSheetTexts(options.t, options.language, options.timeZone);
  const lines = orderLinesSheet(book, options.timeZone, texts, PLACE.lines);
  return {
    addLine(line) {
      lines.add(line.order);
      return book.drained();
    },
    get lines() {
      return lines.rows;
    },
    async finish(figures, costOf) {
      const all = lines.writeTotals();
      lines.end();
      const looks = looksOf(book);
      writeProducts(book, looks, options, figures.products, costOf);
      writeSummary(book, looks, options, figures, costOf);
      await book.finish();
      return { lines: lines.rows, all };
    },
    abort: () => book.abort(),
  };
}

// ------------------------------------------------------------------ products

/** The products sheet's columns and widths; what each holds and its titles: the vocabulary's. */
const PRODUCT_COLUMNS = [
  ["barcode", 18],
  ["name", 48],
  ["abc", 6],
  ["share", 10],
  ["running", 12],
  ["lines", 10],
  ["units", 10],
  ["sales", 16],
  ["commission", 16],
  ["payout", 16],
  ["returned", 10],
  ["returnRate", 10],
  ["returnsValue", 16],
  ["cost", 16],
  ["profit", 16],
] as const satisfies readonly (readonly [MoneyColumn, number])[];
type ProductColumn = (typeof PRODUCT_COLUMNS)[number][0];
type Look = Exclude<keyof Looks, "header" | "bold" | "title"> | "plain";

/** A column's cells by the kind of value they hold: a barcode as text, a name as it comes. */
const LOOK_OF_KIND: Partial<Record<ValueKind, Look>> = {
  barcode: "text",
  count: "count",
  money: "money",
  share: "share",
};

const productColumn = (key: ProductColumn) => PRODUCT_COLUMNS.findIndex(([k]) => k === key);
function lookOf(looks: Looks, look: Look): number {
  return look === "plain" ? 0 : looks[look];
}

/** A table's columns: each with its width, its cells' look and its title in `language`. */
function tableColumns(
  columns: readonly (readonly [MoneyColumn, number])[],
  looks: Looks,
  language: SheetLanguage,
) {
  return columns.map(([field, width]) => {
    const column = moneyColumnWord(field);
    const style = lookOf(looks, LOOK_OF_KIND[column.kind] ?? "plain");
    return { width, style, title: titleOf(column, language) };
  });
}

/** A product's row: shares of the period's sales, its own and running; cost and profit if known. */
function productRow(p: ProductFigures, salesTotal: number, before: number, cost?: number): Cell[] {
  const profit = cost === undefined ? null : tenge(p.payout - cost * (p.units - p.returned));
  return [
    p.barcode,
    p.name,
    p.abc,
    share(p.sales, salesTotal),
    share(before + p.sales, salesTotal),
    p.lines,
    p.units,
    tenge(p.sales),
    tenge(p.commission),
    tenge(p.payout),
    p.returned,
    share(p.returned, p.units),
    tenge(p.returnsValue),
    cost === undefined ? null : tenge(cost),
    profit,
  ];
}

/** The products, most sales first (the ABC order), and their bold totals row. */
function writeProducts(
  book: WorkbookFile,
  looks: Looks,
  { t, language }: MoneyBookOptions,
  products: readonly ProductFigures[],
  costOf: CostOf,
) {
  const columns = tableColumns(PRODUCT_COLUMNS, looks, language);
  const sheet = book.sheet({
    name: t("money-book-sheet-products"),
    place: PLACE.products,
    frozen: { rows: 1, columns: 2 },
    columns: columns.map(({ width, style }) => ({ width, style })),
  });
  sheet.row(
    columns.map(({ title }) => title),
    { style: looks.header },
  );
  const salesTotal = products.reduce((n, p) => n + p.sales, 0);
  // What the totals row stores: each column's sum (money in tiyn, so it is exact).
  const sums: ProductSums = { share: 0, profit: undefined };
  let before = 0;
  for (const p of products) {
    const cost = costOf(p.barcode);
    const row = productRow(p, salesTotal, before, cost);
    before += p.sales;
    sums.share += (row[productColumn("share")] as number | null) ?? 0;
    if (cost !== undefined)
      sums.profit = (sums.profit ?? 0) + p.payout - cost * (p.units - p.returned);
    sheet.row(row);
  }
  sheet.row(productTotals(t, products, sums), { style: looks.bold });
}

interface ProductSums {
  /** The shares as stored (fractions), added in the rows' order. */
  share: number;
  /** Tiyn, over the products with a cost; undefined while none has one. */
  profit: number | undefined;
}

function productTotals(t: Translate, products: readonly ProductFigures[], sums: ProductSums) {
  const total = (key: keyof Totals) => products.reduce((n, p) => n + p[key], 0);
  const values: Partial<Record<ProductColumn, number>> = {
    lines: total("lines"),
    units: total("units"),
    sales: tenge(total("sales")),
    commission: tenge(total("commission")),
    payout: tenge(total("payout")),
    returned: total("returned"),
    returnsValue: tenge(total("returnsValue")),
    ...(products.length > 0 ? { share: sums.share } : {}),
    // Profit only over the products with a cost: none known, none shown.
    ...(sums.profit !== undefined ? { profit: tenge(sums.profit) } : {}),
  };
  const row = products.length + 2;
  const cells: Cell[] = PRODUCT_COLUMNS.map(([key]) => {
    const value = values[key];
    const letter = columnLetters(productColumn(key));
    return value === undefined ? null : { formula: `SUM(${letter}2:${letter}${row - 1})`, value };
  });
  cells[0] = t("money-book-total");
  const units = total("units");
  if (units > 0) {
    const returned = columnLetters(productColumn("returned"));
    const all = columnLetters(productColumn("units"));
    cells[productColumn("returnRate")] = {
      formula: `${returned}${row}/${all}${row}`,
      value: total("returned") / units,
    };
  }
  return cells;
}

// ------------------------------------------------------------------ summary

/** The table of statuses' columns and their widths: a status, then the figures it sums. */
const STATUS_COLUMNS = [
  ["status", 28],
  ["meaning", 34],
  ["lines", 12],
  ["units", 12],
  ["sales", 18],
  ["commission", 18],
  ["payout", 18],
  ["returned", 12],
] as const satisfies readonly (readonly [MoneyColumn, number])[];

const statusCells = (t: Totals): Cell[] => [
  t.lines,
  t.units,
  tenge(t.sales),
  tenge(t.commission),
  tenge(t.payout),
  t.returned,
];

const MEANING: Record<LineClass, string> = {
  sale: "money-book-meaning-sale",
  returned: "money-book-meaning-returned",
  cancelled: "money-book-meaning-cancelled",
  unknown: "money-book-meaning-unknown",
};

/** The figures a seller reads first: the answer's, as label and value rows. */
function keyFigures(t: Translate, figures: PeriodFigures, costOf: CostOf): [string, Cell, Look][] {
  const s = figures.totals;
  const profit = profitOf(figures.products, costOf);
  const abc = (c: AbcClass) => figures.products.filter((p) => p.abc === c).length;
  const rows: [string, Cell, Look][] = [
    ["money-book-orders", s.orders, "count"],
    ["money-book-sold-lines", s.lines, "count"],
    ["money-book-sold-units", s.units, "count"],
    ["money-book-sales", tenge(s.sales), "money"],
    ["money-book-commission", tenge(s.commission), "money"],
    ["money-book-payout", tenge(s.payout), "money"],
    ["money-book-check", s.orders > 0 ? Math.round(s.sales / s.orders) / 100 : null, "money"],
    ["money-book-returned", s.returned, "count"],
    ["money-book-returns-value", tenge(s.returnsValue), "money"],
    ["money-book-return-rate", share(s.returned, s.units), "share"],
    ["money-book-profit", profit.linesWithCost > 0 ? tenge(profit.profit) : null, "money"],
    ["money-book-no-cost", profit.linesWithoutCost, "count"],
  ];
  for (const c of ["A", "B", "C"] as const) rows.push([`money-book-abc-${c}`, abc(c), "count"]);
  return rows.map(([key, value, look]) => [t(key), value, look]);
}

/** The summary sheet: title, the key figures, every status and the totals, the rules. */
function writeSummary(
  book: WorkbookFile,
  looks: Looks,
  options: MoneyBookOptions,
  figures: PeriodFigures,
  costOf: CostOf,
) {
  const { t, timeZone } = options;
  const columns = tableColumns(STATUS_COLUMNS, looks, options.language);
  const sheet = book.sheet({
    name: t("money-book-sheet-summary"),
    place: PLACE.summary,
    columns: columns.map(({ width, style }) => ({ width, style })),
  });
  const styled = (value: Cell, look: Look): Cell =>
    look === "plain" ? value : { value: value as never, style: looks[look] };
  sheet.row([t("money-book-title", { period: periodLabel(figures.period) })], {
    style: looks.title,
  });
  sheet.row([t("money-book-zone", { zone: timeZone })]);
  sheet.row([
    t("money-book-made", { zone: timeZone }),
    styled(zoneWallClock(timeZone)(options.madeAt), "dateTime"),
  ]);
  sheet.row([]);
  sheet.row([t("money-book-figure"), t("money-book-value")], { style: looks.header });
  for (const [label, value, look] of keyFigures(t, figures, costOf)) {
    sheet.row([label, styled(value, look)]);
  }
  sheet.row([]);
  writeStatuses(sheet, looks, t, columns, figures);
  sheet.row([]);
  for (const key of ["money-book-note-sold", "money-book-note-abc", "money-book-note-profit"]) {
    sheet.row([t(key)]);
  }
}

/** Every status (most lines first), then the sold, cancelled and every line's totals. */
function writeStatuses(
  sheet: ReturnType<WorkbookFile["sheet"]>,
  looks: Looks,
  t: Translate,
  columns: readonly { title: string }[],
  figures: PeriodFigures,
) {
  sheet.row(
    columns.map(({ title }) => title),
    { style: looks.header },
  );
  const first = sheet.rows + 1;
  for (const s of figures.statuses) {
    // In the chat's language for the statuses the bot knows, the API's label otherwise.
    sheet.row([orderStatusName(t, s.key, s.label) || "—", t(MEANING[s.class]), ...statusCells(s)]);
  }
  const last = sheet.rows;
  sheet.row([t("money-book-sold"), null, ...statusCells(figures.totals)], { style: looks.bold });
  sheet.row([t("money-book-cancelled"), null, ...statusCells(cancelledOf(figures))], {
    style: looks.bold,
  });
  // Every line: the sum of the statuses above, as the orders export's totals row.
  const all = statusCells(figures.all).map((value, i): Cell => {
    const letter = columnLetters(i + 2);
    return figures.statuses.length === 0
      ? value
      : { formula: `SUM(${letter}${first}:${letter}${last})`, value: value as number };
  });
  sheet.row([t("money-book-all"), null, ...all], { style: looks.bold });
}
