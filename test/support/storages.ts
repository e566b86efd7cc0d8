import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { createStorage, type Storage } from "../../src/storage/index.js";

/**
 * Both storages a test runs against (`describe.each`): files in a fresh folder, and the run's
 * Redis under a fresh key prefix. `cleanup` takes what to undo after the test (the folder).
 */
export function bothStorages(
  name: string,
  cleanup: (undo: () => void) => void,
): [string, () => Storage][] {
  return [
    [
      "disk",
      () => {
        const dir = mkdtempSync(join(tmpdir(), `seller-bot-${name}-`));
        cleanup(() => rmSync(dir, { recursive: true, force: true }));
        return createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: dir });
      },
    ],
    [
      "redis",
      () =>
        createStorage({
          redisUrl: inject("redisUrl"),
          redisKeyPrefix: `test-${name}-${Math.random().toString(36).slice(2)}:`,
          dataDir: "",
        }),
    ],
  ];
}
