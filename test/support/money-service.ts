/**
 * The money service over the sandbox's money shop (80 days, 30 lines a day, up to an hour before
 * `now`) and the embedded storage, as the app wires it; what it opened goes to `cleanup`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { parseConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { createMoneyService } from "../../src/money/index.js";
import { createSellerApi } from "../../src/seller-api/index.js";
import { createStorage, type Storage } from "../../src/storage/index.js";

const HOUR = 3_600_000;

export async function moneyOverSandbox(options: {
  now: number;
  cleanup: (() => Promise<void> | void)[];
  /** MONEY_READ_CONCURRENCY; the setting's default when left out. */
  concurrency?: number;
}): Promise<{
  api: SellerSandbox;
  service: ReturnType<typeof createMoneyService>;
  storage: Storage;
  dir: string;
}> {
  const api = await startSellerSandbox({
    moneyShop: { days: 80, linesPerDay: 30, endMs: options.now - HOUR },
  });
  const dir = mkdtempSync(join(tmpdir(), "money-"));
  const storage = createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: dir });
  const seller = createSellerApi({
    baseUrl: api.url,
    auth: { kind: "token", token: api.token },
    timeoutMs: 30_000,
    logger: createLogger("silent"),
    retryBaseDelayMs: 10,
  });
  options.cleanup.push(
    () => api.stop(),
    () => storage.close(),
    () => rmSync(dir, { recursive: true, force: true }),
    () => seller.close(),
  );
  const { money: config } = parseConfig({
    BOT_TOKEN: "1:a",
    SELLER_API_URL: api.url,
    SELLER_API_TOKEN: "t",
    ...(options.concurrency !== undefined && {
      MONEY_READ_CONCURRENCY: String(options.concurrency),
    }),
  });
  const service = createMoneyService({
    seller,
    kv: storage.kv,
    logger: createLogger("silent"),
    timeZone: "Asia/Almaty",
    config,
  });
  return { api, service, storage, dir };
}
