import { type CellValue, createWorkbook, readyCell, type Workbook } from "../sheets/index.js";
import { COST_FIELD } from "./costs.js";
import {
  type Column,
  columnsOf,
  type ExportFile,
  type ExportInput,
  type ExportSink,
  inOrder,
  skuRowValues,
} from "./export-file.js";
import { attributeCell, type LiveCard, productValues, SKU_FIELDS, type Values } from "./fields.js";
import { type ExportPrints, exportPrints, META_SHEET, metaHead, metaRow } from "./meta.js";

/** The export's looks: the header blue (grey over read-only columns), read-only cells grey. */
function exportStyles(book: Workbook<Buffer>) {
  return {
    header: book.style({ bold: true, fill: "FFDDEBF7" }),
    readOnlyHeader: book.style({ bold: true, fill: "FFE0E0E0" }),
    /** Text number format (`@`): typed digits stay text, leading zeros kept. */
    text: book.style({ numFmt: "@" }),
    readOnly: book.style({ fill: "FFE0E0E0" }),
    /** The instruction sheet: headings bold, long lines wrapped in the column's width. */
    heading: book.style({ bold: true }),
    wrapped: book.style({ wrap: true }),
  };
}
type Looks = ReturnType<typeof exportStyles>;

/** Grey for read-only columns, text for barcodes and characteristic codes. */
const styleOf = (c: Column, looks: Looks) =>
  c.readOnly ? looks.readOnly : c.text ? looks.text : 0;

/**
 * Cells made ready as a card came: each filled column's cell, already UTF-8, by key; at the
 * end only references are written around them.
 */
type ReadyCells = Record<string, Uint8Array>;

/** A product made ready: its own cells (on each of its rows) and each SKU row's cells. */
interface ReadyProduct {
  cells: ReadyCells;
  skus: ReadyCells[];
}

/** Columns whose value is a SKU's own; the others are the product's, repeated on its rows. */
const PER_SKU = new Set<string>(["skuId", ...SKU_FIELDS, COST_FIELD]);

function put(cells: ReadyCells, column: Column, value: CellValue, looks: Looks) {
  if (value === undefined || value === null || value === "") return;
  cells[column.key] = readyCell(value, styleOf(column, looks))!;
}

/**
 * A card's rows made ready, the product's cells once for all its SKU rows; each row's ids,
 * fingerprints (keyed to the row) and seal go to `meta` (the hidden sheet).
 */
function readyProduct(
  card: LiveCard,
  fixed: readonly Column[],
  looks: Looks,
  printer: ExportPrints,
  meta: (cells: (string | number)[]) => void,
  costs: ReadonlyMap<string, number> | undefined,
): ReadyProduct {
  const product: Values = { productId: String(card.productId), ...productValues(card) };
  const cells: ReadyCells = {};
  for (const column of fixed) {
    if (!PER_SKU.has(column.key)) put(cells, column, column.value(card, product), looks);
  }
  for (const a of card.attributes) {
    const value = a.code ? attributeCell(a) : undefined;
    if (value) cells[`attributes.${a.code}`] = readyCell(value, looks.text)!;
  }
  const skus = card.skus.length > 0 ? card.skus : [undefined];
  return {
    cells,
    skus: skus.map((sku) => {
      const own: Values = sku ? skuRowValues(sku, costs) : {};
      const values = { ...product, ...own };
      const row: ReadyCells = {};
      for (const column of fixed) {
        if (PER_SKU.has(column.key)) put(row, column, column.value(card, values, sku), looks);
      }
      meta(metaRow(printer, card.productId, sku?.skuId, values));
      return row;
    }),
  };
}

/** The products sheet being written: the header (bold; blue, grey over read-only) first. */
function productsSheet(
  book: Workbook<Buffer>,
  looks: Looks,
  name: string,
  columns: readonly Column[],
) {
  const styles = columns.map((c) => styleOf(c, looks));
  const sheet = book.sheet({
    name,
    place: 0,
    columns: columns.map((c, i) => ({ width: c.width, style: styles[i] })),
    frozen: { rows: 1 },
  });
  sheet.row(
    columns.map((c) => ({
      value: c.title,
      style: c.readOnly ? looks.readOnlyHeader : looks.header,
    })),
  );
  // An empty cell of a styled column is written with its style (grey, or text for typing).
  const empty = styles.map((style) => readyCell(undefined, style));
  const keys = columns.map((c) => c.key);
  const cells: (Uint8Array | undefined)[] = new Array(keys.length);
  return {
    sheet,
    /** A product's rows, next in the sheet. */
    write({ cells: shared, skus }: ReadyProduct) {
      for (const own of skus) {
        for (let j = 0; j < keys.length; j++)
          cells[j] = own[keys[j]!] ?? shared[keys[j]!] ?? empty[j];
        sheet.readyRow(cells);
      }
    },
  };
}

type ProductsSheet = ReturnType<typeof productsSheet>;

/**
 * The products sheet written ahead, in the list's order, as far as both the order and the
 * products are known, with a column for each characteristic seen so far. A characteristic
 * first seen after the sheet began spoils it (its column would come before columns already
 * written): the sheet is then left out and written whole at the end.
 */
function sheetAhead(
  file: ExportFile,
  products: Map<number, ReadyProduct | null>,
  newSheet: (columns: readonly Column[]) => ProductsSheet,
) {
  /** Each characteristic's code seen so far, with its name where the directories give one. */
  const codes = new Map<string, string | undefined>();
  const listed: number[] = [];
  let written = 0;
  let sheet: ProductsSheet | undefined;
  let spoiled = false;
  const onward = () => {
    if (spoiled) return;
    for (; written < listed.length; written++) {
      const product = products.get(listed[written]!);
      if (product === undefined) return; // not answered yet
      sheet ??= newSheet(columnsOf(codes, file.texts));
      if (product) sheet.write(product);
    }
  };
  return {
    onward,
    listed(ids: readonly number[]) {
      listed.push(...ids);
      onward();
    },
    seen(code: string, name: string | undefined) {
      if (codes.has(code)) {
        // A name seen after the code was (a card read without it): the title takes it.
        if (name !== undefined && codes.get(code) === undefined) codes.set(code, name);
        return;
      }
      codes.set(code, name);
      if (sheet) {
        spoiled = true;
        sheet.sheet.discard();
        sheet = undefined;
      }
    },
    /** The whole sheet in `order`: ahead when it holds, else written now. */
    end(order: readonly number[]): void {
      const same = order.length === listed.length && order.every((id, i) => id === listed[i]);
      if (!spoiled && same) {
        for (; written < listed.length; written++) {
          const product = products.get(listed[written]!);
          sheet ??= newSheet(columnsOf(codes, file.texts));
          if (product) sheet.write(product);
        }
        (sheet ?? newSheet(columnsOf(codes, file.texts))).sheet.end();
        return;
      }
      sheet?.sheet.discard();
      const whole = newSheet(columnsOf(codes, file.texts));
      for (const product of inOrder(products, order)) if (product) whole.write(product);
      whole.sheet.end();
    },
  };
}

/**
 * The .xlsx export, made while the cards are still being read: as each answer's cards come,
 * their cells are written out (typed, escaped, UTF-8) and their fingerprints go to the hidden
 * sheet, deflated on the way; the products sheet is written ahead in the list's order as far
 * as the products before have come (see sheetAhead), deflated in pieces on libuv's threads.
 * Then the package: products, instruction and the hidden sheet.
 */
export function xlsxExport(file: ExportFile): ExportSink {
  const book = createWorkbook({ at: file.at });
  const looks = exportStyles(book);
  const fixed = columnsOf([], file.texts);
  const printer = exportPrints(file.secret, file.exportId);
  // Asked for and not in its answer (gone since it was listed): null.
  const products = new Map<number, ReadyProduct | null>();
  const meta = book.sheet({ name: META_SHEET, hidden: true, place: 2 });
  const writeMeta = (cells: readonly (string | number)[]) => meta.row(cells);
  const ahead = sheetAhead(file, products, (columns) =>
    productsSheet(book, looks, file.texts.sheet, columns),
  );
  writeMeta(metaHead(file.exportId, file.at));
  return {
    listed: (ids) => ahead.listed(ids),
    add(cards, asked) {
      for (const card of cards) {
        for (const a of card.attributes) if (a.code) ahead.seen(a.code, a.name);
        products.set(
          card.productId,
          readyProduct(card, fixed, looks, printer, writeMeta, file.costs),
        );
      }
      for (const id of asked) if (!products.has(id)) products.set(id, null);
      ahead.onward();
    },
    async finish(order) {
      ahead.end(order);
      products.clear();
      const help = book.sheet({
        name: file.texts.instructionSheet,
        place: 1,
        columns: [{ width: 110, style: looks.wrapped }],
      });
      // A line that is no item and no sentence is a heading (the title, "What can be changed").
      const heading = (line: string) => !line.startsWith("•") && !/[.!?:]$/.test(line.trim());
      for (const line of file.texts.instructions)
        help.row([line], heading(line) ? { style: looks.heading } : undefined);
      return book.finish();
    },
  };
}

/**
 * The export of `cards` as an .xlsx in one go: the products sheet (one row per SKU, header
 * frozen, widths, barcodes and codes as text cells, read-only columns grey), the instruction
 * sheet and the hidden sheet with the export id, time and each row's fingerprints.
 */
export function writeExportXlsx(input: ExportInput): Promise<Buffer> {
  const sink = xlsxExport(input);
  const order = input.cards.map((c) => c.productId);
  sink.add(input.cards, order);
  return sink.finish(order);
}
