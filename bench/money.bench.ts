/**
 * Measure 11, money of a month: a shop with about 100,000 order lines a month (two months and
 * a bit of them, 3,333 lines a day); a linked seller types the 30 days up to yesterday under
 * /money. The answer needs that month and the 30 days before it: `orders/list` has no date
 * filter, so the bot reads from page 1 (today) down past the previous month's first day, pages
 * in flight at once (MONEY_READ_CONCURRENCY, 4). The Seller API answers every request in 100 ms.
 * The bot runs as a process of its own (`node dist/main.js`, Redis). Wall time from the typed
 * dates until the answer is edited in, beside the bound ⌈order pages read ÷ 4⌉ × 100 ms; peak
 * resident memory above the idle bot's; then the same question again, which the kept days
 * answer with today's pages only; then the answer's Excel button: the month's every line read
 * afresh into the workbook as the pages come, from the press until the file is sent, beside the
 * same bound, and the peak resident memory meanwhile (the workbook must not hold the lines).
 */
import { type SeedOrder, startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { type BenchEnv, info, judged, type Measure, type Row, sleep, until } from "./measure.js";
import { cpuSeconds, resetPeak, rssOf, sampleRss, startBotProcess } from "./process.js";

const LINES_PER_DAY = Number(process.env.BENCH_MONEY_LINES_PER_DAY ?? 3333);
const LATENCY_MS = 100;
const IN_FLIGHT = 4;
const MB = 1024 * 1024;
const HOUR = 3_600_000;
const ORDERS = "/api/seller/v1/orders/list";

/** Almaty's local date of an instant (UTC+5 all year), `days` days before. */
const almatyDate = (ms: number, days = 0) =>
  new Date(ms + 5 * HOUR - days * 24 * HOUR).toISOString().slice(0, 10);
const dotted = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

type Sandbox = Awaited<ReturnType<typeof startSellerSandbox>>;

type Reads = ReturnType<Sandbox["requestsTo"]>;

/**
 * How full the lanes were: a request's mean time (the latency and the machine's delays) and
 * the mean in flight from the first request to the last answer.
 */
function lanesOf(reads: Reads): string {
  if (reads.length === 0) return "no request";
  const busy = reads.reduce((ms, r) => ms + ((r.doneAt ?? r.at) - r.at), 0);
  const ends = reads.map((r) => r.doneAt ?? r.at);
  const span = Math.max(...ends) - Math.min(...reads.map((r) => r.at));
  return `a request ${(busy / reads.length).toFixed(0)} ms on average, ${(busy / span).toFixed(2)} in flight on average`;
}

/** Types the dates and waits for the answer; its wall time and the pages it read. */
async function askTyped(
  user: UserDriver,
  api: Sandbox,
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>,
  range: string,
) {
  const menu = await (async () => {
    const before = user.lastBotMessage()?.messageId ?? 0;
    await user.sendCommand("/money");
    return user.waitForBotMessage(/Деньги/, { after: before, timeoutMs: 30_000 });
  })();
  let before = user.lastBotMessage()!.messageId;
  await user.pressButton("Свои даты", { messageId: menu.messageId });
  await user.waitForBotMessage(/Напишите дату/, { after: before, timeoutMs: 30_000 });
  before = user.lastBotMessage()!.messageId;
  api.setLatency(LATENCY_MS);
  const typedAt = Date.now();
  await user.sendText(range);
  const answered = () =>
    tg
      .callsOf("editMessageText")
      .find((c) => c.ok && c.at >= typedAt && String(c.params.text).includes("По статусам"));
  await until(() => answered() !== undefined, 300_000, "the answer");
  api.setLatency(0);
  const reads = api.requestsTo(ORDERS).filter((r) => r.at >= typedAt);
  const lanes = lanesOf(reads);
  return {
    wallMs: answered()!.at - typedAt,
    pages: reads.length,
    text: String(answered()!.params.text),
    messageId: Number(answered()!.params.message_id),
    lanes,
  };
}

/** Presses the answer's Excel button and waits for the file; its wall time, pages and size. */
async function pressExcel(
  user: UserDriver,
  api: Sandbox,
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>,
  messageId: number,
) {
  api.setLatency(LATENCY_MS);
  const pressedAt = Date.now();
  await user.pressButton("📊 Excel: итоги, товары с ABC, все позиции", { messageId });
  const sent = () => tg.callsOf("sendDocument").find((c) => c.ok && c.at >= pressedAt);
  await until(() => sent() !== undefined, 300_000, "the workbook");
  api.setLatency(0);
  const file = user.botMessages().find((m) => m.document && m.messageId > messageId)!;
  const reads = api.requestsTo(ORDERS).filter((r) => r.at >= pressedAt);
  const lastAnswer = Math.max(...reads.map((r) => r.doneAt ?? r.at));
  return {
    wallMs: sent()!.at - pressedAt,
    pages: reads.length,
    lanes: lanesOf(reads),
    /** From the last page's answer to the file sent: the products, the summary, the upload. */
    tailMs: sent()!.at - lastAnswer,
    bytes: file.document!.content.length,
    caption: file.document!.caption ?? "",
  };
}

/** The month's sales as the answer must show them, summed apart from the bot. */
function expectedSales(api: Sandbox, first: string, last: string): number {
  const sale = (o: SeedOrder) => !["CANCELLED", "DISPUTE"].includes(o.statusKey);
  let tiyn = 0;
  let lines = 0;
  for (const o of api.seed.orders) {
    const date = almatyDate(api.seed.orderCreatedAt[o.orderId]!);
    if (date < first || date > last || !sale(o)) continue;
    tiyn += Math.round(o.totalPrice * 100);
    lines++;
  }
  return lines > 0 ? tiyn : 0;
}

/** The answer's Excel button: from the press to the file, and the peak memory meanwhile. */
async function measureBook(
  pid: number,
  chat: { user: UserDriver; api: Sandbox; tg: Awaited<ReturnType<typeof startBotApiEmulator>> },
  messageId: number,
  month: number,
): Promise<Row[]> {
  await sleep(2000);
  const idle = rssOf(pid).rss;
  const peakReset = resetPeak(pid);
  const sampler = sampleRss(pid);
  const cpuBefore = cpuSeconds(pid);
  const book = await pressExcel(chat.user, chat.api, chat.tg, messageId);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const peak = Math.max(sampler.stop(), peakReset ? rssOf(pid).peak : 0);
  const shownLines = new Intl.NumberFormat("ru-RU").format(month);
  if (!book.caption.includes(`: ${shownLines} позиц`)) {
    throw new Error(`the workbook is not of ${shownLines} lines: ${book.caption}`);
  }
  const boundMs = Math.ceil(book.pages / IN_FLIGHT) * LATENCY_MS;
  return [
    judged(
      "11 money: the month's workbook, press to file",
      book.wallMs,
      " ms",
      {
        value: boundMs,
        label: `⌈${book.pages} pages / ${IN_FLIGHT}⌉ × ${LATENCY_MS} ms = ${boundMs} ms`,
      },
      { maxRatio: 1.2, label: "≤ 1.2×" },
      `${month} lines in the file (${(book.bytes / MB).toFixed(1)} MB); the month's and today's pages read afresh; ${book.lanes}; from the last page's answer to the file sent ${book.tailMs} ms; bot CPU ${cpu.toFixed(1)} s`,
    ),
    judged(
      "11 money: the workbook's peak RSS above idle",
      (peak - idle) / MB,
      " MB",
      null,
      { max: 100, label: "< 100 MB" },
      `idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (bot process, the ${month} lines written as the pages came)`,
    ),
  ];
}

export const measure: Measure = {
  name: "money",
  number: 11,
  title: "money of a month: 100,000 order lines a month, Seller API at 100 ms",
  timeLimitMs: 600_000,
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const now = Date.now();
    const tg = await startBotApiEmulator({ limits: true });
    const api = await startSellerSandbox({
      preIssuedLinkTokens: 0,
      moneyShop: { days: 63, linesPerDay: LINES_PER_DAY, endMs: now - 60_000 },
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
      api.linkChat(user.id);
      await user.sendCommand("/status");
      await user.waitForBotMessage(/привязан/, { timeoutMs: 30_000 });
      // Idle means idle: the first alert rounds (a stock round, the order cursor) are over.
      const lastRequest = () => Math.max(0, ...api.requests.map((r) => r.doneAt ?? r.at));
      await until(() => Date.now() - lastRequest() > 1000, 120_000, "the bot idle");
      await sleep(2000);
      const idle = rssOf(pid).rss;
      const peakReset = resetPeak(pid);
      const sampler = sampleRss(pid);

      const first = almatyDate(now, 30);
      const last = almatyDate(now, 1);
      const range = `${dotted(first)}–${dotted(last)}`;
      const cpuBefore = cpuSeconds(pid);
      const once = await askTyped(user, api, tg, range);
      const cpu = cpuSeconds(pid) - cpuBefore;
      const peak = Math.max(sampler.stop(), peakReset ? rssOf(pid).peak : 0);
      const sales = expectedSales(api, first, last);
      const shown = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 }).format(
        sales / 100,
      );
      if (!once.text.includes(`Продажи: ${shown} ₸`)) {
        throw new Error(`the answer's sales are not ${shown} ₸: ${once.text.slice(0, 400)}`);
      }
      const again = await askTyped(user, api, tg, range);

      const month = api.seed.orders.filter((o) => {
        const date = almatyDate(api.seed.orderCreatedAt[o.orderId]!);
        return date >= first && date <= last;
      }).length;
      const boundMs = Math.ceil(once.pages / IN_FLIGHT) * LATENCY_MS;
      const note = `${month} lines in the 30 days asked, ${api.seed.orders.length} in the shop; ${once.pages} order pages read (the month, the 30 days before and today's); ${once.lanes}; bot CPU ${cpu.toFixed(1)} s`;
      return [
        judged(
          "11 money: typed month to answer",
          once.wallMs,
          " ms",
          {
            value: boundMs,
            label: `⌈${once.pages} pages / ${IN_FLIGHT}⌉ × ${LATENCY_MS} ms = ${boundMs} ms`,
          },
          { maxRatio: 1.2, label: "≤ 1.2×" },
          note,
        ),
        judged(
          "11 money: peak RSS above idle",
          (peak - idle) / MB,
          " MB",
          null,
          { max: 100, label: "< 100 MB" },
          `idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (bot process)`,
        ),
        info(
          "11 money: the same month asked again",
          again.wallMs,
          " ms",
          `${again.pages} order pages read: every day of both periods is closed and kept (MONEY_CACHE_HOURS)`,
        ),
        // The workbook of the same month: every line read afresh (the kept days hold no line).
        ...(await measureBook(pid, { user, api, tg }, again.messageId, month)),
      ];
    } finally {
      await bot.stop();
      await tg.stop();
      await api.stop();
    }
  },
};
