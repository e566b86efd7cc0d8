import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFn, StorageAdapter } from "grammy";
import type { Update } from "grammy/types";
import type { KeyValueStore } from "../storage/index.js";
import type { BotContext } from "./context.js";

/** What an update read of its keys: the value as stored (JSON), or undefined when absent. */
interface ReadScope {
  /** The update the values were read for (a scope is never taken over by another update). */
  update: Update;
  values: Map<string, string | undefined>;
}

/** Where an update's reads come from before the plugins ask: the chat lock, or `prefetch`. */
export interface UpdateReads {
  /** The keys every update of `ctx` reads (its chat's session and conversation state). */
  keysOf(ctx: BotContext): string[];
  /** Runs `next` with `values` (read for `keys`) served to the adapters made by `adapter`. */
  serve<T>(
    ctx: BotContext,
    keys: string[],
    values: (T | undefined)[],
    next: () => Promise<void>,
  ): Promise<void>;
}

/**
 * One round trip for what every update reads: the session and the conversation state of its
 * chat are fetched together before the plugins ask for them one after the other (with the
 * chat's lock on Redis, in the same script), and a value written back unchanged (most
 * updates only read their session) is not written at all. The scope lives per update
 * (AsyncLocalStorage), so concurrent updates of other chats never see each other's values;
 * it is created per bot, so two bots in one process share nothing. Safe because each chat's
 * updates run one at a time (sequentialize, and the chat lock across instances): nobody else
 * writes these keys while the update runs.
 */
export function createUpdateReads(kv: KeyValueStore, keysOf: (ctx: BotContext) => string[]) {
  const scope = new AsyncLocalStorage<ReadScope>();
  const serve: UpdateReads["serve"] = (ctx, keys, values, next) => {
    const read = new Map(
      keys.map((key, i) => [key, values[i] === undefined ? undefined : JSON.stringify(values[i])]),
    );
    return scope.run({ update: ctx.update, values: read }, next);
  };
  return {
    keysOf,
    serve,
    /** Ends the scope when the bot is closed (see createSellerApiDeadlines for why it matters). */
    close: () => scope.disable(),
    /** Reads `keysOf(ctx)` at once, unless the chat lock has read them for this update. */
    prefetch(): MiddlewareFn<BotContext> {
      return async (ctx, next) => {
        if (scope.getStore()?.update === ctx.update) return next();
        const keys = keysOf(ctx);
        if (keys.length === 0) return next();
        await serve(ctx, keys, await kv.getMany(keys), next);
      };
    },
    /** The grammY adapter over `inner`, served from the update's reads where it has them. */
    adapter<T>(inner: StorageAdapter<T>): StorageAdapter<T> {
      return {
        ...inner,
        read(key) {
          const read = scope.getStore()?.values;
          if (!read?.has(key)) return inner.read(key);
          const raw = read.get(key);
          // A fresh object per read: the plugins change what they read in place.
          return raw === undefined ? undefined : (JSON.parse(raw) as T);
        },
        async write(key, value) {
          const read = scope.getStore()?.values;
          const raw = JSON.stringify(value);
          if (read?.has(key) && read.get(key) === raw) return;
          await inner.write(key, value);
          read?.set(key, raw);
        },
        async delete(key) {
          const read = scope.getStore()?.values;
          if (read?.has(key) && read.get(key) === undefined) return;
          await inner.delete(key);
          read?.set(key, undefined);
        },
      };
    },
  };
}
