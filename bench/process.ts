/** The bot as a process of its own (as it runs in production), and its resident memory. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { until } from "./measure.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The process's resident memory now (VmRSS) and its peak so far (VmHWM), in bytes. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** CPU seconds (user + system) a process has used, from /proc/PID/stat. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The allocator setting and Node options the Docker image gives the bot (its `ENV`), so a
 * measure of the production build runs as the image does; none when the Dockerfile sets none.
 */
export function imageEnv(): Record<string, string> {
  // BENCH_IMAGE_MALLOC=0 runs without them, to compare.
  if (process.env.BENCH_IMAGE_MALLOC === "0") return {};
  const dockerfile = readFileSync(new URL("../Dockerfile", import.meta.url), "utf8");
  const env: Record<string, string> = {};
  const arenas = /\bMALLOC_ARENA_MAX=(\d+)/.exec(dockerfile)?.[1];
  if (arenas) env.MALLOC_ARENA_MAX = arenas;
  const nodeOptions = /\bNODE_OPTIONS=(\S+)/.exec(dockerfile)?.[1];
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  return env;
}

/** Resets the process's peak resident memory (VmHWM) to its current one (Linux ≥ 4.0). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** Samples the resident memory every `everyMs` until stopped; the highest sample. */
export function sampleRss(pid: number, everyMs = 10) {
  let max = rssOf(pid).rss;
  const timer = setInterval(() => {
    try {
      max = Math.max(max, rssOf(pid).rss);
    } catch {
      // The process has gone: the samples taken stand.
    }
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      return max;
    },
  };
}

/**
 * The node the bot's processes run on: the bench's own, or `BENCH_NODE` (a path), e.g. the
 * Node 24 the Docker image runs, while the bench itself runs on the machine's Node.
 */
export const BOT_NODE = process.env.BENCH_NODE || process.execPath;

/** `BOT_NODE`'s version (`v24.21.0`). */
export const botNodeVersion = (): string =>
  BOT_NODE === process.execPath
    ? process.version
    : execFileSync(BOT_NODE, ["--version"], { encoding: "utf8" }).trim();

/**
 * Starts `node <args>` (`BOT_NODE`) in the project's folder with only `env`, PATH and the
 * image's allocator setting and Node options (`imageEnv`) set: as the Docker image runs the bot.
 */
export function startBotProcess(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(BOT_NODE, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...imageEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on("data", (c: Buffer) => {
    output += c.toString();
  });
  // The runner may exit while a measure that hit its time limit still waits: the bot goes too.
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  const exited = new Promise((resolve) =>
    child.once("exit", () => {
      process.off("exit", orphan);
      resolve(undefined);
    }),
  );
  return {
    child,
    output: () => output,
    started: () =>
      until(
        () => output.includes("bot started"),
        60_000,
        `the bot did not start: ${output.slice(-300)}`,
      ),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
