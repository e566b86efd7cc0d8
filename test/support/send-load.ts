import type { BotApiEmulator, UserDriver } from "../../doubles/telegram/index.js";
import type { App } from "../../src/app.js";

/**
 * The load of one pace: many import summaries due at once (sent as bulk through each app's
 * notification Api) while users press buttons that the first app answers. Shared by the test
 * (which asserts counts and order) and the benchmark (which prints latencies).
 */
export interface SendLoadOptions {
  summaries: number;
  pressers: number;
  /** Time between two users' presses; 0: all at once. */
  pressEveryMs?: number;
}

export interface SendLoadFigures {
  /** Messages Telegram accepted, most within any 1000 ms, and sends it refused (429). */
  sent: number;
  maxInAnySecond: number;
  refused: number;
  /** Summaries that never arrived, or arrived more than once. */
  lostSummaries: number;
  duplicatedSummaries: number;
  /** Per press: ms until the callback was answered, and until the answer message arrived. */
  callbackAnswerMs: number[];
  answerMessageMs: number[];
  /** Summaries delivered after the last answer message: the answers went ahead of them. */
  summariesAfterLastAnswer: number;
  /** Time from the first summary call until the last summary arrived. */
  summariesTookMs: number;
  /** Why summary sends failed, if any did. */
  failures: string[];
}

const ANSWER = /Дайын, енді мен қазақша сөйлеймін/;
const SUMMARY = /^Импорт №\d+: итоги$/;

export async function runSendLoad(
  tg: BotApiEmulator,
  apps: App[],
  options: SendLoadOptions,
): Promise<SendLoadFigures> {
  const pressers = Array.from({ length: options.pressers }, () => tg.user({ languageCode: "ru" }));
  for (const user of pressers) await user.sendCommand("/language");
  await waitForMessages(tg, pressers, /Выберите язык/);
  const readers = Array.from({ length: options.summaries }, () => tg.user({ started: true }));

  const started = Date.now();
  const summaries = Promise.allSettled(
    readers.map((reader, i) =>
      apps[i % apps.length]!.telegram.sendMessage(reader.id, `Импорт №${i}: итоги`),
    ),
  );
  // The summaries are queued before anyone presses.
  while (apps.reduce((n, app) => n + app.pace.waiting(), 0) === 0) await tick();

  const pressedAt = new Map<number, number>();
  const presses: Promise<string>[] = [];
  for (const user of pressers) {
    pressedAt.set(user.id, Date.now());
    presses.push(user.pressButton("Қазақша"));
    if (options.pressEveryMs) await new Promise((r) => setTimeout(r, options.pressEveryMs));
  }
  const queryIds = await Promise.all(presses);
  await waitForMessages(tg, pressers, ANSWER);
  await waitUntil(() => queryIds.every((id) => answeredQueries(tg).has(id)));
  const failures = (await summaries)
    .filter((r): r is PromiseRejectedResult => r.status === "rejected")
    .map((r) => String(r.reason).slice(0, 200));
  return { ...figures(tg, pressers, queryIds, readers, pressedAt, started), failures };
}

function figures(
  tg: BotApiEmulator,
  pressers: UserDriver[],
  queryIds: string[],
  readers: UserDriver[],
  pressedAt: Map<number, number>,
  started: number,
): Omit<SendLoadFigures, "failures"> {
  const sends = tg.callsOf("sendMessage").filter((c) => c.ok);
  const summaryCalls = sends.filter((c) => SUMMARY.test(String(c.params.text)));
  const answerCalls = sends.filter((c) => ANSWER.test(String(c.params.text)));
  const perReader = new Map<number, number>();
  for (const call of summaryCalls) {
    const chat = Number(call.params.chat_id);
    perReader.set(chat, (perReader.get(chat) ?? 0) + 1);
  }
  const lastAnswer = Math.max(...answerCalls.map((c) => c.at));
  const callbackAt = answeredQueries(tg);
  const rate = tg.sendRate();
  return {
    ...rate,
    lostSummaries: readers.filter((r) => !perReader.has(r.id)).length,
    duplicatedSummaries: [...perReader.values()].filter((n) => n > 1).length,
    callbackAnswerMs: pressers.map(
      (user, i) => (callbackAt.get(queryIds[i]!) ?? Number.NaN) - pressedAt.get(user.id)!,
    ),
    answerMessageMs: pressers.map((user) => {
      const call = answerCalls.find((c) => Number(c.params.chat_id) === user.id);
      return (call?.at ?? Number.NaN) - pressedAt.get(user.id)!;
    }),
    summariesAfterLastAnswer: summaryCalls.filter((c) => c.at > lastAnswer).length,
    summariesTookMs: Math.max(...summaryCalls.map((c) => c.at)) - started,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Callback query id → when it was answered. */
const answeredQueries = (tg: BotApiEmulator) =>
  new Map(tg.callsOf("answerCallbackQuery").map((c) => [String(c.params.callback_query_id), c.at]));

/**
 * One poll over Telegram's call log for all users (a waiter per user polling its chat would
 * itself load the process it measures). Gives up after a minute (within a test's 90 s), naming
 * what is missing.
 */
async function waitUntil(done: () => boolean, missing = () => "", timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline)
      throw new Error(`load scenario: answers did not arrive in time${missing()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the bot sent each user a message matching `text`, after call number `from`. */
function waitForMessages(tg: BotApiEmulator, users: UserDriver[], text: RegExp, from = 0) {
  const waiting = new Set(users.map((u) => u.id));
  let seen = from;
  return waitUntil(
    () => {
      const calls = tg.calls;
      for (; seen < calls.length; seen++) {
        const call = calls[seen]!;
        if (call.method === "sendMessage" && call.ok && text.test(String(call.params.text)))
          waiting.delete(Number(call.params.chat_id));
      }
      return waiting.size === 0;
    },
    () => {
      const failed = tg.calls.filter((c) => !c.ok).map((c) => `${c.method}: ${c.error}`);
      const got = users
        .filter((u) => waiting.has(u.id))
        .map((u) => JSON.stringify(u.lastBotMessage()?.text.slice(0, 80) ?? null));
      return `: ${waiting.size} of ${users.length} chats still wait for ${text} (their last: ${got.join(", ")}); Telegram ${JSON.stringify(tg.sendRate())}, ${tg.pendingUpdates()} updates pending, failed calls: ${[...new Set(failed)].join("; ") || "none"}`;
    },
  );
}

export interface OrdersBurstFigures {
  answered: number;
  genericErrors: number;
  /** Answers other than the list or the generic error (e.g. "the service does not answer"). */
  otherAnswers: number;
  maxInAnySecond: number;
  refused: number;
  /** From the burst until the last chat had its answer. */
  lastAnswerMs: number;
}

const ORDERS_LIST = /7100001/;
const GENERIC_ERROR = /Что-то пошло не так|Қате шықты/;

/** `chats` linked sellers press /orders at the same moment; each should get the list. */
export async function runOrdersBurst(
  tg: BotApiEmulator,
  issueLinkToken: () => string,
  chats: number,
): Promise<OrdersBurstFigures> {
  const users = Array.from({ length: chats }, () => tg.user({ languageCode: "ru" }));
  for (const user of users) await user.sendCommand(`/start ${issueLinkToken()}`);
  // Each linked: the greeting with the main menu.
  await waitForMessages(tg, users, /Главное меню/);
  const from = tg.calls.length;
  const started = Date.now();
  for (const user of users) await user.sendCommand("/orders");
  await waitForMessages(tg, users, /./, from);
  const first = new Map<number, { text: string; at: number }>();
  for (const call of tg.calls.slice(from)) {
    const chat = Number(call.params.chat_id);
    if (call.method === "sendMessage" && call.ok && !first.has(chat))
      first.set(chat, { text: String(call.params.text), at: call.at });
  }
  const outcomes = [...first.values()];
  const rate = tg.sendRate();
  return {
    answered: outcomes.filter((o) => ORDERS_LIST.test(o.text)).length,
    genericErrors: outcomes.filter((o) => GENERIC_ERROR.test(o.text)).length,
    otherAnswers: outcomes.filter((o) => !ORDERS_LIST.test(o.text) && !GENERIC_ERROR.test(o.text))
      .length,
    maxInAnySecond: rate.maxInAnySecond,
    refused: rate.refused,
    lastAnswerMs: Math.max(...outcomes.map((o) => o.at)) - started,
  };
}
