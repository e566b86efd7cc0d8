import { FileRejected } from "./reject.js";

/** A file's text and how it was decoded. */
export interface DecodedText {
  text: string;
  /** The bytes were not UTF-8 and were read as Windows-1251 (Russian Excel's "CSV"). */
  cp1251: boolean;
  /** What the seller's program saved, as the confirmation names it. */
  encoding: "UTF-8" | "UTF-8 BOM" | "UTF-16LE" | "UTF-16BE" | "Windows-1251";
}

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);

/**
 * UTF-16 without a BOM: most of the text of a product list is ASCII or Cyrillic, so one byte
 * of each pair is a zero (ASCII) far more often than in any 8-bit text, which has none.
 */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero > pairs * 0.3 && evenZero === 0) return "utf-16le";
  if (evenZero > pairs * 0.3 && oddZero === 0) return "utf-16be";
  return undefined;
}

/** Whether the bytes are text in UTF-16 or UTF-32 (so NUL bytes do not mean "binary"). */
export function wideTextEncoding(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0xff, 0xfe, 0, 0]) || startsWith(bytes, [0, 0, 0xfe, 0xff])) {
    return "UTF-32";
  }
  if (startsWith(bytes, [0xff, 0xfe])) return "utf-16le";
  if (startsWith(bytes, [0xfe, 0xff])) return "utf-16be";
  return utf16WithoutBom(bytes);
}

/**
 * UTF-16 LE/BE (Excel's and LibreOffice's "Unicode text", by BOM or by its zero bytes), UTF-8
 * with or without BOM when the bytes are valid UTF-8, else Windows-1251: what Excel in a
 * Russian or Kazakh locale writes for "CSV". UTF-32 is refused by name.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const wide = wideTextEncoding(bytes);
  if (wide === "UTF-32") throw new FileRejected("text-encoding", { type: "UTF-32" });
  if (wide === "utf-16le" || wide === "utf-16be") {
    const text = new TextDecoder(wide).decode(bytes); // drops the BOM
    return { text, cp1251: false, encoding: wide === "utf-16le" ? "UTF-16LE" : "UTF-16BE" };
  }
  const bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return { text, cp1251: false, encoding: bom ? "UTF-8 BOM" : "UTF-8" };
  } catch {
    return {
      text: new TextDecoder("windows-1251").decode(bytes),
      cp1251: true,
      encoding: "Windows-1251",
    };
  }
}
