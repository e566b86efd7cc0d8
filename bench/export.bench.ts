/**
 * Measure 9, catalog export: runs once the catalog export exists (`src/catalog/`). Until then it
 * is reported as not run. How it is to be measured: docs/benchmarks.md, "9 catalog export".
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Measure } from "./measure.js";

const CATALOG = fileURLToPath(new URL("../src/catalog/", import.meta.url));

export const measure: Measure = {
  name: "export",
  number: 9,
  title: "catalog export: 5,000 products, Seller API at 100 ms",
  skip: () =>
    existsSync(CATALOG) ? "export built; its measure is not written yet" : "export not built",
  async run() {
    return [];
  },
};
