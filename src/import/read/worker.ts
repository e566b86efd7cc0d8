import { parentPort } from "node:worker_threads";
import type { ReadImportFile, ReadOptions } from "../types.js";
import { parseImportFile } from "./parse.js";

/** Readings one after another: the pool sends a file only when the previous one is answered. */
parentPort?.on(
  "message",
  async (message: { file: Parameters<ReadImportFile>[0]; options: ReadOptions }) => {
    const result = await parseImportFile(message.file, message.options);
    parentPort?.postMessage({ result });
  },
);
