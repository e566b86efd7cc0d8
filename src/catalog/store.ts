import { randomBytes } from "node:crypto";
import type { Locale } from "../i18n.js";
import { KEY_PREFIX, type KeyValueStore } from "../storage/index.js";
import type { Diff } from "./diff.js";

/** A preview may be applied, and an applied change undone, for this long. */
export const CATALOG_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredPreview {
  id: string;
  chatId: number;
  locale: Locale;
  fileName: string;
  diff: Diff;
  /** Product names (Russian, live) for the preview and the difference file. */
  names: Record<string, string>;
}

/** What an apply set: per product, each field's previous and new value. */
export interface StoredUndo {
  id: string;
  chatId: number;
  products: {
    productId: number;
    fields: { skuId?: number; field: string; was?: string; set: string }[];
  }[];
}

export const newCatalogId = () => randomBytes(9).toString("base64url");

export function createCatalogStore(kv: KeyValueStore) {
  const previewKey = (id: string) => `${KEY_PREFIX.cache}catalog-preview:${id}`;
  const undoKey = (id: string) => `${KEY_PREFIX.cache}catalog-undo:${id}`;
  return {
    savePreview: (p: StoredPreview) => kv.set(previewKey(p.id), p, CATALOG_TTL_MS),
    loadPreview: (id: string) => kv.get<StoredPreview>(previewKey(id)),
    deletePreview: (id: string) => kv.delete(previewKey(id)),
    saveUndo: (u: StoredUndo) => kv.set(undoKey(u.id), u, CATALOG_TTL_MS),
    loadUndo: (id: string) => kv.get<StoredUndo>(undoKey(id)),
    deleteUndo: (id: string) => kv.delete(undoKey(id)),
  };
}
export type CatalogStore = ReturnType<typeof createCatalogStore>;
