import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("the per-user rate limit", () => {
  it("answers a flood once with a polite notice, ignores the rest, and keeps serving others", async () => {
    h = await startHarness();
    const flooder = h.tg.user({ languageCode: "kk" });
    await flooder.sendCommand("/help");
    const menu = await flooder.waitForBotMessage(/Сәлеметсіз бе/);
    const presses: string[] = [];
    for (let i = 0; i < 36; i++)
      presses.push(await flooder.sendCallback(menu.messageId, "zz:forged"));
    // Someone else is served meanwhile.
    const other = h.tg.user({ languageCode: "ru" });
    await other.sendCommand("/help");
    await other.waitForBotMessage(/Здравствуйте/);
    // Every press is answered, the ones over the limit silently.
    for (const id of presses) await flooder.waitForCallbackAnswer(id);
    await flooder.waitForBotMessage(/Хабарламалар тым жиі келіп жатыр/);
    const answers = flooder.callbackAnswers();
    expect(answers.filter((a) => a.text && /ескірген/.test(a.text))).toHaveLength(29);
    expect(answers.filter((a) => !a.text)).toHaveLength(7);
    expect(flooder.botMessages().filter((m) => /тым жиі/.test(m.text))).toHaveLength(1);
    const metrics = await h.app.metrics.render();
    expect(metrics).toContain("sellerbot_rate_limited_updates_total 7");
  });
});
