/**
 * Measure 4, reading: the import reader on what sellers really send: a 20,000-SKU Windows-1251 `;`
 * CSV from Russian Excel (~6,000 products grouped by productKey, Cyrillic names, descriptions
 * with quotes, `;` and line breaks; a fifth name a `productId` on their group's first row, read as
 * edits of cards), and the same rows as `.xlsx` saved by xlsxwriter (shared strings, as Excel
 * saves them). Compares the app's reader end to end (`createImportReader().read`: a worker thread reads,
 * the result comes back to the main thread) with the libraries' parse alone on the same bytes:
 * csv-parse (decode + parse), and for the workbook fflate (unzip) with saxes (the sheet's and the
 * shared strings' XML to rows of text). Each variant runs in processes of its own (bench/reading-child.mjs;
 * three, in turns with its bound's, see `runPair`) as production runs: plain node, the reader
 * from the production bundle (dist/reader.js, built first), with the image's allocator setting
 * and Node options, nothing loaded but what the variant needs, so each peak RSS is the
 * variant's own; the reader's includes its worker's heap and the result received.
 *
 *   npm run bench -- reading
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { crlf, encodeCp1251 } from "../doubles/files/encode.js";
import { buildBundle } from "../scripts/build.js";
import { judged, type Measure, type Row } from "./measure.js";
import { BOT_NODE, botNodeVersion, imageEnv } from "./process.js";

/** The file of the reading bound: a peak ≤ 250 MB for 20,000 SKUs. */
const SKUS = 20_000;
const RUNS = 3;
/** Processes per variant, run in turns with its bound's (see `runPair`). */
const ROUNDS = 3;
const CHILD = fileURLToPath(new URL("./reading-child.mjs", import.meta.url));

const WORDS = ["Куртка", "Платье", "Шапка", "Шарф", "Пальто", "Свитер", "Юбка", "Брюки", "Кофта"];
const ADJECTIVES = ["зимняя", "летнее", "тёплая", "вязаный", "шерстяное", "лёгкая", "классические"];
const COLORS = ["red", "blue", "black", "white", "green"];
const SIZES = ["xs", "s", "m", "l", "xl", "xxl"];

/** A seeded generator so every run reads the same file. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

export function generateCsv(skus = 10_000): Uint8Array {
  const rnd = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const lines = [
    "productKey;productId;shopId;categoryId;brandId;isLocalMade;name.rus;name.kaz;description.rus;description.kaz;vat;attributes.color;attributes.material;skuId;attributeValueCodes;price;barcode;photos",
  ];
  let sku = 0;
  for (let p = 1; sku < skus; p++) {
    const count = Math.min(skus - sku, 1 + Math.floor(rnd() * 6)); // 1..6, ~3.5 on average
    const name = `${pick(WORDS)} ${pick(ADJECTIVES)} «Модель ${p}»`;
    const description = `"${name}: отличный выбор; состав — ""хлопок 80%"", полиэстер 20%.\r\nУход: стирка при 30°; не отбеливать."`;
    for (let i = 0; i < count; i++, sku++) {
      const price = `${Math.floor(500 + rnd() * 60_000)}\u00a0${String(Math.floor(rnd() * 1000)).padStart(3, "0")},${Math.floor(rnd() * 100)}`;
      const barcode = `0${String(4600000000000 + sku).padStart(12, "0")}`;
      const photos = `https://cdn.example.kz/p/${p}/${i}-1.jpg|https://cdn.example.kz/p/${p}/${i}-2.jpg`;
      const product =
        i === 0
          ? [
              `P${p}`,
              p % 5 === 0 ? String(100000 + p) : "",
              "",
              String(1000 + (p % 40)),
              String(200 + (p % 90)),
              p % 2 ? "да" : "нет",
              name,
              `Жылы киім ${p}`,
              description,
              "Сипаттама",
              p % 3 ? "12" : "0",
              pick(COLORS),
              "cotton|polyester",
            ]
          : [`P${p}`, "", "", "", "", "", "", "", "", "", "", "", ""];
      lines.push([...product, "", `size-${pick(SIZES)}`, price, barcode, photos].join(";"));
    }
  }
  return encodeCp1251(crlf(...lines));
}

/**
 * xlsxwriter writes the rows (a JSON file) to a workbook as Excel saves one: a sheet of text
 * cells in a shared-strings table (openpyxl would write inline strings).
 */
const XLSXWRITER = `
import json, sys, xlsxwriter
wb = xlsxwriter.Workbook(sys.argv[2])
ws = wb.add_worksheet("Товары")
with open(sys.argv[1], encoding="utf-8") as rows:
    for r, row in enumerate(json.load(rows)):
        ws.write_row(r, 0, row)
wb.close()
`;

/** The same rows as a workbook (first sheet, one row per CSV line), saved by xlsxwriter. */
export function generateXlsx(csv: Uint8Array, dir: string): Uint8Array {
  const text = new TextDecoder("windows-1251").decode(csv);
  const rows = parse(text, { delimiter: ";", relax_column_count: true }) as string[][];
  const json = join(dir, "rows.json");
  const xlsx = join(dir, "rows.xlsx");
  writeFileSync(json, JSON.stringify(rows));
  const python = spawnSync("/usr/bin/python3", ["-c", XLSXWRITER, json, xlsx], {
    encoding: "utf8",
    timeout: 120_000,
  });
  if (python.status !== 0) {
    throw new Error(
      `xlsxwriter could not write the workbook (python3-xlsxwriter): ${python.stderr}`,
    );
  }
  return new Uint8Array(readFileSync(xlsx));
}

type Variant = "reader-csv" | "csv-parse" | "reader-xlsx" | "fflate-saxes";

interface Figures {
  summary: string;
  ms: number;
  cpuMs: number;
  stallMs: number;
  rssStart: number;
  peakRss: number;
}

function runChild(variant: Variant, path: string): Figures {
  // BENCH_NODE: every variant, bounds included, on that Node (the image's, say).
  const out = spawnSync(BOT_NODE, ["--expose-gc", CHILD, variant, path, String(RUNS)], {
    // As the image runs the bot: its NODE_OPTIONS reach the reading workers too (see Dockerfile).
    env: { ...process.env, ...imageEnv() },
    encoding: "utf8",
    maxBuffer: 1 << 20,
    timeout: 180_000,
  });
  const line = out.stdout.trim().split("\n").at(-1) ?? "";
  if (out.status !== 0 || !line.startsWith("{")) {
    throw new Error(`${variant} could not run: ${out.stderr.slice(-300)}`);
  }
  return JSON.parse(line) as Figures;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A variant and its bound, each in `ROUNDS` processes run in turns (bound, ours, bound, ...),
 * so a spell of load from elsewhere on the machine falls on both rather than on one: time
 * and stall are the median of the processes' figures, peak RSS the highest.
 */
function runPair(
  ours: Variant,
  bound: Variant,
  path: string,
): { ours: Figures; bound: Figures; spread: string } {
  const all: Record<"ours" | "bound", Figures[]> = { ours: [], bound: [] };
  for (let i = 0; i < ROUNDS; i++) {
    all.bound.push(runChild(bound, path));
    all.ours.push(runChild(ours, path));
  }
  const combine = (list: Figures[]): Figures => ({
    summary: list[0]!.summary,
    ms: median(list.map((f) => f.ms)),
    cpuMs: median(list.map((f) => f.cpuMs)),
    stallMs: median(list.map((f) => f.stallMs)),
    rssStart: Math.max(...list.map((f) => f.rssStart)),
    peakRss: Math.max(...list.map((f) => f.peakRss)),
  });
  const times = (list: Figures[]) => list.map((f) => f.ms.toFixed(0)).join("/");
  const stalls = (list: Figures[]) => list.map((f) => f.stallMs.toFixed(0)).join("/");
  return {
    ours: combine(all.ours),
    bound: combine(all.bound),
    spread:
      `per process: ${times(all.ours)} ms (bound ${times(all.bound)} ms), stall ${stalls(all.ours)} ms; ` +
      `CPU time ${median(all.ours.map((f) => f.cpuMs)).toFixed(0)} ms (bound ${median(all.bound.map((f) => f.cpuMs)).toFixed(0)} ms); Node ${botNodeVersion()}`,
  };
}

const MB = 1024 * 1024;

function rowsOf(
  kind: "CSV" | "XLSX",
  { ours, bound: base, spread }: ReturnType<typeof runPair>,
  baseName: string,
): Row[] {
  return [
    judged(
      `4 reading ${kind}: time`,
      ours.ms,
      " ms",
      { value: base.ms, label: `${baseName} alone ${base.ms.toFixed(0)} ms` },
      { maxRatio: 3, label: "≤ 3×" },
      `${ours.summary}; ${spread}`,
    ),
    judged(
      `4 reading ${kind}: peak RSS`,
      ours.peakRss / MB,
      " MB",
      { value: base.peakRss / MB, label: `${baseName} alone ${(base.peakRss / MB).toFixed(0)} MB` },
      { max: 250, label: "≤ 250 MB" },
      `${(ours.rssStart / MB).toFixed(0)} MB loaded before reading (${baseName} alone ${(base.rssStart / MB).toFixed(0)} MB)`,
    ),
    judged(
      `4 reading ${kind}: longest main-thread stall`,
      ours.stallMs,
      " ms",
      { value: base.stallMs, label: `${baseName} alone ${base.stallMs.toFixed(0)} ms` },
      { max: 50, label: "≤ 50 ms" },
    ),
  ];
}

export const measure: Measure = {
  name: "reading",
  number: 4,
  title: "reading a 20,000-SKU Windows-1251 CSV and the same data as .xlsx",
  // All CPU (twelve processes, each loading and reading four times): 52 s on a 2-core EPYC that
  // ran the whole bench in 12 minutes, so the default limit would cut it on a machine five
  // times slower.
  timeLimitMs: 600_000,
  async run() {
    // The reader as it ships: the bundle, its worker from dist/ (no TypeScript compiled at start).
    await buildBundle();
    const csv = generateCsv(SKUS);
    const dir = mkdtempSync(join(tmpdir(), "bench-reading-"));
    try {
      const xlsx = generateXlsx(csv, dir);
      writeFileSync(join(dir, "products.csv"), csv);
      writeFileSync(join(dir, "products.xlsx"), xlsx);
      const csvPath = join(dir, "products.csv");
      const xlsxPath = join(dir, "products.xlsx");
      const csvPair = runPair("reader-csv", "csv-parse", csvPath);
      const xlsxPair = runPair("reader-xlsx", "fflate-saxes", xlsxPath);
      console.log(
        `  CSV ${(csv.length / MB).toFixed(1)} MB, XLSX ${(xlsx.length / MB).toFixed(1)} MB`,
      );
      return [
        ...rowsOf("CSV", csvPair, "csv-parse"),
        ...rowsOf("XLSX", xlsxPair, "fflate + saxes"),
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
