import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../doubles/telegram/index.js";
import { type App, createApp } from "../src/app.js";
import { parseConfig } from "../src/config.js";
import { createLogger } from "../src/logger.js";
import { startPolling } from "../src/runtime/index.js";

/** What a benchmark runs against: the emulator, the sandbox and the real app(s). */
export interface Bed {
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>;
  api: Awaited<ReturnType<typeof startSellerSandbox>>;
  /** The app that polls (the first of `apps`). */
  app: App;
  apps: App[];
}

export interface BedOptions {
  /** Folder name prefix of the data folder. */
  name: string;
  /** The emulator refuses past this many messages in any second, as Telegram does. */
  floodLimit?: number;
  /** Apps on the same settings (two share Redis when `env` names one); the first polls. */
  instances?: number;
  env?: Record<string, string>;
}

/** Starts the doubles and the real app(s) with embedded storage, runs `use`, stops it all. */
export async function withBed<T>(options: BedOptions, use: (bed: Bed) => Promise<T>): Promise<T> {
  const tg = await startBotApiEmulator(
    options.floodLimit === undefined ? {} : { floodLimit: options.floodLimit },
  );
  const api = await startSellerSandbox({ preIssuedLinkTokens: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), `${options.name}-`));
  const config = parseConfig({
    BOT_TOKEN: tg.token,
    BOT_API_ROOT: tg.apiRoot,
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: api.token,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const apps: App[] = [];
  for (let i = 0; i < (options.instances ?? 1); i++) {
    apps.push(createApp(config, createLogger("silent")));
  }
  const app = apps[0]!;
  await app.init();
  const { runner } = await startPolling(app);
  try {
    return await use({ tg, api, app, apps });
  } finally {
    await runner.stop();
    for (const each of apps) await each.close();
    await tg.stop();
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The value below which a share `q` of the samples lies. */
export const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
