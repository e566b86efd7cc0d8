import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order files start in. The fast tier (project "unit") shares a worker's loaded modules
 * from one file to the next only when the next file in the queue is of the same project, so
 * its files stay together in the queue. The first end-to-end files (the longest known, else the
 * largest) start at once beside them on half the workers: they mostly wait on child processes,
 * loopback and real timers while the unit files use the cores. The rest follow.
 */
export class TierSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const unit = sorted.filter((spec) => spec.project.name === "unit");
    const others = sorted.filter((spec) => spec.project.name !== "unit");
    const workers = Number(this.ctx.config.maxWorkers) || 2;
    const head = Math.max(1, Math.floor(workers / 2));
    return [...others.slice(0, head), ...unit, ...others.slice(head)];
  }
}
