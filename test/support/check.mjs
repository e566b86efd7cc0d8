// `npm run check`: the type check, the linter and the tests, side by side. The tests run as two
// vitest processes at once: the fast tier (unit: CPU-bound, in-process) and the end-to-end and
// browser tiers (mostly waiting on child processes, loopback and real timers), so the waiting
// overlaps the CPU work from the first second instead of queueing behind it in one pool.
// Arguments go to one vitest run instead (`npm run check -- --project unit`). The output of the
// type check and the linter comes after the tests' own; the last line names each step with its
// result and time. Exit code: 0 only when every step passed. With CI set, the two JSON reports
// are merged into coverage/vitest.json (what .ci/run reads).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const bin = (name) => `node_modules/.bin/${name}`;
const vitestArgs = process.argv.slice(2);
const tiers =
  vitestArgs.length > 0
    ? [{ name: "tests", args: ["run", ...vitestArgs] }]
    : [
        // Two cores, both kept busy from start to end: the end-to-end files mostly wait (bot
        // processes, real timers, Telegram's pace), so five of them overlap; three unit workers
        // fill the moments when several of those wait at once (with two unit workers and four
        // end-to-end ones the cores idled a fifth of the time; docs/testing.md has the times).
        { name: "unit", workers: 3, args: ["run", "--project", "unit"] },
        {
          name: "end-to-end",
          workers: 5,
          args: ["run", "--project", "end-to-end", "--project", "browser"],
        },
      ];
const steps = [
  // Incremental: a second check re-checks only what changed (the state is in node_modules/.cache).
  // One thread: the tests keep both cores busy meanwhile, and TypeScript's parallel checkers
  // spend about half as much CPU again for the same check.
  {
    name: "typecheck",
    cmd: bin("tsc"),
    args: [
      ...["-p", "tsconfig.json", "--noEmit", "--incremental", "--singleThreaded"],
      ...["--tsBuildInfoFile", "node_modules/.cache/tsc/typecheck.tsbuildinfo"],
    ],
    buffer: true,
  },
  { name: "lint", cmd: bin("biome"), args: ["check", "."], buffer: true },
  ...tiers.map((tier) => ({ ...tier, cmd: bin("vitest"), prefix: tiers.length > 1 })),
];

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Forwards a child's output line by line, each line named by its tier when two run at once. */
function forward(stream, out, prefix) {
  let rest = "";
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on("end", () => rest && out.write(`${prefix}${rest}\n`));
}

function run(step) {
  const at = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      env: {
        ...process.env,
        VITEST_JSON: `coverage/vitest-${step.name}.json`,
        ...(step.workers && { VITEST_MAX_WORKERS: String(step.workers) }),
      },
      stdio: step.buffer || step.prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (step.buffer) {
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
    } else if (step.prefix) {
      forward(child.stdout, process.stdout, `[${step.name}] `);
      forward(child.stderr, process.stderr, `[${step.name}] `);
    }
    const done = (code) => resolve({ ...step, code, output, ms: performance.now() - at });
    child.on("error", (error) => {
      output += String(error);
      done(1);
    });
    child.on("close", (code) => done(code ?? 1));
  });
}

/** The tiers' JSON reports as one (the counts added, the files listed together). */
function mergeReports() {
  const files = tiers.map((t) => `coverage/vitest-${t.name}.json`).filter((f) => existsSync(f));
  if (!process.env.CI || files.length === 0) return;
  const reports = files.map((f) => JSON.parse(readFileSync(f, "utf8")));
  const merged = { ...reports[0], testResults: reports.flatMap((r) => r.testResults) };
  for (const key of Object.keys(merged).filter((k) => /^num/.test(k)))
    merged[key] = reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  merged.success = reports.every((r) => r.success);
  writeFileSync("coverage/vitest.json", JSON.stringify(merged));
  for (const f of files) rmSync(f);
}

const results = await Promise.all(steps.map(run));
mergeReports();
for (const r of results.filter((r) => r.buffer)) {
  const text = r.output.trim();
  if (r.code !== 0 || text)
    console.log(`\n── ${r.name} (${r.code === 0 ? "ok" : "FAILED"})\n${text}`);
}
const line = results.map((r) => `${r.name} ${r.code === 0 ? "ok" : "FAILED"} ${seconds(r.ms)}`);
console.log(`\ncheck: ${line.join(" · ")} · ${seconds(performance.now() - started)} in all`);
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
