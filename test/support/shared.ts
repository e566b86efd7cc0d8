// What the test files of one vitest worker share, made on first use: the import reader's warm
// workers and the bot's translations.
import { type BotI18n, createBotI18n } from "../../src/bot/index.js";
import { createImportReader, type ImportReader } from "../../src/import/read/index.js";
import { parseProducts } from "../../src/import/read/parts.js";
import type { ImportFileResult, ReadFile, ReadFileResult } from "../../src/import/types.js";

/**
 * The import reading workers every test of this vitest worker shares (created on first use):
 * starting a reading worker from TypeScript sources costs most of a second of CPU, and a warm
 * one answers in milliseconds. Its time cap is minutes (`patientReader`); a test of the time
 * cap passes its own. Idle workers stop by themselves after a minute and hold nothing open; a
 * worker that hits a cap is replaced, so a test cannot leave it broken for the next. Never
 * closed by a test: the files of one worker run one after another and share it.
 */
let sharedReader: ImportReader | undefined;
export function sharedImportReader(): ImportReader {
  sharedReader ??= patientReader();
  return sharedReader;
}

/**
 * A worker's answer with its valid products parsed (they come as the worker's JSON text), as
 * the reader on the calling thread gives them: what the reading tests compare.
 */
export async function withProductsParsed(result: ReadFileResult): Promise<ImportFileResult> {
  return result.ok ? { ...result, products: await parseProducts(result.products) } : result;
}

/** `sharedImportReader().read`, its answers' products parsed (`withProductsParsed`). */
export function sharedParsedRead(): (...args: Parameters<ReadFile>) => Promise<ImportFileResult> {
  const reader = sharedImportReader();
  return async (file, options) => await withProductsParsed(await reader.read(file, options));
}

/**
 * Reading workers with production's memory cap and a time cap of minutes, for a test of files
 * of thousands of SKUs or of the other caps: a 5,000-SKU file is about a second of reading, but
 * on a loaded machine (two checks side by side) a reading took over the 30 s production
 * allows; speed is the benchmarks'. The test closes it.
 */
export function patientReader(): ImportReader {
  return createImportReader({ timeLimitMs: 600_000 });
}

/**
 * The bot's translations every app of this vitest worker shares: parsing locales/ costs a few
 * milliseconds per app, and the tests start hundreds; the translations hold nothing of a chat.
 */
let sharedI18n: BotI18n | undefined;
export function sharedBotI18n(): BotI18n {
  sharedI18n ??= createBotI18n();
  return sharedI18n;
}
