import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { type BotApiEmulator, startBotApiEmulator } from "../../doubles/telegram/index.js";
import { type BotProcess, linkStatusAsked, spawnBot } from "../support/child.js";
import { eventually, freePort } from "../support/net.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let tg: BotApiEmulator | undefined;
let api: SellerSandbox | undefined;
let bot: BotProcess | undefined;
let npmStart: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (bot && bot.child.exitCode === null && bot.child.signalCode === null) {
    bot.child.kill("SIGKILL");
    await bot.exited;
  }
  if (npmStart && npmStart.exitCode === null && npmStart.signalCode === null) {
    process.kill(-npmStart.pid!, "SIGKILL");
  }
  bot = npmStart = undefined;
  await tg?.stop();
  await api?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  tg = api = dataDir = undefined;
});

async function doubles() {
  tg = await startBotApiEmulator();
  api = await startSellerSandbox();
  dataDir = mkdtempSync(join(tmpdir(), "seller-bot-start-"));
  return {
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  };
}

describe("start-up that talks", () => {
  it("names BOT_API_ROOT when it is no Bot API, and BOT_TOKEN when Telegram refuses the token", async () => {
    const env = await doubles();
    bot = spawnBot({ ...env, BOT_API_ROOT: api!.url });
    expect((await bot.exited).code).toBe(1);
    expect(bot.lines.filter((l) => l.startsWith("Cannot start"))).toEqual([
      expect.stringMatching(/does not answer like a Telegram Bot API: check BOT_API_ROOT$/),
    ]);

    bot = spawnBot({ ...env, BOT_TOKEN: "999999:WRONG-TOKEN-of-another-bot" });
    expect((await bot.exited).code).toBe(1);
    expect(bot.lines.filter((l) => l.startsWith("Cannot start"))).toEqual([
      expect.stringMatching(/check BOT_TOKEN/),
    ]);
    // The token is never printed, not even the wrong one.
    expect(bot.lines.join("\n")).not.toContain("WRONG-TOKEN-of-another-bot");
  });

  it("answers /healthz at once while Telegram cannot be reached, logs each attempt with the setting, and stops on SIGTERM", async () => {
    const env = await doubles();
    const closedPort = await freePort();
    const port = await freePort();
    const metricsPort = await freePort();
    bot = spawnBot({
      ...env,
      BOT_API_ROOT: `http://127.0.0.1:${closedPort}`,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
    });
    const attempt = JSON.parse(await bot.waitForLine(/Telegram cannot be reached/)) as Record<
      string,
      unknown
    >;
    expect(attempt).toMatchObject({ level: "warn", attempt: 1, setting: "BOT_API_ROOT" });
    expect(String(attempt.msg)).toContain("ECONNREFUSED");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${metricsPort}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, phase: "starting" });
    await bot.waitForLine(/"attempt":2/);
    bot.child.kill("SIGTERM");
    expect((await bot.exited).code).toBe(0);
    expect(bot.lines.join("\n")).not.toContain(env.BOT_TOKEN);
  });

  it("starts with a warning when Telegram refuses the command menu after getMe has proved the root", async () => {
    const env = await doubles();
    // Every setMyCommands answers 500, as an independently written emulator does.
    tg!.failNext("setMyCommands", { error_code: 500, description: "Internal Server Error" }, 100);
    bot = spawnBot(env);
    const warning = JSON.parse(await bot.waitForLine(/did not take the command menu/)) as Record<
      string,
      unknown
    >;
    expect(warning).toMatchObject({ level: "warn", setting: "BOT_API_ROOT" });
    expect(String(warning.err)).toContain("500");
    await bot.waitForLine(/"bot started"/);
    expect(tg!.commands({ languageCode: "ru" })).toEqual([]);
    // The bot answers all the same, and no start-up error was printed.
    const user = tg!.user({ languageCode: "ru" });
    await user.sendCommand("/start");
    await user.waitForBotMessage(/Здравствуйте/);
    expect(bot.lines.filter((l) => l.startsWith("Cannot start"))).toEqual([]);
  });

  it("logs a Seller API it cannot reach with the setting to check, and runs meanwhile", async () => {
    const env = await doubles();
    bot = spawnBot({ ...env, SELLER_API_URL: `http://127.0.0.1:${await freePort()}` });
    await bot.waitForLine(/"bot started"/);
    const line = await bot.waitForLine(/Seller API cannot be reached/);
    expect(JSON.parse(line)).toMatchObject({ setting: "SELLER_API_URL", attempt: 1 });
    const user = tg!.user({ languageCode: "ru" });
    await user.sendCommand("/start");
    await user.waitForBotMessage(/./);
  });
});

describe("Ctrl-C in the terminal that runs npm start", () => {
  it("lets the bot finish the update in flight and exit 0, though the whole process group is signalled", async () => {
    const env = await doubles();
    npmStart = spawn("npm", ["start"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, as a terminal gives the command it runs.
      detached: true,
    });
    const lines: string[] = [];
    const collect = (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean));
    npmStart.stdout!.on("data", collect);
    npmStart.stderr!.on("data", collect);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      npmStart!.once("exit", (code, signal) => resolve({ code, signal })),
    );
    await eventually(() => (lines.some((l) => l.includes('"bot started"')) ? true : undefined), {
      timeoutMs: 60_000,
      what: "the bot to start",
    });
    // One process runs the bot: no wrapper (tsx's CLI) that relays the signal and may kill it
    // before it has drained.
    const group = execFileSync("ps", ["-o", "args=", "-g", String(npmStart.pid)], {
      encoding: "utf8",
    });
    expect(
      group.split("\n").filter((line) => line.includes("src/main.ts") && !/^(sh|npm)/.test(line)),
    ).toEqual([expect.stringMatching(/node --import tsx src\/main\.ts$/)]);
    const user = tg!.user({ languageCode: "ru" });
    // A slow Seller API keeps /status in flight when Ctrl-C comes.
    api!.setLatency(2000);
    await user.sendCommand("/status");
    await linkStatusAsked(api!, user.id);
    process.kill(-npmStart.pid!, "SIGINT");

    const npmExit = await exited;
    // The bot drained and exited 0; npm then ends itself by the signal it got (its convention,
    // so the shell sees an interrupt), and says nothing of a failed command.
    expect(lines.filter((l) => l.includes('"msg":"exiting"'))).toEqual([
      expect.stringContaining('"code":0'),
    ]);
    expect(lines.some((l) => /npm error/.test(l))).toBe(false);
    expect([0, null]).toContain(npmExit.code);
    expect(
      user
        .botMessages()
        .map((m) => m.text)
        .join("\n"),
    ).toMatch(/не привязан/);
    expect(lines.some((l) => l.includes('"bot stopped"'))).toBe(true);
    expect(tg!.pendingUpdates()).toBe(0);
  });
});
