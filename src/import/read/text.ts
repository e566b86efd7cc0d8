/** A file's text and how it was decoded. */
export interface DecodedText {
  text: string;
  /** The bytes were not UTF-8 and were read as Windows-1251 (Russian Excel's "CSV"). */
  cp1251: boolean;
}

/**
 * UTF-8 (a BOM is dropped) when the bytes are valid UTF-8, else Windows-1251: what Excel in a
 * Russian or Kazakh locale writes for "CSV (comma delimited)". Every byte sequence decodes
 * in 1251, so this never fails.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), cp1251: false };
  } catch {
    return { text: new TextDecoder("windows-1251").decode(bytes), cp1251: true };
  }
}
