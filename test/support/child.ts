import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import type { SellerSandbox } from "../../doubles/seller-api/index.js";
import { eventually } from "./net.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface BotProcess {
  child: ChildProcess;
  /** stdout lines (pino JSON) and stderr lines, as they come. */
  lines: string[];
  /** Resolves with the exit code (or the signal) and how long after `since` it came. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
}

/**
 * The bot as production runs it, in its own process: `node dist/main.js` from the run's
 * build laid out as the Docker image holds it (test/support/image-global-setup.ts, end-to-end
 * project), with the given environment only (plus PATH), so signals reach node itself as they
 * would in Docker. Outside that project: `node --import tsx src/main.ts`.
 */
export function spawnBot(env: Record<string, string>): BotProcess {
  const image = inject("botImage");
  const args = image ? [image] : ["--import", "tsx", "src/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    child,
    lines,
    exited,
    async waitForLine(pattern, timeoutMs = 45_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((line) => pattern.test(line));
        if (found) return found;
        if (Date.now() > until || child.exitCode !== null) {
          throw new Error(`no line matching ${pattern}; output:\n${lines.join("\n")}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** A redis-server of the test's own on a given port, to stop and start again (faults). */
export async function startRedisServer(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--appendonly",
      "yes",
      "--save",
      "",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  // A runner that dies without its cleanup (an uncaught error, a closed pipe) takes its
  // redis-server with it rather than leaving it running.
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  child.once("exit", () => process.off("exit", orphan));
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve();
    });
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await done;
}

/** Waits until the Seller API was asked a chat's link status: that chat's update is in flight. */
export async function linkStatusAsked(api: SellerSandbox, chatId: number): Promise<void> {
  await eventually(() =>
    api
      .requestsTo("/api/seller/v1/telegram/status")
      .some((r) => (r.body as { chatId?: number }).chatId === chatId)
      ? true
      : undefined,
  );
}
