import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { type BotApiEmulator, startBotApiEmulator } from "../../doubles/telegram/index.js";
import { type BotProcess, linkStatusAsked, spawnBot } from "../support/child.js";
import { freePort } from "../support/net.js";

const STATUS_PATH = "/api/seller/v1/telegram/status";

let tg: BotApiEmulator | undefined;
let api: SellerSandbox | undefined;
let bot: BotProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) {
    bot.child.kill("SIGKILL");
    await bot.exited;
  }
  bot = undefined;
  await tg?.stop();
  await api?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  tg = api = dataDir = undefined;
});

async function startProcess(extra: Record<string, string> = {}) {
  tg = await startBotApiEmulator();
  api = await startSellerSandbox();
  dataDir = mkdtempSync(join(tmpdir(), "seller-bot-proc-"));
  const port = await freePort();
  bot = spawnBot({
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "info",
    ...extra,
  });
  await bot.waitForLine(/"bot started"/);
  return { port };
}

describe("the bot process on SIGTERM", () => {
  it("finishes the update in flight, loses nothing and exits 0 within 10 s", async () => {
    const { port } = await startProcess();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const user = tg!.user({ languageCode: "ru" });
    // A slow Seller API keeps /status in flight when the signal comes.
    api!.setLatency(1500);
    await user.sendCommand("/status");
    await linkStatusAsked(api!, user.id);
    const signalled = Date.now();
    bot!.child.kill("SIGTERM");
    await bot!.waitForLine(/"stopping"/);
    // Sent while the bot drains: not taken by this process, kept by Telegram for the next one.
    await user.sendCommand("/help");

    const exit = await bot!.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(10_000);
    // The update in flight was answered before the process left.
    expect(
      user
        .botMessages()
        .map((m) => m.text)
        .join("\n"),
    ).toMatch(/не привязан/);
    expect(bot!.lines.some((l) => l.includes('"bot stopped"'))).toBe(true);
    // /status was confirmed to Telegram; /help waits for the next start.
    expect(tg!.pendingUpdates()).toBe(1);

    api!.setLatency(0);
    bot = spawnBot({
      BOT_TOKEN: tg!.token,
      BOT_API_ROOT: tg!.apiRoot,
      SELLER_API_URL: api!.url,
      SELLER_API_TOKEN: api!.token,
      DATA_DIR: dataDir!,
      LOG_LEVEL: "info",
    });
    await user.waitForBotMessage(/Здравствуйте/, { timeoutMs: 60_000 });
    // Nothing was handled twice.
    expect(user.botMessages().filter((m) => /не привязан/.test(m.text))).toHaveLength(1);
  });

  it("exits at once on a second signal", async () => {
    await startProcess();
    const user = tg!.user({ languageCode: "ru" });
    // The update in flight never ends: the first signal alone would drain until its budget
    // and exit 0; the second exits at once with the signal's code.
    const held = api!.holdNext(
      (r) => r.path === STATUS_PATH && (r.body as { chatId?: number }).chatId === user.id,
    );
    await user.sendCommand("/status");
    await linkStatusAsked(api!, user.id);
    bot!.child.kill("SIGTERM");
    await bot!.waitForLine(/"stopping"/);
    bot!.child.kill("SIGTERM");
    const exit = await bot!.exited;
    held.release();
    expect(exit.code).toBe(143);
    expect(bot!.lines.some((l) => l.includes('"second signal; exiting at once"'))).toBe(true);
    expect(bot!.lines.some((l) => l.includes('"bot stopped"'))).toBe(false);
  });
});
