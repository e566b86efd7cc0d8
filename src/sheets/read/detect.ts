import type { FileFormat, ReadingRejection } from "./reject.js";
import { wideTextEncoding } from "./text.js";
import { isZip, listZipEntries, type ZipEntry, type ZipLimits } from "./zip.js";

export type Detected =
  | { kind: "xlsx"; entries: ZipEntry[] }
  | { kind: "text"; hint?: FileFormat }
  | {
      kind: "reject";
      reason: ReadingRejection;
      format?: FileFormat;
      params?: Record<string, string>;
    };

/** Magic numbers of things sellers send by mistake: refused as "unsupported type" by name. */
const SIGNATURES: { type: string; bytes: number[] }[] = [
  { type: "pdf", bytes: [0x25, 0x50, 0x44, 0x46] }, // %PDF
  { type: "png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "gif", bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: "webp", bytes: [0x52, 0x49, 0x46, 0x46] }, // RIFF (webp, wav, avi)
  { type: "rar", bytes: [0x52, 0x61, 0x72, 0x21] },
  { type: "7z", bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { type: "gzip", bytes: [0x1f, 0x8b] },
];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** `name` as UTF-16LE, how a compound file (OLE2) names its streams. */
function hasStreamName(bytes: Uint8Array, name: string): boolean {
  const needle = Buffer.from(name, "utf16le");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(needle);
}

/**
 * A compound file: a password-protected .xlsx/.docx (its package is an `EncryptedPackage`
 * stream), an old .xls (a `Workbook` or `Book` stream), or something else (.doc, .msg).
 */
function compoundFile(bytes: Uint8Array, claimed: string): Detected {
  if (hasStreamName(bytes, "EncryptedPackage")) return { kind: "reject", reason: "encrypted" };
  if (hasStreamName(bytes, "Workbook") || hasStreamName(bytes, "Book") || claimed === "xls") {
    return { kind: "reject", reason: "xls" };
  }
  const type = claimed === "doc" ? "doc" : "ole";
  return { kind: "reject", reason: "unsupported-type", params: { type } };
}

/** A zip that is not an .xlsx: named by what it holds. */
function otherZip(entries: ZipEntry[], bytes: Uint8Array, claimed?: FileFormat): Detected {
  const has = (prefix: string) => entries.some((e) => e.name.startsWith(prefix));
  if (has("xl/workbook.bin")) return { kind: "reject", reason: "xlsb" };
  const mimetype = entries.find((e) => e.name === "mimetype" && e.method === 0);
  const kind = mimetype
    ? new TextDecoder().decode(
        bytes.subarray(
          mimetype.dataOffset,
          mimetype.dataOffset + Math.min(mimetype.compressedSize, 100),
        ),
      )
    : "";
  if (kind.includes("opendocument.spreadsheet") || (has("content.xml") && !kind)) {
    return { kind: "reject", reason: "ods" };
  }
  if (claimed === "xlsx") return { kind: "reject", reason: "bad-xlsx", format: "xlsx" };
  const type = has("word/")
    ? "docx"
    : has("ppt/")
      ? "pptx"
      : kind.includes("opendocument")
        ? "odt"
        : "zip";
  return { kind: "reject", reason: "unsupported-type", params: { type } };
}

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
export function detect(
  bytes: Uint8Array,
  fileName: string,
  mimeType?: string,
  limits?: ZipLimits,
): Detected {
  const claimed = claimedFormat(fileName, mimeType);
  if (isZip(bytes) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const entries = listZipEntries(bytes, limits);
    if (!entries)
      return {
        kind: "reject",
        reason: claimed === "xlsx" ? "bad-xlsx" : "binary",
        format: claimed === "xlsx" ? "xlsx" : undefined,
      };
    if (entries.some((e) => /^xl\/workbook\.xml$/i.test(e.name) || e.name === "xl/workbook.xml")) {
      return { kind: "xlsx", entries };
    }
    return otherZip(entries, bytes, claimed);
  }
  if (startsWith(bytes, OLE2)) return compoundFile(bytes, extension(fileName));
  const known = SIGNATURES.find((s) => startsWith(bytes, s.bytes));
  if (known) return { kind: "reject", reason: "unsupported-type", params: { type: known.type } };
  if (wideTextEncoding(bytes)) return { kind: "text", hint: claimed };
  if (looksBinary(bytes)) {
    if (claimed === "xlsx") return { kind: "reject", reason: "bad-xlsx", format: "xlsx" };
    const ext = extension(fileName);
    if (ext === "xls" || ext === "xlsb" || ext === "ods") return { kind: "reject", reason: ext };
    return { kind: "reject", reason: "binary" };
  }
  return { kind: "text", hint: claimed };
}
