import type { ImportFileResult } from "../types.js";

/**
 * How a reading's result crosses from the worker to the bot's thread. As one message, 10,000
 * SKUs are about 4 MB that the bot's thread takes apart in one piece, 100 ms and more of
 * nothing else (no update answered, no timer fired). So the long lists (valid and invalid
 * products, edit rows) go as JSON text in parts of about `PART_CHARS` characters, each a
 * message of its own: a string crosses as one copy, and the bot's thread parses each part
 * between other work (JSON.parse is also about twice as fast as taking a structured copy
 * apart). The rest of the result follows last, as it is, and completes it. The lists are
 * plain JSON data (strings, finite numbers, booleans, arrays and objects), so they come back
 * equal.
 */
export const PART_CHARS = 64 * 1024;

type OkResult = Extract<ImportFileResult, { ok: true }>;
type List = "products" | "invalid" | "edits";

/** A run of one list's items, in file order, as a JSON array. */
export interface ResultPart {
  part: List;
  json: string;
}

/** The result, its lists emptied when they were sent in parts before it. */
export interface ResultLast {
  result: ImportFileResult;
  parted?: true;
}

export type ResultMessage = ResultPart | ResultLast;

function listOf(result: OkResult, name: List): unknown[] {
  if (name === "edits") return result.edits?.rows ?? [];
  return result[name];
}

/**
 * `items` as JSON arrays of about `PART_CHARS` characters. Runs are stringified whole (one
 * call per run is over twice as fast as one per item), each run as many items as the last
 * one's characters per item say fit; a single item larger than a part goes alone.
 */
function* runs(items: readonly unknown[]): Generator<string> {
  let count = 16;
  for (let from = 0; from < items.length; ) {
    const json = JSON.stringify(items.slice(from, from + count));
    const taken = Math.min(count, items.length - from);
    from += taken;
    yield json;
    const perItem = Math.max(1, json.length / taken);
    count = Math.max(1, Math.floor(PART_CHARS / perItem));
  }
}

/** The messages that carry `result`, in the order they must be sent. */
export function* resultMessages(result: ImportFileResult): Generator<ResultMessage> {
  if (!result.ok) {
    yield { result };
    return;
  }
  for (const part of ["products", "invalid", "edits"] as const) {
    for (const json of runs(listOf(result, part))) yield { part, json };
  }
  const rest: OkResult = { ...result, products: [], invalid: [] };
  if (result.edits) rest.edits = { ...result.edits, rows: [] };
  yield { result: rest, parted: true };
}

/** Puts the messages of one result back together, on the bot's thread. */
export class ResultAssembly {
  private readonly lists: Record<List, unknown[]> = { products: [], invalid: [], edits: [] };

  /** Takes one message; the whole result once the last one has come. */
  take(message: ResultMessage): ImportFileResult | undefined {
    if ("part" in message) {
      const list = this.lists[message.part];
      for (const item of JSON.parse(message.json) as unknown[]) list.push(item);
      return undefined;
    }
    const { result } = message;
    if (!message.parted || !result.ok) return result;
    result.products = this.lists.products as OkResult["products"];
    result.invalid = this.lists.invalid as OkResult["invalid"];
    if (result.edits)
      result.edits.rows = this.lists.edits as NonNullable<OkResult["edits"]>["rows"];
    return result;
  }
}
