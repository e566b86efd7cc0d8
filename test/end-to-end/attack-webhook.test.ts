import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.js";
import { postUpdate, textUpdate } from "../support/updates.js";

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.stop();
});

const updateLines = (h: Harness, updateId: number) =>
  h.logs.filter((line) => {
    const entry = JSON.parse(line) as { msg?: string; updateId?: number };
    return entry.msg === "update" && entry.updateId === updateId;
  });

describe("a webhook update delivered more than once", () => {
  it("is handled once, whether the copies come one after the other or together", async () => {
    const h = await startHarness({ runtime: "webhook" });
    harnesses.push(h);
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/start");
    await user.waitForBotMessage(/Здравствуйте/);
    const url = `${h.httpUrl}/telegram`;

    const once = textUpdate(user, "/help");
    expect(await postUpdate(url, once, h.webhookSecret)).toBe(200);
    // Telegram missed the answer and delivers it again: answered 200, not handled again.
    expect(await postUpdate(url, once, h.webhookSecret)).toBe(200);
    const together = textUpdate(user, "/help");
    const statuses = await Promise.all(
      [1, 2, 3].map(() => postUpdate(url, together, h.webhookSecret)),
    );
    expect(statuses).toEqual([200, 200, 200]);

    expect(user.botMessages().filter((m) => /Здравствуйте/.test(m.text))).toHaveLength(3);
    expect(updateLines(h, once.update_id)).toHaveLength(1);
    expect(updateLines(h, together.update_id)).toHaveLength(1);
  });

  it("is handled by one instance when two share Redis", async () => {
    const a = await startHarness({ runtime: "webhook", redis: true });
    harnesses.push(a);
    const b = await startHarness({
      runtime: "webhook",
      redis: true,
      tg: a.tg,
      api: a.api,
      redisKeyPrefix: a.redisKeyPrefix,
      env: { WEBHOOK_SECRET: a.webhookSecret! },
    });
    harnesses.push(b);
    const user = a.tg.user({ languageCode: "kk" });
    // The user opens the chat through Telegram first; then the copies are posted by hand.
    await user.sendCommand("/start");
    await user.waitForBotMessage(/Сәлеметсіз|./);
    const update = textUpdate(user, "/help");
    const statuses = await Promise.all([
      postUpdate(`${a.httpUrl}/telegram`, update, a.webhookSecret),
      postUpdate(`${b.httpUrl}/telegram`, update, a.webhookSecret),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect(updateLines(a, update.update_id).length + updateLines(b, update.update_id).length).toBe(
      1,
    );
    expect(user.botMessages()).toHaveLength(2);
  });
});
