import { mkdirSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { StorageAdapter } from "grammy";
import { createLimit } from "../limit.js";
import type { Logger } from "../logger.js";
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
export interface DiskKv extends KeyValueStore {
  /** Resolves when every write begun so far has landed on disk. */
  flush(): Promise<void>;
  /** Removes the files of expired entries that nobody read since they expired. */
  sweep(): Promise<number>;
}

type WithLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/** Per-key serialisation of compare-and-set operations, and a wait for every one in progress. */
function createKeyLocks(): { withLock: WithLock; flush(): Promise<void> } {
  // Every locked operation (all writes) in progress, so close() can wait for them: a stop
  // must not lose a session.
  const pending = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    const forget = () => pending.delete(work);
    work.then(forget, forget);
    return work;
  };
  // Serialises compare-and-set operations per key inside this process.
  const locks = new Map<string, Promise<unknown>>();
  const withLock: WithLock = (key, task) => {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    // The caller sees the failure through `run`; the chain only waits for it to settle.
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    locks.set(key, settled);
    void settled.then(() => {
      if (locks.get(key) === settled) locks.delete(key);
    });
    return tracked(run);
  };
  return {
    withLock,
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Files open at once, at most: a caller may ask for thousands of keys together (an import
 * document's request outcomes), and each file operation holds a descriptor while it waits for
 * libuv's threads; past the process's limit (often 1,024) they fail with EMFILE.
 */
const FILES_AT_ONCE = 64;

/** One JSON file per key: read (an expired entry is removed and absent), written whole. */
function createEntryFiles(root: string, logger: Logger | undefined) {
  const fileOf = (key: string) => join(root, `${encodeURIComponent(key)}.json`);
  const gate = createLimit(FILES_AT_ONCE);
  let tmpCounter = 0;
  const readEntry = async (key: string): Promise<Entry | undefined> => {
    let raw: string;
    try {
      raw = await readFile(fileOf(key), "utf8");
    } catch (error) {
      // No file is the normal "absent"; any other read failure must reach the caller.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    // Files are written whole (temp file + rename); one that does not parse was not written
    // by this store, and is taken as absent rather than failing every read of the key.
    const entry = safeParse(raw);
    if (entry === undefined) {
      logger?.warn({ file: fileOf(key) }, "stored entry is not JSON; taken as absent");
    }
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      await rm(fileOf(key), { force: true });
      return undefined;
    }
    return entry;
  };
  const read = (key: string) => gate(() => readEntry(key));
  /** Writes an entry whose value is the JSON text `json` (the file is the entry's JSON). */
  const writeJson = (key: string, json: string | Buffer, ttlMs?: number) =>
    gate(async () => {
      const expires = ttlMs ? `,"expiresAt":${Date.now() + ttlMs}` : "";
      const tmp = join(root, `.tmp-${process.pid}-${++tmpCounter}`);
      const end = `${expires}}`;
      await writeFile(
        tmp,
        typeof json === "string"
          ? `{"value":${json}${end}`
          : Buffer.concat([Buffer.from('{"value":'), json, Buffer.from(end)]),
      );
      await rename(tmp, fileOf(key));
    });
  const write = (key: string, value: unknown, ttlMs?: number) =>
    writeJson(key, JSON.stringify(value), ttlMs);
  const remove = (key: string) => gate(() => rm(fileOf(key), { force: true }));
  return { read, write, writeJson, remove };
}

/** Removes the files of expired entries under `root`, each under its key's lock. */
async function sweepExpired(root: string, withLock: WithLock): Promise<number> {
  let removed = 0;
  // A folder that cannot be listed fails the sweep: its caller logs why and retries later.
  for (const name of await readdir(root)) {
    if (!name.endsWith(".json")) continue;
    const key = decodeURIComponent(name.slice(0, -".json".length));
    // read() removes an expired entry's file; take the lock so no write races it.
    const gone = await withLock(key, async () => {
      // Gone meanwhile (deleted or expired by a read): nothing to sweep.
      const raw = await readFile(join(root, name), "utf8").catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      });
      const entry = raw === undefined ? undefined : safeParse(raw);
      if (entry?.expiresAt === undefined || entry.expiresAt > Date.now()) return false;
      await rm(join(root, name), { force: true });
      return true;
    });
    if (gone) removed++;
  }
  return removed;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createDiskKv(dir: string, logger?: Logger): DiskKv {
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  const { withLock, flush } = createKeyLocks();
  const { read, write, writeJson, remove } = createEntryFiles(root, logger);
  const membersOf = async (key: string) => ((await read(key))?.value as string[] | undefined) ?? [];
  /** Runs `change` on the entry under the key's lock if its value equals `expected`. */
  const ifEquals = (key: string, expected: unknown, change: (entry: Entry) => Promise<unknown>) =>
    withLock(key, async () => {
      const entry = await read(key);
      if (!entry || !same(entry.value, expected)) return false;
      await change(entry);
      return true;
    });
  return {
    async get<T>(key: string) {
      return (await read(key))?.value as T | undefined;
    },
    getMany: <T>(keys: string[]) =>
      Promise.all(keys.map(async (key) => (await read(key))?.value as T | undefined)),
    set: (key, value, ttlMs) => withLock(key, () => write(key, value, ttlMs)),
    setJson: (key, json, ttlMs) => withLock(key, () => writeJson(key, json, ttlMs)),
    setIfAbsent: (key, value, ttlMs) =>
      withLock(key, async () => {
        if (await read(key)) return false;
        await write(key, value, ttlMs);
        return true;
      }),
    deleteIfEquals: (key, expected) => ifEquals(key, expected, () => remove(key)),
    expireIfEquals: (key, expected, ttlMs) =>
      ifEquals(key, expected, (entry) => write(key, entry.value, ttlMs)),
    delete: (key) => withLock(key, () => remove(key)),
    setAdd: (key, member) =>
      withLock(key, async () => {
        const members = await membersOf(key);
        if (!members.includes(member)) await write(key, [...members, member]);
      }),
    setRemove: (key, member) =>
      withLock(key, async () => {
        const members = await membersOf(key);
        if (members.includes(member))
          await write(
            key,
            members.filter((m) => m !== member),
          );
      }),
    setMembers: membersOf,
    async ping() {},
    flush,
    sweep: () => sweepExpired(root, withLock),
  };
}

function safeParse(raw: string): Entry | undefined {
  try {
    return JSON.parse(raw) as Entry;
  } catch {
    return undefined;
  }
}

/** Expired entries nobody reads again (idle sessions, old dedupe records) are removed this often. */
const SWEEP_EVERY_MS = 10 * 60_000;

export function createDiskStorage(
  dataDir: string,
  options: { sessionTtlMs?: number; logger?: Logger } = {},
): Storage {
  const kv = createDiskKv(dataDir, options.logger);
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweeper = setInterval(() => {
    // A failed sweep only leaves expired files for the next one; reads ignore them anyway.
    sweeping = kv.sweep().catch((error: unknown) => {
      options.logger?.warn({ err: error }, "sweep of expired entries failed; the next one retries");
      return 0;
    });
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    kind: "disk",
    kv,
    adapter: <T>(): StorageAdapter<T> => ({
      read: (key) => kv.get<T>(key),
      // Every write renews the idle time; a session untouched that long is gone.
      write: (key, value) => kv.set(key, value, options.sessionTtlMs),
      delete: (key) => kv.delete(key),
    }),
    async close() {
      clearInterval(sweeper);
      await sweeping;
      await kv.flush();
    },
  };
}
