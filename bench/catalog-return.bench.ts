/**
 * The `catalog-return` measure, a returned catalog export: a linked seller exports the whole
 * catalog of about 5,000 SKUs (BENCH_RETURN_SKUS; 20,000 for a large shop), lowers every price
 * by 1 % in openpyxl, rows sorted by name, and sends it back while the Seller API answers every request in 100 ms.
 * The bot runs as a process of its own (`node dist/main.js`, the production bundle, Redis), so
 * its resident memory is its own (the reading worker's included). Wall time from the file sent
 * until the preview is shown, beside the bound ⌈Seller API requests of the preview ÷ 3 in
 * flight⌉ × 100 ms; peak resident memory above the idle bot's; and another chat's answers to
 * /help meanwhile (one a second, each from its send to its answer).
 */
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { buildSeed } from "../doubles/seller-api/seed.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { editWithOpenpyxl, exportWholeCatalog } from "../test/support/catalog.js";
import { type BenchEnv, info, judged, type Measure, type Row, sleep, until } from "./measure.js";
import { cpuSeconds, resetPeak, rssOf, sampleRss, startBotProcess } from "./process.js";

const SKUS = Number(process.env.BENCH_RETURN_SKUS ?? 5000);
const LATENCY_MS = 100;
const IN_FLIGHT = 3;
const MB = 1024 * 1024;
type Sandbox = Awaited<ReturnType<typeof startSellerSandbox>>;
const READS = ["/products/list", "/products/details", "/attributes"];

/** Generated products (copies of the seed's) for at least `SKUS` SKUs. */
function extraProducts(): number {
  const seed = buildSeed().products;
  const perProduct = seed.reduce((n, p) => n + p.skus.length, 0) / seed.length;
  return Math.max(0, Math.ceil((SKUS - seed.length * perProduct) / perProduct));
}

/** The preview's Seller API reads: how many, and when the file was read and the cards. */
function readPhases(api: Sandbox, sentAt: number, wallMs: number) {
  const reads = api.requests.filter(
    (r) => r.at >= sentAt && READS.some((path) => r.path.includes(path)),
  );
  // The file read (until the first request), the live cards read, then the diff and the chat.
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const first = Math.min(...reads.map((r) => r.at)) - sentAt;
  const last = Math.max(...reads.map((r) => r.doneAt ?? r.at)) - sentAt;
  const phases = `file read by ${s(first)} s, live cards read ${s(first)}–${s(last)} s, preview at ${s(wallMs)} s`;
  return { requests: reads.length, phases };
}

/** Another chat sends /help once a second until stopped: each answer's time from its send. */
function helpEverySecond(other: UserDriver) {
  const answers: number[] = [];
  let stopped = false;
  const asking = (async () => {
    while (!stopped) {
      const asked = Date.now();
      const last = other.lastBotMessage()?.messageId ?? 0;
      await other.sendCommand("/help");
      await other.waitForBotMessage(/\/orders/, { after: last, timeoutMs: 60_000 });
      answers.push(Date.now() - asked);
      await sleep(Math.max(0, 1000 - (Date.now() - asked)));
    }
  })();
  return {
    async stop(): Promise<number[]> {
      stopped = true;
      await asking;
      return answers;
    },
  };
}

export const measure: Measure = {
  name: "catalog-return",
  number: 12,
  title: `a returned catalog export: ${SKUS} SKUs, every price changed, Seller API at 100 ms`,
  timeLimitMs: 600_000,
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const tg = await startBotApiEmulator({ limits: true });
    const api = await startSellerSandbox({
      preIssuedLinkTokens: 0,
      extraProducts: extraProducts(),
    });
    const bot = startBotProcess(["dist/main.js"], {
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
      const other = tg.user({ languageCode: "ru", started: true });
      api.linkChat(user.id);
      api.linkChat(other.id);
      const file = await exportWholeCatalog(user, "ru", 120_000);
      const skus = api.products.reduce((n, p) => n + p.skus.length, 0);
      const edited = await editWithOpenpyxl(
        file,
        `
p = col("price")
for r in rows:
    r[p] = round(r[p] * 0.99)
rows.sort(key=lambda r: str(r[col("name.rus")]), reverse=True)
`,
      );
      // Idle means idle: the stock round after start and the export are over.
      const lastRequest = () => Math.max(0, ...api.requests.map((r) => r.doneAt ?? r.at));
      await until(() => Date.now() - lastRequest() > 1000, 120_000, "the bot idle");
      await sleep(2000);
      const idle = rssOf(pid).rss;
      const peakReset = resetPeak(pid);
      const sampler = sampleRss(pid);
      const cpuBefore = cpuSeconds(pid);
      api.setLatency(LATENCY_MS);
      const sentAt = Date.now();
      const before = user.lastBotMessage()?.messageId ?? 0;
      await user.sendDocument({ fileName: "catalog-edited.xlsx", content: edited });
      const asking = helpEverySecond(other);
      const preview = await user.waitForBotMessage(/Что изменится|не отвечает|ошибк/i, {
        after: before,
        timeoutMs: 300_000,
      });
      const wallMs = Date.now() - sentAt;
      const cpu = cpuSeconds(pid) - cpuBefore;
      const answers = await asking.stop();
      const sampled = sampler.stop();
      const peak = Math.max(sampled, peakReset ? rssOf(pid).peak : 0);
      api.setLatency(0);
      if (!/Что изменится/.test(preview.text ?? "")) throw new Error(`no preview: ${preview.text}`);
      const { requests, phases } = readPhases(api, sentAt, wallMs);
      const boundMs = Math.ceil(requests / IN_FLIGHT) * LATENCY_MS;
      const changes = /Изменятся товаров: ([\d\s\u00a0]+), SKU: ([\d\s\u00a0]+)\./.exec(
        preview.text ?? "",
      );
      const note = `${api.products.length} products, ${skus} SKUs; file ${(edited.length / MB).toFixed(1)} MB; preview says ${changes?.[0] ?? "?"}; ${requests} Seller API reads; ${phases}; the bot process used ${cpu.toFixed(1)} s of CPU (its reading worker's included)`;
      return [
        judged(
          "12 return: file sent to preview",
          wallMs,
          " ms",
          {
            value: boundMs,
            label: `⌈${requests} requests / ${IN_FLIGHT}⌉ × ${LATENCY_MS} ms = ${boundMs} ms`,
          },
          { maxRatio: 1.5, label: "≤ 1.5×" },
          note,
        ),
        judged(
          "12 return: peak RSS above idle",
          (peak - idle) / MB,
          " MB",
          null,
          { max: 150, label: "< 150 MB" },
          `idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (bot process)`,
        ),
        info(
          "12 return: another chat's /help, slowest answer",
          Math.max(...answers),
          " ms",
          `${answers.length} answers meanwhile`,
        ),
      ];
    } finally {
      await bot.stop();
      await tg.stop();
      await api.stop();
    }
  },
};
