import type { FileFormat, FileRejection } from "../types.js";
import { isZip, listZipEntries, type ZipEntry } from "./zip.js";

export type Detected =
  | { kind: "xlsx"; entries: ZipEntry[] }
  | { kind: "text"; hint?: FileFormat }
  | { kind: "reject"; reason: FileRejection; format?: FileFormat; params?: Record<string, string> };

/** Magic numbers of things sellers send by mistake: refused as "unsupported type" by name. */
const SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: "pdf", bytes: [0x25, 0x50, 0x44, 0x46] }, // %PDF
  { type: "png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "gif", bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: "webp", bytes: [0x52, 0x49, 0x46, 0x46] }, // RIFF (webp, wav, avi)
  { type: "xls", bytes: [0xd0, 0xcf, 0x11, 0xe0] }, // OLE2: old .xls / .doc
  { type: "rar", bytes: [0x52, 0x61, 0x72, 0x21] },
  { type: "7z", bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { type: "gzip", bytes: [0x1f, 0x8b] },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);
}

function extension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** The format the name (or MIME type) claims; content still decides (see `detect`). */
export function claimedFormat(fileName: string, mimeType?: string): FileFormat | undefined {
  const ext = extension(fileName);
  if (ext === "json" || mimeType === "application/json") return "json";
  if (ext === "xlsx" || mimeType?.includes("spreadsheetml")) return "xlsx";
  if (ext === "csv" || ext === "txt" || mimeType === "text/csv") return "csv";
  return undefined;
}

/** Control bytes other than tab/CR/LF/FF (and SUB, which old DOS tools append) mean binary. */
function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.indexOf(0) >= 0) return true;
  const head = Math.min(bytes.length, 64 * 1024);
  let control = 0;
  for (let i = 0; i < head; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1a) control++;
  }
  return control > 0;
}

/**
 * Decides what the bytes are by their content first (a .csv that is JSON inside is read as
 * JSON), using the name only to pick a better message for bytes that are none of ours.
 */
export function detect(bytes: Uint8Array, fileName: string, mimeType?: string): Detected {
  const claimed = claimedFormat(fileName, mimeType);
  if (isZip(bytes) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const entries = listZipEntries(bytes);
    if (!entries)
      return {
        kind: "reject",
        reason: claimed === "xlsx" ? "bad-xlsx" : "binary",
        format: claimed === "xlsx" ? "xlsx" : undefined,
      };
    if (entries.some((e) => e.name === "xl/workbook.xml")) return { kind: "xlsx", entries };
    if (claimed === "xlsx") return { kind: "reject", reason: "bad-xlsx", format: "xlsx" };
    const type = entries.some((e) => e.name.startsWith("word/"))
      ? "docx"
      : entries.some((e) => e.name.startsWith("ppt/"))
        ? "pptx"
        : "zip";
    return { kind: "reject", reason: "unsupported-type", params: { type } };
  }
  const known = SIGNATURES.find((s) => startsWith(bytes, s.bytes));
  if (known) return { kind: "reject", reason: "unsupported-type", params: { type: known.type } };
  if (looksBinary(bytes)) {
    if (claimed === "xlsx") return { kind: "reject", reason: "bad-xlsx", format: "xlsx" };
    return { kind: "reject", reason: "binary" };
  }
  return { kind: "text", hint: claimed };
}
