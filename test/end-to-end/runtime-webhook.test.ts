import { afterEach, describe, expect, it } from "vitest";
import { type Harness, linkUser, startHarness } from "../support/harness.js";
import { eventually } from "../support/net.js";
import { postUpdate, textUpdate } from "../support/updates.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const updateLines = (h: Harness, updateId: number) =>
  h.logs.filter((line) => {
    const entry = JSON.parse(line) as { msg?: string; updateId?: number };
    return entry.msg === "update" && entry.updateId === updateId;
  });

describe("webhook mode", () => {
  it("registers the webhook with its secret and serves what Telegram delivers", async () => {
    h = await startHarness({ runtime: "webhook" });
    expect(h.tg.webhook).toMatchObject({
      url: `${h.httpUrl}/telegram`,
      secretToken: h.webhookSecret,
      allowedUpdates: ["message", "callback_query"],
    });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);
    expect(h.tg.callsOf("getUpdates")).toHaveLength(0);
  });

  it("refuses requests without the right secret and does not process them", async () => {
    h = await startHarness({ runtime: "webhook" });
    const user = h.tg.user({ languageCode: "ru" });
    // The user opens the chat through Telegram first; then updates are posted by hand.
    await user.sendCommand("/start");
    await user.waitForBotMessage(/Здравствуйте/);
    const url = `${h.httpUrl}/telegram`;
    const missing = textUpdate(user, "/help");
    const wrong = textUpdate(user, "/help");
    expect(await postUpdate(url, missing)).toBe(401);
    expect(await postUpdate(url, wrong, "not-the-secret")).toBe(401);
    expect(await postUpdate(url, wrong, `${h.webhookSecret}x`)).toBe(401);
    // The right secret: answered after the update was handled.
    const right = textUpdate(user, "/help");
    expect(await postUpdate(url, right, h.webhookSecret)).toBe(200);
    expect(user.botMessages()).toHaveLength(2);
    expect(updateLines(h, right.update_id)).toHaveLength(1);
    expect(updateLines(h, missing.update_id)).toHaveLength(0);
    expect(updateLines(h, wrong.update_id)).toHaveLength(0);
    // Not an update at all
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "X-Telegram-Bot-Api-Secret-Token": h.webhookSecret!,
        "content-type": "text/plain",
      },
      body: "{not json",
    });
    expect(res.status).toBe(400);
  });

  it("serves /healthz beside the webhook, and /readyz and /metrics on the internal port only", async () => {
    h = await startHarness({ runtime: "webhook" });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат сатушы кабинетіне байланыстырылған/);

    const health = await fetch(`${h.httpUrl}/healthz`);
    expect(health.status).toBe(200);
    // The public port tells nothing more.
    expect((await fetch(`${h.httpUrl}/readyz`)).status).toBe(404);
    expect((await fetch(`${h.httpUrl}/metrics`)).status).toBe(404);
    expect(h.metricsUrl).not.toBe(h.httpUrl);
    const ready = await fetch(`${h.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, storage: "ok", sellerApi: "ok" });

    // The update is counted as its handler returns, a moment after the reply arrived.
    const metrics = await eventually(
      async () => {
        const text = await (await fetch(`${h!.metricsUrl}/metrics`)).text();
        return text.includes('handler="status",outcome="ok"') ? text : undefined;
      },
      { what: "the /status update in the metrics" },
    );
    expect(metrics).toMatch(/sellerbot_updates_total\{handler="start",outcome="ok"\} 1/);
    expect(metrics).toMatch(/sellerbot_updates_total\{handler="status",outcome="ok"\} 1/);
    expect(metrics).toMatch(
      /sellerbot_update_duration_seconds_bucket\{le="[\d.]+",handler="status"\}/,
    );
    expect(metrics).toMatch(
      /sellerbot_seller_api_calls_total\{operation="confirmToken",status="200"\} 1/,
    );
    expect(metrics).toMatch(
      /sellerbot_seller_api_call_duration_seconds_count\{operation="linkStatus"\}/,
    );
    expect(metrics).toMatch(
      /sellerbot_notifications_sent_total\{method="sendMessage",source="reply"\}/,
    );
    expect(metrics).toContain("sellerbot_notifications_retried_total");
    expect(metrics).toContain("sellerbot_watched_jobs");
    // Linking and /status read the link once each; the readiness probe is not counted.
    expect(metrics).toMatch(/operation="linkStatus",status="200"\} 2\n/);
  });

  it("reports not ready while the Seller API is unreachable", async () => {
    h = await startHarness({ runtime: "webhook" });
    await h.api.stop();
    const ready = await fetch(`${h.metricsUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      ready: false,
      storage: "ok",
      sellerApi: "unreachable",
    });
    expect((await fetch(`${h.httpUrl}/healthz`)).status).toBe(200);
  });

  it("serves the HTTP endpoints in polling mode when PORT is set", async () => {
    h = await startHarness({ runtime: "polling", redis: true });
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/help");
    await user.waitForBotMessage(/Здравствуйте/);
    expect((await fetch(`${h.httpUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${h.metricsUrl}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${h.metricsUrl}/readyz`)).json()).toEqual({
      ready: true,
      storage: "ok",
      sellerApi: "ok",
    });
    // No webhook in polling mode: a POST is not an update here.
    expect((await fetch(`${h.httpUrl}/telegram`, { method: "POST", body: "{}" })).status).toBe(405);
  });
});
