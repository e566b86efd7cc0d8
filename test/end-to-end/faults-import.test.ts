import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startSellerSandbox } from "../../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../../doubles/telegram/index.js";
import { spawnBot } from "../support/child.js";
import {
  childEnv,
  confirmImport,
  importPostsOf,
  product,
  STARTUP_MS,
  summarySettled,
  useChildRig,
} from "../support/import-child.js";

const rig = useChildRig();

const INFO = "/api/seller/v1/products/import/info";

/** The summary's own first line (the status message also mentions "итоги"). */
const SUMMARY = /^Импорт «товары\.json»: итоги/;

describe("the bot killed between accepting an import and its summary", () => {
  it("killed while requests still go out: the accepted ones are summarised once, the gap named", async () => {
    const tg = await startBotApiEmulator();
    rig.tg = tg;
    const api = await startSellerSandbox({ jobSteps: 1 });
    rig.api = api;
    rig.dataDir = mkdtempSync(join(tmpdir(), "seller-bot-kill-"));
    // The restarted process owns the data folder: its predecessor's sender is dead at once.
    // The hanging request outlasts the kill however slow the machine (its timeout would end
    // the sending, not a kill).
    const env = childEnv(rig, { SELLER_API_TIMEOUT_MS: "60000" });
    const first = spawnBot(env);
    rig.processes.push(first);
    await first.waitForLine(/bot started/, STARTUP_MS);
    const user = tg.user({ languageCode: "ru" });
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 45_000 });

    // 65 products: requests of 30, 30 and 5 go out together; one of them never answers.
    api.failNext("/api/seller/v1/products/import", "hang");
    const products = Array.from({ length: 65 }, (_, i) => product(100 + i));
    const sent = await user.sendDocument({
      fileName: "товары.json",
      content: JSON.stringify(products),
    });
    await confirmImport(user, sent);
    await expect.poll(() => api.jobs.length, { timeout: STARTUP_MS }).toBe(2);
    // The watcher reads each accepted job from the stored document: once it has asked about
    // both, the record holding them has landed, and the kill cuts only the hanging request.
    const polled = () => new Set(api.requestsTo(INFO).map((r) => Number(r.query.jobId)));
    await expect
      .poll(() => api.jobs.every((job) => polled().has(job.jobId)), { timeout: STARTUP_MS })
      .toBe(true);
    first.child.kill("SIGKILL");
    await first.exited;
    const accepted = api.jobs.reduce((n, job) => n + job.products.length, 0);

    const second = spawnBot(env);
    rig.processes.push(second);
    const summary = await user.waitForBotMessage(SUMMARY, { timeoutMs: 60_000 });
    expect(summary.text).toContain(`✅ успешно ${accepted}, ❌ с ошибками 0`);
    expect(summary.text).toContain("Отправка файла прервалась");
    expect(importPostsOf(api)).toHaveLength(3);
    await summarySettled(second);
    expect(user.botMessages().filter((m) => SUMMARY.test(m.text))).toHaveLength(1);
  });

  it("sends the summary once after a restart, naming the failing position", async () => {
    const tg = await startBotApiEmulator();
    rig.tg = tg;
    // The job stays unfinished until the bot is killed: no summary can come before the kill.
    let finishedAt = Number.POSITIVE_INFINITY;
    const api = await startSellerSandbox({ jobDoneAt: () => finishedAt });
    rig.api = api;
    rig.dataDir = mkdtempSync(join(tmpdir(), "seller-bot-kill-"));
    const env = childEnv(rig);
    const first = spawnBot(env);
    rig.processes.push(first);
    await first.waitForLine(/bot started/, STARTUP_MS);

    const user = tg.user({ languageCode: "ru" });
    await user.sendCommand(`/start ${api.issueLinkToken()}`);
    await user.waitForBotMessage(/Добро пожаловать/, { timeoutMs: 45_000 });
    const file = JSON.stringify({ products: [product(1), product(2, 9999), product(3)] });
    await confirmImport(user, await user.sendDocument({ fileName: "товары.json", content: file }));
    await user.waitForBotText(/Импорт принят/, { timeoutMs: 45_000 });

    first.child.kill("SIGKILL");
    await first.exited;
    expect(user.botMessages().some((m) => SUMMARY.test(m.text))).toBe(false);
    finishedAt = 0;

    const second = spawnBot(env);
    rig.processes.push(second);
    const summary = await user.waitForBotMessage(SUMMARY, { timeoutMs: 60_000 });
    expect(summary.text).toContain("✅ успешно 2, ❌ с ошибками 1");
    expect(summary.text).toContain("такого бренда нет");
    expect(summary.text).not.toMatch(/BRAND_NOT_FOUND/);
    expect(summary.text).toMatch(/позиция 2|№\s?2|2-/i);
    // One import request, never repeated by the restart.
    expect(importPostsOf(api)).toHaveLength(1);

    // Give a duplicate every chance to appear (the watcher has closed the document), then count.
    await summarySettled(second);
    expect(user.botMessages().filter((m) => SUMMARY.test(m.text))).toHaveLength(1);
    second.child.kill("SIGTERM");
    expect((await second.exited).code).toBe(0);
  });
});
