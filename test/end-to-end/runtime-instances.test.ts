import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, linkUser, startHarness } from "../support/harness.js";

let instances: Harness[] = [];
let proxy: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  proxy = undefined;
  // The second instance borrowed the doubles; the first stops them.
  for (const h of instances.reverse()) await h.stop();
  instances = [];
});

/** A load balancer in miniature: each request goes to the next instance in turn. */
async function roundRobin(targets: string[]): Promise<string> {
  let next = 0;
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = targets[next++ % targets.length]!;
    const headers: Record<string, string> = { "content-type": "application/json" };
    const secret = req.headers["x-telegram-bot-api-secret-token"];
    if (typeof secret === "string") headers["X-Telegram-Bot-Api-Secret-Token"] = secret;
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(proxy!.address() as AddressInfo).port}`;
}

const handledUpdates = (h: Harness) =>
  h.logs
    .map((line) => JSON.parse(line) as { msg?: string; updateId?: number })
    .filter((entry) => entry.msg === "update")
    .map((entry) => entry.updateId!);

describe("several instances in webhook mode on one Redis", () => {
  it("handle each update once and keep a chat's state consistent between them", async () => {
    const secret = `shared-${Math.random().toString(36).slice(2)}`;
    const a = await startHarness({
      runtime: "webhook",
      redis: true,
      env: { WEBHOOK_SECRET: secret },
    });
    instances.push(a);
    const b = await startHarness({
      runtime: "webhook",
      redis: true,
      tg: a.tg,
      api: a.api,
      redisKeyPrefix: a.redisKeyPrefix,
      env: { WEBHOOK_SECRET: secret },
    });
    instances.push(b);
    // Telegram knows one URL: the load balancer in front of both.
    const lb = await roundRobin([a.httpUrl!, b.httpUrl!]);
    const set = await fetch(`${a.tg.apiRoot}/bot${a.tg.token}/setWebhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${lb}/telegram`, secret_token: secret }),
    });
    expect(set.ok).toBe(true);

    const user = a.tg.user({ languageCode: "ru" });
    await linkUser(a, user);
    // The language is chosen on one instance and must hold on the other.
    await user.sendCommand("/language");
    await user.waitForBotMessage(/Выберите язык/);
    await user.pressButton("Қазақша");
    await user.waitForBotMessage(/қазақша сөйлеймін/);
    for (let i = 0; i < 2; i++) {
      const before = user.botMessages().length;
      await user.sendCommand("/help");
      await user.waitFor((msgs) => msgs.filter((m) => m.from === "bot").length > before);
      expect(user.lastBotMessage()!.text).toMatch(/Мен не істей аламын/);
    }
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат сатушы кабинетіне байланыстырылған/);

    // Every update was handled exactly once, and both instances took a share.
    const fromA = handledUpdates(a);
    const fromB = handledUpdates(b);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromB.length).toBeGreaterThan(0);
    const all = [...fromA, ...fromB];
    expect(new Set(all).size).toBe(all.length);
    const sent = a.tg.calls.filter((c) => c.method === "getUpdates");
    expect(sent).toHaveLength(0);
  });
});
