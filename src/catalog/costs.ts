import type { CostList, EditRow, EditRows } from "../import/index.js";
import { type LiveCard, priceText } from "./fields.js";
import { type ExportSnapshot, rowKey } from "./meta.js";

/** The export's column of cost prices, and the field a returned row carries it in. */
export const COST_FIELD = "cost";

/**
 * Where the catalog finds and keeps the seller's cost prices (per unit, tiyn, by barcode). The
 * money figures keep them (src/money); the bot hands them in. Nothing of it is the Seller API's.
 */
export interface CostBook {
  get(barcodes: readonly string[]): Promise<Map<string, number>>;
  set(settings: readonly { barcode: string; cost: number | undefined }[]): Promise<void>;
}

/** A SKU's cost price changed by a file: set, changed, or removed (`will` undefined). */
export interface CostChange {
  barcode: string;
  productId?: number;
  skuId?: number;
  /** Tiyn; undefined: none was kept. */
  was?: number;
  will?: number;
  rows: number[];
}

/** A cell of a file that is not applied, with its row (named in the preview). */
export type CostProblem = EditRow["issues"][number] & { row: number };

export const costText = (tiyn: number) => priceText(tiyn / 100);
const tiynOf = (text: string) => Math.round(Number(text) * 100);

/** What one barcode is given over a file's rows. */
interface Given {
  wills: Set<number | undefined>;
  rows: number[];
  productId?: number;
  skuId?: number;
}

/**
 * The changes against the kept costs; a barcode given two different costs is named on each of
 * its rows, never guessed.
 */
function changesOf(given: Map<string, Given>, kept: ReadonlyMap<string, number>) {
  const changes: CostChange[] = [];
  const problems: CostProblem[] = [];
  for (const [barcode, g] of given) {
    if (g.wills.size > 1) {
      const rows = g.rows.join(", ");
      for (const row of g.rows)
        problems.push({
          row,
          field: COST_FIELD,
          code: "cost-twice",
          params: { value: barcode, rows },
        });
      continue;
    }
    const will = [...g.wills][0];
    const was = kept.get(barcode);
    if (will === was) continue;
    changes.push({
      barcode,
      ...(g.productId !== undefined && { productId: g.productId }),
      ...(g.skuId !== undefined && { skuId: g.skuId }),
      ...(was !== undefined && { was }),
      ...(will !== undefined && { will }),
      rows: g.rows,
    });
  }
  return { changes, problems };
}

function give(
  given: Map<string, Given>,
  barcode: string,
  will: number | undefined,
  at: { row: number; productId?: number; skuId?: number },
) {
  const g = given.get(barcode) ?? { wills: new Set(), rows: [] };
  g.wills.add(will);
  g.rows.push(at.row);
  if (at.productId !== undefined) g.productId ??= at.productId;
  if (at.skuId !== undefined) g.skuId ??= at.skuId;
  given.set(barcode, g);
}

/**
 * The cost column of a returned export. On a row the export's record vouches for, a cell left
 * as exported changes nothing (an older file never undoes a newer cost) and an emptied cell
 * removes the cost; on a row no record vouches for, an empty cell keeps the cost. A cost is
 * kept by the SKU's live barcode: a SKU without one cannot take a cost (named).
 */
export function diffExportCosts(
  edits: EditRows,
  cards: ReadonlyMap<number, LiveCard>,
  snapshot: ExportSnapshot | undefined,
  kept: ReadonlyMap<string, number>,
) {
  const given = new Map<string, Given>();
  const problems: CostProblem[] = [];
  if (!edits.fields.includes(COST_FIELD)) return { changes: [], problems };
  for (const row of edits.rows) {
    if (row.skuId === undefined || row.issues.some((i) => i.field === COST_FIELD)) continue;
    const sku = cards.get(row.productId)?.skus.find((s) => s.skuId === row.skuId);
    if (!sku) continue; // a product or SKU gone: the card's difference names it
    const value = row.values[COST_FIELD];
    const key = rowKey(row.productId, row.skuId);
    const exported = snapshot?.rows.get(key);
    if (exported && snapshot!.print(key, COST_FIELD, value) === (exported[COST_FIELD] ?? ""))
      continue;
    if (!exported && value === undefined) continue;
    if (!sku.barcode) {
      problems.push({
        row: row.row,
        field: COST_FIELD,
        code: "cost-no-barcode",
        params: { value: value ?? "—" },
      });
      continue;
    }
    const at = { row: row.row, productId: row.productId, skuId: row.skuId };
    give(given, sku.barcode, value === undefined ? undefined : tiynOf(value), at);
  }
  const out = changesOf(given, kept);
  return { changes: out.changes, problems: [...problems, ...out.problems] };
}

/**
 * A list of barcodes and costs: each known barcode's cost set, changed or (an empty cell)
 * removed; a barcode of no SKU of the shop, and a cell that cannot be read, named.
 */
export function diffCostList(
  list: CostList,
  skus: ReadonlyMap<string, { productId: number; skuId: number }>,
  kept: ReadonlyMap<string, number>,
) {
  const given = new Map<string, Given>();
  const problems: CostProblem[] = [];
  for (const row of list.rows) {
    for (const issue of row.issues) problems.push({ row: row.row, ...issue });
    if (row.issues.length > 0 || row.barcode === undefined) continue;
    const sku = skus.get(row.barcode);
    if (!sku) {
      problems.push({
        row: row.row,
        field: "barcode",
        code: "unknown-barcode",
        params: { value: row.barcode },
      });
      continue;
    }
    const will = row.cost === undefined ? undefined : tiynOf(row.cost);
    give(given, row.barcode, will, { row: row.row, ...sku });
  }
  const out = changesOf(given, kept);
  return { changes: out.changes, problems: [...problems, ...out.problems] };
}

/** The barcodes of a catalog's SKUs, each with its product and SKU. */
export function skusByBarcode(cards: Iterable<LiveCard>) {
  const out = new Map<string, { productId: number; skuId: number }>();
  for (const card of cards) {
    for (const sku of card.skus) {
      if (sku.barcode && !out.has(sku.barcode))
        out.set(sku.barcode, { productId: card.productId, skuId: sku.skuId });
    }
  }
  return out;
}

/** Every live SKU's barcode (the kept costs a preview compares with). */
export const barcodesOf = (cards: Iterable<LiveCard>) =>
  [...cards].flatMap((c) => c.skus.map((s) => s.barcode).filter(Boolean));
