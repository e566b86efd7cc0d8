/** Measure 7, watching 2,000 import jobs: not written yet (see docs/benchmarks.md for how it is to be measured). */
import type { Measure } from "./measure.js";

export const measure: Measure = {
  name: "watching",
  number: 7,
  title: "watching 2,000 import jobs",
  skip: () => "not written yet",
  async run() {
    return [];
  },
};
