import { describe, expect, it } from "vitest";
import { normalizeStatus } from "../../src/config.js";
import { readJob, statusRules } from "../../src/import/watcher/results.js";

const DEFAULT_PENDING = ["pending", "queued", "new", "processing", "inprogress", "waiting"];
const rules = statusRules(DEFAULT_PENDING.map(normalizeStatus));
const product = (index: number, status: string | null, skuStatus: string | null = "Success") => ({
  index,
  productId: 1,
  status,
  errors: [],
  skus: [{ index: 0, skuId: 1, status: skuStatus, errors: [] }],
});

describe("reading an import job's status", () => {
  it("counts the contract's pending statuses as unfinished, ignoring case, spaces, _ and -", () => {
    for (const status of ["Pending", "IN_PROGRESS", "in progress", "Queued", "WAITING", "new"]) {
      expect(readJob({ products: [product(0, status)] }, 1, rules).final, status).toBe(false);
    }
    expect(readJob({ products: [product(0, "Success")] }, 1, rules).final).toBe(true);
  });

  it("is unfinished while the result lists fewer products than were sent", () => {
    expect(readJob({ products: [product(0, "Success")] }, 2, rules).final).toBe(false);
  });

  it("does not let a SKU without a status hold a finished product", () => {
    expect(readJob({ products: [product(0, "Error", null)] }, 1, rules).final).toBe(true);
  });

  it("follows IMPORT_PENDING_STATUSES when the operator replaces the list", () => {
    const custom = statusRules(["accepted", "running"].map(normalizeStatus));
    expect(readJob({ products: [product(0, "Running")] }, 1, custom).final).toBe(false);
    expect(readJob({ products: [product(0, "Pending")] }, 1, custom).final).toBe(true);
  });
});
