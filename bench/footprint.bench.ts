/**
 * Measure 10, footprint: the resident memory of the production build (`node dist/main.js`)
 * idle and after many chats were linked (each has a session and an alert subscription), and
 * the Redis bytes per session, per alert subscription and per watched import job (MEMORY
 * USAGE of their keys; the jobs of one real import through the bot).
 *
 * Idle is read twice: 3 s after start, and once settled. Just after start the process still
 * holds what starting left behind: V8's young generation grown while the modules loaded, and
 * their garbage. V8's memory reducer collects it later (30–90 s here), when it sees the process
 * idle; the settled figure is what an idle instance holds from then on (`settledRss`). After
 * the links the same: 3 s after the last, and settled, which is what the chats cost.
 */
import { Redis } from "ioredis";
import { type SellerSandbox, startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { importRequests, offerImport } from "./import-sending.bench.js";
import { type BenchEnv, info, judged, type Measure, type Row, sleep, until } from "./measure.js";
import { botNodeVersion, cpuSeconds, rssOf, startBotProcess } from "./process.js";

/** Each linked chat costs Telegram messages at 27 a second: 10,000 would take six minutes. */
const CHATS = Number(process.env.BENCH_FOOTPRINT_CHATS ?? 600);
const MB = 1024 * 1024;
/** How long to wait for the idle process to settle (V8's memory reducer), at most. */
const SETTLE_MS = Number(process.env.BENCH_FOOTPRINT_SETTLE_MS ?? 120_000);
/** The same after the links, shorter: the whole measure stays within the run's time limit. */
const LINKED_SETTLE_MS = Math.min(SETTLE_MS, 60_000);

/** The one import whose watch records are weighed: 30 products a request, so 10 jobs. */
const IMPORT_PRODUCTS = 300;

/** Samples that must agree (within `STEADY_BYTES`) for the reduced figure to count as settled. */
const STEADY_SAMPLES = 10;
const STEADY_BYTES = 1 * MB;

/**
 * The idle process's memory once V8 has reduced its heap: sampled every second; once a sample
 * is a tenth below the figure at start, sampling goes on until the last `STEADY_SAMPLES` lie
 * within `STEADY_BYTES` of each other, and their mean is the figure. The reducer may give
 * memory back in more than one step a few seconds apart, so the first sample below is not yet
 * where the process stays. At `limitMs` without that: the mean of the last samples taken.
 */
async function settledRss(pid: number, atStart: number, limitMs = SETTLE_MS) {
  const from = Date.now();
  const window: number[] = [];
  let steady = false;
  while (Date.now() - from < limitMs) {
    await sleep(1000);
    const rss = rssOf(pid).rss;
    if (rss >= atStart * 0.9 && window.length === 0) continue;
    window.push(rss);
    if (window.length > STEADY_SAMPLES) window.shift();
    steady =
      window.length === STEADY_SAMPLES && Math.max(...window) - Math.min(...window) <= STEADY_BYTES;
    if (steady) break;
  }
  const last = window.length ? window : [rssOf(pid).rss];
  const rss = last.reduce((a, b) => a + b, 0) / last.length;
  return { rss, afterMs: Date.now() - from, steady };
}

/** Bytes of the keys under `prefix` whose name matches `pattern`, and how many there are. */
async function keyBytes(redis: Redis, prefix: string, pattern: RegExp) {
  let bytes = 0;
  let count = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    for (const key of keys) {
      if (!pattern.test(key.slice(prefix.length))) continue;
      bytes += Number(await redis.memory("USAGE", key));
      count++;
    }
  } while (cursor !== "0");
  return { bytes, count };
}

/**
 * Redis bytes per watched import job: a linked chat of its own sends IMPORT_PRODUCTS products
 * as JSON and presses "Import", as a seller does; the watcher's records (`import:*`) are weighed
 * once the import is accepted (its jobs being watched) and again once its summary is sent (what
 * stays for the retention period, each product's result included).
 */
async function watchedJobBytes(user: UserDriver, api: SellerSandbox, redis: Redis, prefix: string) {
  const offer = await offerImport(user, IMPORT_PRODUCTS);
  await user.pressButton(/Импортировать товары/, { messageId: offer.messageId });
  await user.waitForBotMessage(/Импорт принят/, { timeoutMs: 60_000 });
  const jobs = importRequests(api).length;
  const watching = await keyBytes(redis, prefix, /^import:/);
  await user.waitForBotMessage(/Импорт «products\.json»: итоги/, { timeoutMs: 60_000 });
  const done = await keyBytes(redis, prefix, /^import:/);
  return { jobs, watching, done };
}

export const measure: Measure = {
  name: "footprint",
  number: 10,
  title: "footprint of the production build, and Redis bytes per session, alert and import job",
  // Two waits for V8 to settle (up to 2 min and 1 min), the links, then an import watched.
  timeLimitMs: 360_000,
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const tg = await startBotApiEmulator({ limits: true });
    // Import jobs are final at their first reading: the watched import's summary comes in one
    // poll interval, not after a round per job.
    const api = await startSellerSandbox({ preIssuedLinkTokens: 0, jobSteps: 0 });
    const prefix = env.prefix("prod");
    const redis = new Redis(env.redisUrl);
    const bot = startBotProcess(["dist/main.js"], {
      BOT_TOKEN: tg.token,
      BOT_API_ROOT: tg.apiRoot,
      SELLER_API_URL: api.url,
      SELLER_API_TOKEN: api.token,
      REDIS_URL: env.redisUrl,
      REDIS_KEY_PREFIX: prefix,
      LOG_LEVEL: "info",
    });
    try {
      await bot.started();
      await sleep(3000);
      const idle = rssOf(bot.child.pid!).rss;
      const settled = await settledRss(bot.child.pid!, idle);
      const users = Array.from({ length: CHATS }, (_, i) =>
        tg.user({ languageCode: i % 2 ? "kk" : "ru" }),
      );
      const cpuBefore = cpuSeconds(bot.child.pid!);
      for (const user of users) await user.sendCommand(`/start ${api.issueLinkToken()}`);
      const greeted = () =>
        new Set(
          tg
            .callsOf("sendMessage")
            .filter((c) => c.ok)
            .map((c) => Number(c.params.chat_id)),
        ).size;
      await until(() => greeted() >= CHATS, 180_000, "greetings of the linked chats");
      await sleep(3000);
      const loaded = rssOf(bot.child.pid!).rss;
      const linkCpu = cpuSeconds(bot.child.pid!) - cpuBefore;
      // What the chats cost once the links' garbage is collected, read as the idle figure is.
      const kept = await settledRss(bot.child.pid!, loaded, LINKED_SETTLE_MS);
      const sessions = await keyBytes(redis, prefix, /^session:/);
      const alerts = await keyBytes(redis, prefix, /^alerts?:/);
      const importer = tg.user({ languageCode: "ru", started: true });
      api.linkChat(importer.id);
      const imported = await watchedJobBytes(importer, api, redis, prefix);
      return footprintRows({ idle, settled, loaded, kept, linkCpu, sessions, alerts, imported });
    } finally {
      await bot.stop();
      redis.disconnect();
      await tg.stop();
      await api.stop();
    }
  },
};

type Settled = Awaited<ReturnType<typeof settledRss>>;
type KeyBytes = Awaited<ReturnType<typeof keyBytes>>;

/** The measure's rows, from what it took (RSS in bytes, CPU in seconds). */
function footprintRows(m: {
  idle: number;
  settled: Settled;
  loaded: number;
  kept: Settled;
  linkCpu: number;
  sessions: KeyBytes;
  alerts: KeyBytes;
  imported: Awaited<ReturnType<typeof watchedJobBytes>>;
}): Row[] {
  const { idle, settled, loaded, kept, linkCpu, sessions, alerts, imported } = m;
  const perChat = Math.max(0, kept.rss - settled.rss) / CHATS;
  return [
    judged(
      "10 footprint: RSS idle, settled (node dist/main.js)",
      settled.rss / MB,
      " MB",
      null,
      { max: 100, label: "≤ 100 MB" },
      `${Math.round((settled.afterMs + 3000) / 1000)} s after start, nothing received${settled.steady ? "" : "; NOT settled within the time allowed"}; the bot on Node ${botNodeVersion()}`,
    ),
    info(
      "10 footprint: RSS 3 s after start",
      idle / MB,
      " MB",
      "startup's garbage not yet collected",
    ),
    info(
      `10 footprint: RSS after ${CHATS} linked chats, settled`,
      kept.rss / MB,
      " MB",
      `${Math.round(kept.afterMs / 1000)} s after the last link${kept.steady ? "" : " (not settled within the time allowed)"}; ${(loaded / MB).toFixed(0)} MB 3 s after it, the links' garbage not yet collected; ${(perChat / 1024).toFixed(1)} KB a chat above the idle figure: about ${((settled.rss + perChat * 10_000) / MB).toFixed(0)} MB at 10,000 chats (scaled down: each link costs Telegram messages); the bot's CPU for the links: ${linkCpu.toFixed(1)} s`,
    ),
    info(
      "10 footprint: Redis bytes per session",
      sessions.count ? sessions.bytes / sessions.count : Number.NaN,
      " B",
      `${sessions.count} sessions`,
    ),
    info(
      "10 footprint: Redis bytes per linked chat's alert keys",
      alerts.bytes / CHATS,
      " B",
      `${alerts.count} keys`,
    ),
    info(
      "10 footprint: Redis bytes per watched import job",
      imported.watching.bytes / imported.jobs,
      " B",
      `one import of ${IMPORT_PRODUCTS} products through the bot: ${imported.jobs} jobs, ${imported.watching.count} keys while they are watched`,
    ),
    info(
      "10 footprint: Redis bytes per finished import job",
      imported.done.bytes / imported.jobs,
      " B",
      `the same import once its summary is sent: ${imported.done.count} keys, each product's result kept for /jobs until the retention ends`,
    ),
  ];
}
