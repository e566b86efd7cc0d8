import { Inflate } from "fflate";
import { FileRejected } from "./reject.js";

/** One entry of a ZIP's central directory, checked against its local header. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  /** Where the entry's compressed data starts. */
  dataOffset: number;
  /** Bit 0 of the flags: the entry is encrypted. */
  encrypted: boolean;
}

export interface ZipLimits {
  /** Most bytes one entry may unpack to. */
  maxEntryBytes: number;
  /** Most bytes all entries together may unpack to. */
  maxTotalBytes: number;
  /** Most entries an archive may list. */
  maxEntries: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
  );
}

function findEndOfDirectory(view: DataView, length: number): number {
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const lowest = Math.max(0, length - 22 - 0xffff);
  for (let at = length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

const names = new TextDecoder("utf-8");

/** The local header of `entry`: it must exist, name the same file and not declare more. */
function dataOffsetOf(bytes: Uint8Array, view: DataView, entry: ZipEntry): number | undefined {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) return undefined;
  const flags = view.getUint16(at + 6, true);
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  const name = names.decode(bytes.subarray(at + 30, at + 30 + nameLength));
  if (name !== entry.name) return undefined;
  // Without a data descriptor (bit 3) the local header carries sizes too; they must agree.
  if ((flags & 8) === 0) {
    const compressed = view.getUint32(at + 18, true);
    const uncompressed = view.getUint32(at + 22, true);
    if (compressed !== entry.compressedSize || uncompressed !== entry.uncompressedSize) {
      return undefined;
    }
  }
  const start = at + 30 + nameLength + extraLength;
  return start + entry.compressedSize <= bytes.length ? start : undefined;
}

/**
 * Lists a ZIP's entries from its central directory without inflating anything, and checks
 * each against its local header (same name, same sizes, inside the file, not overlapping
 * another entry) and against the limits. Only entries listed here are ever read. Returns
 * undefined for a broken archive; throws `FileRejected` when a limit is exceeded.
 */
export function listZipEntries(bytes: Uint8Array, limits?: ZipLimits): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view, bytes.length);
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  if (limits && count > limits.maxEntries) {
    throw new FileRejected("zip-too-many-entries", { max: limits.maxEntries });
  }
  let at = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return undefined;
    const entry: ZipEntry = {
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      dataOffset: 0,
      encrypted: (view.getUint16(at + 8, true) & 1) === 1,
    };
    at += 46 + nameLength + extraLength + commentLength;
    if (limits) {
      // ZIP64 sizes (0xFFFFFFFF) mean over 4 GB: no product list is that big.
      const size = entry.uncompressedSize === ZIP64_MARK ? Infinity : entry.uncompressedSize;
      total += size;
      if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
        throw new FileRejected("zip-too-large", { max: megabytes(limits.maxTotalBytes) });
      }
    }
    const dataOffset = dataOffsetOf(bytes, view, entry);
    if (dataOffset === undefined) return undefined;
    entry.dataOffset = dataOffset;
    entries.push(entry);
  }
  return noOverlap(entries) ? entries : undefined;
}

/** Entries sharing bytes are how "overlapping" zip bombs multiply one payload. */
function noOverlap(entries: ZipEntry[]): boolean {
  const sorted = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let end = 0;
  for (const e of sorted) {
    if (e.localHeaderOffset < end) return false;
    end = e.dataOffset + e.compressedSize;
  }
  return true;
}

export const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const SLICE = 64 * 1024;

/**
 * Streams one entry's unpacked bytes to `take`, never more than the size its directory
 * declares (a lying entry is a broken file) nor `maxBytes`. Data the directory does not
 * list is never looked at.
 */
export function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  take: (chunk: Uint8Array) => void,
): void {
  if (entry.encrypted) throw new FileRejected("encrypted");
  if (entry.uncompressedSize > maxBytes) {
    throw new FileRejected("zip-too-large", { max: megabytes(maxBytes) });
  }
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  let produced = 0;
  // An error of the consumer (a limit, a stop) passes through as it is; only the inflater's
  // own errors mean a broken archive.
  let consumerError: unknown;
  const count = (chunk: Uint8Array) => {
    produced += chunk.length;
    try {
      if (produced > entry.uncompressedSize) throw new FileRejected("bad-xlsx");
      take(chunk);
    } catch (error) {
      consumerError = error;
      throw error;
    }
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) count(data.subarray(at, at + SLICE));
  } else if (entry.method === 8) {
    const inflate = new Inflate((chunk) => count(chunk));
    try {
      for (let at = 0; at < data.length; at += SLICE) {
        inflate.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
      }
      if (data.length === 0) inflate.push(new Uint8Array(0), true);
    } catch {
      if (consumerError !== undefined) throw consumerError;
      throw new FileRejected("bad-xlsx");
    }
  } else throw new FileRejected("bad-xlsx");
  if (produced !== entry.uncompressedSize) throw new FileRejected("bad-xlsx");
}

/** One entry's text, decoded as UTF-8 chunk by chunk. */
export function streamEntryText(
  bytes: Uint8Array,
  entry: ZipEntry,
  maxBytes: number,
  take: (text: string) => void,
): void {
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  inflateEntry(bytes, entry, maxBytes, (chunk) => {
    // XML parts are UTF-8, or UTF-16 with a BOM (some writers): decided by the first bytes.
    decoder ??= new TextDecoder(
      chunk[0] === 0xfe && chunk[1] === 0xff
        ? "utf-16be"
        : chunk[0] === 0xff && chunk[1] === 0xfe
          ? "utf-16le"
          : "utf-8",
    );
    // Slices of at most 64 KB: TextDecoder takes ten times as long per byte on larger ones
    // (Node 20), and the inflater hands over several hundred KB at a time.
    for (let at = 0; at < chunk.length; at += SLICE) {
      take(decoder.decode(chunk.subarray(at, at + SLICE), { stream: true }));
    }
  });
  if (!decoder) return;
  const rest = decoder.decode();
  if (rest) take(rest);
}
