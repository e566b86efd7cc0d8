/**
 * Measure 7, watching: 2,000 accepted import jobs (100 documents of 20 jobs, one chat each)
 * finish at random times over a minute (seeded); the watcher polls them as it does in
 * production (IMPORT_POLL_INTERVAL_MS 5 s). Seller API calls per job, the delay from a
 * document's last job finishing to its summary (p50/p95 beside the poll interval), and the
 * event-loop delay p99 of the process (the doubles run in it too).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { IMPORT_WORK } from "../src/import/index.js";
import { withBed } from "./bed.js";
import { info, judged, type Measure, quantile, seeded, until } from "./measure.js";

const DOCUMENTS = 100;
const JOBS_PER_DOCUMENT = 20;
const SPREAD_MS = 60_000;
const POLL_MS = 5000;
const INFO_PATH = "/api/seller/v1/products/import/info";

const product = (i: number) => ({
  categoryId: 101,
  brandId: 504,
  name: { rus: `Кабель №${i}` },
  description: { rus: "Кабель, 1 м" },
  vat: 12,
  skus: [{ price: 1000 + i, barcode: `49900${String(i).padStart(8, "0")}` }],
});

export const measure: Measure = {
  name: "watching",
  number: 7,
  title: "watching 2,000 import jobs finishing over a minute",
  async run(env) {
    const doneAt = new Map<number, number>();
    const redis = { url: env.redisUrl, prefix: env.prefix("one") };
    return withBed(
      {
        name: "bench-watching",
        redis,
        scheduler: true,
        env: { IMPORT_POLL_INTERVAL_MS: String(POLL_MS) },
        sandbox: { jobDoneAt: (job) => doneAt.get(job.jobId) ?? 0 },
      },
      async ({ tg, api, app }) => {
        const random = seeded(7);
        const chats = Array.from({ length: DOCUMENTS }, () => tg.user({ started: true }).id);
        const jobIds: number[] = [];
        for (let i = 0; i < DOCUMENTS * JOBS_PER_DOCUMENT; i++) {
          jobIds.push((await app.seller.importProducts({ products: [product(i)] } as never)).jobId);
        }
        const t0 = Date.now();
        for (const id of jobIds) doneAt.set(id, t0 + random() * SPREAD_MS);
        const finishedAt = new Map<number, number>();
        const chatOfJob = new Map<number, number>();
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const cpuBefore = process.cpuUsage();
        const wallBefore = Date.now();
        const infoBefore = api.requestsTo(INFO_PATH).length;
        // When each of the watcher's ticks ended: a tick runs every due document's round.
        const tickEnds: number[] = [];
        const tickWatch = setInterval(() => {
          const n = app.scheduler.ticks(IMPORT_WORK);
          while (tickEnds.length < n) tickEnds.push(Date.now());
        }, 20);
        for (let d = 0; d < DOCUMENTS; d++) {
          const jobs = jobIds.slice(d * JOBS_PER_DOCUMENT, (d + 1) * JOBS_PER_DOCUMENT);
          finishedAt.set(chats[d]!, Math.max(...jobs.map((id) => doneAt.get(id)!)));
          for (const id of jobs) chatOfJob.set(id, chats[d]!);
          await app.watcher.watch(watchedDocument(d, chats[d]!, jobs, t0) as never);
        }
        const summaries = () => {
          const first = new Map<number, number>();
          for (const c of tg.calls) {
            if (!c.ok || !/^send(Message|Document)$/.test(c.method)) continue;
            const chat = Number(c.params.chat_id);
            if (finishedAt.has(chat) && !first.has(chat)) first.set(chat, c.at);
          }
          return first;
        };
        await until(() => summaries().size >= DOCUMENTS, 300_000, "summaries of every document");
        loop.disable();
        clearInterval(tickWatch);
        const cpu = process.cpuUsage(cpuBefore);
        const cpuNote = `the doubles run in the same process; ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU s over ${((Date.now() - wallBefore) / 1000).toFixed(0)} s, longest ${(loop.max / 1e6).toFixed(0)} ms`;
        const periods = tickEnds.slice(2).map((at, i) => at - tickEnds[i + 1]!);
        const ticks = `watcher ticks every ${Math.round(quantile(periods, 0.5))} ms (p50), at most ${Math.max(...periods)} ms`;
        const delays = [...summaries()].map(([chat, at]) => at - finishedAt.get(chat)!);
        const reads = api.requestsTo(INFO_PATH).slice(infoBefore);
        const split = delaySplit(reads, chatOfJob, finishedAt, summaries());
        const calls = api.requestsTo(INFO_PATH).length - infoBefore;
        const jobs = DOCUMENTS * JOBS_PER_DOCUMENT;
        const p95 = quantile(delays, 0.95);
        const bound = { value: POLL_MS, label: `poll interval ${POLL_MS / 1000} s` };
        return [
          info(
            "7 watching: Seller API calls per job",
            calls / jobs,
            "",
            `${calls} import/info calls for ${jobs} jobs`,
          ),
          info("7 watching: finish-to-summary p50", quantile(delays, 0.5), " ms", split),
          judged(
            "7 watching: finish-to-summary p95",
            p95,
            " ms",
            bound,
            { maxRatio: 1.5, label: "< 1.5 intervals" },
            ticks,
          ),
          judged(
            "7 watching: event-loop delay p99",
            loop.percentile(99) / 1e6,
            " ms",
            null,
            { max: 20, label: "< 20 ms" },
            cpuNote,
          ),
        ];
      },
    );
  },
};

/** Document `d` as the import's sender hands it to the watcher: one product per job. */
function watchedDocument(d: number, chatId: number, jobs: number[], t0: number) {
  return {
    id: `bench-${d}`,
    chatId,
    locale: "ru",
    fileName: `products-${d}.json`,
    format: "json",
    createdAt: t0,
    skippedInvalid: 0,
    batches: jobs.map((jobId, k) => ({
      batch: k + 1,
      jobId,
      products: [{ ref: { kind: "position", position: k }, skuRefs: [] }],
    })),
    failedBatches: [],
    sending: false,
    updatedAt: t0,
  };
}

/**
 * Where the delay goes: until the watcher read the document's last job as final (seen), then
 * until the summary reached Telegram (sent). `reads` are the status requests of the run.
 */
function delaySplit(
  reads: { query: Record<string, string>; at: number }[],
  chatOfJob: Map<number, number>,
  finishedAt: Map<number, number>,
  summaries: Map<number, number>,
): string {
  const lastRead = new Map<number, number>();
  for (const r of reads) {
    const chat = chatOfJob.get(Number(r.query.jobId));
    if (chat !== undefined) lastRead.set(chat, Math.max(lastRead.get(chat) ?? 0, r.at));
  }
  const seen = [...summaries.keys()].map((chat) => lastRead.get(chat)! - finishedAt.get(chat)!);
  const sent = [...summaries].map(([chat, at]) => at - lastRead.get(chat)!);
  const ms = (xs: number[], q: number) => Math.round(quantile(xs, q));
  return `seen p50 ${ms(seen, 0.5)} ms, p95 ${ms(seen, 0.95)} ms after the last job finished; summary sent p50 ${ms(sent, 0.5)} ms, p95 ${ms(sent, 0.95)} ms after that`;
}
