import {
  type Column,
  columnsOf,
  type ExportFile,
  type ExportInput,
  type ExportSink,
  inOrder,
} from "./export-file.js";
import { type LiveCard, productValues, SKU_FIELDS, skuValues, type Values } from "./fields.js";
import { type ExportPrints, exportPrints, META_SHEET, metaHead, metaRow } from "./meta.js";
import {
  type CellValue,
  cellTail,
  columnLetters,
  packageParts,
  rowXml,
  SHEET_TAIL,
  STYLE,
  sheetHead,
} from "./xlsx-xml.js";
import { DeflatedFile, deflatedFile, zipArchive } from "./xlsx-zip.js";

/** Grey for read-only columns, text for barcodes and characteristic codes. */
const styleOf = (c: Column) => (c.readOnly ? STYLE.readOnly : c.text ? STYLE.text : STYLE.plain);

/**
 * Cells made ready as a card came: each filled column's cell after its reference (`<c r="…"`
 * + this), already UTF-8, by key; at the end only references are written around them.
 */
type ReadyCells = Record<string, Buffer>;

const ready = (tail: string) => Buffer.from(tail, "utf8");

/** A product made ready: its own cells (on each of its rows) and each SKU row's cells. */
interface ReadyProduct {
  cells: ReadyCells;
  skus: ReadyCells[];
}

/** Columns whose value is a SKU's own; the others are the product's, repeated on its rows. */
const PER_SKU = new Set<string>(["skuId", ...SKU_FIELDS]);

function put(cells: ReadyCells, column: Column, value: CellValue) {
  if (value === undefined || value === null || value === "") return;
  cells[column.key] = ready(cellTail(value, styleOf(column))!);
}

/**
 * A card's rows made ready, the product's cells once for all its SKU rows; each row's ids,
 * fingerprints (keyed to the row) and seal go to `meta` (the hidden sheet).
 */
function readyProduct(
  card: LiveCard,
  fixed: readonly Column[],
  printer: ExportPrints,
  meta: (cells: (string | number)[]) => void,
): ReadyProduct {
  const product: Values = { productId: String(card.productId), ...productValues(card) };
  const cells: ReadyCells = {};
  for (const column of fixed) {
    if (!PER_SKU.has(column.key)) put(cells, column, column.value(card, product));
  }
  for (const [field, value] of Object.entries(product)) {
    if (field.startsWith("attributes.")) cells[field] = ready(cellTail(value, STYLE.text)!);
  }
  const skus = card.skus.length > 0 ? card.skus : [undefined];
  return {
    cells,
    skus: skus.map((sku) => {
      const own: Values = sku ? { skuId: String(sku.skuId), ...skuValues(sku) } : {};
      const values = { ...product, ...own };
      const row: ReadyCells = {};
      for (const column of fixed) {
        if (PER_SKU.has(column.key)) put(row, column, column.value(card, values));
      }
      meta(metaRow(printer, card.productId, sku?.skuId, values));
      return row;
    }),
  };
}

/** The products sheet being written: the header (bold; blue, grey over read-only) first. */
function productsSheet(columns: readonly Column[]) {
  const sheet = new DeflatedFile("xl/worksheets/sheet1.xml");
  const letters = columns.map((_c, i) => columnLetters(i));
  const styles = columns.map(styleOf);
  // No <dimension>: the rows are written before their number is known (it is optional).
  sheet.write(
    sheetHead({
      columns: columns.map((c, i) => ({ width: c.width, style: styles[i] })),
      frozenHeader: true,
      selected: true,
    }),
  );
  const header = (c: Column) => cellTail(c.title, c.readOnly ? STYLE.readOnlyHeader : STYLE.header);
  sheet.write(rowXml(1, columns.map(header), letters));
  // An empty cell of a styled column is written with its style (grey, or text for typing).
  const empty = styles.map((style) => {
    const tail = cellTail(undefined, style);
    return tail === undefined ? undefined : ready(tail);
  });
  const keys = columns.map((c) => c.key);
  let row = 1;
  return {
    /** A product's rows, next in the sheet. */
    write({ cells, skus }: ReadyProduct) {
      for (const own of skus) {
        row++;
        sheet.writeAscii(`<row r="${row}">`);
        for (let j = 0; j < keys.length; j++) {
          const tail = own[keys[j]!] ?? cells[keys[j]!] ?? empty[j];
          if (tail === undefined) continue;
          sheet.writeAscii(`<c r="${letters[j]}${row}"`);
          sheet.writeBytes(tail);
        }
        sheet.writeAscii("</row>");
      }
    },
    end(): DeflatedFile {
      sheet.write(SHEET_TAIL);
      return sheet;
    },
  };
}

type ProductsSheet = ReturnType<typeof productsSheet>;

/**
 * The products sheet written ahead, in the list's order, as far as both the order and the
 * products are known, with a column for each characteristic seen so far. A characteristic
 * first seen after the sheet began spoils it (its column would come before columns already
 * written): the sheet is then written whole at the end.
 */
function sheetAhead(file: ExportFile, products: Map<number, ReadyProduct | null>) {
  const codes = new Set<string>();
  const listed: number[] = [];
  let written = 0;
  let sheet: ProductsSheet | undefined;
  let spoiled = false;
  const onward = () => {
    if (spoiled) return;
    for (; written < listed.length; written++) {
      const product = products.get(listed[written]!);
      if (product === undefined) return; // not answered yet
      sheet ??= productsSheet(columnsOf(codes, file.texts));
      if (product) sheet.write(product);
    }
  };
  return {
    onward,
    listed(ids: readonly number[]) {
      listed.push(...ids);
      onward();
    },
    seen(code: string) {
      if (codes.has(code)) return;
      codes.add(code);
      if (sheet) {
        spoiled = true;
        sheet = undefined;
      }
    },
    /** The whole sheet in `order`: ahead when it holds, else written now. */
    end(order: readonly number[]): DeflatedFile {
      const same = order.length === listed.length && order.every((id, i) => id === listed[i]);
      if (!spoiled && same) {
        for (; written < listed.length; written++) {
          const product = products.get(listed[written]!);
          sheet ??= productsSheet(columnsOf(codes, file.texts));
          if (product) sheet.write(product);
        }
        return (sheet ?? productsSheet(columnsOf(codes, file.texts))).end();
      }
      const whole = productsSheet(columnsOf(codes, file.texts));
      for (const product of inOrder(products, order)) if (product) whole.write(product);
      return whole.end();
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
  const fixed = columnsOf([], file.texts);
  const printer = exportPrints(file.secret, file.exportId);
  // Asked for and not in its answer (gone since it was listed): null.
  const products = new Map<number, ReadyProduct | null>();
  const ahead = sheetAhead(file, products);
  const meta = new DeflatedFile("xl/worksheets/sheet3.xml");
  meta.write(sheetHead({ columns: [] }));
  let metaRows = 0;
  const writeMeta = (cells: readonly (string | number)[]) => {
    metaRows++;
    meta.write(
      rowXml(
        metaRows,
        cells.map((v) => cellTail(v, STYLE.plain)),
      ),
    );
  };
  writeMeta(metaHead(file.exportId, file.at));
  return {
    listed: (ids) => ahead.listed(ids),
    add(cards, asked) {
      for (const card of cards) {
        for (const a of card.attributes) if (a.code) ahead.seen(a.code);
        products.set(card.productId, readyProduct(card, fixed, printer, writeMeta));
      }
      for (const id of asked) if (!products.has(id)) products.set(id, null);
      ahead.onward();
    },
    async finish(order) {
      const sheet = ahead.end(order);
      products.clear();
      meta.write(SHEET_TAIL);
      const lines = file.texts.instructions.map((line, i) => rowXml(i + 1, [cellTail(line, 0)]));
      const help = `${sheetHead({ columns: [{ width: 110 }] })}${lines.join("")}${SHEET_TAIL}`;
      const parts = packageParts([
        { name: file.texts.sheet },
        { name: file.texts.instructionSheet },
        { name: META_SHEET, hidden: true },
      ]);
      const entries = await Promise.all([
        ...Object.entries(parts).map(([name, text]) => deflatedFile(name, text)),
        sheet.end(),
        deflatedFile("xl/worksheets/sheet2.xml", help),
        meta.end(),
      ]);
      return zipArchive(entries, file.at);
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
