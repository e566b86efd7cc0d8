/** Measure 5, reading scales out, one instance beside two: not written yet (see docs/benchmarks.md for how it is to be measured). */
import type { Measure } from "./measure.js";

export const measure: Measure = {
  name: "reading-scale",
  number: 5,
  title: "reading scales out, one instance beside two",
  skip: () => "not written yet",
  async run() {
    return [];
  },
};
