import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

/**
 * The JavaScript `npm run build` emits (tsconfig.build.json into dist/), file by file. The
 * project compiles with `isolatedModules`, so each file's output depends on that file alone and
 * TypeScript's per-file transpiler writes what `tsc -p tsconfig.build.json` writes, in a second
 * instead of a second type check of src (`npm run typecheck` does that one). Returns dist/.
 */
export function emitLikeBuild(project = "tsconfig.build.json", into?: string): string {
  const parsed = ts.getParsedCommandLineOfConfigFile(project, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`cannot read ${project}`);
  // The package is "type": "module", so NodeNext emits ES modules; the per-file transpiler
  // cannot read package.json to know it, so it is told.
  const options = {
    ...parsed.options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  if (!parsed.options.isolatedModules) throw new Error(`${project} must set isolatedModules`);
  const rootDir = options.rootDir ?? ".";
  const outDir = into ?? options.outDir ?? "dist";
  for (const file of parsed.fileNames) {
    if (file.endsWith(".d.ts")) continue;
    const { outputText, diagnostics } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: options,
      fileName: file,
      reportDiagnostics: true,
    });
    if (diagnostics?.length) {
      throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost(options)));
    }
    const target = join(outDir, relative(rootDir, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, outputText);
  }
  return outDir;
}

/**
 * The bot laid out as its Docker image holds it: package.json, the production build in dist/,
 * locales/ and node_modules (linked), in a temporary folder. Returns the path of
 * dist/src/main.js (`node dist/src/main.js` is the image's command) and how to remove it all.
 */
export function buildProductionImage(): { main: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), "seller-bot-image-"));
  copyFileSync("package.json", join(root, "package.json"));
  symlinkSync(join(process.cwd(), "node_modules"), join(root, "node_modules"), "dir");
  symlinkSync(join(process.cwd(), "locales"), join(root, "locales"), "dir");
  emitLikeBuild("tsconfig.build.json", join(root, "dist"));
  return {
    main: join(root, "dist", "src", "main.js"),
    // rm does not follow the links: node_modules and locales stay untouched.
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
