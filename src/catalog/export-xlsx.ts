import {
  type Column,
  columnsOf,
  type ExportFile,
  type ExportInput,
  type ExportSink,
  inOrder,
} from "./export-file.js";
import {
  fingerprints,
  type LiveCard,
  productValues,
  SKU_FIELDS,
  skuValues,
  type Values,
} from "./fields.js";
import { META_SHEET, metaHead, metaRow } from "./meta.js";
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

/** Cells made ready as a card came: each filled column's cell (after `<c r="…"`) by key. */
type ReadyCells = Record<string, string>;

/** A product made ready: its own cells (on each of its rows) and each SKU row's cells. */
interface ReadyProduct {
  cells: ReadyCells;
  skus: ReadyCells[];
}

/** Columns whose value is a SKU's own; the others are the product's, repeated on its rows. */
const PER_SKU = new Set<string>(["skuId", ...SKU_FIELDS]);

function put(cells: ReadyCells, column: Column, value: CellValue) {
  if (value === undefined || value === null || value === "") return;
  cells[column.key] = cellTail(value, styleOf(column))!;
}

/**
 * A card's rows made ready, the product's cells and fingerprints once for all its SKU rows;
 * each row's ids and fingerprints go to `meta` (the hidden sheet).
 */
function readyProduct(
  card: LiveCard,
  fixed: readonly Column[],
  meta: (cells: (string | number)[]) => void,
): ReadyProduct {
  const product: Values = { productId: String(card.productId), ...productValues(card) };
  const cells: ReadyCells = {};
  for (const column of fixed) {
    if (!PER_SKU.has(column.key)) put(cells, column, column.value(card, product));
  }
  for (const [field, value] of Object.entries(product)) {
    if (field.startsWith("attributes.")) cells[field] = cellTail(value, STYLE.text)!;
  }
  const prints = fingerprints(product);
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
      meta(metaRow(card.productId, sku?.skuId, { ...prints, ...fingerprints(own) }));
      return row;
    }),
  };
}

/** The products sheet: the header (bold; blue, grey over read-only) and the rows in order. */
function productsSheet(
  columns: readonly Column[],
  products: readonly ReadyProduct[],
): DeflatedFile {
  const sheet = new DeflatedFile("xl/worksheets/sheet1.xml");
  const letters = columns.map((_c, i) => columnLetters(i));
  const styles = columns.map(styleOf);
  const rows = products.reduce((n, p) => n + p.skus.length, 1);
  sheet.write(
    sheetHead({
      columns: columns.map((c, i) => ({ width: c.width, style: styles[i] })),
      size: { rows, columns: columns.length },
      frozenHeader: true,
      selected: true,
    }),
  );
  const header = (c: Column) => cellTail(c.title, c.readOnly ? STYLE.readOnlyHeader : STYLE.header);
  sheet.write(rowXml(1, columns.map(header), letters));
  // An empty cell of a styled column is written with its style (grey, or text for typing).
  const empty = styles.map((style) => cellTail(undefined, style));
  let row = 1;
  for (const { cells, skus } of products) {
    for (const own of skus) {
      row++;
      const tails = columns.map((c, j) => own[c.key] ?? cells[c.key] ?? empty[j]);
      sheet.write(rowXml(row, tails, letters));
    }
  }
  sheet.write(SHEET_TAIL);
  return sheet;
}

/**
 * The .xlsx export, made while the cards are still being read: as each answer's cards come,
 * their cells are written out (typed, escaped) and their fingerprints go to the hidden sheet,
 * deflated on the way. The products sheet is put together at the end, once every
 * characteristic's column is known (the header comes first in the sheet), and deflated in
 * pieces at once. Then the package: products, instruction and the hidden sheet.
 */
export function xlsxExport(file: ExportFile): ExportSink {
  const fixed = columnsOf([], file.texts);
  const products = new Map<number, ReadyProduct>();
  const codes = new Set<string>();
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
    add(cards) {
      for (const card of cards) {
        for (const a of card.attributes) if (a.code) codes.add(a.code);
        products.set(card.productId, readyProduct(card, fixed, writeMeta));
      }
    },
    async finish(order) {
      const sheet = productsSheet(columnsOf(codes, file.texts), inOrder(products, order));
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
  sink.add(input.cards);
  return sink.finish(input.cards.map((c) => c.productId));
}
