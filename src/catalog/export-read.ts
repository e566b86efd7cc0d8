import type { ProductListItem } from "../seller-api/index.js";
import type { LiveCard } from "./fields.js";
import {
  type CatalogSeller,
  cardOf,
  createLimit,
  DETAILS_BATCH,
  DETAILS_CONCURRENCY,
  type ListFilter,
  listAll,
  readCodes,
} from "./live.js";

export interface ExportReading {
  /** The cards of one details answer, as it comes (answers in no particular order). */
  onCards(cards: LiveCard[]): void;
  /** Products whose details are read, of the products listed (known from the first page). */
  onProgress(done: number, total: number): void;
}

/**
 * Reads what an export needs with one limit of 3 Seller API requests in flight, so none waits
 * while a lane is free: the list's first page (which gives the total), then its other pages at
 * once; the directories beside them; the details of each 30 products as soon as they are
 * listed. Cards go to `reading` as each details answer comes; the product ids in the list's
 * order come back. A failed request stops the requests not yet sent and fails the reading.
 */
export async function readForExport(
  seller: CatalogSeller,
  filter: ListFilter,
  reading: ExportReading,
): Promise<number[]> {
  const limit = createLimit(DETAILS_CONCURRENCY);
  let failure: unknown;
  const guarded = <T>(task: () => Promise<T>) =>
    limit(() => (failure === undefined ? task() : Promise.reject(failure)));
  const codes = readCodes(seller, guarded);
  codes.catch(() => {}); // awaited below; not left unhandled meanwhile
  const items = new Map<number, ProductListItem>();
  const answers: Promise<void>[] = [];
  let pending: number[] = [];
  let done = 0;
  let total = 0;
  const details = (ids: number[]) => {
    const answer = guarded(() => seller.productDetails(ids)).then(async (got) => {
      const known = await codes;
      // The next request has been handed the lane: it goes out before these cards are worked.
      await new Promise((resolve) => setImmediate(resolve));
      if (failure !== undefined) return; // the reading has failed: nothing more is shown
      reading.onCards((got.products ?? []).map((d) => cardOf(d, known, items.get(d.productId))));
      done += ids.length;
      reading.onProgress(done, total);
    });
    answer.catch((error: unknown) => {
      failure ??= error;
    });
    answers.push(answer);
  };
  try {
    const listed = await listAll(
      seller,
      filter,
      (products, _read, known) => {
        if (failure !== undefined) return;
        total = known;
        for (const p of products) {
          if (items.has(p.productId)) continue;
          items.set(p.productId, p);
          pending.push(p.productId);
        }
        while (pending.length >= DETAILS_BATCH) details(pending.splice(0, DETAILS_BATCH));
        reading.onProgress(done, total);
      },
      guarded,
    );
    total = listed.length;
    if (pending.length > 0) details(pending);
    pending = [];
    await Promise.all([codes, ...answers]);
    return listed.map((p) => p.productId);
  } catch (error) {
    failure ??= error;
    throw error;
  }
}
