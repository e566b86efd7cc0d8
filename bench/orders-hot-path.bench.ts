/**
 * What `/orders` costs the bot compared with a bare grammY bot that does the same outside work
 * (one Seller API list call, one sendMessage) with the same Redis session. Both bots get the
 * same updates through `handleUpdate`, interleaved, against the Bot API emulator and the
 * sandbox Seller API on loopback and a private redis-server; the time of each update is taken
 * from handing it over to its end. Redis round trips per update are counted from the server's
 * own command statistics. The bot's outgoing pace (30 messages a second, one a second per chat)
 * is kept out of the figures by spacing the samples: it is Telegram's bound, not the hot path.
 *
 *   npx tsx bench/orders-hot-path.bench.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RedisAdapter } from "@grammyjs/storage-redis";
import { Bot, type Context, type SessionFlavor, session } from "grammy";
import { Redis } from "ioredis";
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator, type UserDriver } from "../doubles/telegram/index.js";
import { createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { startRedisServer, stopProcess } from "../test/support/child.js";
import { freePort } from "../test/support/net.js";
import { textUpdate } from "../test/support/updates.js";

/** Enough chats that each gets an /orders less than once a second (Telegram's pace per chat). */
const USERS = 60;
/** Real /orders go out at most this often, so the one pace (20 messages/s overall) never waits. */
const PACE_MS = 60;
const WARMUP = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1500);
/** The bound: `/orders` at p99 within this factor of the bare bot's p99. */
const BOUND_P99_RATIO = 1.5;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function commandCalls(redis: Redis): Promise<number> {
  const info = await redis.info("commandstats");
  let calls = 0;
  for (const m of info.matchAll(/^cmdstat_(\w+):calls=(\d+)/gm)) {
    if (m[1] !== "info") calls += Number(m[2]);
  }
  return calls;
}

type BareContext = Context & SessionFlavor<{ locale?: string }>;

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-hot-"));
  const port = await freePort();
  const redisServer = await startRedisServer(port, dir);
  const redisUrl = `redis://127.0.0.1:${port}`;
  const tg = await startBotApiEmulator();
  const api = await startSellerSandbox({ preIssuedLinkTokens: 0 });
  const config = parseConfig({
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    REDIS_URL: redisUrl,
    LINK_STATUS_CACHE_SECONDS: "3600",
    LOG_LEVEL: "silent",
  });
  const app = createApp(config, createLogger("silent"));
  await app.init();
  const stats = new Redis(redisUrl);

  // The bare bot: the same session in the same Redis, the same list call, a plain reply.
  const bare = new Bot<BareContext>(tg.token, {
    client: { apiRoot: tg.apiRoot },
    botInfo: app.bot.botInfo,
  });
  const bareRedis = new Redis(redisUrl, { keyPrefix: "bare:" });
  bare.use(session({ initial: () => ({}), storage: new RedisAdapter({ instance: bareRedis }) }));
  bare.command("orders", async (ctx) => {
    ctx.session.locale ??= "ru";
    const list = await app.seller.listOrders({
      pageNumber: 1,
      pageSize: 6,
      sortBy: "createdDate",
      sortDirection: "desc",
    });
    const lines = (list.orders ?? []).map((o) => `№ ${o.orderNumber} ${o.totalPrice}`);
    await ctx.reply(lines.join("\n"));
  });

  try {
    await measure();
  } finally {
    bareRedis.disconnect();
    stats.disconnect();
    await app.close();
    await tg.stop();
    await api.stop();
    await stopProcess(redisServer);
    rmSync(dir, { recursive: true, force: true });
  }

  async function measure() {
    const users: UserDriver[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = tg.user({ languageCode: i % 2 ? "kk" : "ru" });
      // Writing through the driver makes the chat known to the emulator; the update itself is
      // never fetched (no polling here).
      await user.sendCommand("/help");
      await app.bot.handleUpdate(textUpdate(user, `/start ${api.issueLinkToken()}`) as never);
      users.push(user);
    }

    const seller: number[] = [];
    const plain: number[] = [];
    const sellerCpu: number[] = [];
    const plainCpu: number[] = [];
    let lastSent = 0;
    let sellerCalls = 0;
    let plainCalls = 0;
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const user = users[i % USERS]!;
      for (const [bot, times] of [
        [app.bot, seller],
        [bare, plain],
      ] as [{ handleUpdate(update: never): Promise<void> }, number[]][]) {
        if (bot === app.bot) {
          const wait = lastSent + PACE_MS - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          lastSent = performance.now();
        }
        const before = await commandCalls(stats);
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        await bot.handleUpdate(textUpdate(user, "/orders") as never);
        const took = performance.now() - started;
        const used = process.cpuUsage(cpuBefore);
        const calls = (await commandCalls(stats)) - before;
        if (i < WARMUP) continue;
        times.push(took);
        (bot === app.bot ? sellerCpu : plainCpu).push((used.user + used.system) / 1000);
        if (bot === app.bot) sellerCalls += calls;
        else plainCalls += calls;
      }
    }

    const p50 = [quantile(seller, 0.5), quantile(plain, 0.5)];
    const p99 = [quantile(seller, 0.99), quantile(plain, 0.99)];
    const ratio = p99[0]! / p99[1]!;
    const cpu = (xs: number[]) =>
      `CPU p50 ${quantile(xs, 0.5).toFixed(2)} ms, p99 ${quantile(xs, 0.99).toFixed(2)} ms`;
    console.log(
      `  CPU of the whole process per update (the doubles included): /orders ${cpu(sellerCpu)}; bare ${cpu(plainCpu)}`,
    );
    console.log(
      `  /orders: p50 ${p50[0]!.toFixed(2)} ms, p99 ${p99[0]!.toFixed(2)} ms, Redis commands per update ${(sellerCalls / SAMPLES).toFixed(2)}`,
    );
    console.log(
      `  bare grammY + Redis session: p50 ${p50[1]!.toFixed(2)} ms, p99 ${p99[1]!.toFixed(2)} ms, Redis commands per update ${(plainCalls / SAMPLES).toFixed(2)}`,
    );
    console.log(
      `  ratio p50 ${(p50[0]! / p50[1]!).toFixed(2)}×, p99 ${ratio.toFixed(2)}× (bound ≤ ${BOUND_P99_RATIO}× at p99: ${ratio <= BOUND_P99_RATIO ? "met" : "NOT met"}; ${SAMPLES} samples each, ${USERS} chats)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
