/** The file formats the reader tells apart (JSON only by name or first character: see `detect`). */
export type FileFormat = "json" | "csv" | "xlsx";

/**
 * Why a file cannot be read at all, whatever it was meant to hold. A reader above the sheets
 * (the product import) adds reasons of its own; each has a locale key `import-file-<reason>`.
 */
export const READING_REJECTIONS = [
  "empty", // no bytes, or only a header / an empty array
  "binary", // not text, not a spreadsheet
  "unsupported-type", // e.g. .docx, .pdf, an image
  "bad-csv", // CSV that cannot be parsed (unclosed quote, ...)
  "bad-xlsx", // a broken spreadsheet
  "too-many-rows", // over the row cap (params: max)
  // Formats said by name, and the limits of bounded reading.
  "xls", // an old binary Excel workbook (.xls)
  "xlsb", // an Excel binary workbook (.xlsb)
  "ods", // an OpenDocument spreadsheet (.ods)
  "encrypted", // a password-protected workbook
  "text-encoding", // text in an encoding the reader does not take, e.g. UTF-32 (params: type)
  "too-many-columns", // a cell reference or dimension past the column cap (params: max)
  "too-many-cells", // more cells than the cap (params: max)
  "zip-too-large", // a spreadsheet that unpacks past the cap, in MB (params: max)
  "zip-too-many-entries", // an archive of more parts than a workbook has (params: max)
] as const;
export type ReadingRejection = (typeof READING_REJECTIONS)[number];

/**
 * Thrown inside the readers when the whole file is refused; the caller turns it into an answer
 * (`readImportFile`: an `{ ok: false }` result), so the readers can stop deep inside a parse
 * without plumbing. A reader above the sheets throws it with its own reasons as `Reason`.
 */
export class FileRejected<Reason extends string = ReadingRejection> extends Error {
  constructor(
    readonly reason: NoInfer<Reason>,
    readonly params?: Record<string, string | number>,
    readonly format?: FileFormat,
  ) {
    super(`import file rejected: ${reason}`);
  }
}
