/**
 * Measure 3, notifications under the one pace: 500 import summaries and 500 alerts due at once,
 * sent as bulk through each instance's notification Api (the path of the watcher's notifier and
 * the alerts' delivery), while 100 users press a button (one every 100 ms) that the bot answers
 * with a message. One instance, then two on one Redis (each sends half the notifications).
 */
import { runSendLoad } from "../test/support/send-load.js";
import { withBed } from "./bed.js";
import { type BenchEnv, judged, type Measure, quantile, type Row } from "./measure.js";

const NOTIFICATIONS = 1000;
const PRESSERS = 100;
const PRESS_EVERY_MS = 100;

async function load(env: BenchEnv, instances: 1 | 2): Promise<Row[]> {
  const redis = { url: env.redisUrl, prefix: env.prefix(`x${instances}`) };
  return withBed({ name: "bench-burst", instances, redis }, async ({ tg, apps }) => {
    const f = await runSendLoad(tg, apps, {
      summaries: NOTIFICATIONS,
      pressers: PRESSERS,
      pressEveryMs: PRESS_EVERY_MS,
    });
    const label = instances === 1 ? "one instance" : "two instances, one Redis";
    const messages = NOTIFICATIONS + PRESSERS;
    const boundS = messages / 30;
    const wallS = f.summariesTookMs / 1000;
    const p95 = quantile(f.answerMessageMs, 0.95);
    return [
      judged(
        `3 notification burst, ${label}: wall time`,
        wallS,
        " s",
        { value: boundS, label: `${messages} messages / 30 a second = ${boundS.toFixed(1)} s` },
        { maxRatio: 1.2, label: "≤ 1.2×" },
      ),
      judged(
        `3 notification burst, ${label}: lost, doubled, 429s`,
        f.lostSummaries + f.duplicatedSummaries + f.refused,
        "",
        null,
        { max: 0, label: "0" },
        `lost ${f.lostSummaries}, doubled ${f.duplicatedSummaries}, 429 ${f.refused}; most in any second ${f.maxInAnySecond}`,
      ),
      judged(
        `3 notification burst, ${label}: button answer p95`,
        p95,
        " ms",
        { value: 2000, label: "2 s" },
        { maxRatio: 1, label: "< 2 s" },
        `callback answered p95 ${quantile(f.callbackAnswerMs, 0.95)} ms`,
      ),
    ];
  });
}

export const measure: Measure = {
  name: "burst",
  number: 3,
  title: "notification burst under the one pace",
  async run(env) {
    return [...(await load(env, 1)), ...(await load(env, 2))];
  },
};
