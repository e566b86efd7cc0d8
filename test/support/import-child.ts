import { rmSync } from "node:fs";
import { afterEach, expect } from "vitest";
import type { RequestLogEntry, SellerSandbox } from "../../doubles/seller-api/index.js";
import type { BotApiEmulator } from "../../doubles/telegram/index.js";
import type { BotProcess } from "./child.js";

/**
 * What the child-process import tests share: the bot as `npm start` runs it (spawned), the two
 * doubles, a data folder, and the steps a seller takes to import a file.
 */

/** A child process under tsx on a busy machine may take a while to start. */
export const STARTUP_MS = 40_000;

/** The doubles, data folder and bot processes of one test; torn down after it. */
export interface ChildRig {
  tg?: BotApiEmulator;
  api?: SellerSandbox;
  dataDir?: string;
  processes: BotProcess[];
}

/** A rig whose processes are killed and doubles stopped after each test of the file. */
export function useChildRig(): ChildRig {
  const rig: ChildRig = { processes: [] };
  afterEach(async () => {
    for (const bot of rig.processes) {
      if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill("SIGKILL");
      await bot.exited;
    }
    rig.processes = [];
    await rig.tg?.stop();
    await rig.api?.stop();
    if (rig.dataDir) rmSync(rig.dataDir, { recursive: true, force: true });
    rig.tg = rig.api = rig.dataDir = undefined;
  });
  return rig;
}

/** The settings of a bot process against the rig's doubles and data folder. */
export function childEnv(rig: ChildRig, extra: Record<string, string> = {}) {
  return {
    BOT_TOKEN: rig.tg!.token,
    BOT_API_ROOT: rig.tg!.apiRoot,
    SELLER_API_URL: rig.api!.url,
    SELLER_API_TOKEN: rig.api!.token,
    DATA_DIR: rig.dataDir!,
    IMPORT_POLL_INTERVAL_MS: "100",
    LOG_LEVEL: "info",
    ...extra,
  };
}

/** A valid product of the sandbox's catalog (brand 9999 does not exist there). */
export const product = (i: number, brandId = 504) => ({
  categoryId: 101,
  brandId,
  name: { rus: `Кабель №${i}` },
  description: { rus: "Кабель для зарядки" },
  skus: [{ price: 1000 + i, barcode: `48711${String(i).padStart(8, "0")}` }],
});

/** Presses "Import N products" on the confirmation every file gets. */
export async function confirmImport(
  user: ReturnType<BotApiEmulator["user"]>,
  sent: { message_id: number },
) {
  const offer = await user.waitForBotMessage(/Импортировать товары \(\d+\)\?/, {
    timeoutMs: 45_000,
    after: sent.message_id,
  });
  await user.pressButton(/Импортировать товары/, { messageId: offer.messageId });
}

/**
 * The watcher has recorded the summary and stopped watching the document (logged after both),
 * so no later round can send it again: counting summaries now needs no grace period.
 */
export async function summarySettled(bot: BotProcess) {
  await bot.waitForLine(/import summary sent/, STARTUP_MS);
}

/**
 * As `summarySettled`, over every process of a test: `count` summaries recorded in all. A stop
 * that comes late finds the import already summarised by the process it stops, so the summary's
 * log line may be in the old process's output rather than the restarted one's.
 */
export async function summariesSettled(processes: BotProcess[], count: number) {
  const recorded = () =>
    processes.reduce(
      (n, bot) => n + bot.lines.filter((l) => /import summary sent/.test(l)).length,
      0,
    );
  await expect.poll(recorded, { timeout: STARTUP_MS, interval: 100 }).toBeGreaterThanOrEqual(count);
}

/** An import request (a POST of products) in the sandbox's log. */
export const isImportPost = (r: RequestLogEntry) =>
  r.method === "POST" && r.path.endsWith("/products/import");

/** The import requests the sandbox received. */
export const importPostsOf = (api: SellerSandbox) => api.requests.filter(isImportPost);
