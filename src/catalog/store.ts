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
  /** Cost prices the apply kept (tiyn): each barcode's previous and new cost, none if absent. */
  costs?: { barcode: string; was?: number; set?: number }[];
}

export const newCatalogId = () => randomBytes(9).toString("base64url");

/**
 * How long a press holds a preview (or an undo) while the live cards are read again and the
 * edit handed to the sender: a process that dies meanwhile frees it after this long.
 */
export const CLAIM_TTL_MS = 5 * 60_000;
/** The claim's value once the edit went to the sender: the preview is used, for good. */
const USED = "used";

/** Outcome of claiming a preview or an undo record for one press. */
export type ClaimResult = "claimed" | "busy" | "used";

export function createCatalogStore(kv: KeyValueStore) {
  const previewKey = (id: string) => `${KEY_PREFIX.cache}catalog-preview:${id}`;
  const undoKey = (id: string) => `${KEY_PREFIX.cache}catalog-undo:${id}`;
  const claimKey = (kind: "preview" | "undo", id: string) =>
    `${KEY_PREFIX.cache}catalog-claim:${kind}:${id}`;
  const secretKey = `${KEY_PREFIX.secret}catalog-export`;
  return {
    /**
     * The bot's secret that keys the fingerprints and seals of its exports: made once, kept in
     * storage (every instance shares it), never logged. Lost, the exports made before it cannot
     * tell edits from cabinet changes any more (their differences are asked about apart).
     */
    async exportSecret(): Promise<Buffer> {
      const kept = await kv.get<string>(secretKey);
      if (kept) return Buffer.from(kept, "base64");
      // Another instance may make one at the same moment: the first one written is the one.
      await kv.setIfAbsent(secretKey, randomBytes(32).toString("base64"));
      const made = await kv.get<string>(secretKey);
      if (!made) throw new Error("the export secret was not kept");
      return Buffer.from(made, "base64");
    },
    /**
     * One press at a time, over every instance: `owner` holds the record until it releases it
     * (nothing was sent) or marks it used (the edit went to the sender).
     */
    async claim(kind: "preview" | "undo", id: string, owner: string): Promise<ClaimResult> {
      if (await kv.setIfAbsent(claimKey(kind, id), owner, CLAIM_TTL_MS)) return "claimed";
      return (await kv.get(claimKey(kind, id))) === USED ? "used" : "busy";
    },
    /** Nothing was sent: the record may be pressed again. */
    release: (kind: "preview" | "undo", id: string, owner: string) =>
      kv.deleteIfEquals(claimKey(kind, id), owner),
    /** Sent (or cancelled): the record is never used again, even if deleting it fails. */
    markUsed: (kind: "preview" | "undo", id: string) =>
      kv.set(claimKey(kind, id), USED, CATALOG_TTL_MS),
    /** Marked used, and then nothing was sent after all (the bot began stopping). */
    reopen: (kind: "preview" | "undo", id: string) => kv.deleteIfEquals(claimKey(kind, id), USED),
    savePreview: (p: StoredPreview) => kv.set(previewKey(p.id), p, CATALOG_TTL_MS),
    loadPreview: (id: string) => kv.get<StoredPreview>(previewKey(id)),
    deletePreview: (id: string) => kv.delete(previewKey(id)),
    saveUndo: (u: StoredUndo) => kv.set(undoKey(u.id), u, CATALOG_TTL_MS),
    loadUndo: (id: string) => kv.get<StoredUndo>(undoKey(id)),
    deleteUndo: (id: string) => kv.delete(undoKey(id)),
  };
}
export type CatalogStore = ReturnType<typeof createCatalogStore>;
