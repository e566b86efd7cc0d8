/**
 * `npm run bench [-- NAME ...]`: every measure (or the named ones) against the real app, the Bot
 * API emulator with Telegram's limits and the sandbox Seller API on loopback; one table, and
 * bench/results.json. Exits non-zero only when a measure could not run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startRedisServer, stopProcess } from "../test/support/child.js";
import { freePort } from "../test/support/net.js";
import type { Measure, Row } from "./measure.js";

/** Each measure's time limit: past it the measure counts as not run and the suite goes on. */
const MEASURE_TIMEOUT_MS = Number(process.env.BENCH_MEASURE_TIMEOUT_MS ?? 240_000);

const measures: (() => Promise<Measure>)[] = [
  async () => (await import("./overhead.bench.js")).measure,
  async () => (await import("./telegram-bound.bench.js")).measure,
  async () => (await import("./burst.bench.js")).measure,
  async () => (await import("./reading.bench.js")).measure,
  async () => (await import("./reading-scale.bench.js")).measure,
  async () => (await import("./import-sending.bench.js")).measure,
  async () => (await import("./watching.bench.js")).measure,
  async () => (await import("./alerts.bench.js")).measure,
  async () => (await import("./export.bench.js")).measure,
  async () => (await import("./footprint.bench.js")).measure,
  async () => (await import("./money.bench.js")).measure,
  async () => (await import("./catalog-return.bench.js")).measure,
  async () => (await import("./large-shop.bench.js")).measure,
];

function timeout(ms: number): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms / 1000} s`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

const notRun = (m: Measure, why: string): Row => ({
  measure: `${m.number} ${m.name}`,
  figure: "—",
  value: null,
  bound: "—",
  ratio: null,
  target: "—",
  verdict: "not run",
  note: why,
});

function printTable(rows: Row[]) {
  const head = ["measure", "figure", "bound", "ratio", "target", "verdict"];
  const cells = rows.map((r) => [
    r.measure,
    r.figure,
    r.bound,
    r.ratio === null ? "—" : `${r.ratio.toFixed(2)}×`,
    r.target,
    r.verdict === "not run" ? `not run: ${r.note?.split("\n")[0]}` : r.verdict,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) console.log(line(c));
  const notes = rows.filter((r) => r.note && r.verdict !== "not run");
  for (const r of notes) console.log(`  ${r.measure}: ${r.note}`);
}

/** The run's own redis-server from PATH (REDIS_URL instead, when given), nothing persisted. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), "bench-redis-"));
  const port = await freePort();
  const child = await startRedisServer(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const all = await Promise.all(measures.map((load) => load()));
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log("npm run bench [-- NAME|NUMBER ...]: every measure, or the named ones\n");
    for (const m of all)
      console.log(`  ${String(m.number).padStart(2)} ${m.name.padEnd(16)} ${m.title}`);
    return 0;
  }
  const clash = all.find((m, i) =>
    all.some((o, j) => j < i && (o.number === m.number || o.name === m.name)),
  );
  if (clash) {
    console.error(`two measures share ${clash.name}'s number or name (${clash.number})`);
    return 2;
  }
  const unknown = wanted.filter((w) => !all.some((m) => m.name === w || String(m.number) === w));
  if (unknown.length > 0) {
    console.error(
      `unknown measure ${unknown.join(", ")}; known: ${all.map((m) => m.name).join(", ")}`,
    );
    return 2;
  }
  const chosen =
    wanted.length === 0
      ? all
      : all.filter((m) => wanted.includes(m.name) || wanted.includes(String(m.number)));
  const redis = await startRedis();
  const rows: Row[] = [];
  let failed = 0;
  const startedAt = new Date();
  const loadBefore = loadavg()[0]!;
  try {
    for (const m of chosen) {
      const skipped = m.skip?.();
      if (skipped) {
        rows.push(notRun(m, skipped));
        continue;
      }
      console.log(`# ${m.number} ${m.title}`);
      const started = Date.now();
      const limit = timeout(Math.max(MEASURE_TIMEOUT_MS, m.timeLimitMs ?? 0));
      try {
        let n = 0;
        const env = {
          redisUrl: redis.url,
          prefix: (name: string) => `bench-${m.name}-${name}-${++n}:`,
        };
        const got = await Promise.race([m.run(env), limit.promise]);
        rows.push(...got);
        console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed++;
        const why = error instanceof Error ? error.message : String(error);
        console.error(`  could not run: ${why}`);
        rows.push(notRun(m, why.slice(0, 160)));
      } finally {
        limit.clear();
      }
    }
  } finally {
    await redis.stop();
  }
  printTable(rows);
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg()[0],
  };
  console.log(
    `\n${startedAt.toISOString()} · ${machine.cpus} × ${machine.cpu} · Node ${machine.node} · load ${machine.loadAverageBefore.toFixed(1)} → ${machine.loadAverageAfter!.toFixed(1)}`,
  );
  const file = fileURLToPath(new URL("./results.json", import.meta.url));
  // One measure run alone replaces its own rows in the last full results.
  const ran = chosen.map((m) => `${m.number} `);
  const kept =
    wanted.length > 0 && existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as { rows: Row[] }).rows.filter(
          (r) => !ran.some((n) => r.measure.startsWith(n)),
        )
      : [];
  const order = (r: Row) => Number.parseInt(r.measure, 10);
  const merged = [...kept, ...rows].sort((a, b) => order(a) - order(b));
  const results = { date: startedAt.toISOString(), machine, rows: merged };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return failed > 0 ? 1 : 0;
}

const code = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
// Every measure closes what it opened; a handle left behind must not keep the run alive.
await new Promise((resolve) => setTimeout(resolve, 300));
const left = process
  .getActiveResourcesInfo()
  .filter((r) => !/TTYWrap|PipeWrap|FSReqCallback/.test(r));
if (left.length > 0) console.error(`resources still open at the end: ${left.join(", ")}`);
process.exit(code);
