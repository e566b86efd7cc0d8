/**
 * The production build (`npm run build`): the bot bundled by esbuild into dist/, as the Docker
 * image runs it (`node dist/main.js`).
 *
 * Bundled and stripped of whitespace because a process holds the source text of every module
 * it loads: the bundle leaves out comments and indentation (grammY's own files are mostly
 * documentation), and an idle bot holds about 5 MB less (78 MB against 83 MB on Node 20).
 * Names are kept (no renaming), so stack traces still name functions.
 *
 * Entry points, each `dist/NAME.js`, their shared code in `dist/chunk-*.js` beside them:
 * - `main`: the bot;
 * - `worker`: the import reader's worker thread, which the reader starts from `./worker.js`
 *   beside its own chunk;
 * - `reader`: the import reader alone (benchmarks and the test of the build read files with it).
 *
 * Left outside the bundle, loaded from node_modules: a native addon (@napi-rs/canvas) and
 * node-fetch, which grammY and the Seller API client must share (src/seller-api/transport.ts
 * loads it by name at run time).
 * Types are not checked here: `npm run typecheck` does that.
 *
 *   npm run build            # into dist/
 *   tsx scripts/build.ts OUT # into OUT/
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const ENTRY_POINTS = {
  main: "src/main.ts",
  worker: "src/import/read/worker.ts",
  reader: "src/import/read/index.ts",
};

/**
 * CommonJS packages bundled into ES modules still call `require` (of Node's own modules) and
 * some read `__dirname`: each output file defines them for its own place.
 */
const COMMONJS_GLOBALS = [
  'import { createRequire as __bundleRequire } from "node:module";',
  'import { dirname as __bundleDir } from "node:path";',
  'import { fileURLToPath as __bundlePath } from "node:url";',
  "const require = __bundleRequire(import.meta.url);",
  "const __filename = __bundlePath(import.meta.url);",
  "const __dirname = __bundleDir(__filename);",
].join("\n");

/** Builds the bundle into `outdir` (absolute, or relative to the project's root), emptied first. */
export async function buildBundle(outdir = "dist"): Promise<string> {
  const out = resolve(ROOT, outdir);
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: out,
    entryNames: "[name]",
    chunkNames: "chunk-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    external: ["@napi-rs/canvas", "node-fetch"],
    // The i18n plugin's Deno shim is for reading a folder the bot reads itself (no-deno.ts).
    alias: { "@deno/shim-deno": "./scripts/no-deno.ts" },
    banner: { js: COMMONJS_GLOBALS },
    logLevel: "warning",
  });
  warnOfWideText(out);
  return out;
}

/** A chunk this large holding a character past ASCII is worth a warning (see below). */
const WIDE_TEXT_WARNING_BYTES = 64 * 1024;

/**
 * esbuild escapes what lies past ASCII in strings, not in regular expression literals or
 * `String.raw` templates; one such character makes V8 keep the whole chunk's source as two
 * bytes a character (731 KB more for the bot's largest chunk). Write the character escaped.
 */
function warnOfWideText(out: string): void {
  for (const name of readdirSync(out)) {
    if (!name.endsWith(".js")) continue;
    const text = readFileSync(join(out, name), "utf8");
    if (text.length < WIDE_TEXT_WARNING_BYTES) continue;
    const at = text.search(/[^\x00-\x7f]/);
    if (at < 0) continue;
    const around = text.slice(Math.max(0, at - 40), at + 10).replaceAll("\n", " ");
    console.warn(`build: ${name} holds a character past ASCII (…${around}…): escape it`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildBundle(process.argv[2] ?? "dist");
}
