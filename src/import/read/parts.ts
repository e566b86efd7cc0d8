import { setImmediate as nextTurn } from "node:timers/promises";
import type { ImportFileResult, ParsedProduct, ProductsText, ReadFileResult } from "../types.js";

/**
 * How a reading's result crosses from the worker to the bot's thread. As one message, 10,000
 * SKUs are about 4 MB that the bot's thread takes apart in one piece, 100 ms and more of
 * nothing else (no update answered, no timer fired). So the long lists (valid and invalid
 * products, edit rows) go as JSON text in parts of about `PART_CHARS` characters, each a
 * message of its own: a string crosses as one copy. The valid products stay text on the bot's
 * thread (`ProductsText`): it counts them, shows the first and stores them in the draft as they
 * are, so the largest list is never taken apart there (nor written out again) before it is
 * sent. The other lists are parsed part by part, between other work. The rest of the result
 * follows last, as it is, and completes it. The lists are plain JSON data (strings, finite
 * numbers, booleans, arrays and objects), so they come back equal.
 *
 * A part is larger than V8's largest ordinary heap object (128 KB), even in one-byte text, so
 * the bot's thread receives it into its large-object space, which a collection never copies.
 * Parts of 64 K characters (128 KB of Cyrillic, just under) landed in the young generation, and
 * the 10 MB of a 10,000-product answer were copied out of it by collections of 15-40 ms each
 * while the parts arrived: stalls of the bot's thread past 50 ms.
 */
export const PART_CHARS = 256 * 1024;

type OkResult = Extract<ImportFileResult, { ok: true }>;
type List = "products" | "invalid" | "edits";

/** A run of one list's items, in file order, as a JSON array; `count` items. */
export interface ResultPart {
  part: List;
  json: string;
  count: number;
}

/** The result; when it is `ok`, its lists are empty: they were sent in parts before it. */
export interface ResultLast {
  result: ImportFileResult;
}

export type ResultMessage = ResultPart | ResultLast;

function listOf(result: OkResult, name: List): unknown[] {
  if (name === "edits") return result.edits?.rows ?? [];
  return result[name];
}

/**
 * `items` as JSON arrays of about `PART_CHARS` characters. Runs are stringified whole (one
 * call per run is over twice as fast as one per item, and than one call for the whole list),
 * each run as many items as the last one's characters per item say fit; a single item larger
 * than a part goes alone.
 */
function* runs(items: readonly unknown[]): Generator<{ json: string; count: number }> {
  let count = 16;
  for (let from = 0; from < items.length; ) {
    const json = JSON.stringify(items.slice(from, from + count));
    const taken = Math.min(count, items.length - from);
    from += taken;
    yield { json, count: taken };
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
    for (const run of runs(listOf(result, part))) yield { part, ...run };
  }
  const rest: OkResult = { ...result, products: [], invalid: [] };
  if (result.edits) rest.edits = { ...result.edits, rows: [] };
  yield { result: rest };
}

/** Puts the messages of one result back together, on the bot's thread. */
export class ResultAssembly {
  private readonly products: ProductsText = { count: 0, runs: [] };
  private readonly lists: Record<Exclude<List, "products">, unknown[]> = { invalid: [], edits: [] };

  /** Takes one message; the whole result once the last one has come. */
  take(message: ResultMessage): ReadFileResult | undefined {
    if ("part" in message) {
      if (message.part === "products") {
        this.products.runs.push(message.json);
        this.products.count += message.count;
        return undefined;
      }
      const list = this.lists[message.part];
      for (const item of JSON.parse(message.json) as unknown[]) list.push(item);
      return undefined;
    }
    const { result } = message;
    if (!result.ok) return result;
    const invalid = this.lists.invalid as OkResult["invalid"];
    const rows = this.lists.edits as NonNullable<OkResult["edits"]>["rows"];
    const edits = result.edits && { ...result.edits, rows };
    return { ...result, products: this.products, invalid, ...(edits && { edits }) };
  }
}

/**
 * The products of `text`, a run per turn of the event loop: a 10,000-SKU list (about 30 ms to
 * parse) never holds the bot's thread in one piece.
 */
export async function parseProducts(text: ProductsText): Promise<ParsedProduct[]> {
  const products: ParsedProduct[] = [];
  for (const run of text.runs) {
    for (const item of JSON.parse(run) as ParsedProduct[]) products.push(item);
    await nextTurn();
  }
  return products;
}

/** The first product, parsing only the first run (the confirmation shows it). */
export function firstProduct(text: ProductsText): ParsedProduct | undefined {
  const run = text.runs[0];
  return run === undefined ? undefined : (JSON.parse(run) as ParsedProduct[])[0];
}

/** The products as one JSON array, written from the runs without taking them apart. */
export function productsJson(text: ProductsText): string {
  const inner = text.runs.map((run) => run.slice(1, -1)).filter((items) => items.length > 0);
  return `[${inner.join(",")}]`;
}
