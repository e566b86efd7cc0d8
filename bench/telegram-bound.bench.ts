/**
 * Measure 2, Telegram's bound reached: 1,000 linked chats press /orders at once (one in ten
 * also sends /help right after), the Seller API answering in 100 ms; one instance polling, and
 * two on one Redis behind a balancer. Bound: the messages / 30 a second (Telegram's limit).
 */
import { mostWithin, type UserDriver } from "../doubles/telegram/index.js";
import { withBed } from "./bed.js";
import { type BenchEnv, judged, type Measure, type Row, until } from "./measure.js";

const CHATS = Number(process.env.BENCH_CHATS ?? 1000);
const SECOND_UPDATE_EVERY = 10;
const API_LATENCY_MS = 100;
const TELEGRAM_PER_SECOND = 30;
/** The rate the pace sustains: the most messages sent within any window this long. */
const SUSTAINED_MS = 30_000;

const ORDERS = /7100001/;
const HELP = /Что я умею|Мен не істей аламын/;
const GENERIC = /Что-то пошло не так|Қате шықты/;

type Emulator = Parameters<Parameters<typeof withBed>[1]>[0]["tg"];

/** BENCH_DEBUG: the messages sent in each second, and each send Telegram refused. */
function debugPrint(tg: Emulator, answers: Emulator["calls"], started: number, from: number) {
  const perSecond = new Map<number, number>();
  for (const c of answers) {
    const second = Math.floor((c.at - started) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  console.log(`  sent in each second: ${[...perSecond.values()].join(" ")}`);
  for (const c of tg.calls.slice(from).filter((c) => c.method === "sendMessage" && !c.ok)) {
    console.log(`  refused: chat ${c.params.chat_id} at ${c.at - started} ms`);
  }
}

async function burst(env: BenchEnv, instances: 1 | 2): Promise<Row[]> {
  const redis = { url: env.redisUrl, prefix: env.prefix(`x${instances}`) };
  return withBed({ name: "bench-bound", instances, redis }, async ({ tg, api }) => {
    api.setLatency(API_LATENCY_MS);
    const users: UserDriver[] = [];
    for (let i = 0; i < CHATS; i++) {
      const languageCode = i % 2 ? "kk" : "ru";
      const user = tg.user({ languageCode, started: true });
      api.linkChat(user.id, { languageCode });
      users.push(user);
    }
    const twice = (i: number) => i % SECOND_UPDATE_EVERY === 0;
    const expected = CHATS + users.filter((_, i) => twice(i)).length;
    const from = tg.calls.length;
    const started = Date.now();
    for (const [i, user] of users.entries()) {
      await user.sendCommand("/orders");
      if (twice(i)) await user.sendCommand("/help");
    }
    const sent = () => tg.calls.slice(from).filter((c) => c.method === "sendMessage" && c.ok);
    await until(() => sent().length >= expected, 300_000, "answers to the burst");
    const answers = sent();
    const last = Math.max(...answers.map((c) => c.at));
    const perChat = new Map<number, string[]>();
    for (const c of answers) {
      const chat = Number(c.params.chat_id);
      perChat.set(chat, [...(perChat.get(chat) ?? []), String(c.params.text)]);
    }
    const outOfOrder = users.filter((u, i) => {
      const texts = perChat.get(u.id) ?? [];
      if (!ORDERS.test(texts[0] ?? "")) return true;
      return twice(i) && !HELP.test(texts[1] ?? "");
    }).length;
    if (process.env.BENCH_DEBUG) {
      debugPrint(tg, answers, started, from);
      users.forEach((u, i) => {
        const texts = perChat.get(u.id) ?? [];
        if (!ORDERS.test(texts[0] ?? "") || (twice(i) && !HELP.test(texts[1] ?? ""))) {
          const at = answers.filter((c) => Number(c.params.chat_id) === u.id);
          console.log(
            `  out of order or unanswered, chat ${u.id}: ${texts.map((t) => JSON.stringify(t.slice(0, 40))).join(", ")} at ${at.map((c) => c.at - started).join(", ")} ms`,
          );
        }
      });
    }
    const generic = answers.filter((c) => GENERIC.test(String(c.params.text))).length;
    const refused = tg.sendRate().refused;
    const wallS = (last - started) / 1000;
    const times = answers.map((c) => c.at).sort((a, b) => a - b);
    const sustained = mostWithin(times, SUSTAINED_MS) / (SUSTAINED_MS / 1000);
    const boundS = expected / TELEGRAM_PER_SECOND;
    const label = instances === 1 ? "one instance" : "two instances, one Redis";
    return [
      judged(
        `2 Telegram's bound, ${label}: wall time`,
        wallS,
        " s",
        { value: boundS, label: `${expected} messages / 30 a second = ${boundS.toFixed(1)} s` },
        { maxRatio: 1.15, label: "≤ 1.15×" },
        `${CHATS} chats, Seller API at ${API_LATENCY_MS} ms`,
      ),
      judged(
        `2 Telegram's bound, ${label}: messages a second`,
        sustained,
        "/s",
        { value: TELEGRAM_PER_SECOND, label: "30/s" },
        { min: 27, label: "≥ 27/s" },
        `the most in any ${SUSTAINED_MS / 1000} s; ${(expected / wallS).toFixed(1)}/s from the press to the last answer (a chat's second answer comes a second after its first)`,
      ),
      judged(
        `2 Telegram's bound, ${label}: 429s, generic errors, out of order`,
        refused + generic + outOfOrder,
        "",
        null,
        { max: 0, label: "0" },
        `429 ${refused}, generic ${generic}, out of order or unanswered ${outOfOrder}; most in any second ${tg.sendRate().maxInAnySecond}`,
      ),
    ];
  });
}

export const measure: Measure = {
  name: "telegram-bound",
  number: 2,
  title: "Telegram's bound reached: 1,000 chats press /orders at once",
  async run(env) {
    return [...(await burst(env, 1)), ...(await burst(env, 2))];
  },
};
