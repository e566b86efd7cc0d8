import { randomBytes } from "node:crypto";
import { KEY_PREFIX, type KeyValueStore } from "../storage/index.js";
import type { FileFormat, ParsedProduct } from "./types.js";

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

export interface DraftStore {
  save(draft: ImportDraft): Promise<void>;
  load(id: string): Promise<ImportDraft | undefined>;
  delete(id: string): Promise<void>;
}

/**
 * Drafts in storage; the few newest of this process stay in memory as well while their
 * document is worked on, so sending request after request does not parse the stored JSON
 * again each time.
 */
export function createDraftStore(kv: KeyValueStore, recentMax = 8): DraftStore {
  const recent = new Map<string, ImportDraft>();
  const remember = (draft: ImportDraft) => {
    recent.delete(draft.id);
    recent.set(draft.id, draft);
    while (recent.size > recentMax) recent.delete(recent.keys().next().value!);
  };
  return {
    async save(draft) {
      await kv.set(keyOf(draft.id), draft, DRAFT_TTL_MS);
      remember(draft);
    },
    async load(id) {
      const cached = recent.get(id);
      if (cached) return cached;
      const stored = await kv.get<ImportDraft>(keyOf(id));
      if (stored) remember(stored);
      return stored;
    },
    async delete(id) {
      recent.delete(id);
      await kv.delete(keyOf(id));
    },
  };
}
