import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The first port of the OS's ephemeral range (Linux: ip_local_port_range), from which both
 * bind(0) and every outgoing connection take their ports; 32768 (Linux's default) elsewhere.
 */
function ephemeralFloor(): number {
  try {
    const low = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
    );
    if (Number.isInteger(low) && low > 12_000) return low;
  } catch {
    // Not Linux: its default below.
  }
  return 32_768;
}

const LOWEST = 10_000;
const SPAN = ephemeralFloor() - LOWEST;
/** Where this process walks the range from: its own place, so two runs rarely meet. */
let nextPort = LOWEST + ((process.pid * 7919) % SPAN);

/** Whether a server can listen on `port` on loopback right now (closed again at once). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on loopback, for a server that must be told its port before it listens (a
 * child process's PORT, a webhook URL, a redis-server); a server that can listen on port 0
 * should (the doubles do). Chosen below the ephemeral range: a port bind(0) gave and closed
 * again may be taken by any outgoing connection (thousands in a loaded run, two copies of
 * the suite side by side) before its server binds it; no connection takes one from below
 * that range. Each process walks the range from its own offset (its pid), skipping ports in
 * use, so the workers of two runs at once do not try the same ones.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = nextPort;
    nextPort = LOWEST + ((nextPort - LOWEST + 1) % SPAN);
    if (await canListen(port)) return port;
  }
  throw new Error("no free loopback port below the ephemeral range after 200 tries");
}

/** Polls `check` until it returns a value other than undefined (no fixed sleeps in tests). */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  { timeoutMs = 45_000, intervalMs = 20, what = "condition" } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
