import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/ARCHITECTURE.md, checked over the import graph of the product code
 * (src/, doubles/, demo/, bench/, scripts/). Tests may import anything; they are not part of
 * the graph.
 */
const root = join(import.meta.dirname, "..");
const PRODUCT_DIRS = ["src", "doubles", "demo", "bench", "scripts"];

/**
 * The layers, lowest first: what each part of the code may import. A part is a file of src/
 * (`src/app.ts`), a folder of src/ (`src/import`), or a top folder (`doubles`). A part not
 * in the table fails the test: a new module takes its place here and in ARCHITECTURE.md.
 */
const BASE = ["src/clock.ts", "src/config.ts", "src/logger.ts", "src/i18n.ts", "src/limit.ts"];
const LOWER = [
  ...BASE,
  "src/sheets",
  "src/storage",
  "src/seller-api",
  "src/text",
  "src/telegram",
  "src/scheduler",
];
const MAY_IMPORT: Record<string, readonly string[]> = {
  "src/clock.ts": [],
  "src/config.ts": [],
  "src/logger.ts": [],
  "src/i18n.ts": [],
  "src/limit.ts": [],
  "src/storage": ["src/config.ts", "src/logger.ts", "src/clock.ts", "src/limit.ts"],
  "src/seller-api": ["src/config.ts", "src/logger.ts", "src/clock.ts"],
  "src/text": ["src/i18n.ts", "src/seller-api"],
  "src/telegram": ["src/clock.ts", "src/logger.ts"],
  "src/scheduler": ["src/clock.ts", "src/logger.ts", "src/storage"],
  // Spreadsheet files: a floor of its own under everything that reads or writes them.
  "src/sheets": [],
  "src/import": LOWER,
  "src/orders-export": LOWER,
  // Money reads the orders' pages as the export does; the alerts watch its figures.
  "src/money": [...LOWER, "src/orders-export"],
  "src/alerts": [...LOWER, "src/money"],
  // The catalog's export writes files a seller may import again: it may use the import's face.
  "src/catalog": [...LOWER, "src/import"],
  "src/metrics.ts": ["src/logger.ts", "src/alerts", "src/seller-api"],
  "src/bot": [
    ...LOWER,
    "src/import",
    "src/alerts",
    "src/catalog",
    "src/orders-export",
    "src/money",
    "src/metrics.ts",
  ],
  "src/app.ts": [
    ...LOWER,
    "src/import",
    "src/alerts",
    "src/catalog",
    "src/money",
    "src/metrics.ts",
    "src/bot",
  ],
  "src/runtime": [...LOWER, "src/metrics.ts", "src/app.ts"],
  "src/main.ts": ["src/config.ts", "src/logger.ts", "src/app.ts", "src/runtime"],
  // The doubles stand in for Telegram and the Seller API: they know nothing of the bot.
  doubles: [],
  // The demo's sample files title their columns from the sheets' vocabulary.
  demo: [
    "src/clock.ts",
    "src/config.ts",
    "src/logger.ts",
    "src/app.ts",
    "src/runtime",
    "src/sheets",
    "doubles",
  ],
  // The production build bundles src/ by path; it imports none of it.
  scripts: [],
  bench: [
    "src/config.ts",
    "src/logger.ts",
    "src/app.ts",
    "src/runtime",
    "src/import",
    "doubles",
    // The benchmarks drive the bot as the tests do, with the tests' user driver.
    "test",
    // Measures of the production build build it as `npm run build` does.
    "scripts",
  ],
};

/**
 * Entries besides a module's index.ts, and the files that may use them. The sheets' parsers
 * (csv-parse, saxes) have their own, used by the reading worker's code alone: the bot's thread,
 * which writes workbooks through src/sheets/index.ts, never loads them.
 */
const SECOND_ENTRIES: Record<string, readonly string[]> = {
  "src/sheets/read/index.ts": ["src/import/read/parse.ts"],
};

/** Features are independent; only these use another (the alerts' order details and cards). */
const FEATURE_USES: Record<string, readonly string[]> = {
  alerts: ["orders", "products"],
  // Typed text finds an order (its details) or a product (its card, the products found).
  fallback: ["orders", "products"],
  // A file sent back from a catalog export is read by the import's document handler, which
  // hands its edit rows to the catalog's preview.
  import: ["catalog"],
};

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * Relative imports of one source file: static `import`/`export … from` statements (they start a
 * line, as the formatter writes them; a doc comment's example does not) and `import("./…")`
 * calls with a literal specifier.
 */
const STATEMENT = /^(?:import|export)\s+(type\s+)?(?:[^;"'`]*?\sfrom\s+)?"(\.[^"]+)"/gm;
const DYNAMIC = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;

function importsOf(source: string): { spec: string; typeOnly: boolean }[] {
  return [
    ...[...source.matchAll(STATEMENT)].map((m) => ({ spec: m[2]!, typeOnly: m[1] !== undefined })),
    ...[...source.matchAll(DYNAMIC)].map((m) => ({ spec: m[1]!, typeOnly: false })),
  ];
}

/** Every relative import and re-export of the product code, as paths from the repo root. */
function importGraph(): Edge[] {
  const edges: Edge[] = [];
  for (const file of PRODUCT_DIRS.flatMap((dir) => filesUnder(join(root, dir)))) {
    for (const { spec, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
      const target = resolve(dirname(file), spec).replace(/\.js$/, ".ts");
      edges.push({ from: relative(root, file), to: relative(root, target), typeOnly });
    }
  }
  return edges;
}

/** The part of the table a file belongs to. */
function partOf(path: string): string {
  const parts = path.split("/");
  if (parts[0] !== "src") return parts[0]!;
  return parts.length === 2 ? path : `src/${parts[1]}`;
}

const graph = importGraph();
const crossing = graph.filter((edge) => partOf(edge.from) !== partOf(edge.to));

describe("the layers", () => {
  it("read a real graph", () => {
    expect(graph.length).toBeGreaterThan(800);
    expect(crossing.some((e) => e.from === "src/app.ts" && e.to === "src/bot/index.ts")).toBe(true);
  });

  it("find every kind of import, and none in comments or strings", () => {
    const source = [
      'import { a } from "./a.js";',
      'import type { B } from "../b.js";',
      "import {",
      "  c,",
      "  type D,",
      '} from "./c.js";',
      'export { e } from "./e.js";',
      'export type { F } from "./f.js";',
      'import "./side-effect.js";',
      'const g = await import("./g.js");',
      ' * import { h } from "./in-a-comment.js";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template string
      'const code = `import(${JSON.stringify("x")})`;',
      'import { i } from "grammy";',
    ].join("\n");
    expect(importsOf(source)).toEqual([
      { spec: "./a.js", typeOnly: false },
      { spec: "../b.js", typeOnly: true },
      { spec: "./c.js", typeOnly: false },
      { spec: "./e.js", typeOnly: false },
      { spec: "./f.js", typeOnly: true },
      { spec: "./side-effect.js", typeOnly: false },
      { spec: "./g.js", typeOnly: false },
    ]);
  });

  it("place every part of the code in the table", () => {
    const parts = new Set(graph.flatMap((edge) => [partOf(edge.from), partOf(edge.to)]));
    expect([...parts].filter((part) => part !== "test" && !(part in MAY_IMPORT))).toEqual([]);
  });

  it("are crossed only downwards, as the table allows", () => {
    const upwards = crossing
      .filter((edge) => !MAY_IMPORT[partOf(edge.from)]?.includes(partOf(edge.to)))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(upwards).toEqual([]);
  });

  it("keep src/import, src/alerts and src/catalog apart from the bot and the runtime", () => {
    const lower = ["src/import", "src/alerts", "src/catalog"];
    const higher = ["src/bot", "src/runtime", "src/app.ts", "src/main.ts"];
    const wrong = crossing
      .filter((e) => lower.includes(partOf(e.from)) && higher.includes(partOf(e.to)))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("keep the doubles and the sandbox free of the product's code", () => {
    const wrong = graph
      .filter((edge) => edge.from.startsWith("doubles/") && !edge.to.startsWith("doubles/"))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("enter a module of src/ only through its index.ts, or a second entry where named", () => {
    const wrong = crossing
      .filter((edge) => edge.to.startsWith("src/") && partOf(edge.to) !== edge.to)
      .filter((edge) => edge.to !== `${partOf(edge.to)}/index.ts`)
      .filter((edge) => !SECOND_ENTRIES[edge.to]?.includes(edge.from))
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("let a feature use another feature only where the table says so", () => {
    const featureOf = (path: string) =>
      /^src\/bot\/features\/([^/.]+)/.exec(path)?.[1] ?? undefined;
    const wrong = graph
      .filter((edge) => edge.from !== "src/bot/features/index.ts")
      .filter((edge) => {
        const [from, to] = [featureOf(edge.from), featureOf(edge.to)];
        return from && to && from !== to && !FEATURE_USES[from]?.includes(to);
      })
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(wrong).toEqual([]);
  });

  it("hold no import circle, type-only imports included", () => {
    expect(circles(graph)).toEqual([]);
  });
});

/** Each circle once, as the list of files around it (Tarjan's strongly connected components). */
function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || next.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}
