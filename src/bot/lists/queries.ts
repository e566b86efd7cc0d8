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

type StoredQuery = ListQuery & { kind: ListKind; chatId?: number };

/**
 * What a list's buttons need to redo its query. A search text does not fit in 64 bytes of
 * callback data, so the query is stored under a short random id and the buttons carry the id.
 * A stored query belongs to the chat it was made in: a press of its id from another chat (a
 * copied or forged button) reads nothing.
 */
export function createListQueries(kv: KeyValueStore) {
  const read = async (kind: ListKind, id: string, chatId: number) => {
    if (id === PLAIN_QUERY_ID) return { query: {} };
    const stored = await kv.get<StoredQuery>(keyOf(id));
    // Stored before queries were bound to their chat: out of date like an expired one.
    if (!stored || stored.kind !== kind || stored.chatId === undefined) return undefined;
    const { kind: _kind, chatId: owner, ...query } = stored;
    return owner === chatId ? { query } : { otherChat: true as const };
  };
  return {
    async save(kind: ListKind, query: ListQuery, chatId: number): Promise<string> {
      if (isPlain(query)) return PLAIN_QUERY_ID;
      const id = randomBytes(6).toString("base64url");
      await kv.set(keyOf(id), { kind, chatId, ...query }, LIST_QUERY_TTL_MS);
      return id;
    },
    /**
     * The query behind an id in this chat, or undefined when it expired, belongs to another
     * list or was made in another chat.
     */
    async load(kind: ListKind, id: string, chatId: number): Promise<ListQuery | undefined> {
      const found = await read(kind, id, chatId);
      return found && "query" in found ? found.query : undefined;
    },
    /** The query behind a pressed button; the one place "this list is outdated" is said. */
    async require(kind: ListKind, id: string, chatId: number): Promise<ListQuery> {
      const found = await read(kind, id, chatId);
      if (!found) throw new ButtonNotice("list-outdated");
      if ("otherChat" in found) throw new ButtonNotice("button-other-chat");
      return found.query;
    },
  };
}
export type ListQueries = ReturnType<typeof createListQueries>;
