import { afterEach, describe, expect, it } from "vitest";
import { send } from "../support/chat.js";
import { testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

/** 11:00 in Almaty (UTC+5). */
const MORNING = Date.UTC(2026, 11, 15, 6, 0, 0);
const DAY = 24 * 60 * 60_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("the product card a seller can act on", () => {
  it("shows stock, sales, days left, directory names and the Kazakh name; its threshold can be changed", async () => {
    const clock = testClock(MORNING);
    h = await startInProcess({ redis: true, alertsClock: clock });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const product = h.api.products.find((p) => p.name.kaz && p.name.kaz !== p.name.rus)!;
    const id = product.productId;
    h.api.setStock(id, { stock: 40, sales: 100 });
    await h.app.alerts.runAll();
    clock.advance(DAY);
    h.api.setStock(id, { stock: 24, sales: 108 });
    await h.app.alerts.runAll();

    const card = await send(user, `/products ${id}`);
    expect(card.text).toContain(product.name.kaz);
    expect(card.text.split("\n")[0]).toBe(product.name.kaz);
    expect(card.text).toContain("Қоймада: 24 дана (тауар бойынша, барлық SKU) · сатылғаны: 108");
    expect(card.text).toContain("Қазіргі сату қарқынымен ≈ 3 күнге жетеді.");
    expect(card.text).toContain(
      "Қалдық туралы ескерту: 5 дана және одан аз болғанда (/settings бойынша)",
    );
    const attribute = h.api.seed.attributes.find((a) => a.id === product.attributes[0]!.id)!;
    const value = h.api.seed.attributeValues.find(
      (v) => v.id === product.attributes[0]!.valueIds[0],
    )!;
    expect(card.text).toContain(`${attribute.name}: ${value.name}`);

    await user.pressButton("Ескерту шегін өзгерту", { messageId: card.messageId });
    const menu = await user.waitForBotMessage("ескерту шегі", { after: card.messageId });
    await user.pressButton("10", { messageId: menu.messageId });
    await user.waitFor(() =>
      user
        .messages()
        .find((m) => m.messageId === menu.messageId)!
        .text.includes("Дайын"),
    );
    const again = await send(user, `/products ${id}`);
    expect(again.text).toContain(
      "Қалдық туралы ескерту: 10 дана және одан аз болғанда (осы тауардың шегі)",
    );

    // The product's own threshold decides its stock alert (8 is above the default 5).
    h.api.setStock(id, { stock: 8, sales: 110 });
    clock.advance(60 * 60_000);
    await h.app.alerts.runAll();
    const alert = user.botMessages().at(-1)!;
    expect(alert.text).toContain(`Қалдық азайды: ${product.name.kaz}`);
    expect(alert.text).toContain("Қоймада 8 дана — бұл 10 шегінен аспайды");
  });
});
