import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { type App, createApp } from "../../src/app.js";
import { parseConfig } from "../../src/config.js";
import { csvCell, csvReportText } from "../../src/import/report.js";
import { IMPORT_WORK } from "../../src/import/watcher/index.js";
import { keys } from "../../src/import/watcher/store.js";
import type { SentBatch, WatchedDocument } from "../../src/import/watcher/types.js";
import { createLogger } from "../../src/logger.js";
import type { ImportProduct } from "../../src/seller-api/schemas.js";
import { testClock } from "../support/clock.js";
import { type Harness, linkUser, restartBot, startInProcess } from "../support/harness.js";

const INFO = "/api/seller/v1/products/import/info";
const WAIT = { timeoutMs: 60_000 };

let h: Harness | undefined;
const cleanups: (() => Promise<void>)[] = [];
/** Second instances running beside the harness's app. */
const others: App[] = [];
afterEach(async () => {
  others.length = 0;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await h?.stop();
  h = undefined;
});

let seq = 0;
/** A product the sandbox accepts: leaf category 101, brand 504, a fresh barcode. */
const good = (): ImportProduct => ({
  categoryId: 101,
  brandId: 504,
  name: { rus: `Чайник ${++seq}` },
  description: { rus: "Электрический чайник" },
  skus: [
    { price: 9990, barcode: `46${String(Date.now()).slice(-7)}${String(seq).padStart(4, "0")}` },
  ],
});
/** Fails with brandId / BRAND_NOT_FOUND. */
const unknownBrand = (): ImportProduct => ({ ...good(), brandId: 9999 });
/** Fails with barcode / DUPLICATE_BARCODE on its SKU (the barcode of a seeded SKU). */
const takenBarcode = (): ImportProduct => ({
  ...good(),
  skus: [{ price: 500, barcode: "0004600000001" }],
});

/** Sends one real import request through the app's client; products sit on rows from `firstRow`. */
async function sendBatch(
  app: App,
  products: ImportProduct[],
  batch: number,
  firstRow: number,
): Promise<SentBatch> {
  const accepted = await app.seller.importProducts({ products });
  return {
    batch,
    jobId: accepted.jobId,
    products: products.map((p, i) => ({
      ref: { kind: "rows", rows: [firstRow + i] },
      skuRefs: (p.skus ?? []).map(() => ({ kind: "rows", rows: [firstRow + i] })),
    })),
  };
}

function documentFor(
  user: UserDriver,
  locale: "ru" | "kk",
  batches: SentBatch[],
  extra: Partial<WatchedDocument> = {},
): WatchedDocument {
  return {
    id: `doc-${Date.now().toString(36)}-${++seq}`,
    chatId: user.id,
    locale,
    fileName: "товары.csv",
    format: "csv",
    createdAt: Date.now(),
    skippedInvalid: 0,
    batches,
    failedBatches: [],
    ...extra,
  };
}

const SUMMARY = /^(Импорт «.*?»: итоги|«.*?» импорты: қорытынды)/;
const summariesIn = (user: UserDriver) =>
  user.botMessages().filter((m) => SUMMARY.test(m.text) && !/следующем|келесі/.test(m.text));

/** Waits until the watcher has recorded the document as finished (summary sent and recorded). */
async function waitClosed(harness: Harness, user: UserDriver, docId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await harness.app.watcher.recent(user.id, 20);
    const doc = list.find((d) => d.id === docId);
    if (doc && doc.state !== "watching") return doc;
    if (Date.now() > deadline) throw new Error(`document ${docId} not closed\n${user.dump()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Three more rounds of every running watcher, so a repeated summary would have shown up
 * (waits on the rounds themselves, not on a fixed time).
 */
async function settle() {
  const apps = [h!.app, ...others];
  const from = apps.map((app) => app.scheduler.ticks(IMPORT_WORK));
  const deadline = Date.now() + 20_000;
  while (apps.some((app, i) => app.scheduler.ticks(IMPORT_WORK) < from[i]! + 3)) {
    if (Date.now() > deadline) throw new Error("the watcher stopped ticking");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A second instance of the bot on the same doubles and Redis prefix, without getUpdates. */
function secondInstance(harness: Harness, logs: string[]): App {
  const config = parseConfig({
    BOT_TOKEN: harness.tg.token,
    BOT_API_ROOT: harness.tg.apiRoot,
    SELLER_API_URL: harness.api.url,
    SELLER_API_TOKEN: harness.api.token,
    DATA_DIR: mkdtempSync(join(tmpdir(), "seller-bot-2-")),
    SELLER_API_TIMEOUT_MS: "2000",
    IMPORT_POLL_INTERVAL_MS: "100",
    REDIS_URL: inject("redisUrl"),
    REDIS_KEY_PREFIX: harness.redisKeyPrefix,
  });
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const app = createApp(config, createLogger("info", sink));
  others.push(app);
  cleanups.push(async () => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return app;
}

describe("import job watcher", () => {
  it("sends one Russian summary after the jobs finish, naming the failing rows, and /jobs lists it", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 3 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const progress = await h.app.bot.api.sendMessage(user.id, "Импорт принят, отправляю…");
    const batch = await sendBatch(
      h.app,
      [good(), good(), good(), good(), good(), unknownBrand(), takenBarcode()],
      1,
      2,
    );
    const doc = documentFor(user, "ru", [batch], {
      progressMessageId: progress.message_id,
      skippedInvalid: 2,
    });
    await h.app.watcher.watch(doc);
    // The metrics gauge reads this: one job watched until its summary is out.
    expect(await h.app.watcher.watchedJobs()).toBe(1);

    const summary = await user.waitForBotMessage(/Импорт «товары\.csv»: итоги/, WAIT);
    expect(summary.text).toContain("Товары: ✅ успешно 5, ❌ с ошибками 2");
    expect(summary.text).toContain("SKU: ✅ успешно 5, ❌ с ошибками 2");
    expect(summary.text).toContain("Не отправлены из-за ошибок в файле: 2");
    expect(summary.text).toContain(
      "строка 7 · Бренд: такого бренда нет — выберите бренд в /brands",
    );
    expect(summary.text).toContain("строка 8 · Штрихкод: такой штрихкод уже есть у другого SKU");
    // The API's codes, field names and English never reach the chat.
    expect(summary.text).not.toMatch(/BRAND_NOT_FOUND|brandId|does not exist/);
    await waitClosed(h, user, doc.id);
    await expect.poll(() => h!.app.watcher.watchedJobs(), { timeout: 45_000 }).toBe(0);

    // Every poll asked for this job; the last answer was final, and nothing polled after it.
    const polls = h.api.requestsTo(INFO);
    expect(polls.every((r) => r.query.jobId === String(batch.jobId))).toBe(true);
    expect(polls).toHaveLength(4);
    // The progress message ends saying the work is done (never "in the next message").
    await user.waitFor((msgs) =>
      msgs.some((m) => m.messageId === progress.message_id && /обработал все товары/.test(m.text)),
    );

    await user.sendCommand("/jobs");
    const jobs = await user.waitForBotMessage(/Ваши последние импорты/);
    expect(jobs.text).toContain("1. товары.csv");
    expect(jobs.text).toContain("завершён: успешно 5, с ошибками 2");

    await settle();
    expect(summariesIn(user)).toHaveLength(1);
    expect(h.api.requestsTo(INFO)).toHaveLength(4);
  });

  it("speaks Kazakh to a Kazakh chat, JSON positions included, and shows progress in /jobs", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 2 } });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const products = [good(), unknownBrand(), good(), takenBarcode()];
    const accepted = await h.app.seller.importProducts({ products });
    const batch: SentBatch = {
      batch: 1,
      jobId: accepted.jobId,
      products: products.map((_, i) => ({
        ref: { kind: "position", position: i + 1 },
        skuRefs: [{ kind: "position", position: i + 1 }],
      })),
    };
    const doc = documentFor(user, "kk", [batch], { fileName: "products.json", format: "json" });
    await h.app.watcher.watch(doc);

    const summary = await user.waitForBotMessage(/«products\.json» импорты: қорытынды/, WAIT);
    expect(summary.text).toContain("Тауарлар: ✅ сәтті 2, ❌ қатемен 2");
    expect(summary.text).toContain("№ 2 тауар · Бренд: мұндай бренд жоқ");
    // A JSON position names the product; the field names the SKU within it.
    expect(summary.text).toContain("№ 4 тауар · Штрихкод: мұндай штрихкод басқа SKU-да бар");
    await waitClosed(h, user, doc.id);

    await user.sendCommand("/jobs");
    const jobs = await user.waitForBotMessage(/Соңғы импорттарыңыз/);
    expect(jobs.text).toContain("products.json");
    expect(jobs.text).toContain("аяқталды: сәтті 2, қатемен 2");
  });

  it("shortens a long file name with emoji without breaking it, in the summary and /jobs", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // Cut by UTF-16 units at 60 or 80, this name would split an emoji in half.
    const fileName = `${"а".repeat(58)}😀😀${"б".repeat(18)}😀😀.csv`;
    const batch = await sendBatch(h.app, [good(), unknownBrand()], 1, 2);
    const doc = documentFor(user, "ru", [batch], { fileName });
    await h.app.watcher.watch(doc);
    const summary = await user.waitForBotMessage(SUMMARY, WAIT);
    expect(summary.text).toContain("…");
    await waitClosed(h, user, doc.id);
    await user.sendCommand("/jobs");
    const jobs = await user.waitForBotMessage(/Ваши последние импорты/);
    expect(jobs.text).toContain("😀");
  });

  it("names rows in Kazakh, and /jobs answers an empty history", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    await user.sendCommand("/jobs");
    await user.waitForBotMessage(/Әзірге импорт болған жоқ/);

    const batch = await sendBatch(
      h.app,
      [good(), good(), good(), good(), good(), unknownBrand()],
      1,
      2,
    );
    await h.app.watcher.watch(documentFor(user, "kk", [batch]));
    const summary = await user.waitForBotMessage(SUMMARY, WAIT);
    expect(summary.text).toContain("7-жол · Бренд: мұндай бренд жоқ");
  });

  it("attaches a CSV report (BOM, `;`, formulas neutralised) when there are many failures", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const products = [good(), ...Array.from({ length: 11 }, unknownBrand), takenBarcode()];
    const batch = await sendBatch(h.app, products, 1, 2);
    const doc = documentFor(user, "ru", [batch], {
      fileName: "Прайс; весна.xlsx",
      format: "xlsx",
      failedBatches: [
        {
          batch: 2,
          products: [
            { ref: { kind: "rows", rows: [15] }, skuRefs: [{ kind: "rows", rows: [15] }] },
            { ref: { kind: "rows", rows: [16, 17] }, skuRefs: [] },
          ],
          error: {
            kind: "invalid",
            status: 400,
            fieldErrors: [
              {
                field: "products[1].name.rus",
                code: "NotEmpty",
                description: '=HYPERLINK("http://evil.example")',
              },
            ],
            maybeProcessed: false,
          },
        },
      ],
    });
    await h.app.watcher.watch(doc);

    const message = await user.waitForBotMessage(/Ошибок: 13/, WAIT);
    expect(message.document?.fileName).toBe("Прайс_ весна-errors.csv");
    expect(message.text).toContain("Товары: ✅ успешно 1, ❌ с ошибками 12");
    expect(message.text).toContain("Не приняты сервисом: 2 (запросы: 2)");
    const bytes = message.document!.content;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe("Строка / позиция;Запрос;Поле;Описание");
    expect(lines).toContain("строка 3;1;Бренд;такого бренда нет — выберите бренд в /brands");
    expect(lines).toContain(
      "строка 14;1;Штрихкод;такой штрихкод уже есть у другого SKU — укажите свой",
    );
    // An API text the bot does not know comes after its sentence: never a cell's formula.
    expect(lines).toContain(
      'строки 16–17;2;Название (рус.);"сервис не принял значение. Его ответ: «=HYPERLINK(""http://evil.example"")»"',
    );
    expect(lines.filter((l) => l.includes("такого бренда нет"))).toHaveLength(11);
    expect(lines.join("\n")).not.toMatch(/BRAND_NOT_FOUND|NotEmpty|brandId/);
    await waitClosed(h, user, doc.id);
    await settle();
    expect(user.botMessages().filter((m) => m.document)).toHaveLength(1);
  });

  it("reports a document past the watch limit with its unfinished rows", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1000 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const batch = await sendBatch(h.app, [good(), good()], 1, 2);
    const doc = documentFor(user, "ru", [batch], {
      createdAt: Date.now() - h.app.config.import.maxWatchMs - 1000,
    });
    await h.app.watcher.watch(doc);
    const summary = await user.waitForBotMessage(/получены не все результаты/, WAIT);
    expect(summary.text).toContain("Без итогового статуса за 24 ч: 2");
    expect(summary.text).toContain("строки 2–3: итоговый статус не получен за 24 ч");
    const closed = await waitClosed(h, user, doc.id);
    expect(closed).toMatchObject({ state: "expired", pending: 2 });
  });

  for (const redis of [false, true]) {
    it(`resumes after a restart while jobs are pending and sends the summary once (${redis ? "Redis" : "disk"})`, async () => {
      h = await startInProcess({ redis, sandbox: { jobSteps: 6 } });
      const user = h.tg.user({ languageCode: "ru" });
      await linkUser(h, user);
      const first = await sendBatch(h.app, [good(), unknownBrand()], 1, 2);
      const second = await sendBatch(h.app, [good()], 2, 4);
      const doc = documentFor(user, "ru", [first, second]);
      await h.app.watcher.watch(doc);
      await user.waitFor(() => h!.api.requestsTo(INFO).length >= 2, WAIT);
      expect(summariesIn(user)).toHaveLength(0);

      h = await restartBot(h);
      const summary = await user.waitForBotMessage(SUMMARY, WAIT);
      expect(summary.text).toContain("Товары: ✅ успешно 2, ❌ с ошибками 1");
      expect(summary.text).toContain("строка 3 · Бренд: такого бренда нет");
      await waitClosed(h, user, doc.id);
      await settle();
      expect(summariesIn(user)).toHaveLength(1);
    });
  }

  it("sums up a document recorded request by request, and one recorded whole by an older version", async () => {
    h = await startInProcess({ redis: true, sandbox: { jobSteps: 2 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const { watcher, storage } = h.app;
    const first = await sendBatch(h.app, [good(), unknownBrand()], 1, 2);
    const second = await sendBatch(h.app, [good()], 2, 4);
    const third = await sendBatch(h.app, [takenBarcode()], 3, 5);
    const doc = documentFor(user, "ru", [first], { sending: true });
    doc.senderId = watcher.beginSending(doc.id);
    await watcher.watch(doc);
    // Each later record hands over only its new outcomes; they come in any order.
    await watcher.update({ ...doc, batches: [first, third] }, [third]);
    await watcher.update({ ...doc, batches: [first, second, third] }, [second]);
    watcher.endSending(doc.id);
    const summary = await user.waitForBotMessage(SUMMARY, WAIT);
    expect(summary.text).toContain("Товары: ✅ успешно 2, ❌ с ошибками 2");
    expect(summary.text).toContain("строка 3 · Бренд: такого бренда нет");
    expect(summary.text).toContain("строка 5 · Штрихкод: такой штрихкод уже есть");

    // A document as the version before wrote it, its outcomes inside its one record.
    const legacy = documentFor(user, "ru", [await sendBatch(h.app, [unknownBrand()], 1, 7)], {
      fileName: "старый.csv",
    });
    await watcher.watch(legacy);
    await storage.kv.set(keys.doc(legacy.id), legacy);
    await storage.kv.delete(keys.outcome(legacy.id, 1));
    const old = await user.waitForBotMessage(/Импорт «старый\.csv»: итоги/, WAIT);
    expect(old.text).toContain("строка 7 · Бренд: такого бренда нет");
  });

  it("with two instances on one Redis, polls each job once per round and sends each summary once", async () => {
    const steps = 3;
    h = await startInProcess({ redis: true, sandbox: { jobSteps: steps } });
    const otherLogs: string[] = [];
    const other = secondInstance(h, otherLogs);
    other.watcher.start();
    const users = [h.tg.user({ languageCode: "ru" }), h.tg.user({ languageCode: "kk" })];
    for (const user of users) await linkUser(h, user);

    const docs: WatchedDocument[] = [];
    for (let i = 0; i < 6; i++) {
      const user = users[i % 2]!;
      const batch = await sendBatch(h.app, [good(), unknownBrand()], 1, 2);
      const doc = documentFor(user, i % 2 === 0 ? "ru" : "kk", [batch], { fileName: `f${i}.csv` });
      docs.push(doc);
      // Watched through either instance: any instance may take any document.
      await (i % 3 === 0 ? other : h.app).watcher.watch(doc);
    }
    for (const doc of docs) {
      await waitClosed(h, users[docs.indexOf(doc) % 2]!, doc.id);
    }
    await settle();
    for (const [i, user] of users.entries()) {
      const own = docs.filter((_, k) => k % 2 === i);
      for (const doc of own) {
        const summaries = summariesIn(user).filter((m) => m.text.includes(`«${doc.fileName}»`));
        expect(summaries, doc.fileName).toHaveLength(1);
      }
    }
    // One instance at a time: every job was asked exactly steps + 1 times.
    for (const doc of docs) {
      expect(
        h.api.requestsTo(INFO).filter((r) => r.query.jobId === String(doc.batches[0]!.jobId)),
      ).toHaveLength(steps + 1);
    }
    const sentBy = [...h.logs, ...otherLogs].filter((l) => l.includes("import summary sent"));
    expect(sentBy).toHaveLength(docs.length);
  });

  it("takes over a document whose lease holder died once the lease expires", async () => {
    h = await startInProcess({ redis: true, sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const batch = await sendBatch(h.app, [good()], 1, 2);
    const doc = documentFor(user, "ru", [batch]);
    // An instance that claimed the document and was killed: its lease just runs out.
    await h.app.storage.kv.setIfAbsent(keys.claim(doc.id), "dead-instance", 600);
    await h.app.watcher.watch(doc);
    const summary = await user.waitForBotMessage(SUMMARY, WAIT);
    expect(summary.text).toContain("Все товары импортированы без ошибок.");
    await waitClosed(h, user, doc.id);
    await settle();
    expect(summariesIn(user)).toHaveLength(1);
  });

  it("keeps watching through a Seller API outage and sends one summary after it", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const batch = await sendBatch(h.app, [good(), unknownBrand()], 1, 2);
    h.api.failNext(INFO, "503", 7);
    const doc = documentFor(user, "ru", [batch]);
    await h.app.watcher.watch(doc);
    const summary = await user.waitForBotMessage(SUMMARY, WAIT);
    expect(summary.text).toContain("строка 3 · Бренд: такого бренда нет");
    expect(h.logs.some((l) => l.includes("import/info failed"))).toBe(true);
    await waitClosed(h, user, doc.id);
    await settle();
    expect(summariesIn(user)).toHaveLength(1);
  });

  it("sends the summary once when Telegram answers 429 first", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const batch = await sendBatch(h.app, [good()], 1, 2);
    h.tg.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    const doc = documentFor(user, "ru", [batch]);
    await h.app.watcher.watch(doc);
    await user.waitForBotMessage(SUMMARY, WAIT);
    await waitClosed(h, user, doc.id);
    await settle();
    expect(summariesIn(user)).toHaveLength(1);
    expect(h.tg.callsOf("sendMessage").length).toBeGreaterThanOrEqual(2);
  });

  it("gives up the summary of a chat that blocked the bot, and keeps going", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 1 } });
    const blocked = h.tg.user({ languageCode: "ru" });
    const other = h.tg.user({ languageCode: "ru" });
    await linkUser(h, blocked);
    await linkUser(h, other);
    const one = documentFor(blocked, "ru", [await sendBatch(h.app, [good()], 1, 2)]);
    const two = documentFor(other, "ru", [await sendBatch(h.app, [good()], 1, 2)]);
    h.tg.blockUser(blocked.id);
    await h.app.watcher.watch(one);
    await h.app.watcher.watch(two);
    await other.waitForBotMessage(SUMMARY, WAIT);
    const closed = await waitClosed(h, blocked, one.id);
    expect(closed.state).toBe("done");
    expect(h.logs.some((l) => l.includes("summary undeliverable"))).toBe(true);
  });
});

/**
 * The watcher on a clock the test moves, IMPORT_POLL_INTERVAL_MS 5 s: jobs finish when the
 * clock reaches their time (the sandbox asks `finishAt`), and every `step()` is one tick.
 */
async function timedWatcher(finishAt: Map<number, number>) {
  const clock = testClock(Date.parse("2026-03-02T09:00:00Z"));
  h = await startInProcess({
    clock,
    env: { IMPORT_POLL_INTERVAL_MS: "5000" },
    sandbox: {
      jobDoneAt: (job) => ((finishAt.get(job.jobId) ?? Infinity) <= clock.now() ? 0 : Infinity),
    },
  });
  const harness = h;
  const ticks = () => harness.app.scheduler.ticks(IMPORT_WORK);
  const settled = async (from: number) => {
    const deadline = Date.now() + 20_000;
    while (ticks() <= from) {
      if (Date.now() > deadline) throw new Error("the watcher did not tick");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  await settled(0);
  let seen = 0;
  return {
    clock,
    /** Moves the clock one interval; the jobs asked in that tick, in order. */
    async step(): Promise<number[]> {
      const from = ticks();
      clock.advance(5000);
      await settled(from);
      const asked = harness.api.requestsTo(INFO).slice(seen);
      seen += asked.length;
      return asked.filter((r) => r.status === 200).map((r) => Number(r.query.jobId));
    },
  };
}

describe("import watching on the clock (IMPORT_POLL_INTERVAL_MS 5 s)", () => {
  it("reads a document every interval while its jobs finish, up to its first unfinished job, and sums up in the round after the last", async () => {
    const finishAt = new Map<number, number>();
    const { clock, step } = await timedWatcher(finishAt);
    const user = h!.tg.user({ languageCode: "ru" });
    await linkUser(h!, user);
    const batches: SentBatch[] = [];
    for (let i = 0; i < 4; i++) batches.push(await sendBatch(h!.app, [good()], i + 1, i + 2));
    const [a, b, c, d] = batches.map((batch) => batch.jobId) as [number, number, number, number];
    const t0 = clock.now();
    // Out of order: the third finishes before the second.
    for (const [job, after] of [
      [a, 12_000],
      [b, 31_000],
      [c, 14_000],
      [d, 47_000],
    ] as const) {
      finishAt.set(job, t0 + after);
    }
    const doc = documentFor(user, "ru", batches, { createdAt: t0 });
    await h!.app.watcher.watch(doc);

    const rounds: number[][] = [];
    for (let i = 0; i < 9; i++) rounds.push(await step());
    expect(rounds).toEqual([
      [a], // 5 s
      [a], // 10 s
      [a, b, c], // 15 s: a is final, then b and c at once: b is not
      [b], // 20 s
      [b],
      [b],
      [b, d], // 35 s: b is final (c is known), d is not
      [d], // 40 s
      [d], // 45 s
    ]);
    expect(summariesIn(user)).toHaveLength(0);
    // d finished at 47 s: the round at 50 s reads it and sends the summary.
    expect(await step()).toEqual([d]);
    await user.waitFor(() => summariesIn(user).length === 1, WAIT);
    expect(summariesIn(user)[0]!.text).toContain("Все товары импортированы без ошибок.");
    // 13 calls for 4 jobs; reading every unfinished job each round would have taken 24.
    expect(h!.api.requestsTo(INFO)).toHaveLength(13);
    expect(await step()).toEqual([]);
  });

  it("reads every unfinished job once a minute, slows down only after ten quiet minutes or while the API fails, and keeps a document moving at the interval", async () => {
    const finishAt = new Map<number, number>();
    const { clock, step } = await timedWatcher(finishAt);
    const user = h!.tg.user({ languageCode: "kk" });
    await linkUser(h!, user);
    const first = await sendBatch(h!.app, [good(), good()], 1, 2);
    const second = await sendBatch(h!.app, [good()], 2, 4);
    const t0 = clock.now();
    finishAt.set(first.jobId, t0 + 20 * 60_000);
    finishAt.set(second.jobId, t0 + 10_000);
    const doc = documentFor(user, "kk", [first, second], { createdAt: t0 });
    await h!.app.watcher.watch(doc);
    const pending = async () =>
      (await h!.app.watcher.recent(user.id, 5)).find((entry) => entry.id === doc.id)?.pending;

    /** Steps until `at` after the start; the times of the rounds that asked anything. */
    const roundsUntil = async (at: number) => {
      const times: { at: number; jobs: number[] }[] = [];
      while (clock.now() < t0 + at) {
        const jobs = await step();
        if (jobs.length > 0) times.push({ at: clock.now() - t0, jobs });
      }
      return times;
    };
    // The first minute: only the first job, every 5 s; the second is finished but not known.
    const minute = await roundsUntil(60_000);
    expect(minute.map((r) => r.at)).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 5000));
    expect(minute.every((r) => r.jobs.join() === String(first.jobId))).toBe(true);
    expect(await pending()).toBe(3);
    // A minute after the first round every unfinished job is read: /jobs learns the second.
    expect(await step()).toEqual([first.jobId, second.jobId]);
    expect(await pending()).toBe(2);

    // An outage: the next round comes ×1.5 later (7.5 s, at the tick of 10 s), then 5 s again.
    h!.api.failNext(INFO, "503", 3);
    await step(); // 70 s: the three attempts fail
    const afterOutage = await roundsUntil(90_000);
    expect(afterOutage.map((r) => r.at)).toEqual([80_000, 85_000, 90_000]);

    // The second job's news at 65 s restarted the ten quiet minutes: 120 quiet rounds every
    // 5 s (the outage took one tick), then the 121st, at 11:15, waits ×1.5 and so on.
    const quiet = await roundsUntil(15 * 60_000);
    const gaps = quiet.slice(1).map((r, i) => r.at - quiet[i]!.at);
    const grows = gaps.findIndex((gap) => gap !== 5000);
    expect(quiet[grows]!.at).toBe(11 * 60_000 + 15_000);
    expect(gaps.slice(grows, grows + 6)).toEqual([10_000, 15_000, 20_000, 30_000, 40_000, 60_000]);
    expect(summariesIn(user)).toHaveLength(0);

    // The first job finishes at 20:00: read within a minute, and the summary goes out.
    const last = await roundsUntil(21 * 60_000 + 5000);
    const final = last.find((r) => r.at >= 20 * 60_000)!;
    expect(final.at - 20 * 60_000).toBeLessThanOrEqual(60_000);
    await user.waitFor(() => summariesIn(user).length === 1, WAIT);
    expect(last.at(-1)).toBe(final);
  });
});

describe("CSV report", () => {
  it("neutralises formulas and quotes separators, quotes and line breaks", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+7 700")).toBe("'+7 700");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(12)).toBe("12");
    expect(csvReportText(["a", "b"], [["=x", 1]])).toBe("\uFEFFa;b\r\n'=x;1\r\n");
  });
});
