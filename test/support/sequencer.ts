import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take longest from start to end, longest first (measured in a whole check:
 * waiting on bot processes restarted several times, real timers, or much CPU), so that none
 * of them begins last and holds the run's end; a fresh clone has no durations vitest remembers.
 * Vitest's own order (the durations it remembers, else file size) follows for the rest. Keep
 * it current when a file grows past a few seconds.
 */
const LONGEST_FIRST = [
  "faults-import-stop",
  "shop-large-export",
  "faults",
  "faults-import",
  "catalog-large-return",
  "demo-script",
  "import-watcher",
  "shop-large",
  "runtime-startup",
  "pace",
  "runtime-limits",
  "attack-redaction",
  "demo-browser",
  "attack-linking",
  "import-reader-bounded",
  "catalog-export",
  "money-alerts",
  "catalog-attack",
  "alerts",
  "money",
  "pace-fetch",
  "import-real-files",
  "runtime-logs",
  "import-reader-wild",
  "import-flow",
  "attack-presses",
  "dialogues",
  "catalog-libreoffice",
  "sheets-writer",
  "orders-export",
  "money-workbook",
  "runtime-shutdown",
  "runtime-storage",
  "digest",
  "runtime-instances",
  "catalog-codes",
  "property-catalog-return",
  "property-roundtrip",
  "linking",
  "attack-hang",
  "attack-telegram-network",
  "orders",
  "property",
  "alerts-stock",
  "config",
].map((name) => `/test/${name}.test.ts`);

const rank = (spec: TestSpecification) => {
  const at = LONGEST_FIRST.findIndex((end) => spec.moduleId.endsWith(end));
  return at === -1 ? LONGEST_FIRST.length : at;
};

/**
 * The order files start in. When one vitest runs every tier (`npm test`), the fast tier
 * (project "unit") shares a worker's loaded modules from one file to the next only when the
 * next file in the queue is of the same project, so its files stay together in the queue; the
 * first end-to-end files start at once beside them on half the workers (they mostly wait on
 * child processes, loopback and real timers while the unit files use the cores), the rest follow.
 * `npm run check` runs the tiers as two vitest processes instead (test/support/check.mjs).
 */
export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = (await super.sort(files))
      .map((spec, i) => ({ spec, key: [rank(spec), i] }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]!)
      .map(({ spec }) => spec);
    const unit = sorted.filter((spec) => spec.project.name === "unit");
    const others = sorted.filter((spec) => spec.project.name !== "unit");
    const workers = Number(this.ctx.config.maxWorkers) || 2;
    const head = unit.length > 0 ? Math.max(1, Math.floor(workers / 2)) : others.length;
    return [...others.slice(0, head), ...unit, ...others.slice(head)];
  }
}
