import { readSheet } from "read-excel-file/node";
import { FileRejected } from "./reject.js";
import { isEmptyRow, type SheetRow, type Table } from "./table.js";
import { entryInflatesWithin, type ZipEntry } from "./zip.js";

/**
 * Refuses a spreadsheet whose XML would unpack past `maxUnpacked` (a zip bomb), checked
 * against the directory's declared sizes and then by inflating each part with its output
 * capped, before the library unpacks it without limits.
 */
function checkUnpackedSize(bytes: Uint8Array, entries: ZipEntry[], maxUnpacked: number): void {
  const xml = entries.filter((e) => e.name.endsWith(".xml") || e.name.endsWith(".rels"));
  let total = 0;
  for (const entry of xml) total += entry.uncompressedSize;
  if (total > maxUnpacked) {
    throw new FileRejected("bad-xlsx", { detail: "unpacks too large" }, "xlsx");
  }
  for (const entry of xml) {
    if (!entryInflatesWithin(bytes, entry)) throw new FileRejected("bad-xlsx", undefined, "xlsx");
  }
}

/** A cell as the text the seller sees; numbers come as the digits stored in the file. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * Reads the first sheet. `parseNumber` keeps numeric cells as the text stored in the XML
 * (`4600000000001`, `1234.5`), so barcodes and ids are never rounded and every cell goes
 * through the same parsing as CSV. Row i of the result is the sheet's row i + 1: the library
 * keeps empty rows in the middle, so numbers match what Excel shows.
 */
export async function readXlsx(
  bytes: Uint8Array,
  entries: ZipEntry[],
  maxRows: number,
  maxUnpacked: number,
): Promise<Table> {
  checkUnpackedSize(bytes, entries, maxUnpacked);
  let data: unknown[][];
  try {
    data = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      parseNumber: (text: string) => text,
      trim: false,
    });
  } catch {
    throw new FileRejected("bad-xlsx", undefined, "xlsx");
  }
  let header: SheetRow | undefined;
  const rows: SheetRow[] = [];
  for (let i = 0; i < data.length; i++) {
    const cells = (data[i] ?? []).map(cellText);
    if (isEmptyRow(cells)) continue;
    if (!header) header = { row: i + 1, cells };
    else if (rows.length >= maxRows)
      throw new FileRejected("too-many-rows", { max: maxRows }, "xlsx");
    else rows.push({ row: i + 1, cells });
  }
  if (!header) throw new FileRejected("empty", undefined, "xlsx");
  return { header, rows, cp1251: false };
}
