/**
 * Measure 9, catalog export: a linked seller with 5,000 products (about 12,000 SKUs) presses
 * "Whole catalog (.xlsx)" under /export; the Seller API answers every request in 100 ms. The bot
 * runs as a process of its own (`node dist/main.js`, the production bundle, Redis storage), so its
 * resident memory is its own. Wall time from the press until the .xlsx arrives at Telegram, beside the
 * bound ⌈list and details requests the export made ÷ 3 in flight⌉ × 100 ms; peak resident memory
 * above the idle bot's (VmHWM reset before the press, and RSS sampled every 10 ms).
 */
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { buildSeed } from "../doubles/seller-api/seed.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { parseImportFile } from "../src/import/index.js";
import {
  type BenchEnv,
  judged,
  type Measure,
  quantile,
  type Row,
  sleep,
  until,
} from "./measure.js";
import { resetPeak, rssOf, sampleRss, startBotProcess } from "./process.js";

const PRODUCTS = Number(process.env.BENCH_EXPORT_PRODUCTS ?? 5000);
const LATENCY_MS = 100;
/** The export's own limit on Seller API requests in flight (src/catalog/live.ts). */
const IN_FLIGHT = 3;
const MB = 1024 * 1024;
const LIST = "/api/seller/v1/products/list";
const DETAILS = "/api/seller/v1/products/details";
const DIRECTORIES = "/api/seller/v1/attributes";

/** BENCH_PROFILE=dir: the bot process writes a CPU profile there when it stops. */
const profile = () =>
  process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

export const measure: Measure = {
  name: "export",
  number: 9,
  title: "catalog export: 5,000 products, Seller API at 100 ms",
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const tg = await startBotApiEmulator({ limits: true });
    const api = await startSellerSandbox({
      preIssuedLinkTokens: 0,
      extraProducts: PRODUCTS - buildSeed().products.length,
    });
    const bot = startBotProcess([...profile(), "dist/main.js"], {
      BOT_TOKEN: tg.token,
      BOT_API_ROOT: tg.apiRoot,
      SELLER_API_URL: api.url,
      SELLER_API_TOKEN: api.token,
      REDIS_URL: env.redisUrl,
      REDIS_KEY_PREFIX: env.prefix("prod"),
      LOG_LEVEL: "info",
    });
    try {
      await bot.started();
      const pid = bot.child.pid!;
      const user = tg.user({ languageCode: "ru", started: true });
      api.linkChat(user.id);
      await user.sendCommand("/export");
      const menu = await user.waitForBotMessage(/Выгрузка в Excel/, { timeoutMs: 30_000 });
      // Idle means idle: the first stock round (every page of the list) is over before the press.
      const lastRequest = () => Math.max(0, ...api.requests.map((r) => r.doneAt ?? r.at));
      await until(() => Date.now() - lastRequest() > 1000, 120_000, "the bot idle");
      await sleep(2000);
      const idle = rssOf(pid).rss;
      const peakReset = resetPeak(pid);
      const sampler = sampleRss(pid);
      api.setLatency(LATENCY_MS);
      const pressedAt = Date.now();
      await user.pressButton(/Весь каталог \(\.xlsx\)/, { messageId: menu.messageId });
      const debug = process.env.BENCH_DEBUG
        ? setInterval(() => {
            const byPath = new Map<string, number>();
            for (const r of api.requests.filter((r) => r.at >= pressedAt))
              byPath.set(r.path, (byPath.get(r.path) ?? 0) + 1);
            const last = user.botMessages().at(-1);
            console.log(`  ${Date.now() - pressedAt} ms`, Object.fromEntries(byPath), last?.text);
          }, 5000)
        : undefined;
      const sent = () => tg.callsOf("sendDocument").find((c) => c.ok && c.at >= pressedAt);
      await until(() => sent() !== undefined, 200_000, "the .xlsx").catch((error) => {
        sampler.stop();
        clearInterval(debug);
        const said = user.botMessages().map((m) => m.text ?? m.document?.fileName);
        throw new Error(
          `${error.message}; the bot said ${JSON.stringify(said.slice(-3))}; log ${bot.output().slice(-400)}`,
        );
      });
      clearInterval(debug);
      const wallMs = sent()!.at - pressedAt;
      await user.waitForBotMessage(/Выгружено товаров/, { timeoutMs: 30_000 });
      const sampled = sampler.stop();
      const peak = Math.max(sampled, peakReset ? rssOf(pid).peak : 0);
      api.setLatency(0);

      const { list, details, directories, phases, lanes } = requestSpread(api, pressedAt, wallMs);
      const boundMs = Math.ceil((list + details) / IN_FLIGHT) * LATENCY_MS;
      const { bytes, skus } = await workbookChecked(user, api);

      const note = `${PRODUCTS} products, ${skus} SKUs = rows; ${list} list + ${details} details requests (+ ${directories} directory requests, sequential, not in the bound); ${(bytes.length / MB).toFixed(1)} MB; ${phases}; ${lanes}`;
      return [
        judged(
          "9 export: press to .xlsx",
          wallMs,
          " ms",
          {
            value: boundMs,
            label: `⌈${list + details} requests / ${IN_FLIGHT}⌉ × ${LATENCY_MS} ms = ${boundMs} ms`,
          },
          { maxRatio: 1.2, label: "≤ 1.2×" },
          note,
        ),
        judged(
          "9 export: peak RSS above idle",
          (peak - idle) / MB,
          " MB",
          null,
          { max: 150, label: "< 150 MB" },
          `idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (bot process)`,
        ),
      ];
    } finally {
      await bot.stop();
      await tg.stop();
      await api.stop();
    }
  },
};

type Sandbox = Awaited<ReturnType<typeof startSellerSandbox>>;

/**
 * The export's Seller API requests since the press: how many of each kind, when each kind ran,
 * and how full the 3 lanes were (a request's mean time, the set latency plus the machine's
 * delays; the mean in flight from the first request to the last answer; a lane's turnaround).
 */
function requestSpread(api: Sandbox, pressedAt: number, wallMs: number) {
  const since = (prefix: string) =>
    api.requests.filter((r) => r.at >= pressedAt && r.path.startsWith(prefix));
  const span = (prefix: string) => {
    const rs = since(prefix);
    const from = Math.min(...rs.map((r) => r.at)) - pressedAt;
    const to = Math.max(...rs.map((r) => r.doneAt ?? r.at)) - pressedAt;
    return `${(from / 1000).toFixed(1)}–${(to / 1000).toFixed(1)} s`;
  };
  const phases = `list ${span(LIST)}, directories ${span(DIRECTORIES)}, details ${span(DETAILS)}, file sent at ${(wallMs / 1000).toFixed(1)} s`;
  const reads = [LIST, DIRECTORIES, DETAILS].flatMap(since);
  const busy = reads.reduce((ms, r) => ms + ((r.doneAt ?? r.at) - r.at), 0);
  const first = Math.min(...reads.map((r) => r.at));
  const last = Math.max(...reads.map((r) => r.doneAt ?? r.at));
  // A lane's turnaround: the k-th answer frees the lane the (k+3)-th request goes out on.
  const starts = reads.map((r) => r.at).sort((a, b) => a - b);
  const answers = reads.map((r) => r.doneAt ?? r.at).sort((a, b) => a - b);
  const turns = starts.slice(IN_FLIGHT).map((at, k) => at - answers[k]!);
  const turn = (q: number) => quantile(turns, q).toFixed(0);
  const lanes = `a request ${(busy / reads.length).toFixed(0)} ms on average, ${(busy / (last - first)).toFixed(2)} in flight on average, an answer to the next request p50 ${turn(0.5)} ms, p90 ${turn(0.9)} ms`;
  const made = (prefix: string) => since(prefix).length;
  return {
    list: made(LIST),
    details: made(DETAILS),
    directories: made(DIRECTORIES),
    phases,
    lanes,
  };
}

/** The .xlsx the chat got, read back by the import's reader: one edit row per SKU, or throws. */
async function workbookChecked(user: UserDriver, api: Sandbox) {
  const doc = user.botMessages().find((m) => m.document?.fileName?.endsWith(".xlsx"));
  const bytes = doc?.document?.content;
  if (!bytes) throw new Error("the .xlsx has no content");
  const read = await parseImportFile(
    { bytes, fileName: doc.document!.fileName! },
    { vatRates: [0, 12] },
  );
  if (!read.ok) throw new Error(`the export is not read back: ${read.reason}`);
  const skus = api.products.reduce((n, p) => n + p.skus.length, 0);
  const rows = read.edits?.rows.length ?? 0;
  if (rows !== skus) throw new Error(`the workbook has ${rows} rows for ${skus} SKUs`);
  return { bytes, skus };
}
