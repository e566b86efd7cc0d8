import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files known to take longest from start to end, longest first (measured in a whole check:
 * waiting on bot processes restarted several times, real timers, or much CPU), so that none
 * of them begins last and holds the run's end; a fresh clone has no durations vitest remembers.
 * Vitest's own order (the durations it remembers, else file size) follows for the rest. Keep
 * it current when a file grows past a few seconds.
 */
const LONGEST_FIRST = [
  "end-to-end/faults-import-stop",
  "shop/large-export",
  "end-to-end/faults",
  "end-to-end/faults-import",
  "catalog/large-return",
  "end-to-end/demo-script",
  "import/watcher",
  "shop/large",
  "end-to-end/runtime-startup",
  "end-to-end/pace",
  "end-to-end/runtime-limits",
  "end-to-end/attack-redaction",
  "browser/demo-browser",
  "end-to-end/attack-linking",
  "import/reader-bounded",
  "catalog/export",
  "money/alerts",
  "catalog/attack",
  "alerts/alerts",
  "money/money",
  "telegram/pace-fetch",
  "end-to-end/import-real-files",
  "end-to-end/runtime-logs",
  "import/reader-wild",
  "import/flow",
  "end-to-end/attack-presses",
  "bot/dialogues",
  "catalog/libreoffice",
  "sheets/writer",
  "orders-export/export",
  "money/workbook",
  "end-to-end/runtime-shutdown",
  "end-to-end/runtime-storage",
  "alerts/digest",
  "end-to-end/runtime-instances",
  "catalog/codes",
  "catalog/property-return",
  "import/property-roundtrip",
  "bot/linking",
  "end-to-end/attack-hang",
  "end-to-end/attack-telegram-network",
  "bot/orders",
  "bot/property",
  "alerts/stock",
  "end-to-end/config",
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
