/**
 * One variant of measure 4 (reading) in a process of its own, as production runs: plain
 * `node` (no tsx: no TypeScript compiled at start, in this thread or the reader's worker), the
 * app's reader from the production bundle (dist/reader.js), and nothing loaded but what the
 * variant needs, so its peak RSS is its own. Warms up once, times RUNS runs, records the
 * longest event-loop stall of this (the main) thread and the peak RSS of the process (the
 * reader's worker included).
 *
 *   node --expose-gc bench/reading-child.mjs VARIANT FILE [RUNS]
 *
 * Prints one JSON line: { variant, summary, ms, cpuMs, stallMs, rssStart, peakRss }.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const [variant, path, runsArg] = process.argv.slice(2);
const RUNS = Number(runsArg ?? 3);

/** The variant's reading: a function of the bytes, and what to close after. */
async function variantOf(name) {
  if (name === "csv-parse") {
    const { parse } = await import("csv-parse/sync");
    return {
      // What the app must do too: decode the Windows-1251 bytes, then parse.
      run: async (bytes) => {
        const text = new TextDecoder("windows-1251").decode(bytes);
        return parse(text, { delimiter: ";", bom: true, relax_column_count: true });
      },
      close: () => {},
    };
  }
  if (name === "fflate-saxes") {
    const { unzipSync, strFromU8 } = await import("fflate");
    const { SaxesParser } = await import("saxes");
    /** Each element's text by tag (`si`, `v`, `t`), and each `c`'s type: the rows as text. */
    const parseXml = (xml, on) => {
      const parser = new SaxesParser();
      parser.on("opentag", (node) => on.open?.(node.name, node.attributes));
      parser.on("text", (text) => on.text?.(text));
      parser.on("closetag", (node) => on.close?.(node.name));
      parser.write(xml).close();
    };
    return {
      run: async (bytes) => {
        const files = unzipSync(bytes);
        const shared = [];
        let text = "";
        parseXml(strFromU8(files["xl/sharedStrings.xml"]), {
          open(tag) {
            if (tag === "si") text = "";
          },
          text(t) {
            text += t;
          },
          close: (tag) => tag === "si" && shared.push(text),
        });
        const rows = [];
        let row;
        let type;
        parseXml(strFromU8(files["xl/worksheets/sheet1.xml"]), {
          open(tag, attributes) {
            if (tag === "row") {
              row = [];
              rows.push(row);
            } else if (tag === "c") type = attributes.t;
            else if (tag === "v" || tag === "t") text = "";
          },
          text(t) {
            text += t;
          },
          close(tag) {
            if (tag === "v") row.push(type === "s" ? shared[Number(text)] : text);
            else if (tag === "t" && type === "inlineStr") row.push(text);
          },
        });
        return rows;
      },
      close: () => {},
    };
  }
  const { createImportReader } = await import("../dist/reader.js");
  const reader = createImportReader();
  const fileName = name === "reader-csv" ? "products.csv" : "products.xlsx";
  return {
    run: (bytes) => reader.read({ bytes, fileName }, { vatRates: [0, 12] }),
    close: () => reader.close(),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const bytes = new Uint8Array(readFileSync(path));
const gc = globalThis.gc ?? (() => {});
const { run, close } = await variantOf(variant);
// Loaded, nothing read yet.
const rssStart = process.memoryUsage().rss;
/** The warm-up's answer in a line; the answer itself is not kept through the timed runs. */
async function warmUp() {
  const first = await run(bytes);
  return variant.startsWith("reader")
    ? `ok=${first.ok} products=${first.products?.count}`
    : `rows=${first.length}`;
}
const summary = await warmUp();
const times = [];
// CPU time of the process, every thread (the reader's worker and this one): what the reading
// cost the machine, which load from elsewhere stretches less than the time it took.
const cpuTimes = [];
let stallMs = 0;
for (let i = 0; i < RUNS; i++) {
  // The forced collection between runs is the bench's, not the variant's: it is done before
  // the run's stall histogram starts (a histogram disabled and enabled again would count the
  // gap as a stall).
  gc();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // Its first tick only starts the clock: a stall before it would go unseen.
  await new Promise((resolve) => setTimeout(resolve, 12));
  const started = performance.now();
  const cpu = process.cpuUsage();
  await run(bytes);
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  // The histogram records a stall once the loop turns again.
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.disable();
  stallMs = Math.max(stallMs, loop.max / 1e6);
}
close();
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({ variant, summary, ms: median(times), cpuMs: median(cpuTimes), stallMs, rssStart, peakRss })}\n`,
);
process.exit(0);
