import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";

const base = {
  BOT_TOKEN: "123456:ABC-def_ghi",
  SELLER_API_URL: "https://seller.example.kz/",
  SELLER_API_TOKEN: "jwt.token.value",
};

function errorOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("configuration", () => {
  it("applies the contract's defaults", () => {
    const config = parseConfig(base);
    expect(config).toMatchObject({
      sellerApiUrl: "https://seller.example.kz",
      botApiRoot: "https://api.telegram.org",
      mode: "polling",
      dataDir: "./data",
      redisUrl: undefined,
      timeZone: "Asia/Almaty",
      logLevel: "info",
      sellerAuth: { kind: "token", token: "jwt.token.value" },
      import: {
        pollIntervalMs: 5000,
        pollMaxPerMinute: 6000,
        vatRates: [0, 12],
        pendingStatuses: ["pending", "queued", "new", "processing", "inprogress", "waiting"],
      },
    });
  });

  it("names the variable that is missing or malformed, in one line", () => {
    expect(errorOf({})).toBe("BOT_TOKEN is required");
    expect(errorOf({ ...base, BOT_TOKEN: "nope" })).toMatch(/^BOT_TOKEN must look like/);
    expect(errorOf({ ...base, SELLER_API_URL: "ftp://x" })).toMatch(
      /^SELLER_API_URL must be an http/,
    );
    expect(errorOf({ ...base, SELLER_API_TOKEN: "" })).toMatch(/^SELLER_API_TOKEN is required/);
    expect(errorOf({ ...base, BOT_MODE: "webhook" })).toBe(
      "WEBHOOK_URL is required in webhook mode",
    );
    expect(errorOf({ ...base, IMPORT_POLL_INTERVAL_MS: "soon" })).toMatch(
      /^IMPORT_POLL_INTERVAL_MS must be a whole number/,
    );
    expect(errorOf({ ...base, REDIS_URL: "localhost:6379" })).toMatch(
      /^REDIS_URL must start with redis:\/\//,
    );
    expect(errorOf({ ...base, LOG_LEVEL: "loud" })).toMatch(/^LOG_LEVEL must be one of/);
    for (const message of [errorOf({}), errorOf({ ...base, BOT_MODE: "x" })]) {
      expect(message).not.toContain("\n");
    }
  });

  it("takes client credentials instead of a token, and a configured VAT list", () => {
    const config = parseConfig({
      ...base,
      SELLER_API_TOKEN: "",
      SELLER_CLIENT_ID: "id",
      SELLER_CLIENT_SECRET: "secret",
      IMPORT_VAT_RATES: "0, 16",
      IMPORT_PENDING_STATUSES: "In Progress,QUEUED",
    });
    expect(config.sellerAuth).toEqual({ kind: "client", clientId: "id", clientSecret: "secret" });
    expect(config.import.vatRates).toEqual([0, 16]);
    expect(config.import.pendingStatuses).toEqual(["inprogress", "queued"]);
    expect(errorOf({ ...base, SELLER_API_TOKEN: "", SELLER_CLIENT_ID: "id" })).toBe(
      "SELLER_CLIENT_SECRET is required with the other one",
    );
  });

  it("makes `npm start` without settings print one line naming what is missing", async () => {
    const run = promisify(execFile);
    const result = await run(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: { PATH: process.env.PATH ?? "" },
      cwd: `${import.meta.dirname}/../..`,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect("code" in result ? result.code : 0).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Configuration error: BOT_TOKEN is required (to see the bot without any settings: npm run demo)",
    );
  });

  it("has the runtime settings: Seller API deadline, internal port on loopback, session idle time", () => {
    expect(parseConfig(base)).toMatchObject({
      sellerApiTimeoutMs: 10_000,
      sellerApiDeadlineMs: 8000,
      metrics: { port: undefined, host: "127.0.0.1" },
      sessionTtlMs: 90 * 86_400_000,
    });
    expect(
      parseConfig({
        ...base,
        SELLER_API_DEADLINE_MS: "5000",
        METRICS_PORT: "9464",
        METRICS_HOST: "0.0.0.0",
        SESSION_TTL_DAYS: "0",
      }),
    ).toMatchObject({
      sellerApiDeadlineMs: 5000,
      metrics: { port: 9464, host: "0.0.0.0" },
      sessionTtlMs: undefined,
    });
    expect(errorOf({ ...base, PORT: "8080", METRICS_PORT: "8080" })).toBe(
      "METRICS_PORT must differ from PORT",
    );
    expect(errorOf({ ...base, SELLER_API_DEADLINE_MS: "10" })).toMatch(
      /^SELLER_API_DEADLINE_MS must be a whole number from 500/,
    );
  });
});
