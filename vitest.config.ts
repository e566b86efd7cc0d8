import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/redis-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files run side by side; each builds its own doubles on free ports. Most of a file's time
    // is waiting on loopback HTTP, Redis and child processes, not CPU: three workers overlap
    // that waiting on a 2-core machine (vitest would start only one: cores - 1).
    fileParallelism: true,
    maxWorkers: 4,
    // CI also writes a JSON report, from which .ci/run prints one plain closing line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "coverage/vitest.json" }]]
      : ["default"],
  },
});
