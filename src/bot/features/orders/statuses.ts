import type { SellerApi } from "../../../seller-api/index.js";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";
import { shorten } from "../../../text/index.js";

export interface StatusChoice {
  key: string;
  label: string;
}

/** The spec lists no order statuses (2.9): offer those the seller's own newest orders carry. */
const SAMPLE_SIZE = 100;
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
  const list = await seller.listOrders({
    pageNumber: 1,
    pageSize: SAMPLE_SIZE,
    sortBy: "createdDate",
    sortDirection: "desc",
  });
  const byKey = new Map<string, string>();
  for (const order of list.orders ?? []) {
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
