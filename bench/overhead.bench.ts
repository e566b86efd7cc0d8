/**
 * Measure 1, overhead per update: what `/orders` costs the bot compared with a bare grammY bot
 * that does the same outside work (one Seller API list call, one sendMessage of the same
 * message) with the same Redis session. Both bots get the same updates through `handleUpdate`,
 * interleaved, each after the same pause, against the Bot API emulator and the sandbox Seller
 * API on loopback and a private redis-server; the time of each update is taken from handing it
 * over to its end; the bound a seller would notice is the answer's p99 at most 1.5 times the
 * bare bot's. Redis commands per update are counted from the server's own command statistics,
 * round trips with MONITOR, and shown. The bot's outgoing pace (27.5 messages a second, one a
 * second per chat) is kept out of the figures by spacing the samples: it is Telegram's bound,
 * not the hot path.
 *
 *   npm run bench -- overhead
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RedisAdapter } from "@grammyjs/storage-redis";
import { Bot, type Context, InlineKeyboard, type SessionFlavor, session } from "grammy";
import { Redis } from "ioredis";
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { type App, createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { startRedisServer, stopProcess } from "../test/support/child.js";
import { freePort } from "../test/support/net.js";
import { textUpdate } from "../test/support/updates.js";
import { info, judged, type Measure, quantile } from "./measure.js";

/** Enough chats that each gets an /orders less than once a second (Telegram's pace per chat). */
const USERS = 60;
/** Real /orders go out at most this often, so the one pace (27.5 messages/s overall) never waits. */
const PACE_MS = 45;
/**
 * The pause before every sample of either bot: two of them (and the bare bot's sample between)
 * keep the bot's answers at least `PACE_MS` apart, so they go out slower than the pace's 27.5
 * a second (one per 36.4 ms) however fast the machine. With 15 ms, a Node 24 bare bot answering
 * in about 1 ms brought the bot's answers 32 ms apart: the pace made them wait (2.4 more pace
 * scripts an update) and the figure measured Telegram's bound, not the bot.
 */
const PAUSE_MS = Math.ceil(PACE_MS / 2);
const WARMUP = 100;
/** A p99 of 800 samples is their eighth slowest, and its ratio swung widely from run to run. */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 2400);

/** Redis commands by name, from the server's own statistics. */
async function commandStats(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info("commandstats");
  const calls = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_([\w|]+):calls=(\d+)/gm)) {
    if (m[1] !== "info") calls.set(m[1]!, Number(m[2]));
  }
  return calls;
}
const total = (stats: Map<string, number>) => [...stats.values()].reduce((a, b) => a + b, 0);

type BareContext = Context & SessionFlavor<{ locale?: string }>;
type Order = NonNullable<Awaited<ReturnType<App["seller"]["listOrders"]>>["orders"]>[number];

/**
 * The bare bot's answer: the same message as the bot's list (HTML, six orders of three lines,
 * the same twelve buttons, no link preview), put together plainly. Telegram's part of the work,
 * here the emulator in this process, then parses the same text and keyboard for both bots;
 * what is left between them is the bot's own work (its screen, texts, formats, plugins).
 */
export function bareScreen(orders: Order[], total: number) {
  const lines = orders.map(
    (o) =>
      `<b>№ ${o.orderNumber}</b> · ${o.createdDate?.slice(0, 16)} · ${o.statusLabel}\n` +
      `${o.productName} × ${o.quantity}\nСумма: ${o.totalPrice} ₸ · к выплате: ${o.totalPayoutAmount} ₸`,
  );
  const pages = Math.ceil(total / 6);
  const keyboard = new InlineKeyboard();
  orders.forEach((o, i) => {
    keyboard.text(`№${o.orderNumber}`, `ordo1:0:1:${o.orderId}`);
    if (i % 3 === 2) keyboard.row();
  });
  keyboard.text("Фильтр по статусу", "ordf1:0:1").text("Выгрузить в Excel", "ordx1:0").row();
  keyboard.text(`1/${pages}`, "noop").text("›", "ordp1:0:2").text("»", `ordp1:0:${pages}`);
  const text = [`<b>Заказы</b> · стр. 1 из ${pages} · всего ${total}`, ...lines].join("\n\n");
  return [
    text,
    { parse_mode: "HTML", reply_markup: keyboard, link_preview_options: { is_disabled: true } },
  ] as const;
}

export const measure: Measure = {
  name: "overhead",
  number: 1,
  title: "overhead per update: /orders through the whole bot vs a bare grammY bot",
  // Its pauses alone are 2 minutes; the rest is CPU, 30-40 s on a 2-core EPYC that ran the
  // whole bench in 12 minutes: room for a machine several times slower.
  timeLimitMs: 600_000,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), "bench-overhead-"));
    const port = await freePort();
    const redisServer = await startRedisServer(port, dir);
    const redisUrl = `redis://127.0.0.1:${port}`;
    // No flood control here: the bare bot has no pace, and Telegram's bound is measure 2's.
    const tg = await startBotApiEmulator();
    const api = await startSellerSandbox({ preIssuedLinkTokens: 0 });
    const config = parseConfig({
      BOT_TOKEN: tg.token,
      BOT_API_ROOT: tg.apiRoot,
      SELLER_API_URL: api.url,
      SELLER_API_TOKEN: api.token,
      REDIS_URL: redisUrl,
      LOG_LEVEL: "silent",
    });
    const app = createApp(config, createLogger("silent"));
    const stats = new Redis(redisUrl);
    const bareRedis = new Redis(redisUrl, { keyPrefix: "bare:" });
    try {
      await app.init();
      // The bare bot: the same session in the same Redis, the same list call, a plain reply.
      const bare = new Bot<BareContext>(tg.token, {
        client: { apiRoot: tg.apiRoot },
        botInfo: app.bot.botInfo,
      });
      bare.use(
        session({ initial: () => ({}), storage: new RedisAdapter({ instance: bareRedis }) }),
      );
      bare.command("orders", async (ctx) => {
        ctx.session.locale ??= "ru";
        const list = await app.seller.listOrders({
          pageNumber: 1,
          pageSize: 6,
          sortBy: "createdDate",
          sortDirection: "desc",
        });
        await ctx.reply(...bareScreen(list.orders ?? [], list.totalCount ?? 0));
      });
      return await sample(app, bare, tg, api, stats);
    } finally {
      bareRedis.disconnect();
      stats.disconnect();
      await app.close();
      await tg.stop();
      await api.stop();
      await stopProcess(redisServer);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

type Handler = { handleUpdate(update: never): Promise<void> };

async function sample(
  app: { bot: Handler },
  bare: Handler,
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>,
  api: Awaited<ReturnType<typeof startSellerSandbox>>,
  stats: Redis,
) {
  const users: UserDriver[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = tg.user({ languageCode: i % 2 ? "kk" : "ru", started: true });
    api.linkChat(user.id, { languageCode: i % 2 ? "kk" : "ru" });
    users.push(user);
  }
  const times = { bot: [] as number[], bare: [] as number[] };
  const calls = { bot: 0, bare: 0 };
  const byCommand = new Map<string, number>();
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const user = users[i % USERS]!;
    for (const which of ["bot", "bare"] as const) {
      const before = await commandStats(stats);
      // The same pause before every sample of either bot: each starts from an idle process,
      // after the other's sample (the bare bot's used to start at once after the bot's).
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const started = performance.now();
      await (which === "bot" ? app.bot : bare).handleUpdate(textUpdate(user, "/orders") as never);
      const took = performance.now() - started;
      const after = await commandStats(stats);
      if (i < WARMUP) continue;
      times[which].push(took);
      calls[which] += total(after) - total(before);
      if (which === "bot") {
        for (const [name, n] of after)
          byCommand.set(name, (byCommand.get(name) ?? 0) + n - (before.get(name) ?? 0));
      }
    }
  }
  const trips = await roundTrips({ bot: app.bot, bare }, users, stats, 50);
  const p = (which: "bot" | "bare", q: number) => quantile(times[which], q);
  const perUpdate = calls.bot / SAMPLES;
  const breakdown = [...byCommand]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${(n / SAMPLES).toFixed(2)}`)
    .join(", ");
  const bareP99 = p("bare", 0.99);
  const bareP50 = p("bare", 0.5);
  return [
    judged(
      "1 overhead: /orders p99",
      p("bot", 0.99),
      " ms",
      { value: bareP99, label: `bare grammY p99 ${bareP99.toFixed(2)} ms` },
      { maxRatio: 1.5, label: "≤ 1.5×" },
      `${SAMPLES} samples each, ${USERS} chats`,
    ),
    info(
      "1 overhead: /orders p50",
      p("bot", 0.5),
      " ms",
      `bare grammY p50 ${bareP50.toFixed(2)} ms (${(p("bot", 0.5) / bareP50).toFixed(2)}×)`,
    ),
    info(
      "1 overhead: Redis round trips per update",
      trips.bot,
      "",
      `bare grammY ${trips.bare.toFixed(1)} (MONITOR); with the commands inside scripts ${perUpdate.toFixed(1)}: ${breakdown}`,
    ),
  ];
}

/**
 * Round trips to Redis per update, counted with MONITOR over `n` updates of each bot after the
 * timed samples (commands run inside a script are not round trips: MONITOR names them "lua").
 * With BENCH_MONITOR set, prints the commands of one /orders (the profile behind the count).
 */
async function roundTrips(
  bots: Record<"bot" | "bare", Handler>,
  users: UserDriver[],
  stats: Redis,
  n: number,
) {
  const connection = stats.duplicate();
  const monitor = await connection.monitor();
  const seen: { args: string[]; source: string }[] = [];
  monitor.on("monitor", (_time: string, args: string[], source: string) =>
    seen.push({ args, source }),
  );
  const count: Record<"bot" | "bare", number> = { bot: 0, bare: 0 };
  try {
    for (const which of ["bot", "bare"] as const) {
      // Each chat's own pace has passed: no wait in the way.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const from = seen.length;
      for (let i = 0; i < n; i++) {
        await bots[which].handleUpdate(textUpdate(users[i % users.length]!, "/orders") as never);
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mine = seen
        .slice(from)
        .filter((c) => c.source !== "lua" && c.args[0]?.toLowerCase() !== "info");
      count[which] = mine.length / n;
      if (process.env.BENCH_MONITOR && which === "bot") {
        console.log(
          `  Redis round trips of ${n} /orders:\n    ${mine.map((c) => c.args.map((a) => a.slice(0, 50)).join(" ")).join("\n    ")}`,
        );
      }
    }
  } finally {
    monitor.disconnect();
    connection.disconnect();
  }
  return count;
}
