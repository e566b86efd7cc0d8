import { createHmac } from "node:crypto";
import { z } from "zod";
import type { Values } from "./fields.js";

/**
 * The hidden sheet of an export: row 1 names the export (id, time); each next row one SKU row
 * of the products sheet (productId, skuId, the fingerprints of its values as JSON, the row's
 * seal). A hidden sheet survives Excel, LibreOffice, Google Sheets and openpyxl; document
 * properties do not.
 *
 * Fingerprints and seals are keyed (HMAC-SHA256 under the bot's secret) and bound to the
 * export and the row, so nobody without the secret can write a record that passes: a row
 * whose seal does not hold (its fingerprints changed, moved from another row or export, or a
 * sheet of the first version, unkeyed) is "cannot tell", never an ordinary edit.
 */
export const META_SHEET = "bot-export";
const MARK = "seller-bot export v2";
/** The first version's mark: unkeyed fingerprints anyone could write; its rows cannot tell. */
const MARK_V1 = "seller-bot export v1";

/** Characters of a fingerprint (72 bits) and of a row's seal (96 bits), base64url. */
const PRINT_LENGTH = 12;
const SEAL_LENGTH = 16;

export const rowKey = (productId: number, skuId: number | undefined) =>
  `${productId}:${skuId ?? ""}`;

/** The keyed fingerprints and seals of one export. */
export interface ExportPrints {
  /** A canonical value's fingerprint in a row's field; an empty value has none (""). */
  print(row: string, field: string, value: string | undefined): string;
  prints(row: string, values: Values): Values;
  /** What vouches for a row's fingerprints as the export wrote them. */
  seal(row: string, printsJson: string): string;
}

export function exportPrints(secret: Buffer, exportId: string): ExportPrints {
  const mac = (text: string, length: number) =>
    createHmac("sha256", secret).update(text).digest("base64url").slice(0, length);
  const print = (row: string, field: string, value: string | undefined) =>
    value === undefined || value === ""
      ? ""
      : mac(`print\0${exportId}\0${row}\0${field}\0${value}`, PRINT_LENGTH);
  return {
    print,
    prints(row, values) {
      const out: Values = {};
      for (const [field, value] of Object.entries(values)) out[field] = print(row, field, value);
      return out;
    },
    seal: (row, printsJson) => mac(`seal\0${exportId}\0${row}\0${printsJson}`, SEAL_LENGTH),
  };
}

/** The hidden sheet's first row: which export this is. */
export const metaHead = (exportId: string, at: Date): string[] => [
  MARK,
  exportId,
  at.toISOString(),
];

/** The hidden sheet's row of one SKU row: its ids, its values' fingerprints and its seal. */
export function metaRow(
  printer: ExportPrints,
  productId: number,
  skuId: number | undefined,
  values: Values,
): (string | number)[] {
  const row = rowKey(productId, skuId);
  const json = JSON.stringify(printer.prints(row, values));
  return [productId, skuId ?? "", json, printer.seal(row, json)];
}

/** What the return knows of the export a file came from. */
export interface ExportSnapshot {
  exportId: string;
  at: string;
  /**
   * The rows whose record holds (`productId:skuId`, skuId empty for a product without SKUs) →
   * field → fingerprint. A row not here cannot tell the seller's edit from a cabinet change.
   */
  rows: Map<string, Values>;
  /** The fingerprint this export would have taken of a value in a row's field. */
  print(row: string, field: string, value: string | undefined): string;
}

const fingerprintsSchema = z.record(z.string(), z.string());

/** A row's fingerprints when its seal holds. */
function sealedPrints(printer: ExportPrints, key: string, row: readonly string[]) {
  try {
    const parsed = fingerprintsSchema.safeParse(JSON.parse(row[2] ?? ""));
    if (!parsed.success) return undefined;
    return printer.seal(key, JSON.stringify(parsed.data)) === row[3] ? parsed.data : undefined;
  } catch {
    // A cell someone typed over is no record: that row cannot tell.
    return undefined;
  }
}

/**
 * The hidden sheet's rows (cell texts) as a snapshot; undefined when it is not ours. A sheet
 * of the first version is ours, but none of its rows holds.
 */
export function decodeMeta(
  rows: readonly (readonly string[])[],
  secret: Buffer,
): ExportSnapshot | undefined {
  const [head, ...rest] = rows;
  if (!head || (head[0] !== MARK && head[0] !== MARK_V1) || !head[1]) return undefined;
  const printer = exportPrints(secret, head[1]);
  const snapshot: ExportSnapshot = {
    exportId: head[1],
    at: head[2] ?? "",
    rows: new Map(),
    print: printer.print,
  };
  if (head[0] !== MARK) return snapshot;
  for (const row of rest) {
    const productId = Number(row[0]);
    const skuId = row[1] ? Number(row[1]) : undefined;
    if (!Number.isSafeInteger(productId)) continue;
    const key = rowKey(productId, skuId);
    const prints = sealedPrints(printer, key, row);
    if (prints) snapshot.rows.set(key, prints);
  }
  return snapshot;
}
