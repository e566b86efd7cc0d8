import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { startScratchRedis } from "./scratch-redis.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * A real Redis for the run (REDIS_URL, or a private redis-server: see `startScratchRedis`).
 * Every app in a test uses its own key prefix on top.
 */
export default async function setup(project: TestProject) {
  const redis = await startScratchRedis();
  project.provide("redisUrl", redis.url);
  return async () => {
    redis.stop();
  };
}
