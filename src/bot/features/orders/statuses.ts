import { createLimit } from "../../../limit.js";
import type { SellerApi } from "../../../seller-api/index.js";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";
import { shorten } from "../../../text/index.js";

export interface StatusChoice {
  key: string;
  label: string;
}

/**
 * The spec lists no order statuses (2.9): offer those the seller's own orders carry. The newest
 * hundred of a real shop are hours old, all new or accepted; a return or a completed order is
 * weeks old. So pages ever further back are sampled too (1, 2, 4 … 128 of a hundred: the last
 * months of a shop of a hundred thousand lines a year), three at a time.
 */
const SAMPLE_SIZE = 100;
const SAMPLE_PAGES = [1, 2, 4, 8, 16, 32, 64, 128];
const IN_FLIGHT = 3;
const STATUSES_KEY = `${KEY_PREFIX.cache}orders:statuses`;
const STATUSES_TTL_MS = 5 * 60_000;
/** Enough for a menu; more would crowd the keyboard. */
const MAX_CHOICES = 12;

export async function orderStatusChoices(
  seller: SellerApi,
  kv: KeyValueStore,
): Promise<StatusChoice[]> {
  const cached = await kv.get<StatusChoice[]>(STATUSES_KEY);
  if (cached) return cached;
  const page = (pageNumber: number) =>
    seller.listOrders({
      pageNumber,
      pageSize: SAMPLE_SIZE,
      sortBy: "createdDate",
      sortDirection: "desc",
    });
  const first = await page(1);
  const pages = first.totalPages ?? Math.ceil((first.totalCount ?? 0) / SAMPLE_SIZE);
  const limit = createLimit(IN_FLIGHT);
  const older = await Promise.all(
    SAMPLE_PAGES.filter((n) => n > 1 && n <= pages).map((n) => limit(() => page(n))),
  );
  const byKey = new Map<string, string>();
  for (const order of [first, ...older].flatMap((list) => list.orders ?? [])) {
    const key = order.statusKey?.trim();
    if (!key || byKey.has(key)) continue;
    byKey.set(key, shorten(order.statusLabel?.trim() || key, 40));
  }
  const choices = [...byKey]
    .map(([key, label]) => ({ key, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "ru"))
    .slice(0, MAX_CHOICES);
  await kv.set(STATUSES_KEY, choices, STATUSES_TTL_MS);
  return choices;
}
