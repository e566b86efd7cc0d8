import type { FileFormat, FileRejection, ImportFileRejection } from "../types.js";

/** A refused file as a reading's answer (the readers throw `FileRejected`, src/sheets). */
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
