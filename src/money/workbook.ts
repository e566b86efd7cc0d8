/**
 * The money workbook's content as data, so that writing the file is a thin step for the
 * project's sheet writer: one sheet of every order line (the orders export's columns, fed by
 * `MoneyService.figures`' `onLine` as the pages come), one row per product (SKU by barcode)
 * with its ABC class, cost and profit, and the statuses with the totals. Money in tenge (the
 * tiyn sums divided once), shares as fractions (a percent format shows them), every figure a
 * value: nothing is left for a spreadsheet to compute.
 */
import { type CostOf, cancelledOf, type PeriodFigures, type Totals } from "./figures.js";

export type CellKind = "text" | "int" | "money" | "share";
export type Cell = string | number | null;

export interface Column {
  /** Names the column; the writer titles it in the chat's language. */
  key: string;
  kind: CellKind;
}

export interface SheetData {
  columns: readonly Column[];
  rows: Cell[][];
  /** Rows under the others, in bold: sums of the rows above (stored values). */
  totals: { key: string; cells: Cell[] }[];
}

export const PRODUCT_COLUMNS = [
  { key: "barcode", kind: "text" },
  { key: "name", kind: "text" },
  { key: "abc", kind: "text" },
  { key: "lines", kind: "int" },
  { key: "units", kind: "int" },
  { key: "sales", kind: "money" },
  { key: "commission", kind: "money" },
  { key: "payout", kind: "money" },
  { key: "returned", kind: "int" },
  { key: "returnRate", kind: "share" },
  { key: "returnsValue", kind: "money" },
  { key: "cost", kind: "money" },
  { key: "profit", kind: "money" },
] as const satisfies readonly Column[];

export const STATUS_COLUMNS = [
  { key: "status", kind: "text" },
  { key: "meaning", kind: "text" },
  { key: "lines", kind: "int" },
  { key: "units", kind: "int" },
  { key: "sales", kind: "money" },
  { key: "commission", kind: "money" },
  { key: "payout", kind: "money" },
  { key: "returned", kind: "int" },
] as const satisfies readonly Column[];

const tenge = (tiyn: number) => tiyn / 100;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** One row per product sold, most sales first; cost and profit where the cost is known. */
export function productSheet(figures: PeriodFigures, costOf: CostOf = () => undefined): SheetData {
  let profit = 0;
  const rows = figures.products.map((p) => {
    const cost = costOf(p.barcode);
    const own = cost === undefined ? null : p.payout - cost * (p.units - p.returned);
    if (own !== null) profit += own;
    return [
      p.barcode,
      p.name,
      p.abc,
      p.lines,
      p.units,
      tenge(p.sales),
      tenge(p.commission),
      tenge(p.payout),
      p.returned,
      share(p.returned, p.units),
      tenge(p.returnsValue),
      cost === undefined ? null : tenge(cost),
      own === null ? null : tenge(own),
    ];
  });
  const t = figures.totals;
  const total: Cell[] = [null, null, null, t.lines, t.units, tenge(t.sales), tenge(t.commission)];
  total.push(tenge(t.payout), t.returned, share(t.returned, t.units), tenge(t.returnsValue));
  total.push(null, tenge(profit));
  return { columns: PRODUCT_COLUMNS, rows, totals: [{ key: "sold", cells: total }] };
}

const totalsRow = (t: Totals): Cell[] => [
  t.lines,
  t.units,
  tenge(t.sales),
  tenge(t.commission),
  tenge(t.payout),
  t.returned,
];

/**
 * Every status (its label and what the bot takes it for), then the sold lines, the cancelled
 * ones and every line: the last equals the orders export's totals for the same period.
 */
export function statusSheet(figures: PeriodFigures): SheetData {
  const rows = figures.statuses.map((s) => [s.label, s.class, ...totalsRow(s)]);
  return {
    columns: STATUS_COLUMNS,
    rows,
    totals: [
      { key: "sold", cells: [null, null, ...totalsRow(figures.totals)] },
      { key: "cancelled", cells: [null, null, ...totalsRow(cancelledOf(figures))] },
      { key: "all", cells: [null, null, ...totalsRow(figures.all)] },
    ],
  };
}
