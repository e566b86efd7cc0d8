import { setImmediate as nextTurn } from "node:timers/promises";
import type {
  EditRow,
  ImportFileResult,
  ParsedProduct,
  ProductsText,
  ReadFileResult,
} from "../types.js";
import { resultCost } from "./cost.js";

/**
 * How a reading's result crosses from the worker to the bot's thread. As one message, 10,000
 * SKUs are about 4 MB that the bot's thread takes apart in one piece, 100 ms and more of
 * nothing else (no update answered, no timer fired). So the long lists (valid and invalid
 * products, edit rows) go as JSON in parts of about `PART_CHARS` characters, each a message of
 * its own. The valid products stay JSON on the bot's thread (`ProductsText`): it counts them,
 * shows the first and stores them in the draft as they are, so the largest list is never taken
 * apart there (nor written out again) before it is sent. The other lists are parsed part by
 * part, between other work. The rest of the result follows last, as it is, and completes it.
 * The lists are plain JSON data (strings, finite numbers, booleans, arrays and objects), so
 * they come back equal.
 *
 * A part crosses as UTF-8 bytes, handed over rather than copied: a string would be copied
 * twice on the way (into the message, then out of it on the bot's thread), each copy into
 * memory the process had not used yet, which costs more than the copy itself on a virtual
 * machine; and mostly ASCII, the bytes are little more than half a string of Cyrillic.
 */
export const PART_CHARS = 48 * 1024;

type OkResult = Extract<ImportFileResult, { ok: true }>;
type List = "products" | "invalid" | "edits";

/** A run of one list's items, in file order, as a JSON array in UTF-8; `count` items. */
export interface ResultPart {
  part: List;
  json: Uint8Array;
  count: number;
}

/** The result; when it is `ok`, its lists are empty: they were sent in parts before it. */
export interface ResultLast {
  result: ImportFileResult;
}

export type ResultMessage = ResultPart | ResultLast;

function listOf(result: OkResult, name: List): unknown[] {
  if (name === "edits") return compactEditRows(result.edits?.rows ?? []).rows;
  return result[name];
}

/** A value this short crosses as it is: naming its field costs about as much. */
const REPEAT_MIN_CHARS = 32;

/** An edit row as it crosses: `same` names the fields whose value is its product's row above's. */
type CrossingRow = EditRow & { same?: string[] };

/**
 * Edit rows as they cross to the bot's thread. An export repeats a product's fields (its name,
 * a description of thousands of characters) on each of its SKU rows: 20,000 SKU rows with
 * descriptions of 2,000 characters are 40 million characters, and as many on the bot's thread
 * once parsed. A long value equal to the one on the same product's row above (in file order)
 * crosses as its field's name in `same`, and the bot's thread puts that one string back on the
 * row (`ResultAssembly`). `repeated`: the characters left out so.
 */
export function compactEditRows(rows: readonly EditRow[]): {
  rows: CrossingRow[];
  repeated: number;
} {
  const above = new Map<number, Record<string, string>>();
  let repeated = 0;
  const compact = rows.map((row): CrossingRow => {
    const prior = above.get(row.productId);
    above.set(row.productId, row.values);
    if (!prior) return row;
    const same: string[] = [];
    for (const field in row.values) {
      const value = row.values[field]!;
      if (value.length >= REPEAT_MIN_CHARS && prior[field] === value) same.push(field);
    }
    if (same.length === 0) return row;
    // A new object of the fields kept (an object deleted from is slower to fill and copy).
    const values: Record<string, string> = {};
    for (const field in row.values)
      if (!same.includes(field)) values[field] = row.values[field]!;
      else repeated += row.values[field]!.length;
    return { ...row, values, same };
  });
  return { rows: compact, repeated };
}

/**
 * What the result costs the bot's thread (`resultCost`), its edit rows as they cross. A value
 * left out as repeated is never copied, but the comparison with the export reads it again on
 * each row: it counts a quarter, so no file repeats one long text down a hundred thousand rows.
 */
export function crossingCost(result: ImportFileResult, max: number): number {
  if (!result.ok || !result.edits) return resultCost(result, max);
  const { rows, repeated } = compactEditRows(result.edits.rows);
  const crossing = { ...result, edits: { ...result.edits, rows } };
  return resultCost(crossing, max) + Math.ceil(repeated / 4);
}

/**
 * `items` as JSON arrays of about `PART_CHARS` characters. Runs are stringified whole (one
 * call per run is over twice as fast as one per item, and than one call for the whole list),
 * each run as many items as the last one's characters per item say fit; a single item larger
 * than a part goes alone. A run stays under V8's largest ordinary object (128 KB, 64 K
 * characters of Cyrillic), so it is written in the worker's young generation, and Node 24's
 * `JSON.stringify` keeps its fast path (past that size it took 2.5-4 times as long).
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

/**
 * The messages that carry `result`, in the order they must be sent, each with the buffers to
 * hand over with it.
 */
export function* resultMessages(
  result: ImportFileResult,
): Generator<{ message: ResultMessage; transfer: ArrayBuffer[] }> {
  if (!result.ok) {
    yield { message: { result }, transfer: [] };
    return;
  }
  const encoder = new TextEncoder();
  for (const part of ["products", "invalid", "edits"] as const) {
    for (const run of runs(listOf(result, part))) {
      // Each its own buffer (not a pooled one), so it can be handed over.
      const json = encoder.encode(run.json);
      yield { message: { part, json, count: run.count }, transfer: [json.buffer as ArrayBuffer] };
    }
  }
  const rest: OkResult = { ...result, products: [], invalid: [] };
  if (result.edits) rest.edits = { ...result.edits, rows: [] };
  yield { message: { result: rest }, transfer: [] };
}

/** A run's items, read from its UTF-8 JSON. */
const itemsOf = <T>(run: Uint8Array) =>
  JSON.parse(Buffer.from(run.buffer, run.byteOffset, run.byteLength).toString("utf8")) as T[];

/** Puts the messages of one result back together, on the bot's thread. */
export class ResultAssembly {
  private readonly products: ProductsText = { count: 0, runs: [] };
  private readonly lists: Record<Exclude<List, "products">, unknown[]> = { invalid: [], edits: [] };
  /** Each product's last edit row's values, for the values its next rows repeat. */
  private readonly editValues = new Map<number, Record<string, string>>();

  /** An edit row with the values it repeats from its product's row above put back (one string). */
  private whole(row: CrossingRow): EditRow {
    const { same, ...rest } = row;
    const prior = this.editValues.get(row.productId);
    if (same && prior) for (const field of same) rest.values[field] = prior[field]!;
    this.editValues.set(row.productId, rest.values);
    return rest;
  }

  /** Takes one message; the whole result once the last one has come. */
  take(message: ResultMessage): ReadFileResult | undefined {
    if ("part" in message) {
      if (message.part === "products") {
        this.products.runs.push(message.json);
        this.products.count += message.count;
        return undefined;
      }
      if (message.part === "edits") {
        for (const row of itemsOf<CrossingRow>(message.json))
          this.lists.edits.push(this.whole(row));
        return undefined;
      }
      for (const item of itemsOf(message.json)) this.lists.invalid.push(item);
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
    for (const item of itemsOf<ParsedProduct>(run)) products.push(item);
    await nextTurn();
  }
  return products;
}

/** The first product, parsing only the first run (the confirmation shows it). */
export function firstProduct(text: ProductsText): ParsedProduct | undefined {
  const run = text.runs[0];
  return run === undefined ? undefined : itemsOf<ParsedProduct>(run)[0];
}

/** The products as one JSON array in UTF-8, written from the runs without taking them apart. */
export function productsJson(text: ProductsText): Buffer {
  const pieces: Uint8Array[] = [];
  const comma = Buffer.from(",");
  for (const run of text.runs) {
    // A run is `[…]`: its items are what lies between the brackets.
    if (run.length <= 2) continue;
    pieces.push(pieces.length === 0 ? Buffer.from("[") : comma, run.subarray(1, -1));
  }
  pieces.push(Buffer.from(pieces.length === 0 ? "[]" : "]"));
  return Buffer.concat(pieces);
}
