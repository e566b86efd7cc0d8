import { z } from "zod";
import type { Values } from "./fields.js";

/**
 * The hidden sheet of an export: row 1 names the export (id, time); each next row one SKU row
 * of the products sheet (productId, skuId, the fingerprints of its values as JSON). A hidden
 * sheet survives Excel, LibreOffice, Google Sheets and openpyxl; document properties do not.
 */
export const META_SHEET = "bot-export";
const MARK = "seller-bot export v1";

/** The hidden sheet's first row: which export this is. */
export const metaHead = (exportId: string, at: Date): string[] => [
  MARK,
  exportId,
  at.toISOString(),
];

/** The hidden sheet's row of one SKU row: its ids and the fingerprints of its values. */
export const metaRow = (
  productId: number,
  skuId: number | undefined,
  prints: Values,
): (string | number)[] => [productId, skuId ?? "", JSON.stringify(prints)];

/** What the return knows of the export a file came from. */
export interface ExportSnapshot {
  exportId: string;
  at: string;
  /** `productId:skuId` (skuId empty for a product without SKUs) → field → fingerprint. */
  rows: Map<string, Values>;
}

export const rowKey = (productId: number, skuId: number | undefined) =>
  `${productId}:${skuId ?? ""}`;

const fingerprintsSchema = z.record(z.string(), z.string());

/** The hidden sheet's rows (cell texts) as a snapshot; undefined when it is not ours. */
export function decodeMeta(rows: readonly (readonly string[])[]): ExportSnapshot | undefined {
  const [head, ...rest] = rows;
  if (!head || head[0] !== MARK || !head[1]) return undefined;
  const snapshot: ExportSnapshot = { exportId: head[1], at: head[2] ?? "", rows: new Map() };
  for (const row of rest) {
    const productId = Number(row[0]);
    const skuId = row[1] ? Number(row[1]) : undefined;
    if (!Number.isSafeInteger(productId)) continue;
    try {
      const parsed = fingerprintsSchema.safeParse(JSON.parse(row[2] ?? ""));
      if (parsed.success) snapshot.rows.set(rowKey(productId, skuId), parsed.data);
    } catch {
      // A cell someone typed over is no fingerprint: that row is compared with live values only.
    }
  }
  return snapshot;
}
