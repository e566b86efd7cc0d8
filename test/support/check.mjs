// `npm run check`: the type check, the linter and the tests, side by side (tsc works on one core
// while the tests mostly wait on loopback, Redis and child processes). Arguments go to vitest
// (`npm run check -- --project unit`). The output of the type check and the linter comes after
// the tests' own; the last line names each step with its result and time. Exit code: 0 only
// when all three passed.
import { spawn } from "node:child_process";

const bin = (name) => `node_modules/.bin/${name}`;
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
  { name: "tests", cmd: bin("vitest"), args: ["run", ...process.argv.slice(2)], buffer: false },
];

const started = performance.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(step) {
  const at = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, {
      stdio: step.buffer ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    if (step.buffer) {
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
    }
    const done = (code) => resolve({ ...step, code, output, ms: performance.now() - at });
    child.on("error", (error) => {
      output += String(error);
      done(1);
    });
    child.on("close", (code) => done(code ?? 1));
  });
}

const results = await Promise.all(steps.map(run));
for (const r of results.filter((r) => r.buffer)) {
  const text = r.output.trim();
  if (r.code !== 0 || text)
    console.log(`\n── ${r.name} (${r.code === 0 ? "ok" : "FAILED"})\n${text}`);
}
const line = results.map((r) => `${r.name} ${r.code === 0 ? "ok" : "FAILED"} ${seconds(r.ms)}`);
console.log(`\ncheck: ${line.join(" · ")} · ${seconds(performance.now() - started)} in all`);
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
