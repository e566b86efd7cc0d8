import { createHash } from "node:crypto";
import { KEY_PREFIX, type KeyValueStore } from "../../../storage/index.js";

/** Directories change rarely; a lookup older than this is read again. */
export const DIRECTORY_TTL_MS = 10 * 60_000;

const inFlight = new Map<string, Promise<unknown>>();

export function directoryKey(kind: string, query: unknown): string {
  const hash = createHash("sha1").update(JSON.stringify(query)).digest("base64url").slice(0, 20);
  return `${KEY_PREFIX.cache}dir:${kind}:${hash}`;
}

/**
 * A directory answer from the store (Redis when configured) or, once per TTL, from the API.
 * Concurrent misses of one key share a single call.
 */
export async function cachedDirectory<T>(
  kv: KeyValueStore,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const hit = await kv.get<T>(key);
  if (hit !== undefined) return hit;
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const task = (async () => {
    try {
      const value = await load();
      await kv.set(key, value, DIRECTORY_TTL_MS);
      return value;
    } finally {
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, task);
  return task;
}
