import { afterEach, describe, expect, it } from "vitest";
import { type App, createApp } from "../../src/app.js";
import { createLogger } from "../../src/logger.js";
import { manualClock } from "../support/clock.js";
import { type Harness, linkUser, sharedRedisConfig, startInProcess } from "../support/harness.js";

/** 11:00 in Almaty (UTC+5). */
const MORNING = Date.UTC(2026, 11, 15, 6, 0, 0);

let h: Harness | undefined;
let app: App | undefined;
afterEach(async () => {
  await app?.close();
  await h?.stop();
  app = undefined;
  h = undefined;
});

describe("alerts as kinds of the shared scheduler's work", () => {
  it("poll and send on the scheduler's clock, every ORDER_POLL_INTERVAL_MS", async () => {
    h = await startInProcess({ redis: true });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // An instance that receives no updates but runs the scheduler, as production does.
    const clock = manualClock(MORNING);
    const config = sharedRedisConfig(h, { ORDER_POLL_INTERVAL_MS: "30000" });
    app = createApp(config, createLogger("silent"), { clock });
    app.scheduler.start();
    const polls = () => h!.api.requestsTo("/api/seller/v1/orders/list").length;
    // Every loop of the scheduler waits on the clock when its work is done: then time moves.
    const loops = 8; // the import watcher, six alert kinds, the lease renewals
    const settled = () =>
      h!.tg.user().waitFor(() => clock.sleepers() >= loops, { timeoutMs: 45_000 });
    await settled();
    expect(polls()).toBe(1); // the first round sets the cursor
    const order = h.api.addOrder({ at: clock.now() + 1000 });
    const before = polls();
    // 30 s of the scheduler's clock: the next poll finds the order and the delivery sends it.
    for (let second = 0; second < 29; second++) {
      await clock.advance(1000);
      await settled();
    }
    expect(polls()).toBe(before);
    await clock.advance(1000);
    await settled();
    await clock.advance(1000); // the delivery's next tick
    await settled();
    expect(polls()).toBe(before + 1);
    await user.waitForBotMessage(`Новый заказ № ${order.orderNumber}`, { timeoutMs: 45_000 });
  });
});
