import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./net.js";

/**
 * A Redis for a test run or a benchmark: REDIS_URL when given, else a private redis-server
 * from PATH on a free port with nothing persisted, so nobody's data is touched.
 */
export async function startScratchRedis(): Promise<{ url: string; stop: () => void }> {
  const given = process.env.REDIS_URL;
  if (given) return { url: given, stop: () => {} };
  // A port found free may be taken before redis-server binds it (another run beside this
  // one): it then exits at once, and another port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = await spawnRedis(port);
    if (child) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
    if (attempt >= 5) throw new Error("redis-server could not listen on a free port (5 tries)");
  }
}

/** A redis-server on `port`, ready; undefined when it exited first (the port was taken). */
async function spawnRedis(port: number): Promise<ChildProcess | undefined> {
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  // Gone with this process however it ends, not left running after a crashed run.
  const orphan = () => child.kill("SIGKILL");
  process.once("exit", orphan);
  child.once("exit", () => process.off("exit", orphan));
  return await new Promise<ChildProcess | undefined>((resolve, reject) => {
    child.once("error", (error) =>
      reject(
        new Error(`redis-server could not start (install it or set REDIS_URL): ${error.message}`),
      ),
    );
    child.once("exit", () => resolve(undefined));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) resolve(child);
    });
  });
}
