/**
 * The seller's cost prices: the Seller API has none, so the bot keeps them, one per SKU by its
 * barcode (order lines name their SKU by barcode), per unit, in tiyn. One key per barcode and
 * an index of the barcodes kept: two returns applied at once never overwrite each other's
 * costs, as one stored list would. Kept without expiry, under the seller's own key.
 */
import { createHash } from "node:crypto";
import type { KeyValueStore } from "../storage/index.js";
import type { CostOf } from "./figures.js";

/** Keys read in one round trip when every cost is read (a catalog of 20,000 SKUs: 20 of them). */
const READ_AT_ONCE = 1000;
/** Writes in flight at once (a return of thousands of costs). */
const WRITE_AT_ONCE = 50;

/** A barcode's new cost (tiyn), or none (the cost removed). */
export interface CostSetting {
  barcode: string;
  cost: number | undefined;
}

/**
 * Whose costs these are: the cabinet the bot's credentials open (the Seller API's address and
 * the client id, or the token), as a short hash: no credential is written to storage.
 */
export function sellerKeyOf(baseUrl: string, identity: string): string {
  return createHash("sha256").update(`${baseUrl}\0${identity}`).digest("hex").slice(0, 16);
}

export function createCostStore(kv: KeyValueStore, seller: string) {
  const base = `costs:${seller}:`;
  const costKey = (barcode: string) => `${base}sku:${barcode}`;
  const index = `${base}barcodes`;
  async function get(barcodes: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const wanted = [...new Set(barcodes.filter(Boolean))];
    for (let i = 0; i < wanted.length; i += READ_AT_ONCE) {
      const part = wanted.slice(i, i + READ_AT_ONCE);
      const values = await kv.getMany<number>(part.map(costKey));
      part.forEach((barcode, j) => {
        const cost = values[j];
        if (typeof cost === "number" && Number.isSafeInteger(cost) && cost >= 0)
          out.set(barcode, cost);
      });
    }
    return out;
  }
  async function setOne({ barcode, cost }: CostSetting) {
    if (cost === undefined) {
      await kv.delete(costKey(barcode));
      await kv.setRemove(index, barcode);
      return;
    }
    await kv.set(costKey(barcode), cost);
    await kv.setAdd(index, barcode);
  }
  return {
    get,
    /** Every cost kept, by barcode. */
    all: async () => get(await kv.setMembers(index)),
    /** Sets (or removes) each cost; a barcode named twice takes its last setting. */
    async set(settings: readonly CostSetting[]) {
      const last = new Map(settings.map((s) => [s.barcode, s]));
      const queue = [...last.values()];
      for (let i = 0; i < queue.length; i += WRITE_AT_ONCE) {
        await Promise.all(queue.slice(i, i + WRITE_AT_ONCE).map(setOne));
      }
    },
    /** The costs as they are now, as the figures look them up. */
    async costOf(): Promise<CostOf> {
      const costs = await get(await kv.setMembers(index));
      return (barcode) => costs.get(barcode);
    },
  };
}
export type CostStore = ReturnType<typeof createCostStore>;
