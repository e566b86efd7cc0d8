import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/redis-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files run side by side; each builds its own doubles on free ports.
    fileParallelism: true,
    // CI also writes a JSON report, from which .ci/run prints one plain closing line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "coverage/vitest.json" }]]
      : ["default"],
  },
});
