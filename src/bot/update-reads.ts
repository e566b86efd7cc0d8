import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFn, StorageAdapter } from "grammy";
import type { KeyValueStore } from "../storage/index.js";
import type { BotContext } from "./context.js";

/** What an update read of a key: the value as stored (JSON), or undefined when absent. */
type ReadScope = Map<string, string | undefined>;

/**
 * One round trip for what every update reads: the session and the conversation state of its
 * chat are fetched together before the plugins ask for them one after the other, and a value
 * written back unchanged (most updates only read their session) is not written at all. The
 * scope lives per update (AsyncLocalStorage), so concurrent updates of other chats never see
 * each other's values; it is created per bot, so two bots in one process share nothing.
 * Safe because each chat's updates run one at a time (sequentialize, and the chat lock
 * across instances): nobody else writes these keys while the update runs.
 */
export function createUpdateReads(kv: KeyValueStore) {
  const scope = new AsyncLocalStorage<ReadScope>();
  return {
    /** Reads `keysOf(ctx)` at once; the adapters made by `adapter` serve them from memory. */
    prefetch(keysOf: (ctx: BotContext) => string[]): MiddlewareFn<BotContext> {
      return async (ctx, next) => {
        const keys = keysOf(ctx);
        if (keys.length === 0) return next();
        const values = await kv.getMany(keys);
        const read: ReadScope = new Map(
          keys.map((key, i) => [
            key,
            values[i] === undefined ? undefined : JSON.stringify(values[i]),
          ]),
        );
        await scope.run(read, next);
      };
    },
    /** The grammY adapter over `inner`, served from the update's reads where it has them. */
    adapter<T>(inner: StorageAdapter<T>): StorageAdapter<T> {
      return {
        ...inner,
        read(key) {
          const read = scope.getStore();
          if (!read?.has(key)) return inner.read(key);
          const raw = read.get(key);
          // A fresh object per read: the plugins change what they read in place.
          return raw === undefined ? undefined : (JSON.parse(raw) as T);
        },
        async write(key, value) {
          const read = scope.getStore();
          const raw = JSON.stringify(value);
          if (read?.has(key) && read.get(key) === raw) return;
          await inner.write(key, value);
          read?.set(key, raw);
        },
        async delete(key) {
          const read = scope.getStore();
          if (read?.has(key) && read.get(key) === undefined) return;
          await inner.delete(key);
          read?.set(key, undefined);
        },
      };
    },
  };
}
