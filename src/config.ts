import { z } from "zod";

/** Every setting of the bot, parsed once at start. Nothing else reads process.env. */

const DEFAULT_PENDING_STATUSES = [
  "pending",
  "queued",
  "new",
  "processing",
  "inprogress",
  "waiting",
];

/**
 * Order statuses (`statusKey`, compared as `normalizeStatus` does) the money figures know. The
 * spec names none (2.9): these are the words services like it use; any other status is counted
 * apart and named to the seller, never taken as a sale.
 */
const DEFAULT_CANCELLED_STATUSES = ["cancelled", "canceled", "cancel"];
const DEFAULT_RETURNED_STATUSES = ["returned", "return"];
const DEFAULT_SALE_STATUSES = [
  "new",
  "created",
  "accepted",
  "approved",
  "confirmed",
  "paid",
  "processing",
  "assembling",
  "assembled",
  "packed",
  "readytoship",
  "shipped",
  "sent",
  "intransit",
  "delivering",
  "delivery",
  "indelivery",
  "kaspidelivery",
  "pickup",
  "readyforpickup",
  "arrived",
  "delivered",
  "received",
  "completed",
  "complete",
  "done",
  "approvedbybank",
  "acceptedbymerchant",
];

const optionalString = z
  .string()
  .trim()
  .transform((s) => (s === "" ? undefined : s))
  .optional();

const csvList = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((s) =>
      s === undefined || s.trim() === ""
        ? fallback
        : s
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean),
    );

const intFrom = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return fallback;
      const n = Number(s);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** A number (decimals allowed, `.` or `,`) from `min` to `max`. */
const numberFrom = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return fallback;
      const n = Number(s.trim().replace(",", "."));
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const clockTime = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((s) => clockMinutes(s) !== undefined, `must be a time such as ${fallback}`);

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (s) => /^https?:\/\/[^\s]+$/.test(s) && URL.canParse(s),
      `must be an http(s) URL (${what})`,
    )
    .transform((s) => s.replace(/\/+$/, ""));

const envSchema = z
  .object({
    BOT_TOKEN: z
      .string({ error: "is required" })
      .trim()
      .regex(/^\d+:[A-Za-z0-9_-]+$/, "must look like 123456:ABC-DEF (the token from @BotFather)"),
    SELLER_API_URL: url("the Seller API base URL"),
    SELLER_API_TOKEN: optionalString,
    SELLER_CLIENT_ID: optionalString,
    SELLER_CLIENT_SECRET: optionalString,
    BOT_API_ROOT: url("the Bot API root").default("https://api.telegram.org"),
    REDIS_URL: z
      .string()
      .trim()
      .optional()
      .transform((s) => (s ? s : undefined))
      .refine(
        (s) => s === undefined || /^rediss?:\/\//.test(s),
        "must start with redis:// or rediss://",
      ),
    REDIS_KEY_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{0,64}$/, "must be up to 64 characters of A-Z, a-z, 0-9, _ . : -")
      .default("sellerbot:"),
    DATA_DIR: z.string().trim().default("./data"),
    BOT_MODE: z
      .enum(["polling", "webhook"], { error: "must be polling or webhook" })
      .default("polling"),
    WEBHOOK_URL: optionalString.pipe(url("the public webhook URL").optional()),
    WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,256}$/, "must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
        .optional(),
    ),
    PORT: intFrom(0, 0, 65535),
    IMPORT_POLL_INTERVAL_MS: intFrom(5000, 100, 3_600_000),
    IMPORT_POLL_MAX_PER_MINUTE: intFrom(6000, 60, 600_000),
    IMPORT_MAX_WATCH_HOURS: intFrom(24, 1, 24 * 30),
    IMPORT_PENDING_STATUSES: csvList(DEFAULT_PENDING_STATUSES),
    IMPORT_VAT_RATES: csvList(["0", "12"]).transform((list, ctx) => {
      const rates = list.map(Number);
      if (rates.some((r) => !Number.isInteger(r) || r < 0 || r > 100)) {
        ctx.addIssue({ code: "custom", message: "must be whole percentages separated by commas" });
        return z.NEVER;
      }
      return rates;
    }),
    TIME_ZONE: z
      .string()
      .trim()
      .default("Asia/Almaty")
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, "must be an IANA time zone such as Asia/Almaty"),
    SELLER_API_TIMEOUT_MS: intFrom(10_000, 100, 120_000),
    SELLER_API_DEADLINE_MS: intFrom(8000, 500, 60_000),
    METRICS_PORT: intFrom(0, 0, 65535),
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    SESSION_TTL_DAYS: intFrom(90, 0, 3650),
    LINK_STATUS_CACHE_SECONDS: intFrom(60, 0, 3600),
    // --- alerts ---
    ORDER_POLL_INTERVAL_MS: intFrom(60_000, 1000, 3_600_000),
    STOCK_POLL_INTERVAL_MS: intFrom(300_000, 1000, 24 * 3_600_000),
    ALERT_DELAY_NOTICE_MS: intFrom(300_000, 0, 24 * 3_600_000),
    ALERT_GROUP_ABOVE: intFrom(3, 1, 100),
    STOCK_ALERT_THRESHOLD: intFrom(5, 0, 1_000_000),
    STOCK_WARN_DAYS: intFrom(3, 0, 365),
    DIGEST_TIME: clockTime("20:00"),
    QUIET_HOURS: z
      .string()
      .trim()
      .default("23:00-08:00")
      .refine(
        (s) =>
          s === "" ||
          s
            .split("-")
            .map(clockMinutes)
            .filter((m) => m !== undefined).length === 2,
        "must be two times such as 23:00-08:00 (empty: none)",
      ),
    AUTH_ALERT_AFTER_POLLS: intFrom(3, 1, 100),
    AUTH_RETRY_INTERVAL_MS: intFrom(600_000, 1000, 24 * 3_600_000),
    // --- end of alerts ---
    // --- money ---
    MONEY_CANCELLED_STATUSES: csvList(DEFAULT_CANCELLED_STATUSES),
    MONEY_RETURNED_STATUSES: csvList(DEFAULT_RETURNED_STATUSES),
    MONEY_SALE_STATUSES: csvList(DEFAULT_SALE_STATUSES),
    MONEY_READ_CONCURRENCY: intFrom(4, 1, 16),
    MONEY_CACHE_HOURS: intFrom(6, 0, 72),
    MONEY_ALERT_POLL_INTERVAL_MS: intFrom(1_800_000, 60_000, 24 * 3_600_000),
    RETURN_ALERT_PERCENT: numberFrom(2, 0, 100),
    RETURN_ALERT_MIN_UNITS: intFrom(30, 1, 1_000_000),
    CANCEL_ALERT_PERCENT: numberFrom(10, 0, 100),
    CANCEL_ALERT_MIN_LINES: intFrom(20, 1, 1_000_000),
    CANCEL_ALERT_DAYS: intFrom(7, 1, 30),
    PAYOUT_ALERT_PERCENT: intFrom(50, 1, 100),
    SILENCE_ALERT_ORDERS: intFrom(5, 1, 100_000),
    MONTH_STATEMENT_TIME: clockTime("10:00"),
    // --- end of money ---
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
  })
  .superRefine((env, ctx) => {
    const hasClient = env.SELLER_CLIENT_ID !== undefined || env.SELLER_CLIENT_SECRET !== undefined;
    if (!env.SELLER_API_TOKEN && !hasClient) {
      ctx.addIssue({
        code: "custom",
        path: ["SELLER_API_TOKEN"],
        message: "is required (or set SELLER_CLIENT_ID and SELLER_CLIENT_SECRET)",
      });
    }
    if (hasClient && (!env.SELLER_CLIENT_ID || !env.SELLER_CLIENT_SECRET)) {
      const missing = env.SELLER_CLIENT_ID ? "SELLER_CLIENT_SECRET" : "SELLER_CLIENT_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required with the other one" });
    }
    if (env.METRICS_PORT && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    if (env.BOT_MODE === "webhook") {
      for (const name of ["WEBHOOK_URL", "WEBHOOK_SECRET"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "is required in webhook mode" });
      }
      if (!env.PORT)
        ctx.addIssue({ code: "custom", path: ["PORT"], message: "is required in webhook mode" });
    }
  });

export type SellerAuth =
  | { kind: "token"; token: string }
  | { kind: "client"; clientId: string; clientSecret: string };

export interface Config {
  botToken: string;
  botApiRoot: string;
  sellerApiUrl: string;
  sellerAuth: SellerAuth;
  sellerApiTimeoutMs: number;
  /** One answer to a seller waits at most this long for the Seller API, retries included. */
  sellerApiDeadlineMs: number;
  /** The internal endpoints (/metrics, /readyz), apart from the public webhook port. */
  metrics: { port: number | undefined; host: string };
  /** Sessions and conversations idle this long are forgotten (undefined: never). */
  sessionTtlMs: number | undefined;
  /** How long a read link status is trusted before it is read again. */
  linkStatusCacheMs: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several bots (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  dataDir: string;
  mode: "polling" | "webhook";
  webhook: { url: string; secret: string } | undefined;
  port: number | undefined;
  import: {
    pollIntervalMs: number;
    /** `import/info` calls a minute at most, per instance. */
    pollMaxPerMinute: number;
    maxWatchMs: number;
    pendingStatuses: string[];
    vatRates: number[];
  };
  timeZone: string;
  /** Alerts; times are minutes since local midnight in `timeZone`. */
  alerts: {
    orderPollMs: number;
    stockPollMs: number;
    delayNoticeMs: number;
    groupAbove: number;
    stockThreshold: number;
    warnDays: number;
    digestAt: number;
    quietFrom: number;
    quietTo: number;
    /** The Seller API refusing the bot's credentials this many polls in a row: chats are told. */
    authAfterPolls: number;
    /** Meanwhile the orders are polled this seldom, and nothing else. */
    authRetryMs: number;
  };
  money: MoneyConfig;
  logLevel: string;
}

/** The money figures and the alerts that protect them. */
export interface MoneyConfig {
  /** `statusKey`s (normalized) that mean a line was cancelled, returned, or is a sale. */
  statuses: { cancelled: string[]; returned: string[]; sale: string[] };
  /** Order pages asked for at once when a period is read. */
  readConcurrency: number;
  /** How long a closed day's figures are kept (0: not kept). */
  cacheMs: number;
  alerts: {
    pollMs: number;
    /** A product's returned share of the units sold over 30 days above this (%)... */
    returnPercent: number;
    /** ...once it sold at least this many units. */
    returnMinUnits: number;
    cancelPercent: number;
    cancelMinLines: number;
    cancelDays: number;
    /** A day's payout under this share (%) of its weekday's usual. */
    payoutPercent: number;
    /** No order while at least this many were expected. */
    silenceOrders: number;
    /** Minutes since local midnight of the first day of a month. */
    statementAt: number;
  };
}

/** `"20:00"` → 1200 minutes since midnight; undefined for anything else. */
function clockMinutes(value: string | undefined): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((value ?? "").trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
  /** True when a required setting is absent (rather than present and malformed). */
  readonly missing: boolean;
  constructor(message: string, missing = false) {
    super(message);
    this.missing = missing;
  }
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "settings");
    const absent = env[name] === undefined || env[name]?.trim() === "";
    const message = issue.code === "invalid_type" && absent ? "is required" : issue.message;
    throw new ConfigError(`${name} ${message}`, absent && /is required/.test(message));
  }
  const e = result.data;
  return {
    botToken: e.BOT_TOKEN,
    botApiRoot: e.BOT_API_ROOT,
    sellerApiUrl: e.SELLER_API_URL,
    sellerAuth: e.SELLER_API_TOKEN
      ? { kind: "token", token: e.SELLER_API_TOKEN }
      : { kind: "client", clientId: e.SELLER_CLIENT_ID!, clientSecret: e.SELLER_CLIENT_SECRET! },
    sellerApiTimeoutMs: e.SELLER_API_TIMEOUT_MS,
    sellerApiDeadlineMs: e.SELLER_API_DEADLINE_MS,
    metrics: { port: e.METRICS_PORT || undefined, host: e.METRICS_HOST },
    sessionTtlMs: e.SESSION_TTL_DAYS > 0 ? e.SESSION_TTL_DAYS * 86_400_000 : undefined,
    linkStatusCacheMs: e.LINK_STATUS_CACHE_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    dataDir: e.DATA_DIR,
    mode: e.BOT_MODE,
    webhook:
      e.BOT_MODE === "webhook" ? { url: e.WEBHOOK_URL!, secret: e.WEBHOOK_SECRET! } : undefined,
    port: e.PORT || undefined,
    import: {
      pollIntervalMs: e.IMPORT_POLL_INTERVAL_MS,
      pollMaxPerMinute: e.IMPORT_POLL_MAX_PER_MINUTE,
      maxWatchMs: e.IMPORT_MAX_WATCH_HOURS * 3_600_000,
      pendingStatuses: e.IMPORT_PENDING_STATUSES.map(normalizeStatus),
      vatRates: e.IMPORT_VAT_RATES,
    },
    timeZone: e.TIME_ZONE,
    alerts: {
      orderPollMs: e.ORDER_POLL_INTERVAL_MS,
      stockPollMs: e.STOCK_POLL_INTERVAL_MS,
      delayNoticeMs: e.ALERT_DELAY_NOTICE_MS,
      groupAbove: e.ALERT_GROUP_ABOVE,
      stockThreshold: e.STOCK_ALERT_THRESHOLD,
      warnDays: e.STOCK_WARN_DAYS,
      digestAt: clockMinutes(e.DIGEST_TIME)!,
      quietFrom: clockMinutes(e.QUIET_HOURS.split("-")[0]) ?? 0,
      quietTo: clockMinutes(e.QUIET_HOURS.split("-")[1]) ?? 0,
      authAfterPolls: e.AUTH_ALERT_AFTER_POLLS,
      authRetryMs: e.AUTH_RETRY_INTERVAL_MS,
    },
    money: {
      statuses: {
        cancelled: e.MONEY_CANCELLED_STATUSES.map(normalizeStatus),
        returned: e.MONEY_RETURNED_STATUSES.map(normalizeStatus),
        sale: e.MONEY_SALE_STATUSES.map(normalizeStatus),
      },
      readConcurrency: e.MONEY_READ_CONCURRENCY,
      cacheMs: e.MONEY_CACHE_HOURS * 3_600_000,
      alerts: {
        pollMs: e.MONEY_ALERT_POLL_INTERVAL_MS,
        returnPercent: e.RETURN_ALERT_PERCENT,
        returnMinUnits: e.RETURN_ALERT_MIN_UNITS,
        cancelPercent: e.CANCEL_ALERT_PERCENT,
        cancelMinLines: e.CANCEL_ALERT_MIN_LINES,
        cancelDays: e.CANCEL_ALERT_DAYS,
        payoutPercent: e.PAYOUT_ALERT_PERCENT,
        silenceOrders: e.SILENCE_ALERT_ORDERS,
        statementAt: clockMinutes(e.MONTH_STATEMENT_TIME)!,
      },
    },
    logLevel: e.LOG_LEVEL,
  };
}

/** Statuses compare ignoring case, spaces, `_` and `-` (the import format's rule). */
export function normalizeStatus(status: string): string {
  return status.toLowerCase().replace(/[\s_-]+/g, "");
}

/** Reads `.env` (if present) into process.env, then parses it. The only reader of process.env. */
export function loadConfig(): Config {
  try {
    // Node's own .env reader (Node >= 20.12); variables already set win.
    process.loadEnvFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return parseConfig(process.env);
}
