/**
 * One pace for everything the bot sends: 500 import summaries due at once, sent as
 * bulk, while 200 users press a button (one every 50 ms) that the bot answers with a message.
 * One instance, then two instances sharing Redis (each sends half the summaries). Telegram is
 * the emulator with flood control: it refuses past 30 messages in any second, as Telegram does.
 * Needs redis-server on PATH (or REDIS_URL).
 *
 *   npx tsx bench/send-pace.bench.ts
 */
import { startScratchRedis } from "../test/support/scratch-redis.js";
import { runOrdersBurst, runSendLoad, type SendLoadFigures } from "../test/support/send-load.js";
import { type Bed, quantile, withBed } from "./bed.js";

const SUMMARIES = 500;
const PRESSERS = 200;
const PRESS_EVERY_MS = 50;
const ORDERS_CHATS = 300;

/** The real app(s) against the emulator (with flood control) and the sandbox; the first polls. */
function withApps<T>(instances: 1 | 2, redisUrl: string, use: (bed: Bed) => Promise<T>) {
  const env: Record<string, string> =
    instances === 2 ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-pace-${Date.now()}:` } : {};
  return withBed({ name: "bench-pace", floodLimit: 30, instances, env }, use);
}

const measure = (instances: 1 | 2, redisUrl: string): Promise<SendLoadFigures> =>
  withApps(instances, redisUrl, ({ tg, apps }) =>
    runSendLoad(tg, apps, {
      summaries: SUMMARIES,
      pressers: PRESSERS,
      pressEveryMs: PRESS_EVERY_MS,
    }),
  );

export async function run(): Promise<void> {
  const redis = await startScratchRedis();
  try {
    for (const instances of [1, 2] as const) {
      const f = await measure(instances, redis.url);
      const label =
        instances === 1 ? "one instance (embedded storage)" : "two instances, one Redis";
      const ms = (xs: number[]) =>
        `p50 ${quantile(xs, 0.5)} ms, p95 ${quantile(xs, 0.95)} ms, max ${Math.max(...xs)} ms`;
      console.log(
        `  ${label}: ${SUMMARIES} summaries + ${PRESSERS} presses (one per ${PRESS_EVERY_MS} ms)\n` +
          `    max messages in any second ${f.maxInAnySecond} (bound 30); refused with 429: ${f.refused} (bound 0)\n` +
          `    summaries lost ${f.lostSummaries}, twice ${f.duplicatedSummaries} (bound 0); all ${SUMMARIES} delivered in ${(f.summariesTookMs / 1000).toFixed(1)} s\n` +
          `    button answered (callback): ${ms(f.callbackAnswerMs)}\n` +
          `    answer message arrived: ${ms(f.answerMessageMs)} (bound 2000 ms)` +
          (f.failures.length > 0
            ? `\n    failed sends: ${f.failures.slice(0, 3).join(" | ")}`
            : ""),
      );
    }
    const o = await withApps(1, redis.url, ({ tg, api }) =>
      runOrdersBurst(tg, () => api.issueLinkToken(), ORDERS_CHATS),
    );
    console.log(
      `  ${ORDERS_CHATS} chats press /orders at once: answered with the list ${o.answered}, generic errors ${o.genericErrors} (bound 0), other answers ${o.otherAnswers}; ` +
        `max messages in any second ${o.maxInAnySecond} (bound 30), refused ${o.refused}; last list after ${(o.lastAnswerMs / 1000).toFixed(1)} s`,
    );
  } finally {
    redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
