/**
 * Measure 8, alerts: 10,000 orders arrive at seeded random moments over ten simulated minutes
 * (the alerts' injected clock; each order is placed in the sandbox once its moment has come,
 * `addOrder({ at })`). The alert rounds run as the scheduler would run them: every second of
 * simulated time the due kinds run (`alerts.runAll()` at each new-order poll, the poll interval
 * being the production default of 60 s; delivery in the same pass). One linked chat.
 * Figures: Seller API calls per simulated minute, arrival-to-alert delay p95 (simulated time,
 * the alert's moment being the round's) beside the poll interval, alerts lost and doubled.
 * A grouped alert names its count and its first orders: each alert's orders are identified as
 * the next `count` orders in arrival order, checked by its first listed number.
 */
import { testClock } from "../test/support/clock.js";
import { withBed } from "./bed.js";
import { info, judged, type Measure, quantile, seeded } from "./measure.js";

const ORDERS = 10_000;
const MINUTES = 10;
const POLL_MS = 60_000;
/** 11:00 in Almaty: outside quiet hours. */
const START = Date.UTC(2026, 11, 15, 6, 0, 0);

const digits = (s: string) => Number(s.replace(/\D/g, ""));

export const measure: Measure = {
  name: "alerts",
  number: 8,
  title: "alerts for 10,000 orders over ten minutes",
  async run(env) {
    const clock = testClock(START);
    return withBed(
      {
        name: "bench-alerts",
        redis: { url: env.redisUrl, prefix: env.prefix("one") },
        env: { ORDER_POLL_INTERVAL_MS: String(POLL_MS) },
        sandbox: { now: () => clock.now() },
        app: { alertsClock: clock, scheduleAlerts: false },
      },
      async ({ tg, api, app }) => {
        const user = tg.user({ languageCode: "ru", started: true });
        await user.sendCommand(`/start ${api.issueLinkToken()}`);
        await user.waitForBotMessage(/привязан/, { timeoutMs: 30_000 });
        while (!(await app.alerts.store.chat({ chatId: user.id })))
          await new Promise((r) => setTimeout(r, 10));
        await app.alerts.runAll(); // the first round sets the cursor: no history replayed
        const before = user.botMessages().length;
        const rnd = seeded(8);
        const moments = Array.from({ length: ORDERS }, () =>
          Math.floor(START + 1000 + rnd() * MINUTES * 60_000),
        ).sort((a, b) => a - b);
        const placed: { number: string; at: number }[] = [];
        const apiBefore = api.requests.length;
        const shownAt: number[] = []; // per alert message: the simulated moment it was sent
        let next = 0;
        // Rounds at each poll interval, and until nothing is left to announce (at most 5 more).
        for (let t = START + POLL_MS; t <= START + (MINUTES + 5) * 60_000; t += POLL_MS) {
          while (next < moments.length && moments[next]! <= t) {
            const order = api.addOrder({ at: moments[next]!, price: 1000 });
            placed.push({ number: order.orderNumber, at: moments[next]! });
            next++;
          }
          await clock.advance(t - clock.now());
          const seen = user.botMessages().length;
          await app.alerts.runAll();
          for (let i = seen; i < user.botMessages().length; i++) shownAt.push(t);
          if (t >= START + MINUTES * 60_000 && (await app.alerts.store.pending()).length === 0)
            break;
        }
        const calls = api.requests.length - apiBefore;
        const alerts = user.botMessages().slice(before);
        const { times, delays, unknown } = coverage(alerts, placed, shownAt);
        if (process.env.BENCH_DEBUG)
          for (const m of alerts.slice(0, 3)) console.log(m.text.slice(0, 300));
        const lost = times.filter((n) => n === 0).length;
        const doubled = times.filter((n) => n > 1).length;
        const lostAt = times.flatMap((n, i) => (n === 0 ? [i] : []));
        const p95 = quantile(delays, 0.95);
        const minutes = (Math.max(...shownAt) - START) / 60_000;
        return [
          judged(
            "8 alerts: arrival to alert p95",
            p95 / 1000,
            " s",
            { value: POLL_MS / 1000, label: `poll interval ${POLL_MS / 1000} s` },
            { maxRatio: 1.5, label: "< 1.5 intervals" },
            `p50 ${(quantile(delays, 0.5) / 1000).toFixed(0)} s; ${alerts.length} alert messages for ${ORDERS} orders`,
          ),
          judged(
            "8 alerts: lost",
            lost,
            "",
            null,
            { max: 0, label: "0" },
            lost > 0
              ? `the oldest orders of rounds that found over 1,000 new ones (first lost: arrival #${lostAt[0]}); ${unknown} alerts not identified`
              : `${unknown} alerts not identified`,
          ),
          judged("8 alerts: doubled", doubled, "", null, { max: 0, label: "0" }),
          info(
            "8 alerts: Seller API calls per minute",
            calls / Math.max(minutes, 1),
            "",
            `${calls} calls over ${minutes.toFixed(0)} simulated minutes (orders, stock, link checks)`,
          ),
        ];
      },
    );
  },
};

/**
 * How often each placed order was alerted, and each alert's delay per order it covers. An alert
 * covers `count` orders in arrival order from the first it lists (a round reads the newest
 * orders, so its orders are consecutive; grouped alerts list the first ones).
 */
function coverage(
  alerts: { text: string }[],
  placed: { number: string; at: number }[],
  shownAt: number[],
) {
  const index = new Map(placed.map((o, i) => [o.number, i]));
  const times = new Array<number>(placed.length).fill(0);
  const delays: number[] = [];
  let unknown = 0;
  alerts.forEach((m, k) => {
    const group = /Новых заказов:\s*([\d\s\u00a0\u202f]+)\s*на/.exec(m.text);
    const count = group ? digits(group[1]!) : /Новый заказ №/.test(m.text) ? 1 : 0;
    const from = index.get(/№ (\S+)/.exec(m.text)?.[1] ?? "");
    if (count === 0) return;
    if (from === undefined) {
      unknown++;
      return;
    }
    for (let i = from; i < from + count && i < placed.length; i++) {
      times[i]!++;
      delays.push(shownAt[k]! - placed[i]!.at);
    }
  });
  return { times, delays, unknown };
}
