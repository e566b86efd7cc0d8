import type { FileFormat, FileRejection, ImportFileRejection } from "../types.js";

/**
 * Thrown inside the readers when the whole file is refused; `readImportFile` turns it into
 * an `{ ok: false }` result, so the readers can stop deep inside a parse without plumbing.
 */
export class FileRejected extends Error {
  constructor(
    readonly reason: FileRejection,
    readonly params?: Record<string, string | number>,
    readonly format?: FileFormat,
  ) {
    super(`import file rejected: ${reason}`);
  }
}

export function rejection(
  reason: FileRejection,
  params?: Record<string, string | number>,
  format?: FileFormat,
): ImportFileRejection {
  return {
    ok: false,
    reason,
    ...(format ? { format } : {}),
    ...(params ? { params } : {}),
  };
}
