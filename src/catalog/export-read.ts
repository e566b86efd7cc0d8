import { createLimit } from "../limit.js";
import type { ProductListItem } from "../seller-api/index.js";
import type { LiveCard } from "./fields.js";
import {
  type CatalogSeller,
  cardOf,
  DETAILS_BATCH,
  DETAILS_CONCURRENCY,
  type ListFilter,
  listAll,
  readCodes,
} from "./live.js";

/** Cards worked between two turns of the event loop. */
const CARDS_AT_ONCE = 5;

export interface ExportReading {
  /** The list's product ids in its order, as the pages before them have all come. */
  onListed(ids: number[]): void;
  /**
   * Cards of the details answers as they come (answers in any order), a few at a time; `asked`
   * with the last of an answer: the ids it was for (an id without a card is gone).
   */
  onCards(cards: LiveCard[], asked: number[]): void;
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
  const pages: ProductListItem[][] = [];
  let nextPage = 1;
  const ordered = new Set<number>();
  // The list's order as far as every page before has come (a product on two pages, once).
  const inOrder = () => {
    for (; pages[nextPage - 1] !== undefined; nextPage++) {
      const ids = pages[nextPage - 1]!.map((p) => p.productId).filter((id) => !ordered.has(id));
      for (const id of ids) ordered.add(id);
      reading.onListed(ids);
    }
  };
  const details = (ids: number[]) => {
    const answer = guarded(() => seller.productDetails(ids)).then(async (got) => {
      const known = await codes;
      const cards = (got.products ?? []).map((d) => cardOf(d, known, items.get(d.productId)));
      // A few cards at a time, each after the answers that came meanwhile: the next request
      // (handed the lane already) goes out before these cards are worked, and an answer that
      // comes while they are does not wait for all of them.
      for (let i = 0; i === 0 || i < cards.length; i += CARDS_AT_ONCE) {
        await new Promise((resolve) => setImmediate(resolve));
        if (failure !== undefined) return; // the reading has failed: nothing more is shown
        const last = i + CARDS_AT_ONCE >= cards.length;
        reading.onCards(cards.slice(i, i + CARDS_AT_ONCE), last ? ids : []);
      }
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
      (products, page, _read, known) => {
        if (failure !== undefined) return;
        total = known;
        pages[page - 1] = products;
        inOrder();
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
