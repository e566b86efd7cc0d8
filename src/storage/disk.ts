import { mkdirSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { StorageAdapter } from "grammy";
import type { KeyValueStore, Storage } from "./types.js";

interface Entry {
  value: unknown;
  expiresAt?: number;
}

/**
 * Embedded storage: one JSON file per key under `dir`. Written to a temporary file and
 * renamed, so a crash never leaves half a session (the grammY file adapter writes in place).
 * One process owns a data folder; claims are exact within it.
 */
export function createDiskKv(dir: string): KeyValueStore {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => join(root, `${encodeURIComponent(key)}.json`);
  let tmpCounter = 0;
  // Serialises compare-and-set operations per key inside this process.
  const locks = new Map<string, Promise<unknown>>();
  const withLock = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => {});
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return run;
  };

  const read = async (key: string): Promise<Entry | undefined> => {
    let raw: string;
    try {
      raw = await readFile(fileOf(key), "utf8");
    } catch {
      return undefined;
    }
    let entry: Entry;
    try {
      entry = JSON.parse(raw) as Entry;
    } catch {
      return undefined;
    }
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      await rm(fileOf(key), { force: true });
      return undefined;
    }
    return entry;
  };
  const write = async (key: string, value: unknown, ttlMs?: number) => {
    const entry: Entry = { value, ...(ttlMs ? { expiresAt: Date.now() + ttlMs } : {}) };
    const tmp = join(root, `.tmp-${process.pid}-${++tmpCounter}`);
    await writeFile(tmp, JSON.stringify(entry));
    await rename(tmp, fileOf(key));
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

  return {
    async get<T>(key: string) {
      return (await read(key))?.value as T | undefined;
    },
    set: (key, value, ttlMs) => withLock(key, () => write(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) =>
      withLock(key, async () => {
        if (await read(key)) return false;
        await write(key, value, ttlMs);
        return true;
      }),
    deleteIfEquals: (key, expected) =>
      withLock(key, async () => {
        const entry = await read(key);
        if (!entry || !same(entry.value, expected)) return false;
        await rm(fileOf(key), { force: true });
        return true;
      }),
    expireIfEquals: (key, expected, ttlMs) =>
      withLock(key, async () => {
        const entry = await read(key);
        if (!entry || !same(entry.value, expected)) return false;
        await write(key, entry.value, ttlMs);
        return true;
      }),
    delete: (key) => withLock(key, () => rm(fileOf(key), { force: true })),
    setAdd: (key, member) =>
      withLock(key, async () => {
        const members = ((await read(key))?.value as string[] | undefined) ?? [];
        if (!members.includes(member)) await write(key, [...members, member]);
      }),
    setRemove: (key, member) =>
      withLock(key, async () => {
        const members = ((await read(key))?.value as string[] | undefined) ?? [];
        if (members.includes(member))
          await write(
            key,
            members.filter((m) => m !== member),
          );
      }),
    async setMembers(key) {
      return ((await read(key))?.value as string[] | undefined) ?? [];
    },
    async ping() {},
  };
}

export function createDiskStorage(dataDir: string): Storage {
  const kv = createDiskKv(dataDir);
  return {
    kind: "disk",
    kv,
    adapter: <T>(): StorageAdapter<T> => ({
      read: (key) => kv.get<T>(key),
      write: (key, value) => kv.set(key, value),
      delete: (key) => kv.delete(key),
    }),
    async close() {},
  };
}
