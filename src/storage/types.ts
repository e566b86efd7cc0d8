import type { StorageAdapter } from "grammy";

/**
 * The little key-value store the bot needs beyond sessions: caches, link tokens in flight,
 * watched import jobs and the claims that keep several instances from doing a job twice.
 * Values are JSON. Redis backs it when REDIS_URL is set, files under DATA_DIR otherwise.
 */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Several keys in one round trip. */
  getMany<T>(keys: string[]): Promise<(T | undefined)[]>;
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /**
   * `set` of a value already written as JSON text (`json` must be what `JSON.stringify` of the
   * value would give; as text or in UTF-8): a large value whose parts are JSON already is not
   * taken apart and written again. `get` returns the value.
   */
  setJson(key: string, json: string | Buffer, ttlMs?: number): Promise<void>;
  /** Sets only when the key is absent; true when it was set. The building block of claims. */
  setIfAbsent(key: string, value: unknown, ttlMs?: number): Promise<boolean>;
  /** Deletes only while the key still holds `expected` (release one's own claim). */
  deleteIfEquals(key: string, expected: unknown): Promise<boolean>;
  /** Renews the TTL only while the key still holds `expected` (extend one's own lease). */
  expireIfEquals(key: string, expected: unknown, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Adds a member to the set at `key` (indexes such as the watched imports; no TTL). */
  setAdd(key: string, member: string): Promise<void>;
  setRemove(key: string, member: string): Promise<void>;
  setMembers(key: string): Promise<string[]>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
}

export interface Storage {
  kind: "redis" | "disk";
  kv: KeyValueStore;
  /** grammY adapter for sessions and conversations; keys are prefixed by their users. */
  adapter<T>(): StorageAdapter<T>;
  close(): Promise<void>;
}

/** Key prefixes, kept apart so sessions and conversations never overwrite each other. */
export const KEY_PREFIX = {
  session: "session:",
  conversation: "conv:",
  cache: "cache:",
  import: "import:",
  /** Webhook updates already taken (one instance handles each update id). */
  update: "update:",
  /** Failed link attempts per chat and per user (throttling token guessing). */
  linkFailures: "link-failures:",
  /** The bot's own secrets (the key of its exports' records), made once and kept. */
  secret: "secret:",
} as const;
