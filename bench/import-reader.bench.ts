/**
 * Benchmark of the import reader on what sellers really send: a 10 000-SKU Windows-1251 `;`
 * CSV from Russian Excel (~3 000 products grouped by productKey, Cyrillic names, descriptions
 * with quotes, `;` and line breaks). Compares `readImportFile` end to end with csv-parse alone
 * (decode + parse) on the same bytes. `readImportFile` reads in a worker thread (bounded
 * reading): the first run includes starting the worker, and the peak RSS includes
 * the worker's own heap and the result copied back. Each variant runs in its own child process (with
 * --expose-gc) so its peak RSS is its own.
 *
 *   npx tsx bench/import-reader.bench.ts
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import { crlf, encodeCp1251 } from "../doubles/files/encode.js";
import { createImportReader } from "../src/import/index.js";

const SKUS = 10_000;
const RUNS = 5;
const THIS_FILE = fileURLToPath(import.meta.url);

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

export function generateCsv(skus = SKUS): Uint8Array {
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

/** The reader with its warm workers, as the app has it (one per app). */
const readImportFile = createImportReader().read;

type Variant = "reader" | "csv-parse";

async function runOnce(variant: Variant, bytes: Uint8Array): Promise<unknown> {
  if (variant === "reader") {
    return readImportFile({ bytes, fileName: "products.csv" }, { vatRates: [0, 12] });
  }
  const text = new TextDecoder("windows-1251").decode(bytes);
  return parse(text, { delimiter: ";", bom: true, relax_column_count: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** In the child: warm up once, time RUNS runs, measure heap kept by one result and peak RSS. */
async function child(variant: Variant, path: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(path));
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const rssStart = process.memoryUsage().rss;
  const first = (await runOnce(variant, bytes)) as {
    ok?: boolean;
    products?: unknown[];
    invalid?: unknown[];
  };
  const summary =
    variant === "reader"
      ? `ok=${first.ok} products=${first.products?.length} invalid=${first.invalid?.length}`
      : `records=${(first as unknown[]).length}`;
  const times: number[] = [];
  const heapDeltas: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = await runOnce(variant, bytes);
    times.push(performance.now() - started);
    heapDeltas.push(process.memoryUsage().heapUsed - heapBefore);
    if (!result) throw new Error("no result");
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    `${JSON.stringify({ variant, summary, times, heap: median(heapDeltas), rssStart, peakRss })}\n`,
  );
}

export async function run(): Promise<void> {
  const bytes = generateCsv();
  const dir = mkdtempSync(join(tmpdir(), "import-bench-"));
  const path = join(dir, "products.csv");
  writeFileSync(path, bytes);
  console.log(
    `import reader: ${SKUS} SKUs, Windows-1251 ';' CSV, ${mb(bytes.length)} (${bytes.length} bytes)`,
  );
  try {
    for (const variant of ["csv-parse", "reader"] as Variant[]) {
      const out = spawnSync(
        process.execPath,
        ["--import", "tsx", "--expose-gc", THIS_FILE, "--child", variant, path],
        { encoding: "utf8", maxBuffer: 1 << 20 },
      );
      const line = out.stdout.trim().split("\n").at(-1) ?? "";
      if (out.status !== 0 || !line.startsWith("{")) {
        console.log(`${variant}: failed\n${out.stderr}`);
        continue;
      }
      const r = JSON.parse(line) as {
        summary: string;
        times: number[];
        heap: number;
        rssStart: number;
        peakRss: number;
      };
      console.log(
        `  ${variant.padEnd(10)} median ${median(r.times).toFixed(0)} ms ` +
          `(runs: ${r.times.map((t) => t.toFixed(0)).join(", ")}), ` +
          `heap delta ${mb(r.heap)}, RSS ${mb(r.rssStart)} -> peak ${mb(r.peakRss)} ` +
          `(+${mb(r.peakRss - r.rssStart)}); ${r.summary}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const at = process.argv.indexOf("--child");
  if (at >= 0) await child(process.argv[at + 1] as Variant, process.argv[at + 2]!);
  else await run();
}
