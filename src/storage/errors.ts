import type { StorageAdapter } from "grammy";
import type { KeyValueStore, Storage } from "./types.js";

/** The store (Redis or the data folder) could not be read or written. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  constructor(operation: string, cause: unknown) {
    super(
      `storage ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}

const guard =
  <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      throw new StorageUnavailableError(operation, error);
    }
  };

/** Every failure of the store becomes a StorageUnavailableError, which the bot explains. */
export function guardStorage<S extends Storage>(storage: S): S {
  const kv: KeyValueStore = {
    get: guard("get", storage.kv.get.bind(storage.kv)) as KeyValueStore["get"],
    getMany: guard("getMany", storage.kv.getMany.bind(storage.kv)) as KeyValueStore["getMany"],
    set: guard("set", storage.kv.set.bind(storage.kv)),
    setJson: guard("setJson", storage.kv.setJson.bind(storage.kv)),
    setIfAbsent: guard("setIfAbsent", storage.kv.setIfAbsent.bind(storage.kv)),
    deleteIfEquals: guard("deleteIfEquals", storage.kv.deleteIfEquals.bind(storage.kv)),
    expireIfEquals: guard("expireIfEquals", storage.kv.expireIfEquals.bind(storage.kv)),
    delete: guard("delete", storage.kv.delete.bind(storage.kv)),
    setAdd: guard("setAdd", storage.kv.setAdd.bind(storage.kv)),
    setRemove: guard("setRemove", storage.kv.setRemove.bind(storage.kv)),
    setMembers: guard("setMembers", storage.kv.setMembers.bind(storage.kv)),
    ping: guard("ping", storage.kv.ping.bind(storage.kv)),
  };
  return {
    ...storage,
    kv,
    adapter<T>(): StorageAdapter<T> {
      const inner = storage.adapter<T>();
      return {
        ...inner,
        read: guard("read", (key: string) => Promise.resolve(inner.read(key))),
        write: guard("write", (key: string, value: T) => Promise.resolve(inner.write(key, value))),
        delete: guard("delete", (key: string) => Promise.resolve(inner.delete(key))),
      };
    },
  };
}
