import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBundle } from "../../scripts/build.js";

/**
 * The bot laid out as its Docker image holds it: package.json, the production build in dist/
 * (`npm run build`'s bundle), locales/ and node_modules (linked), in a temporary folder.
 * Returns the path of dist/main.js (`node dist/main.js` is the image's command) and how to
 * remove it all.
 */
export async function buildProductionImage(): Promise<{ main: string; remove: () => void }> {
  const root = mkdtempSync(join(tmpdir(), "seller-bot-image-"));
  copyFileSync("package.json", join(root, "package.json"));
  symlinkSync(join(process.cwd(), "node_modules"), join(root, "node_modules"), "dir");
  symlinkSync(join(process.cwd(), "locales"), join(root, "locales"), "dir");
  await buildBundle(join(root, "dist"));
  return {
    main: join(root, "dist", "main.js"),
    // rm does not follow the links: node_modules and locales stay untouched.
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
