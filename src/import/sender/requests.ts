import type { SellerApi } from "../../seller-api/index.js";
import { IMPORT_BATCH_LIMIT, type ImportProduct, SellerApiError } from "../../seller-api/index.js";
import type { FileFormat, ParsedProduct, SourceRef } from "../types.js";
import type { FailedBatch, SentBatch, SentProduct } from "../watcher/types.js";

/** Requests of one document in flight at once. */
export const IMPORT_CONCURRENCY = 3;

/** One import request to make: its 1-based number and its products, in file order. */
export interface PlannedBatch {
  batch: number;
  products: ParsedProduct[];
}

export interface SendOutcome {
  sent: SentBatch[];
  failed: FailedBatch[];
  /** Requests never started because sending was stopped (`signal`). */
  unsent: PlannedBatch[];
}

/** 65 products → 30 + 30 + 5, numbered from 1. */
export function planBatches(
  products: readonly ParsedProduct[],
  limit = IMPORT_BATCH_LIMIT,
): PlannedBatch[] {
  const batches: PlannedBatch[] = [];
  for (let i = 0; i < products.length; i += limit) {
    batches.push({ batch: batches.length + 1, products: products.slice(i, i + limit) });
  }
  return batches;
}

export function batchCount(products: number, limit = IMPORT_BATCH_LIMIT): number {
  return Math.ceil(products / limit);
}

const sentProduct = (p: ParsedProduct): SentProduct => ({ ref: p.ref, skuRefs: p.skuRefs });

/**
 * Sends the batches as a steady pipeline: `concurrency` requests in flight at all times, the
 * next one starting as soon as one finishes (never in waves), and records each request's
 * outcome. The import POST is never retried: a timeout or a 5xx may have created the
 * products, so such a request is reported (`maybeProcessed`), not repeated. Once `signal`
 * aborts, no new request starts; those already sent finish and are reported.
 */
export async function sendBatches(
  seller: Pick<SellerApi, "importProducts">,
  batches: readonly PlannedBatch[],
  options: {
    concurrency?: number;
    signal?: AbortSignal;
    /** Awaited as soon as a request has its outcome, before that worker takes the next one. */
    onOutcome?: (outcome: SentBatch | FailedBatch) => Promise<void>;
  } = {},
): Promise<SendOutcome> {
  const concurrency = Math.max(1, options.concurrency ?? IMPORT_CONCURRENCY);
  const results: (SentBatch | FailedBatch | undefined)[] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length && !options.signal?.aborted) {
      const index = next++;
      const outcome = await sendOne(seller, batches[index]!);
      results[index] = outcome;
      await options.onOutcome?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  const outcome: SendOutcome = { sent: [], failed: [], unsent: [] };
  for (let index = 0; index < batches.length; index++) {
    const result = results[index];
    if (!result) outcome.unsent.push(batches[index]!);
    else if ("jobId" in result) outcome.sent.push(result);
    else outcome.failed.push(result);
  }
  return outcome;
}

async function sendOne(
  seller: Pick<SellerApi, "importProducts">,
  planned: PlannedBatch,
): Promise<SentBatch | FailedBatch> {
  const products = planned.products.map(sentProduct);
  try {
    const accepted = await seller.importProducts({
      products: planned.products.map((p) => p.product),
    });
    return { batch: planned.batch, jobId: accepted.jobId, products };
  } catch (error) {
    return { batch: planned.batch, products, error: failureOf(error) };
  }
}

function failureOf(error: unknown): FailedBatch["error"] {
  if (error instanceof SellerApiError) {
    return {
      kind: error.kind,
      ...(error.status !== undefined && { status: error.status }),
      fieldErrors: error.fieldErrors,
      // A 2xx with a body of the wrong shape was accepted all the same.
      maybeProcessed:
        error.maybeProcessed ||
        (error.status !== undefined && error.status >= 200 && error.status < 300),
    };
  }
  // Something of ours failed around the call: nobody can say whether it went out.
  return { kind: "unavailable", fieldErrors: [], maybeProcessed: true };
}

/** An API field error of a refused request, placed in the seller's file. */
export interface PlacedFieldError {
  /** The product's (or SKU's) place in the file; undefined for errors of the whole request. */
  ref: SourceRef | undefined;
  /** The column (CSV/XLSX) or the JSON path within the product. */
  field: string;
  code: string | undefined;
  description: string | undefined;
}

const PRODUCT_PATH = /^products\[(\d+)\]\.?(.*)$/i;
const SKU_PATH = /^skus\[(\d+)\]\.?(.*)$/i;
const ATTRIBUTE_PATH = /^attributes\[(\d+)\]/i;

/**
 * Maps the API's field errors of a refused request (`products[3].name.rus`,
 * `products[0].skus[1].price`) back to the rows (CSV/XLSX) or positions (JSON) of the
 * batch's products, and names the field as the seller's file does.
 */
export function placeFieldErrors(
  failed: Pick<FailedBatch, "products" | "error">,
  format: FileFormat,
  productsOfBatch?: readonly ImportProduct[],
): PlacedFieldError[] {
  return failed.error.fieldErrors.map((error) => {
    const match = PRODUCT_PATH.exec(error.field.trim());
    const index = match ? Number(match[1]) : -1;
    const sent = failed.products[index];
    if (!match || !sent) {
      return {
        ref: undefined,
        field: error.field,
        code: error.code,
        description: error.description,
      };
    }
    const rest = match[2] ?? "";
    const placed = sellerField(rest, format, sent, productsOfBatch?.[index]);
    return { ...placed, code: error.code, description: error.description };
  });
}

/**
 * A path inside one product (`skus[1].price`) as the seller's file names it: for a table the
 * column and the SKU's own row, for JSON the path and the product's position.
 */
export function sellerField(
  path: string,
  format: FileFormat,
  sent: SentProduct,
  product?: ImportProduct,
): { ref: SourceRef; field: string } {
  if (format === "json") return { ref: sent.ref, field: path === "" ? "—" : path };
  const sku = SKU_PATH.exec(path);
  if (sku) {
    const skuRef = sent.skuRefs[Number(sku[1])] ?? sent.ref;
    const column = (sku[2] ?? "").split(/[.[]/)[0] ?? "";
    return { ref: skuRef, field: column === "" ? "skus" : column };
  }
  const attribute = ATTRIBUTE_PATH.exec(path);
  if (attribute) {
    const code = product?.attributes?.[Number(attribute[1])]?.code;
    return { ref: sent.ref, field: code ? `attributes.${code}` : path };
  }
  return { ref: sent.ref, field: path === "" ? "—" : path };
}
