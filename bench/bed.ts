import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Api } from "grammy";
import type { Update } from "grammy/types";
import { type SellerSandboxOptions, startSellerSandbox } from "../doubles/seller-api/index.js";
import { spreadWayThere, startBotApiEmulator, type WayThere } from "../doubles/telegram/index.js";
import { type App, type AppOptions, createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { type Polling, startPolling, stopPolling } from "../src/runtime/index.js";

/** What a measure runs against: the emulator, the sandbox and the real app(s). */
export interface Bed {
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>;
  api: Awaited<ReturnType<typeof startSellerSandbox>>;
  /** The first app. */
  app: App;
  apps: App[];
}

export interface BedOptions {
  /** Folder name prefix of the data folder. */
  name: string;
  /**
   * One instance polls as production does. Two or more share `redis` and get their updates
   * as behind a load balancer in webhook mode: one reader takes them from Telegram and hands
   * each to the next instance in turn (`bot.handleUpdate`, as the webhook does).
   */
  instances?: 1 | 2;
  /** Redis URL and key prefix; unset: embedded storage (one instance only). */
  redis?: { url: string; prefix: string };
  env?: Record<string, string>;
  sandbox?: SellerSandboxOptions;
  app?: AppOptions;
  /** Start the scheduler (import watcher, alerts) on every instance. */
  scheduler?: boolean;
}

/**
 * BENCH_TELEGRAM_WAY_MS=MIN-MAX: each call reaches the emulator MIN–MAX ms after it was sent
 * (spread evenly, seeded), as a Telegram answering late at random; unset: at once.
 */
export function wayThereFromEnv(): { wayThere?: WayThere } {
  const match = /^(\d+)-(\d+)$/.exec(process.env.BENCH_TELEGRAM_WAY_MS ?? "");
  return match ? { wayThere: spreadWayThere(Number(match[1]), Number(match[2])) } : {};
}

/** Starts the doubles and the real app(s), runs `use`, then stops and closes all of it. */
export async function withBed<T>(options: BedOptions, use: (bed: Bed) => Promise<T>): Promise<T> {
  const tg = await startBotApiEmulator({ limits: true, ...wayThereFromEnv() });
  const api = await startSellerSandbox({ preIssuedLinkTokens: 0, ...options.sandbox });
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const apps: App[] = [];
  let polling: Polling | undefined;
  let balancer: { stop(): Promise<void> } | undefined;
  try {
    const config = parseConfig({
      BOT_TOKEN: tg.token,
      BOT_API_ROOT: tg.apiRoot,
      SELLER_API_URL: api.url,
      SELLER_API_TOKEN: api.token,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(options.redis
        ? { REDIS_URL: options.redis.url, REDIS_KEY_PREFIX: options.redis.prefix }
        : {}),
      ...options.env,
    });
    for (let i = 0; i < (options.instances ?? 1); i++) {
      apps.push(
        createApp(config, createLogger("silent"), { scheduleAlerts: false, ...options.app }),
      );
    }
    for (const app of apps) await app.init();
    if (apps.length === 1) polling = await startPolling(apps[0]!);
    else balancer = roundRobin(tg, apps);
    if (options.scheduler) for (const app of apps) app.watcher.start();
    return await use({ tg, api, app: apps[0]!, apps });
  } finally {
    if (polling) await stopPolling(apps[0]!, polling, Date.now() + 10_000);
    await balancer?.stop();
    for (const app of apps) await app.close();
    await tg.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Telegram's default max_connections: updates in flight to a webhook at once. */
const WEBHOOK_CONNECTIONS = 40;

/** The chat an update belongs to (its sender where it names no chat), as Telegram orders them. */
function chatOf(update: Update): number | undefined {
  const body = Object.values(update).find((v) => typeof v === "object" && v !== null) as
    | { chat?: { id: number }; message?: { chat: { id: number } }; from?: { id: number } }
    | undefined;
  return body?.chat?.id ?? body?.message?.chat.id ?? body?.from?.id;
}

/**
 * Takes updates from Telegram and hands each to the next instance in turn, at most
 * WEBHOOK_CONNECTIONS at once, as Telegram delivers to a webhook behind a balancer: updates of
 * different chats at the same time, a chat's next update only once the request carrying its
 * previous one has been answered (grammY's guide to webhooks, "Ending Webhook Requests in
 * Time"; the app's webhook answers when the update is handled, at the latest after 9 s).
 * Handing a chat's two updates to two instances at the same moment is not a delivery Telegram
 * makes: which instance then took the chat's lock first was a race (measure 2 saw 1 of 1,100).
 */
function roundRobin(tg: Bed["tg"], apps: App[]) {
  const reader = new Api(tg.token, { apiRoot: tg.apiRoot });
  const stop = new AbortController();
  const handling = new Set<Promise<void>>();
  /** Each chat's last update handed on (or waiting for its chat's previous one). */
  const chats = new Map<number, Promise<void>>();
  const delivering = new Set<Promise<void>>();
  let next = 0;
  const deliver = async (update: Update, app: App, previous: Promise<void> | undefined) => {
    await previous;
    while (handling.size >= WEBHOOK_CONNECTIONS) await Promise.race(handling);
    const done = app.bot.handleUpdate(update).catch(() => {});
    handling.add(done);
    void done.finally(() => handling.delete(done));
    await done;
  };
  const loop = (async () => {
    let offset = 0;
    while (!stop.signal.aborted) {
      const updates = await reader
        .getUpdates({ offset, timeout: 1, limit: 100 }, stop.signal as never)
        .catch(() => []);
      for (const update of updates) {
        offset = update.update_id + 1;
        while (handling.size >= WEBHOOK_CONNECTIONS) await Promise.race(handling);
        const chat = chatOf(update);
        const delivered = deliver(
          update,
          apps[next++ % apps.length]!,
          chat === undefined ? undefined : chats.get(chat),
        );
        delivering.add(delivered);
        if (chat !== undefined) chats.set(chat, delivered);
        void delivered.finally(() => {
          delivering.delete(delivered);
          if (chat !== undefined && chats.get(chat) === delivered) chats.delete(chat);
        });
      }
    }
  })();
  return {
    async stop() {
      stop.abort();
      await loop;
      await Promise.all(delivering);
    },
  };
}
