import { createImportReader, type ImportReader } from "../../src/import/read/index.js";

/**
 * The import reading workers every test of this vitest worker shares (created on first use):
 * starting a reading worker from TypeScript sources costs most of a second of CPU, and a warm
 * one answers in milliseconds. Idle workers stop by themselves after a minute and hold nothing
 * open; a worker that hits a cap is replaced, so a test cannot leave it broken for the next.
 * Never closed by a test: the files of one worker run one after another and share it.
 */
let sharedReader: ImportReader | undefined;
export function sharedImportReader(): ImportReader {
  sharedReader ??= createImportReader();
  return sharedReader;
}
