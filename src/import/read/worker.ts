import { parentPort } from "node:worker_threads";
import type { ReadImportFile, ReadOptions } from "../types.js";
import { parseImportFile } from "./parse.js";
import { resultMessages } from "./parts.js";

/**
 * Readings one after another: the pool sends a file only when the previous one is answered.
 * The answer goes in parts (see parts.ts), so the bot's thread is never held by one big copy.
 */
parentPort?.on(
  "message",
  async (message: { file: Parameters<ReadImportFile>[0]; options: ReadOptions }) => {
    const result = await parseImportFile(message.file, message.options);
    for (const { message: part, transfer } of resultMessages(result)) {
      parentPort?.postMessage(part, transfer);
    }
  },
);
