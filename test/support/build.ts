import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

/**
 * The JavaScript `npm run build` emits (tsconfig.build.json into dist/), file by file. The
 * project compiles with `isolatedModules`, so each file's output depends on that file alone and
 * TypeScript's per-file transpiler writes what `tsc -p tsconfig.build.json` writes, in a second
 * instead of a second type check of src (`npm run typecheck` does that one). Returns dist/.
 */
export function emitLikeBuild(project = "tsconfig.build.json"): string {
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
  const outDir = options.outDir ?? "dist";
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
