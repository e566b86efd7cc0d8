import { afterEach, describe, expect, it } from "vitest";
import { type Harness, linkUser, startHarness } from "../support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const ORDERS = "/api/seller/v1/orders/list";
const STATUS = "/api/seller/v1/telegram/status";

describe("a hanging Seller API", () => {
  it("gets one clear answer within the deadline, retries included, in both languages", async () => {
    // Attempts may last 10 s each (the default), but one answer waits at most 3 s in all.
    h = await startHarness({
      env: {
        SELLER_API_TIMEOUT_MS: "10000",
        SELLER_API_DEADLINE_MS: "3000",
        LINK_STATUS_CACHE_SECONDS: "0",
      },
    });
    const ru = h.tg.user({ languageCode: "ru" });
    const kk = h.tg.user({ languageCode: "kk" });
    await linkUser(h, ru);
    await linkUser(h, kk);
    // Orders: a quick 503 first (retried), then no answer at all.
    h.api.failNext(ORDERS, "503", 2);
    h.api.failNext(ORDERS, "hang", 100);
    // The link status read in front of /orders shares the same deadline.
    h.api.setLatency((path) => (path === STATUS ? 1000 : 0));
    h.api.clearRequests();

    await Promise.all([ru.sendCommand("/orders"), kk.sendCommand("/orders")]);
    // The bound being checked, not a sleep: one attempt alone would wait its 10 s timeout, so
    // an answer within 9 s is the 3 s deadline's, with room for a loaded machine.
    const [ruAnswer, kkAnswer] = await Promise.all([
      ru.waitForBotMessage(/не отвечает/, { timeoutMs: 9000 }),
      kk.waitForBotMessage(/жауап бермей тұр/, { timeoutMs: 9000 }),
    ]);
    expect(ruAnswer.text).toBe(
      "Сервис продавца сейчас не отвечает. Попробуйте ещё раз через несколько минут.",
    );
    expect(kkAnswer.text).toContain("Бірнеше минуттан кейін");
    // Each seller got exactly one message for the command.
    for (const user of [ru, kk]) {
      expect(
        user.botMessages().filter((m) => /не отвечает|жауап бермей/.test(m.text)),
      ).toHaveLength(1);
    }
    // Bounded retries: at most 3 attempts per /orders, never a fourth.
    expect(h.api.requestsTo(ORDERS).length).toBeLessThanOrEqual(6);
    expect(h.api.requestsTo(ORDERS).length).toBeGreaterThanOrEqual(2);
  });
});

describe("the deadline of an update", () => {
  it("does not follow work that outlives the update, nor reach another app in the process", async () => {
    const { createSellerApiDeadlines } = await import("../../src/seller-api/index.js");
    const deadlines = createSellerApiDeadlines();
    const otherApp = createSellerApiDeadlines();
    let later: Promise<number | undefined> | undefined;
    let inside: number | undefined;
    let ofOtherApp: number | undefined;
    await deadlines.within(1000, async () => {
      inside = deadlines.current();
      ofOtherApp = otherApp.current();
      // A background task started by the update, running after it has ended.
      later = new Promise((resolve) => setImmediate(() => resolve(deadlines.current())));
    });
    expect(inside).toBeTypeOf("number");
    // Each app has its own: an update of one app sets no deadline for another in the process.
    expect(ofOtherApp).toBeUndefined();
    expect(await later).toBeUndefined();
  });
});
