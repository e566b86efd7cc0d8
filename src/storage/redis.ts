import { RedisAdapter } from "@grammyjs/storage-redis";
import { Redis } from "ioredis";
import type { Logger } from "../logger.js";
import type { KeyValueStore, Storage } from "./types.js";

// Compare-and-act scripts, so a claim is only released or renewed by its owner. Defined as
// commands: sent by their SHA (EVALSHA), not their text, on every call.
const SCRIPTS = {
  kvDeleteIfEquals: {
    numberOfKeys: 1,
    lua: `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`,
  },
  kvExpireIfEquals: {
    numberOfKeys: 1,
    lua: `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`,
  },
} as const;

type ScriptCommands = {
  kvDeleteIfEquals(key: string, expected: string): Promise<number>;
  kvExpireIfEquals(key: string, expected: string, ttlMs: number): Promise<number>;
};

function scriptsOf(redis: Redis): ScriptCommands {
  for (const [name, definition] of Object.entries(SCRIPTS)) {
    if (!(name in redis)) redis.defineCommand(name, definition);
  }
  return redis as unknown as ScriptCommands;
}

const parsed = <T>(raw: string | null) => (raw === null ? undefined : (JSON.parse(raw) as T));

export function createRedisKv(redis: Redis): KeyValueStore {
  const scripts = scriptsOf(redis);
  const setJson = async (key: string, json: string | Buffer, ttlMs?: number) => {
    if (ttlMs) await redis.set(key, json, "PX", ttlMs);
    else await redis.set(key, json);
  };
  return {
    async get<T>(key: string) {
      return parsed<T>(await redis.get(key));
    },
    async getMany<T>(keys: string[]) {
      const raws = keys.length === 0 ? [] : await redis.mget(...keys);
      return raws.map((raw) => parsed<T>(raw));
    },
    set: (key, value, ttlMs) => setJson(key, JSON.stringify(value), ttlMs),
    setJson,
    async setIfAbsent(key, value, ttlMs) {
      const raw = JSON.stringify(value);
      const result = ttlMs
        ? await redis.set(key, raw, "PX", ttlMs, "NX")
        : await redis.set(key, raw, "NX");
      return result === "OK";
    },
    async deleteIfEquals(key, expected) {
      return (await scripts.kvDeleteIfEquals(key, JSON.stringify(expected))) === 1;
    },
    async expireIfEquals(key, expected, ttlMs) {
      return (await scripts.kvExpireIfEquals(key, JSON.stringify(expected), ttlMs)) === 1;
    },
    async delete(key) {
      await redis.del(key);
    },
    async setAdd(key, member) {
      await redis.sadd(key, member);
    },
    async setRemove(key, member) {
      await redis.srem(key, member);
    },
    setMembers: (key) => redis.smembers(key),
    async ping() {
      await redis.ping();
    },
  };
}

export function createRedisStorage(
  url: string,
  keyPrefix: string,
  options: { sessionTtlMs?: number; logger?: Logger } = {},
): Storage & { redis: Redis } {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail a command instead of queueing it forever while Redis is away; reconnect meanwhile.
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  // Connection errors are retried by ioredis, and every command that fails meanwhile surfaces
  // as a StorageUnavailableError where it was issued (explained to the user, logged there);
  // the event itself carries nothing more, and unhandled it would crash the process.
  redis.on("error", (error: Error) => {
    options.logger?.debug({ err: error.name }, "storage Redis away; ioredis reconnects");
  });
  // Sessions and conversations: every write renews the idle time (whole seconds for Redis).
  const ttl = options.sessionTtlMs ? Math.ceil(options.sessionTtlMs / 1000) : undefined;
  return {
    kind: "redis",
    redis,
    kv: createRedisKv(redis),
    adapter: <T>() => new RedisAdapter<T>({ instance: redis, ttl }),
    async close() {
      // QUIT waits for the replies of commands already sent; when Redis is away, just drop.
      await redis.quit().catch((error: unknown) => {
        options.logger?.debug({ err: (error as Error)?.name }, "Redis gone at close; dropped");
        redis.disconnect();
      });
    },
  };
}
