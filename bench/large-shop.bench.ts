/**
 * Measure 13, a real shop: every flow a seller meets, against the sandbox's large shop (5,000
 * products, 20,000 SKUs, 100,000 order lines over a year), the Seller API answering each
 * request in LATENCY_MS.
 *
 * The chat's flows run against the bot as production runs it (`node dist/main.js`, Redis; the
 * shop's newest order a minute before the bot starts, so its "30 days" hold the shop's):
 * /orders, its last page, an order there, /products search, a card, the catalog exported,
 * edited by openpyxl (three prices and a name; outside the timing) and sent back, applied,
 * undone, and the orders of 30 days to Excel. Each: from the seller's action to the answer he
 * waits for, the Seller API requests it made, and the bot's peak resident memory above its
 * figure just before (VmHWM reset, RSS sampled every 10 ms). While each export runs, a second
 * chat sends /orders every 1.1 s (a chat gets a message a second): its slowest answer.
 *
 * The alert rounds run in this process on an injected clock (as measure 8) on the shop's last
 * day: the first rounds (the new-order cursor, every product's stock) at 19:50, the rounds
 * after a new order and a stock crossing at 19:55, and at 20:00 the digest's (14 days of
 * orders, the chart) with the others due then. Each: its time, its requests, and the heap it
 * grew by (the sandbox shares the process; its heap is the baseline).
 */
import { LARGE_SHOP, SEED_BASE_DATE_MS, startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { testClock } from "../test/support/clock.js";
import { editCellsWithOpenpyxl } from "../test/support/openpyxl-cells.js";
import { openpyxlRunner } from "../test/support/python.js";
import { withBed } from "./bed.js";
import { type BenchEnv, info, judged, type Measure, type Row, sleep, until } from "./measure.js";
import { resetPeak, rssOf, sampleRss, startBotProcess } from "./process.js";

const LATENCY_MS = Number(process.env.BENCH_LARGE_LATENCY_MS ?? 100);
/** The bound on a flow's peak resident memory above the bot's before it (docs/benchmarks.md). */
const PEAK_MB = 150;
/** A returned file's flow reads 20,000 rows: the reading bound for 20,000 SKUs applies. */
const READ_PEAK_MB = 250;
const RETURN_FLOW = "the edited export sent back, to its preview";
/** How long another chat may wait for its answer while an export runs. */
const OTHER_CHAT_MS = 2000;
/** The bot's Seller API requests in flight at once when it reads many (src/catalog/live.ts). */
const IN_FLIGHT = 3;
const MB = 1024 * 1024;
const SELLER = "/api/seller/v1/";
const MINUTE = 60_000;

type Sandbox = Awaited<ReturnType<typeof startSellerSandbox>>;
type Emulator = Awaited<ReturnType<typeof startBotApiEmulator>>;

interface Flow {
  name: string;
  ms: number;
  requests: number;
  /** Requests by path: `orders/list 101, products/details 167`. */
  kinds: string;
  peakMb: number;
  /** The other chat's slowest answer while this flow ran (exports only). */
  otherMs?: number;
  /** The flow's bound: its requests at LATENCY_MS, 3 at a time where the bot reads 3 at once. */
  boundMs?: number;
  note?: string;
}

export const measure: Measure = {
  name: "large-shop",
  number: 13,
  title: "every flow at a real shop's size",
  timeLimitMs: 900_000,
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const flows = await chatFlows(env);
    const rounds = await alertRounds(env);
    return [...flowRows(flows), ...rounds];
  },
};

function flowRows(flows: Flow[]): Row[] {
  const rows = flows.map((f) => {
    const note = [
      `${f.requests} Seller API requests (${f.kinds})`,
      `peak RSS ${f.peakMb.toFixed(1)} MB above the bot's before`,
      ...(f.otherMs === undefined
        ? []
        : [`another chat's slowest answer meanwhile ${f.otherMs} ms`]),
      ...(f.note ? [f.note] : []),
    ].join("; ");
    const name = `13 large shop: ${f.name}`;
    if (f.boundMs === undefined) return info(name, f.ms, " ms", note);
    const label = `${f.requests} requests at ${LATENCY_MS} ms = ${f.boundMs} ms`;
    return judged(
      name,
      f.ms,
      " ms",
      { value: f.boundMs, label },
      { maxRatio: 1.2, label: "≤ 1.2×" },
      note,
    );
  });
  const highest = (of: Flow[]) => of.reduce((a, f) => (f.peakMb > a.peakMb ? f : a));
  const reading = flows.filter((f) => f.name === RETURN_FLOW);
  const peak = highest(flows.filter((f) => f.name !== RETURN_FLOW));
  rows.push(
    judged(
      "13 large shop: highest peak RSS of a flow above the bot's before",
      peak.peakMb,
      " MB",
      null,
      { max: PEAK_MB, label: `< ${PEAK_MB} MB` },
      peak.name,
    ),
  );
  if (reading.length > 0) {
    rows.push(
      judged(
        "13 large shop: the returned export's peak RSS above the bot's before",
        highest(reading).peakMb,
        " MB",
        null,
        { max: READ_PEAK_MB, label: `< ${READ_PEAK_MB} MB` },
        "reading 20,000 rows: the file reading bound",
      ),
    );
  }
  const others = flows.filter((f) => f.otherMs !== undefined);
  if (others.length > 0) {
    const slowest = others.reduce((a, f) => (f.otherMs! > a.otherMs! ? f : a));
    rows.push(
      judged(
        "13 large shop: another chat's slowest answer during an export",
        slowest.otherMs!,
        " ms",
        null,
        { max: OTHER_CHAT_MS, label: `< ${OTHER_CHAT_MS} ms` },
        `during ${slowest.name}; /orders every 1.1 s`,
      ),
    );
  }
  return rows;
}

/**
 * Seller API requests since index `from`, by path; link checks (telegram/status) and the import
 * watcher's polls (import/info, of an earlier apply or undo) left out.
 */
function requestsSince(
  api: Sandbox,
  from: number,
  own: (r: Sandbox["requests"][number]) => boolean,
) {
  const byPath = new Map<string, number>();
  let requests = 0;
  for (const r of api.requests.slice(from)) {
    if (r.path.includes("/telegram/") || r.path.endsWith("/import/info") || !own(r)) continue;
    const path = r.path.replace(SELLER, "");
    byPath.set(path, (byPath.get(path) ?? 0) + 1);
    requests++;
  }
  return { requests, kinds: [...byPath].map(([p, n]) => `${p} ${n}`).join(", "), byPath };
}

/** The other chat's /orders, every 1.1 s until stopped: its slowest answer. */
function pester(user: UserDriver) {
  let stopped = false;
  let slowest = 0;
  const loop = (async () => {
    while (!stopped) {
      const before = user.lastBotMessage()?.messageId ?? 0;
      const at = Date.now();
      await user.sendCommand("/orders");
      await user.waitForBotMessage(/Заказы/, { after: before, timeoutMs: 60_000 });
      slowest = Math.max(slowest, Date.now() - at);
      await sleep(1100);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return slowest;
    },
  };
}

interface Chat {
  api: Sandbox;
  tg: Emulator;
  pid: number;
  user: UserDriver;
  other: UserDriver;
}

/** Runs one flow and measures it; `exports` flows have the other chat pestering meanwhile. */
async function timed(
  chat: Chat,
  name: string,
  act: () => Promise<string | undefined>,
  options: { export?: boolean; inFlight?: number } = {},
): Promise<Flow> {
  await sleep(1100); // the chat's pace: the flow's first answer does not wait for the last
  const from = chat.api.requests.length;
  const before = rssOf(chat.pid).rss;
  const reset = resetPeak(chat.pid);
  const sampler = sampleRss(chat.pid);
  const meanwhile = options.export ? pester(chat.other) : undefined;
  const started = Date.now();
  const note = await act();
  const ms = Date.now() - started;
  const otherMs = await meanwhile?.stop();
  const peak = Math.max(sampler.stop(), reset ? rssOf(chat.pid).peak : 0);
  // The other chat's requests: its list pages of 6.
  const own = (r: Sandbox["requests"][number]) =>
    !(options.export && (r.body as { pageSize?: number } | undefined)?.pageSize === 6);
  const made = requestsSince(chat.api, from, own);
  const boundMs =
    options.inFlight === undefined
      ? undefined
      : Math.ceil(made.requests / options.inFlight) * LATENCY_MS;
  return {
    name,
    ms,
    requests: made.requests,
    kinds: made.kinds,
    peakMb: (peak - before) / MB,
    otherMs,
    boundMs,
    ...(note && { note }),
  };
}

/** Waits until message `id` of the chat reads `match` (an edit in place). */
async function edited(user: UserDriver, id: number, match: RegExp) {
  await user.waitFor((ms) => match.test(ms.find((m) => m.messageId === id)?.text ?? ""), {
    timeoutMs: 120_000,
  });
}

async function say(user: UserDriver, command: string, answer: RegExp) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand(command);
  return user.waitForBotMessage(answer, { after: before, timeoutMs: 120_000 });
}

/** A document the bot sent after message `after` whose name matches. */
async function documentAfter(user: UserDriver, after: number, name: RegExp) {
  const find = () =>
    user.botMessages().find((m) => m.messageId > after && name.test(m.document?.fileName ?? ""));
  await user.waitFor(() => find() !== undefined, { timeoutMs: 300_000 });
  return find()!;
}

async function chatFlows(env: BenchEnv): Promise<Flow[]> {
  const tg = await startBotApiEmulator({ limits: true });
  const api = await startSellerSandbox({
    shop: "large",
    newestOrderAt: Date.now() - MINUTE,
    preIssuedLinkTokens: 0,
  });
  const bot = startBotProcess(["dist/main.js"], {
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    REDIS_URL: env.redisUrl,
    REDIS_KEY_PREFIX: env.prefix("large-shop"),
    LOG_LEVEL: "info",
    // The first rounds run at start, before the flows; none during them.
    ORDER_POLL_INTERVAL_MS: String(3_600_000),
    STOCK_POLL_INTERVAL_MS: String(86_400_000),
  });
  try {
    await bot.started();
    const user = tg.user({ languageCode: "ru", started: true });
    const other = tg.user({ languageCode: "ru", started: true });
    api.linkChat(user.id);
    api.linkChat(other.id);
    await say(other, "/orders", /Заказы/);
    const lastRequest = () => Math.max(0, ...api.requests.map((r) => r.doneAt ?? r.at));
    await until(() => Date.now() - lastRequest() > 1000, 180_000, "the bot idle");
    api.setLatency(LATENCY_MS);
    const chat: Chat = { api, tg, pid: bot.child.pid!, user, other };
    return [...(await browsing(chat)), ...(await exports(chat))];
  } finally {
    await bot.stop();
    await tg.stop();
    await api.stop();
  }
}

async function browsing(chat: Chat): Promise<Flow[]> {
  const { user, api } = chat;
  const flows: Flow[] = [];
  let listId = 0;
  flows.push(
    await timed(chat, "/orders, the first page", async () => {
      listId = (await say(user, "/orders", /Заказы/)).messageId;
      return undefined;
    }),
  );
  const pages = Math.ceil(api.seed.orders.length / 6);
  flows.push(
    await timed(chat, `/orders, » to the last page (${pages})`, async () => {
      await user.pressButton("»", { messageId: listId });
      await edited(user, listId, new RegExp(`стр\\. ${pages} из ${pages}`));
      return undefined;
    }),
  );
  const last = user.messages().find((m) => m.messageId === listId)!;
  const number = [...last.text.matchAll(/№ (\d+)/g)].at(-1)![1]!;
  flows.push(
    await timed(chat, "an order's details on the last page", async () => {
      await user.pressButton(`№${number}`, { messageId: listId });
      await edited(user, listId, /Заказ №/);
      return undefined;
    }),
  );
  flows.push(
    await timed(chat, "/products Lego (a search among 5,000)", async () => {
      await say(user, "/products Lego", /Товары/);
      return undefined;
    }),
  );
  const id = api.seed.products[4321]!.productId;
  flows.push(
    await timed(chat, "a product card", async () => {
      await say(user, `/products ${id}`, /SKU/);
      return undefined;
    }),
  );
  return flows;
}

/** The catalog exported, edited, sent back, applied and undone; the orders of 30 days. */
async function exports(chat: Chat): Promise<Flow[]> {
  const { user } = chat;
  const flows: Flow[] = [];
  let bytes: Buffer | undefined;
  flows.push(
    await timed(
      chat,
      `catalog export (${LARGE_SHOP.products} products, ${LARGE_SHOP.skus} SKUs)`,
      async () => {
        const menu = await say(user, "/export", /Выгрузка в Excel/);
        await user.pressButton(/Весь каталог \(\.xlsx\)/, { messageId: menu.messageId });
        const doc = await documentAfter(user, menu.messageId, /^catalog-.*\.xlsx$/);
        bytes = doc.document!.content!;
        return `${(bytes.length / MB).toFixed(1)} MB`;
      },
      { export: true, inFlight: IN_FLIGHT },
    ),
  );
  flows.push(...(await returnFlows(chat, bytes!)));
  flows.push(await ordersExport(chat));
  return flows;
}

/** The export edited by openpyxl (three prices, a name), sent back, applied and undone. */
async function returnFlows(chat: Chat, bytes: Buffer): Promise<Flow[]> {
  const { user, api } = chat;
  if (!(await openpyxlRunner())) {
    const note = "not measured: no python3 with openpyxl to edit the export";
    return [
      {
        name: "the edited export sent back",
        ms: Number.NaN,
        requests: 0,
        kinds: "",
        peakMb: 0,
        note,
      },
    ];
  }
  const flows: Flow[] = [];
  const products = [...api.products].sort((a, b) => a.productId - b.productId);
  const [first, middle, last] = [products[0]!, products[2500]!, products.at(-1)!];
  const edited = await editCellsWithOpenpyxl(bytes, {
    [first.skus[0]!.skuId]: { price: "+100" },
    [middle.skus.at(-1)!.skuId]: { price: "+250", "name.rus": `${middle.name.rus} (новинка)` },
    [last.skus.at(-1)!.skuId]: { price: "+1" },
  });
  let previewId = 0;
  flows.push(
    await timed(
      chat,
      RETURN_FLOW,
      async () => {
        const before = user.lastBotMessage()!.messageId;
        await user.sendDocument({ fileName: "catalog-edited.xlsx", content: edited.bytes });
        const answer = await user.waitForBotMessage(/Что изменится|не отвечает|не удалось/, {
          after: before,
          timeoutMs: 300_000,
        });
        previewId = /Что изменится/.test(answer.text) ? answer.messageId : 0;
        return previewId
          ? answer.text.match(/Изменятся товаров: \d+, SKU: \d+/)?.[0]
          : `failed: ${answer.text.slice(0, 80)}`;
      },
      { export: true },
    ),
  );
  if (previewId) flows.push(...(await applyAndUndo(chat, previewId)));
  return flows;
}

async function applyAndUndo(chat: Chat, previewId: number): Promise<Flow[]> {
  const { user } = chat;
  const withUndo = () =>
    user
      .botMessages()
      .find((m) => m.messageId > previewId && m.buttons.flat().some((b) => b.includes("Отменить")));
  let summaryId = 0;
  // From the press to the summary that carries the undo button (the edit done and reported).
  const apply = await timed(chat, "apply (3 products sent whole)", async () => {
    await user.pressButton(/Применить \(\d+\)/, { messageId: previewId });
    await user.waitFor(() => withUndo() !== undefined, { timeoutMs: 120_000 });
    summaryId = withUndo()!.messageId;
    return undefined;
  });
  const undo = await timed(chat, "undo", async () => {
    await user.pressButton(/Отменить изменения/, { messageId: summaryId });
    await user.waitForBotMessage(/Возвращаю прежние значения/, {
      after: summaryId,
      timeoutMs: 120_000,
    });
    return undefined;
  });
  return [apply, undo];
}

async function ordersExport(chat: Chat): Promise<Flow> {
  const { user, api } = chat;
  const list = await say(user, "/orders", /Заказы/);
  await sleep(1100);
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton("Выгрузить в Excel", { messageId: list.messageId });
  const menu = await user.waitForBotMessage(/Excel/, { after: before, timeoutMs: 60_000 });
  return timed(
    chat,
    "orders of 30 days to Excel",
    async () => {
      await user.pressButton("30 дней", { messageId: menu.messageId });
      const doc = await documentAfter(user, menu.messageId, /^orders_.*\.xlsx$/);
      const lines = api.seed.orders.filter(
        (o) => api.seed.orderCreatedAt[o.orderId]! > Date.now() - 31 * 24 * 60 * MINUTE,
      ).length;
      return `${(doc.document!.content!.length / MB).toFixed(1)} MB, about ${lines} lines`;
    },
    { export: true, inFlight: 1 },
  );
}

// ------------------------------------------------------------------ alert rounds, in process

/** Local time in Almaty of the shop's last day (20.11.2026) as an instant. */
const onLastDay = (hour: number, minute = 0) =>
  SEED_BASE_DATE_MS - 18 * 60 * MINUTE + (hour * 60 + minute) * MINUTE;

async function alertRounds(env: BenchEnv): Promise<Row[]> {
  const clock = testClock(onLastDay(19, 50));
  return withBed(
    {
      name: "bench-large-alerts",
      redis: { url: env.redisUrl, prefix: env.prefix("large-alerts") },
      sandbox: { shop: "large", now: () => clock.now() },
      app: { alertsClock: clock, scheduleAlerts: false },
    },
    async ({ tg, api, app }) => {
      const user = tg.user({ languageCode: "ru", started: true });
      await user.sendCommand(`/start ${api.issueLinkToken()}`);
      await user.waitForBotMessage(/привязан/, { timeoutMs: 30_000 });
      while (!(await app.alerts.store.chat({ chatId: user.id }))) await sleep(10);
      api.setLatency(LATENCY_MS);
      const round = async (name: string) => {
        const from = api.requests.length;
        globalThis.gc?.();
        const heap = process.memoryUsage().heapUsed;
        let top = heap;
        const sampler = setInterval(() => {
          top = Math.max(top, process.memoryUsage().heapUsed);
        }, 10);
        const started = Date.now();
        await app.alerts.runAll();
        const ms = Date.now() - started;
        clearInterval(sampler);
        const made = requestsSince(api, from, () => true);
        const note = `${made.requests} Seller API requests (${made.kinds}); heap grew by at most ${((top - heap) / MB).toFixed(1)} MB`;
        return info(`13 large shop: alerts, ${name}`, ms, " ms", note);
      };
      const rows = [await round("first rounds at 19:50 (cursor, 5,000 products' stock)")];
      const product = api.products.find((p) => p.totalWmsQuantity > 20)!;
      api.addOrder({ at: clock.now() + 60_000, productId: product.productId });
      api.setStock(product.productId, { stock: 2 });
      clock.set(onLastDay(19, 55));
      rows.push(await round("19:55, a new order and a stock crossing (order and stock rounds)"));
      clock.set(onLastDay(20, 0) + 30_000);
      rows.push(
        await round("20:00, the digest (14 days of orders, the chart) with the rounds due"),
      );
      await until(() => user.botMessages().some((m) => m.photo), 60_000, "the digest");
      return rows;
    },
  );
}
