import { randomBytes } from "node:crypto";
import { KEY_PREFIX, type KeyValueStore } from "../storage/index.js";
import { parseProducts, productsJson } from "./read/parts.js";
import type { FileFormat, ParsedProduct, ProductsText } from "./types.js";

/**
 * A read document waiting to be sent: its valid products and the problem report. Kept in
 * storage under an id with a TTL (not in the conversation's state, which is replayed on
 * every update of the chat); the conversation holds only the id.
 */
export interface ImportDraft {
  id: string;
  chatId: number;
  fileName: string;
  format: FileFormat;
  products: ParsedProduct[];
  /** Invalid products (not sent). */
  invalid: number;
  /** The problem report (CSV text), when the list is too long for a message. */
  report?: string;
}

/** How long a seller may take to choose "import the valid ones". */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

const keyOf = (id: string) => `${KEY_PREFIX.cache}import-draft:${id}`;

/** Short, ASCII, callback-data safe. */
export function newDraftId(): string {
  return randomBytes(9).toString("base64url");
}

/**
 * A draft to store: its products parsed, or still the JSON text the reading worker wrote
 * (stored as it is: a 10,000-SKU list is not taken apart and written out again).
 */
export type DraftToSave = Omit<ImportDraft, "products"> & {
  products: ParsedProduct[] | ProductsText;
};

export interface DraftStore {
  save(draft: DraftToSave): Promise<void>;
  load(id: string): Promise<ImportDraft | undefined>;
  delete(id: string): Promise<void>;
}

/** A draft kept in memory: parsed, or as saved with its products still text. */
type Recent = { draft: ImportDraft } | { saved: DraftToSave & { products: ProductsText } };

/**
 * Drafts in storage; the few newest of this process stay in memory as well while their
 * document is worked on, so sending request after request does not parse the stored JSON
 * again each time. A draft saved with its products as text is parsed once, when first loaded.
 */
export function createDraftStore(kv: KeyValueStore, recentMax = 8): DraftStore {
  const recent = new Map<string, Recent>();
  const remember = (id: string, entry: Recent) => {
    recent.delete(id);
    recent.set(id, entry);
    while (recent.size > recentMax) recent.delete(recent.keys().next().value!);
  };
  return {
    async save(draft) {
      const { products, ...rest } = draft;
      const parsed = Array.isArray(products);
      // The stored form is the parsed draft's JSON: `products` first, then the rest.
      const list = parsed ? Buffer.from(JSON.stringify(products)) : productsJson(products);
      const json = Buffer.concat([
        Buffer.from('{"products":'),
        list,
        Buffer.from(`,${JSON.stringify(rest).slice(1)}`),
      ]);
      await kv.setJson(keyOf(draft.id), json, DRAFT_TTL_MS);
      remember(
        draft.id,
        parsed ? { draft: { ...rest, products } } : { saved: { ...rest, products } },
      );
    },
    async load(id) {
      const cached = recent.get(id);
      if (cached && "draft" in cached) return cached.draft;
      if (cached) {
        const draft = { ...cached.saved, products: await parseProducts(cached.saved.products) };
        remember(id, { draft });
        return draft;
      }
      const stored = await kv.get<ImportDraft>(keyOf(id));
      if (stored) remember(id, { draft: stored });
      return stored;
    },
    async delete(id) {
      recent.delete(id);
      await kv.delete(keyOf(id));
    },
  };
}
