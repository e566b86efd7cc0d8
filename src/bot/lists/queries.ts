import { randomBytes } from "node:crypto";
import { KEY_PREFIX, type KeyValueStore } from "../../storage/index.js";
import { ButtonNotice } from "../buttons/handle.js";

/** How long the buttons of a list keep working. */
export const LIST_QUERY_TTL_MS = 24 * 60 * 60_000;
/** The id of a list without search or filter: needs no storage and never goes stale. */
export const PLAIN_QUERY_ID = "0";

export type ListKind = "orders" | "products" | "categories" | "brands" | "attributes";

export interface ListQuery {
  search?: string;
  /** orders: the statusKey filtered by, and its label as the seller saw it */
  status?: string;
  statusLabel?: string;
  /** orders: the status choices offered by a filter menu, pressed by index */
  choices?: { key: string; label: string }[];
  /** attributes: the category asked for */
  categoryId?: number;
}

const keyOf = (id: string) => `${KEY_PREFIX.cache}list:${id}`;
const isPlain = (q: ListQuery) =>
  !q.search && !q.status && !q.choices && q.categoryId === undefined;

/**
 * What a list's buttons need to redo its query. A search text does not fit in 64 bytes of
 * callback data, so the query is stored under a short random id and the buttons carry the id.
 */
export function createListQueries(kv: KeyValueStore) {
  return {
    async save(kind: ListKind, query: ListQuery): Promise<string> {
      if (isPlain(query)) return PLAIN_QUERY_ID;
      const id = randomBytes(6).toString("base64url");
      await kv.set(keyOf(id), { kind, ...query }, LIST_QUERY_TTL_MS);
      return id;
    },
    /** The query behind an id, or undefined when it expired or belongs to another list. */
    async load(kind: ListKind, id: string): Promise<ListQuery | undefined> {
      if (id === PLAIN_QUERY_ID) return {};
      const stored = await kv.get<ListQuery & { kind: ListKind }>(keyOf(id));
      if (!stored || stored.kind !== kind) return undefined;
      const { kind: _kind, ...query } = stored;
      return query;
    },
    /** The query behind a pressed button; the one place "this list is outdated" is said. */
    async require(kind: ListKind, id: string): Promise<ListQuery> {
      const query = await this.load(kind, id);
      if (!query) throw new ButtonNotice("list-outdated");
      return query;
    },
  };
}
export type ListQueries = ReturnType<typeof createListQueries>;
