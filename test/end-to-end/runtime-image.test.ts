import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, inject, it } from "vitest";

// The production build as the Docker image holds it (made once per run by
// test/support/image-global-setup.ts): its reader's worker is the bundle's own file, found
// beside the reader's code and started without tsx.
describe("the reader's worker from the production bundle", () => {
  it("reads a file through dist/ as `npm run build && node dist/main.js` would", () => {
    const dist = dirname(inject("botImage"));
    expect(existsSync(join(dist, "worker.js"))).toBe(true);
    const script = `
      import { readImportFile } from "./dist/reader.js";
      const csv = "categoryId;brandId;name.rus;description.rus;price\\n1;2;Куртка;Тёплая;12 345,50\\n";
      const r = await readImportFile({ bytes: new TextEncoder().encode(csv), fileName: "a.csv" }, { vatRates: [0, 12] });
      console.log(JSON.stringify(r.ok ? JSON.parse(Buffer.from(r.products.runs[0]).toString())[0].product.skus[0] : r));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: join(dist, ".."),
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual({ price: 12345.5 });
  });
});
