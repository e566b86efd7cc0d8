import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";

const base = {
  BOT_TOKEN: "123:abc",
  SELLER_API_URL: "http://127.0.0.1:1",
  SELLER_API_TOKEN: "t",
};

describe("alert settings", () => {
  it("default to a poll a minute, stock every 5 min, the digest at 20:00 and quiet hours 23:00–08:00", () => {
    expect(parseConfig(base).alerts).toEqual({
      orderPollMs: 60_000,
      stockPollMs: 300_000,
      delayNoticeMs: 300_000,
      groupAbove: 3,
      stockThreshold: 5,
      warnDays: 3,
      digestAt: 20 * 60,
      quietFrom: 23 * 60,
      quietTo: 8 * 60,
      authAfterPolls: 3,
      authRetryMs: 600_000,
    });
  });

  it("read the environment, and an empty QUIET_HOURS means none", () => {
    const alerts = parseConfig({
      ...base,
      ORDER_POLL_INTERVAL_MS: "15000",
      DIGEST_TIME: "9:30",
      QUIET_HOURS: "",
    }).alerts;
    expect(alerts).toMatchObject({
      orderPollMs: 15_000,
      digestAt: 9 * 60 + 30,
      quietFrom: 0,
      quietTo: 0,
    });
  });

  it("name a malformed setting in one line", () => {
    expect(() => parseConfig({ ...base, DIGEST_TIME: "25:00" })).toThrow(
      new ConfigError("DIGEST_TIME must be a time such as 20:00"),
    );
    expect(() => parseConfig({ ...base, QUIET_HOURS: "23:00" })).toThrow(
      /^QUIET_HOURS must be two times/,
    );
    expect(() => parseConfig({ ...base, ORDER_POLL_INTERVAL_MS: "10" })).toThrow(
      /^ORDER_POLL_INTERVAL_MS must be a whole number from 1000/,
    );
  });
});
