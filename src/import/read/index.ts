import type { ReadFile, ReadImportFile } from "../types.js";
import { ReadingPool } from "./pool.js";

export { ReadingPool } from "./pool.js";

/**
 * Reads a file on the calling thread (tests, scripts, benchmarks; the app reads in its
 * workers). The parser is loaded on the first call: the bot's own thread never parses, and
 * does not keep the parser's modules (csv-parse, saxes) in memory.
 */
export const parseImportFile: ReadImportFile = async (file, options) =>
  (await import("./parse.js")).parseImportFile(file, options);

/** A reading longer than this is stopped: no seller's list takes it (10 000 SKUs: ~1 s). */
export const DEFAULT_TIME_LIMIT_MS = 30_000;
/** The reading worker's heap; a file needing more is refused, the bot's own heap untouched. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

/** Reads import files in worker threads; one per app, closed with it. */
export interface ImportReader {
  /**
   * Reads a seller's import file (JSON, CSV or XLSX) into valid products and invalid ones with
   * every issue, in a worker thread with a heap cap and a time cap: no file can block the event
   * loop or take the process down, and one that hits a cap is answered with the cap it hit.
   * Never throws.
   */
  read: ReadFile;
  /** Stops the reading workers (a reading in flight is answered with the time cap). */
  close(): void;
}

/**
 * The app's reading workers: two, kept warm while in use (a warm worker answers in
 * milliseconds); idle workers hold nothing open and stop after a minute.
 */
export function createImportReader({
  timeLimitMs = DEFAULT_TIME_LIMIT_MS,
}: {
  /** The time cap of a reading (tests of other caps on a loaded machine raise it). */
  timeLimitMs?: number;
} = {}): ImportReader {
  const warm = new ReadingPool({
    size: 2,
    memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB,
    timeLimitMs,
    idleMs: 60_000,
  });
  return {
    read(file, options) {
      const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
      if (memoryLimitMb === DEFAULT_MEMORY_LIMIT_MB) return warm.read(file, options);
      // An unusual cap (tests of the cap itself) gets a pool of its own, dropped after use.
      const once = new ReadingPool({ size: 1, memoryLimitMb, timeLimitMs, idleMs: 0 });
      return once.read(file, options);
    },
    close: () => warm.close(),
  };
}

/**
 * One reading with a reader of its own, closed after it (scripts and one-off checks; the app
 * and tests that read many files keep a reader from `createImportReader`).
 */
export const readImportFile: ReadFile = async (file, options) => {
  const reader = createImportReader();
  try {
    return await reader.read(file, options);
  } finally {
    reader.close();
  }
};
