import { normalizeStatus } from "../../config.js";
import type { ImportInfo } from "../../seller-api/index.js";
import type { SourceRef } from "../types.js";
import type { SentBatch, WatchedDocument } from "./types.js";

/**
 * Reading `import/info` (seller-api.md 2.3): when a job is final, and what its results mean for
 * the seller's rows. Pure functions; the watcher's round (round.ts) stores what they return.
 */

export interface ResultError {
  field: string;
  code: string;
  description: string;
}

export interface SkuOutcome {
  index: number;
  status: string;
  errors: ResultError[];
}

/** A product result as kept once its job is final (only what the summary needs). */
export interface ProductOutcome {
  index: number;
  status: string;
  errors: ResultError[];
  skus: SkuOutcome[];
}

export interface JobReading {
  /** Every product the batch sent is listed, and no product or SKU status is pending. */
  final: boolean;
  /** Products of the batch whose result (and every SKU's) is no longer pending. */
  finishedProducts: number;
  /** Results by request index (0-based), for the products that are listed. */
  products: ProductOutcome[];
}

/**
 * Status rules of an import job: a status is unfinished when it is one of the pending
 * list. An empty status is not (a SKU without one must not hold a final product for 24 h);
 * a product still missing from the result is what keeps a job unfinished.
 */
export function statusRules(pendingStatuses: readonly string[]) {
  const pending = new Set(pendingStatuses.map(normalizeStatus));
  return {
    isPending(status: string | null | undefined): boolean {
      return pending.has(normalizeStatus(status ?? ""));
    },
  };
}
export type StatusRules = ReturnType<typeof statusRules>;

const FAILED_STATUS = /error|fail|reject|invalid|declin|cancel|denied|notfound/;

/** A final status that says "did not work", or a result carrying errors. */
export function isFailure(status: string, errors: readonly ResultError[]): boolean {
  return errors.length > 0 || FAILED_STATUS.test(normalizeStatus(status));
}

const errorsOf = (
  items:
    | readonly { field?: string | null; code?: string | null; description?: string | null }[]
    | null
    | undefined,
): ResultError[] =>
  (items ?? []).map((e) => ({
    field: e.field ?? "",
    code: e.code ?? "",
    description: e.description ?? "",
  }));

/**
 * Reads one `import/info` answer for a batch of `expected` products. Results are matched by
 * their `index`; when the indexes do not fit the request (0..n-1, each once), by their order.
 */
export function readJob(info: ImportInfo, expected: number, rules: StatusRules): JobReading {
  const listed = info.products ?? [];
  const indexes = listed.map((p) => p.index);
  const byIndex =
    indexes.every((i) => Number.isInteger(i) && i >= 0 && i < expected) &&
    new Set(indexes).size === indexes.length;
  const products = new Map<number, ProductOutcome>();
  listed.forEach((p, order) => {
    const index = byIndex ? p.index : order;
    if (index >= expected || products.has(index)) return;
    products.set(index, {
      index,
      status: p.status ?? "",
      errors: errorsOf(p.errors),
      skus: (p.skus ?? []).map((s, k) => ({
        index: Number.isInteger(s.index) ? s.index : k,
        status: s.status ?? "",
        errors: errorsOf(s.errors),
      })),
    });
  });
  let finishedProducts = 0;
  for (const p of products.values()) {
    if (!rules.isPending(p.status) && p.skus.every((s) => !rules.isPending(s.status))) {
      finishedProducts++;
    }
  }
  const ordered = [...products.values()].sort((a, b) => a.index - b.index);
  return { final: finishedProducts === expected, finishedProducts, products: ordered };
}

/** What went wrong, and where in the seller's file. */
export type Problem =
  | {
      kind: "result";
      batch: number;
      ref: SourceRef;
      field: string;
      code: string;
      description: string;
    }
  | {
      /** A product reported failed with no error items at all. */
      kind: "no-details";
      batch: number;
      ref: SourceRef;
      status: string;
    }
  | {
      /** A 400 of the import request: a field error, mapped to the product when it names one. */
      kind: "refused";
      batch: number;
      refs: SourceRef[];
      field: string;
      code: string;
      description: string;
    }
  | { kind: "maybe-created"; batch: number; refs: SourceRef[] }
  | { kind: "unfinished"; batch: number; refs: SourceRef[] };

export interface Tally {
  /** Products in accepted requests. */
  accepted: number;
  succeeded: number;
  failed: number;
  skusSucceeded: number;
  skusFailed: number;
  /** Products of accepted jobs without a final result (expired documents). */
  unfinished: number;
  /** Products of requests refused with an error (not created). */
  refused: number;
  refusedBatches: number[];
  /** Products of requests whose answer was lost (may have been created). */
  maybeCreated: number;
  maybeBatches: number[];
  unfinishedBatches: number[];
  problems: Problem[];
}

/** `products[3].skus[0].price` → product 3, SKU 0 (any case, dots or brackets). */
const FIELD_PATH = /^products\[(\d+)\](?:\.skus\[(\d+)\])?/i;

function refOfField(field: string, products: SentBatch["products"]): SourceRef[] | undefined {
  const m = FIELD_PATH.exec(field);
  if (!m) return undefined;
  const product = products[Number(m[1])];
  if (!product) return undefined;
  if (m[2] !== undefined) {
    const sku = product.skuRefs[Number(m[2])];
    if (sku) return [sku];
  }
  return [product.ref];
}

type SentProduct = SentBatch["products"][number];

function emptyTally(): Tally {
  return {
    accepted: 0,
    succeeded: 0,
    failed: 0,
    skusSucceeded: 0,
    skusFailed: 0,
    unfinished: 0,
    refused: 0,
    refusedBatches: [],
    maybeCreated: 0,
    maybeBatches: [],
    unfinishedBatches: [],
    problems: [],
  };
}

/** The problems of a failed product: its own errors, then its SKUs' (named as the file names them). */
function productProblems(batch: number, sent: SentProduct, result: ProductOutcome): Problem[] {
  const problems: Problem[] = result.errors.map((e) => ({
    kind: "result" as const,
    batch,
    ref: sent.ref,
    ...e,
  }));
  for (const sku of result.skus) {
    const ref = sent.skuRefs[sku.index] ?? sent.ref;
    for (const e of sku.errors) {
      // A CSV/XLSX row names the SKU; a JSON position names only its product, so the
      // field says which SKU (as the seller's file has it: skus[1].barcode).
      const field =
        ref.kind === "position" && !e.field.startsWith("skus[")
          ? `skus[${sku.index}]${e.field ? `.${e.field}` : ""}`
          : e.field;
      problems.push({ kind: "result", batch, ref, ...e, field });
    }
  }
  if (problems.length === 0) {
    problems.push({ kind: "no-details", batch, ref: sent.ref, status: result.status });
  }
  return problems;
}

/** Counts one sent product of a finished job into the tally. */
function tallyProduct(
  t: Tally,
  batch: number,
  sent: SentProduct,
  result: ProductOutcome | undefined,
) {
  if (!result) {
    // A final job lists every product; kept for safety with odd answers.
    t.failed++;
    t.problems.push({ kind: "no-details", batch, ref: sent.ref, status: "" });
    return;
  }
  let skuFailed = false;
  for (const sku of result.skus) {
    if (isFailure(sku.status, sku.errors)) {
      t.skusFailed++;
      skuFailed = true;
    } else t.skusSucceeded++;
  }
  if (!isFailure(result.status, result.errors) && !skuFailed) {
    t.succeeded++;
    return;
  }
  t.failed++;
  t.problems.push(...productProblems(batch, sent, result));
}

/** Counts a request the API did not accept: maybe created (answer lost) or refused. */
function tallyFailedBatch(t: Tally, failed: WatchedDocument["failedBatches"][number]) {
  const refs = failed.products.map((p) => p.ref);
  if (failed.error.maybeProcessed) {
    t.maybeCreated += failed.products.length;
    t.maybeBatches.push(failed.batch);
    t.problems.push({ kind: "maybe-created", batch: failed.batch, refs });
    return;
  }
  t.refused += failed.products.length;
  t.refusedBatches.push(failed.batch);
  if (failed.error.fieldErrors.length === 0) {
    t.problems.push({
      kind: "refused",
      batch: failed.batch,
      refs,
      field: "",
      code: failed.error.status ? `HTTP ${failed.error.status}` : failed.error.kind,
      description: "",
    });
  }
  for (const e of failed.error.fieldErrors) {
    t.problems.push({
      kind: "refused",
      batch: failed.batch,
      refs: refOfField(e.field, failed.products) ?? refs,
      field: e.field,
      code: e.code ?? "",
      description: e.description ?? "",
    });
  }
}

/**
 * Counts and problems of a document: final results by job id (jobs missing there are
 * unfinished), and the requests the API did not accept.
 */
export function tallyDocument(
  doc: WatchedDocument,
  results: ReadonlyMap<number, ProductOutcome[]>,
): Tally {
  const t = emptyTally();
  for (const batch of doc.batches) {
    t.accepted += batch.products.length;
    const outcome = results.get(batch.jobId);
    if (!outcome) {
      t.unfinished += batch.products.length;
      t.unfinishedBatches.push(batch.batch);
      t.problems.push({
        kind: "unfinished",
        batch: batch.batch,
        refs: batch.products.map((p) => p.ref),
      });
      continue;
    }
    batch.products.forEach((sent, index) => {
      tallyProduct(
        t,
        batch.batch,
        sent,
        outcome.find((p) => p.index === index),
      );
    });
  }
  for (const failed of doc.failedBatches) tallyFailedBatch(t, failed);
  return t;
}
