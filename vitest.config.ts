import { defineConfig } from "vitest/config";
import { TierSequencer } from "./test/support/sequencer.js";

/**
 * The end-to-end tier: the bot as production runs it (the runtime polling or serving a webhook
 * over loopback, or `node src/main.ts` as a child process), faults and attacks on it, the demo
 * as `npm run demo` plays it. Everything else is the fast tier.
 */
const END_TO_END = ["test/end-to-end/**/*.test.ts"];
const BROWSER = ["test/browser/**/*.test.ts"];

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) between runs:
    // a rerun of one file loads the bot's modules without transforming them again.
    experimental: { fsModuleCache: true },
    // The workers allocate much (in-process bots, doubles, files read): a larger young
    // generation collects less often (about 7 % less CPU for a whole run).
    execArgv: ["--max-semi-space-size=32"],
    globalSetup: ["test/support/redis-global-setup.ts"],
    // A net for a hang, not a speed check (benchmarks measure speed): on a loaded 2-core CI
    // whose memory is slow to touch, an end-to-end test took 28.5 s of the 30 it once had.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Files run side by side; each builds its own doubles on free ports. Most of a file's time
    // is waiting on loopback HTTP, Redis and child processes, not CPU: four workers overlap
    // that waiting on a 2-core machine (vitest would start only one: cores - 1).
    fileParallelism: true,
    // `npm run check` gives each of its two vitest processes its own count (check.mjs): projects
    // copy this value, so vitest's --maxWorkers would not reach them.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 4,
    sequence: { sequencer: TierSequencer },
    // CI also writes a JSON report, from which .ci/run prints one plain closing line (check.mjs
    // names one per tier in VITEST_JSON and merges them).
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: process.env.VITEST_JSON ?? "coverage/vitest.json" }]]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...END_TO_END, ...BROWSER],
          // Units and in-process feature tests (startInProcess): the source holds no module
          // state, so the files of one worker share its loaded modules instead of importing
          // grammY, the bot and the doubles again for every file.
          isolate: false,
        },
      },
      {
        extends: true,
        // One worker runs several of these files too (each stops what it started); the bot's
        // own processes (spawnBot) load it afresh each time anyway.
        test: {
          name: "end-to-end",
          include: END_TO_END,
          isolate: false,
          // The bot's child processes run the production build, as the Docker image does.
          globalSetup: ["test/support/image-global-setup.ts"],
        },
      },
      // One file; sharing a worker (as the end-to-end files do) lets it start in its turn among
      // them, longest first, instead of after them.
      { extends: true, test: { name: "browser", include: BROWSER, isolate: false } },
    ],
  },
});
