import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { startRedisServer, stopProcess } from "../support/child.js";
import { type Harness, linkUser, startHarness } from "../support/harness.js";
import { eventually, freePort } from "../support/net.js";

let h: Harness | undefined;
let redis: ChildProcess | undefined;
let redisDir: string | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  if (redis) await stopProcess(redis);
  redis = undefined;
  if (redisDir) rmSync(redisDir, { recursive: true, force: true });
  redisDir = undefined;
});

const STATUS = "/api/seller/v1/telegram/status";

/** The bot's own Redis client (its connection's state: "ready", "reconnecting", ...). */
const storageClient = (harness: Harness) =>
  (harness.app.storage as unknown as { redis: Redis }).redis;
/** Reads are tried three times: a fault that lasts makes each of them fail. */
const EVERY_ATTEMPT = 3;

async function linkedUser(harness: Harness) {
  const user = harness.tg.user({ languageCode: "ru" });
  await linkUser(harness, user);
  return user;
}

describe("Seller API faults end in a clear message in the chat", () => {
  it.each([
    ["500", /Сервис продавца сейчас не отвечает/],
    ["503", /Сервис продавца сейчас не отвечает/],
    ["malformed", /непонятный ответ/],
    ["wrong-shape", /непонятный ответ/],
    ["drop", /Сервис продавца сейчас не отвечает/],
  ] as const)("answering %s", async (kind, message) => {
    h = await startHarness();
    const user = await linkedUser(h);
    h.api.failNext(STATUS, kind, EVERY_ATTEMPT);
    await user.sendCommand("/status");
    await user.waitForBotMessage(message);
    // and the next request, with the API well again, works
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);
  });

  it("hanging past the timeout", async () => {
    h = await startHarness({ env: { SELLER_API_TIMEOUT_MS: "300" } });
    const user = await linkedUser(h);
    h.api.failNext(STATUS, "hang", EVERY_ATTEMPT);
    const logged = h.logs.length;
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Сервис продавца сейчас не отвечает/);
    // Every attempt made and timed out, as the bot counts them (on a loaded machine an attempt
    // of 300 ms may end before the sandbox has even read the request).
    const failed = h.logs
      .slice(logged)
      .filter((l) => /"seller api call"/.test(l) && /"status":"error"/.test(l));
    expect(failed).toHaveLength(EVERY_ATTEMPT);
    expect(h.api.requestsTo(STATUS).length).toBeGreaterThanOrEqual(2);
  });

  it("a transient 503 is retried and never reaches the seller", async () => {
    h = await startHarness();
    const user = await linkedUser(h);
    h.api.failNext(STATUS, "503", 1);
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);
    expect(user.botMessages().some((m) => /не отвечает/.test(m.text))).toBe(false);
  });

  it("401 with client credentials: the token is renewed and the request repeated", async () => {
    h = await startHarness({
      sandbox: { clientId: "bot-client", clientSecret: "client-secret-value-42" },
      env: {
        SELLER_API_TOKEN: "",
        SELLER_CLIENT_ID: "bot-client",
        SELLER_CLIENT_SECRET: "client-secret-value-42",
      },
    });
    const user = await linkedUser(h);
    h.api.expireTokens();
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);
    h.api.failNext(STATUS, "401", 1);
    await user.sendCommand("/status");
    await user.waitFor((msgs) => msgs.filter((m) => /Чат привязан/.test(m.text)).length === 2);
    expect(h.api.requestsTo("/api/v1/auth/token").length).toBeGreaterThanOrEqual(2);
    expect(user.botMessages().some((m) => /авторизоваться/.test(m.text))).toBe(false);
  });

  it("401 that persists: the seller is told the bot could not sign in", async () => {
    h = await startHarness();
    const user = await linkedUser(h);
    h.api.failNext(STATUS, "401", EVERY_ATTEMPT);
    await user.sendCommand("/status");
    await user.waitForBotMessage(/не смог авторизоваться/);
  });
});

describe("Telegram faults lose no message", () => {
  it("429 with retry_after on sendMessage: the reply still arrives", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "ru" });
    h.tg.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    await user.sendCommand("/help");
    await user.waitForBotMessage(/Здравствуйте/);
    const calls = h.tg.callsOf("sendMessage");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it("5xx on sendMessage: the reply still arrives", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "kk" });
    h.tg.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await user.sendCommand("/help");
    // auto-retry waits 3 s after a server error before it tries again
    await user.waitForBotMessage(/Сәлеметсіз бе/, { timeoutMs: 45_000 });
    expect(h.tg.callsOf("sendMessage")).toHaveLength(2);
  });

  it("a burst of messages to many chats is paced and every one arrives", async () => {
    h = await startHarness();
    const users = Array.from({ length: 40 }, () => h!.tg.user({ languageCode: "ru" }));
    for (const user of users) await user.sendCommand("/help");
    for (const user of users) await user.waitForBotMessage(/Здравствуйте/);
    const calls = h.tg.callsOf("sendMessage");
    expect(calls.every((c) => c.ok)).toBe(true);
    // No more than ~30 per second overall.
    const first = calls[0]!.at;
    const inFirstSecond = calls.filter((c) => c.at - first < 1000).length;
    expect(inFirstSecond).toBeLessThanOrEqual(31);
  });
});

describe("Redis restarted while the bot runs", () => {
  it("answers with a clear message while storage is away and works again after", async () => {
    const port = await freePort();
    redisDir = mkdtempSync(join(tmpdir(), "seller-bot-redis-"));
    redis = await startRedisServer(port, redisDir);
    h = await startHarness({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    expect(h.app.storage.kind).toBe("redis");
    const user = await linkedUser(h);

    await stopProcess(redis);
    await user.sendCommand("/help");
    await user.waitForBotMessage(/Не удаётся сохранить состояние чата/);

    redis = await startRedisServer(port, redisDir);
    // ioredis reconnects with a backoff: once its connection is ready, the bot is itself again.
    await eventually(() => (storageClient(h!).status === "ready" ? true : undefined), {
      timeoutMs: 60_000,
      what: "the bot's Redis connection ready again",
    });
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);
  });

  it("loses no watched import: its summary arrives once after Redis is back", async () => {
    let finishedAt = Number.POSITIVE_INFINITY;
    const port = await freePort();
    redisDir = mkdtempSync(join(tmpdir(), "seller-bot-redis-"));
    redis = await startRedisServer(port, redisDir);
    h = await startHarness({
      env: { REDIS_URL: `redis://127.0.0.1:${port}` },
      // The job stays pending until Redis is back: the outage comes while it is watched.
      sandbox: { jobDoneAt: () => finishedAt },
    });
    const user = await linkedUser(h);
    const product = (i: number, brandId = 504) => ({
      categoryId: 101,
      brandId,
      name: { rus: `Кабель №${i}` },
      description: { rus: "Кабель для зарядки" },
      skus: [{ price: 990 + i, barcode: `48722${String(i).padStart(8, "0")}` }],
    });
    const file = JSON.stringify([product(1), product(2), product(3, 9999)]);
    await user.sendDocument({ fileName: "партия.json", content: file });
    // Every file is confirmed before anything is sent (README "Choices").
    await user.waitForBotMessage(/Импортировать товары \(3\)\?/, { timeoutMs: 45_000 });
    await user.pressButton(/Импортировать товары/);
    await user.waitForBotText(/Импорт принят/, { timeoutMs: 45_000 });

    // Redis goes away while the job is still pending (the watcher's round fails on it), and
    // comes back (AOF keeps its data).
    const logged = h.logs.length;
    await stopProcess(redis);
    await eventually(
      () =>
        h!.logs.slice(logged).some((l) => /"module":"scheduler".*StorageUnavailableError/.test(l))
          ? true
          : undefined,
      { timeoutMs: 60_000, what: "a round failed on the missing Redis" },
    );
    redis = await startRedisServer(port, redisDir);
    finishedAt = 0;

    const summary = /^Импорт «партия\.json»: итоги/;
    const message = await user.waitForBotMessage(summary);
    expect(message.text).toContain("✅ успешно 2, ❌ с ошибками 1");
    expect(message.text).toMatch(/позиция 3 · Бренд: такого бренда нет/);
    // The watcher has recorded the summary and stopped watching the document: no later round
    // can send it again, so the count is final.
    await eventually(() => (h!.logs.some((l) => /import summary sent/.test(l)) ? true : undefined));
    expect(user.botMessages().filter((m) => summary.test(m.text))).toHaveLength(1);
  });
});
