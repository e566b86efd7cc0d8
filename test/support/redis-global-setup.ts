import { type ChildProcess, spawn } from "node:child_process";
import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { freePort } from "./net.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * A real Redis for the run: REDIS_URL when given, else a private redis-server from PATH on a
 * free port (nothing persisted), so tests never touch anyone's data. Every app in a test uses
 * its own key prefix on top.
 */
export default async function setup(project: TestProject) {
  const given = process.env.REDIS_URL;
  if (given) {
    project.provide("redisUrl", given);
    return;
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("error", (error) =>
      reject(
        new Error(`redis-server could not start (install it or set REDIS_URL): ${error.message}`),
      ),
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve();
    });
  });
  project.provide("redisUrl", `redis://127.0.0.1:${port}`);
  return async () => {
    child.kill("SIGTERM");
  };
}
