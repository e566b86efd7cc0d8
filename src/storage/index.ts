import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { createDiskStorage } from "./disk.js";
import { guardStorage } from "./errors.js";
import { createRedisStorage } from "./redis.js";
import type { Storage } from "./types.js";

export { StorageUnavailableError } from "./errors.js";
export type { KeyValueStore, Storage } from "./types.js";
export { KEY_PREFIX } from "./types.js";

/** Redis when REDIS_URL is set (shared by instances), else files under DATA_DIR. */
export function createStorage(
  config: Pick<Config, "redisUrl" | "redisKeyPrefix" | "dataDir"> &
    Partial<Pick<Config, "sessionTtlMs">>,
  /** Logs what storage does in the background (sweeps, reconnects) and what it ignores. */
  logger?: Logger,
): Storage {
  const options = { sessionTtlMs: config.sessionTtlMs };
  return guardStorage(
    config.redisUrl
      ? createRedisStorage(config.redisUrl, config.redisKeyPrefix, { ...options, logger })
      : createDiskStorage(config.dataDir, { ...options, logger }),
  );
}
