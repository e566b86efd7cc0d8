/** Measure 8, alerts for 10,000 orders over ten minutes: not written yet (see docs/benchmarks.md for how it is to be measured). */
import type { Measure } from "./measure.js";

export const measure: Measure = {
  name: "alerts",
  number: 8,
  title: "alerts for 10,000 orders over ten minutes",
  skip: () => "not written yet",
  async run() {
    return [];
  },
};
