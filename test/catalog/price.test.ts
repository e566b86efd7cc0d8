import { afterEach, describe, expect, it } from "vitest";
import { sessionStorage } from "../../src/bot/session-storage.js";
import { formatMoney } from "../../src/text/format.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import { importPosts as importPostsTo } from "../support/catalog.js";
import { nextBotMessage, send } from "../support/chat.js";
import { runningClock } from "../support/clock.js";
import { type Harness, linkUser, restartBot, startInProcess } from "../support/harness.js";

const SLOW = { timeoutMs: 45_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Sends a plain text (not a command) and waits for the bot's next message. */
async function say(user: ReturnType<Harness["tg"]["user"]>, text: string) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendText(text);
  return nextBotMessage(user, before);
}

const importPosts = () => importPostsTo(h!.api);

/** A SKU's button as the seller reads it: its variant by the directory's names, its price. */
function skuButton(sku: { attributeValueIds: number[]; price: number }, locale: "ru" | "kk") {
  const names = sku.attributeValueIds.map(
    (id) => h!.api.seed.attributeValues.find((v) => v.id === id)!.name,
  );
  return `${names.join(", ")} — ${formatMoney(sku.price, locale)}`;
}

describe("one price from the product card", () => {
  it("asks per SKU, shows old → new, applies the one edit whole, undoes it (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // 10002 has two SKUs.
    const product = structuredClone(h.api.products.find((p) => p.productId === 10002)!);
    const [first, second] = product.skus;
    const card = await send(user, "/products 10002");
    await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
    const choose = await user.waitForBotMessage(/Выберите SKU/, { after: card.messageId });
    // Each button names its variant, «128 ГБ — 449 990 ₸».
    expect(choose.buttons.flat()).toEqual([skuButton(first!, "ru"), skuButton(second!, "ru")]);
    expect(choose.buttons.flat()[0]).toMatch(/^\S.* — \d{1,3}([\s\u00a0\u202f]\d{3})* ₸$/u);
    await user.pressButton(skuButton(second!, "ru"), {
      messageId: choose.messageId,
    });
    await user.waitForBotMessage(/Новая цена для SKU/, { after: choose.messageId });

    const bad = await say(user, "дорого");
    expect(bad.text).toContain("Не понял цену «дорого»");
    const newPrice = second!.price + 1000;
    const confirm = await say(user, `${String(newPrice).replace(/(\d)(?=(\d{3})+$)/g, "$1 ")}`);
    expect(confirm.text).toContain(
      `Цена SKU ${second!.skuId}: ${tenge(second!.price)} → ${tenge(newPrice)}`,
    );
    expect(importPosts()).toHaveLength(0);
    await user.pressButton("✅ Применить (1)", { messageId: confirm.messageId });
    const pressed = user.lastBotMessage()!.messageId;
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    // The undo button comes with the summary: the press's second and last new message.
    const summary = await user.waitForBotMessage(/^«.*»: итоги/, {
      ...SLOW,
      after: pressed,
    });
    const added = user.botMessages().filter((m) => m.messageId > pressed);
    expect(
      added.map((m) => m.messageId),
      user.dump(),
    ).toEqual([added[0]!.messageId, summary.messageId]);
    const sent = (
      importPosts()[0]!.body as {
        products: { productId: number; skus: { skuId: number; price: number }[] }[];
      }
    ).products;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.skus.map((s) => [s.skuId, s.price])).toEqual([
      [first!.skuId, first!.price],
      [second!.skuId, newPrice],
    ]);
    const live = () => h!.api.products.find((p) => p.productId === 10002)!;
    expect(live().skus[1]!.price).toBe(newPrice);

    await user.pressButton("↩️ Отменить изменения", { messageId: summary.messageId });
    await user.waitForBotText(/Возвращаю прежние значения: 1/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(live().skus.map((s) => s.price)).toEqual(product.skus.map((s) => s.price));
  });

  it("a price cut to a tenth needs its own button (kk)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
    const card = await send(user, "/products 10001");
    await user.pressButton("💰 Бағаны өзгерту", { messageId: card.messageId });
    await user.waitForBotMessage(/үшін жаңа баға/, { after: card.messageId });
    const confirm = await say(user, String(Math.round(sku.price / 10)));
    expect(confirm.text).toContain("Тәуекелді өзгеріс: баға екі еседен астам төмендеді");
    expect(confirm.buttons.flat()).toEqual(["⚠️ Тәуекелділермен бірге қолдану (1)", "✖️ Бас тарту"]);
    await user.pressButton("✖️ Бас тарту", { messageId: confirm.messageId });
    await user.waitForBotMessage("Ештеңе жіберілмеді.");
    expect(importPosts()).toHaveLength(0);
  });

  it("takes a number as a seller types it, and asks again until it is one (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
    const card = await send(user, "/products 10001");
    await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
    await user.waitForBotMessage(/Новая цена для SKU/, { after: card.messageId });
    for (const wrong of ["3,990", "<b>дёшево</b>"]) {
      const bad = await say(user, wrong);
      expect(bad.text, wrong).toBe(
        `❌ Не понял цену «${wrong}». Отправьте число больше нуля, например 12 990.`,
      );
    }
    // A number that can never be sent is named as a file's cell would be, and asked again.
    for (const wrong of ["0", "-5"]) {
      const bad = await say(user, wrong);
      expect(bad.text, wrong).toBe(`❌ «${wrong}» — а нужно число больше нуля. Исправьте значение`);
    }
    const price = Math.round(sku.price * 0.9);
    const confirm = await say(user, `${price},50`);
    // However amounts are grouped and marked: the new price is the number typed.
    const unspaced = confirm.text.replace(/[\s\u00a0\u202f]/g, "");
    expect(unspaced).toMatch(new RegExp(`^ЦенаSKU${sku.skuId}:.+→${price}[.,]50?₸`));
    // The question is over: the next number is not a price.
    const after = await say(user, String(price));
    expect(after.text).not.toContain("Цена SKU");
    expect((await send(user, "/cancel")).text).toBe("Отменять нечего.");
  });

  it("ends on /cancel, and on pressing «Change price» again asks for the SKU pressed (kk)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const product = h.api.products.find((p) => p.productId === 10002)!;
    const [first, second] = product.skus;
    const card = await send(user, "/products 10002");
    await user.pressButton("💰 Бағаны өзгерту", { messageId: card.messageId });
    const choose = await user.waitForBotMessage(/SKU-ды таңдаңыз/, { after: card.messageId });
    await user.pressButton(skuButton(first!, "kk"), {
      messageId: choose.messageId,
    });
    await user.waitForBotMessage(`SKU ${first!.skuId} үшін жаңа баға`);
    expect((await send(user, "/cancel")).text).toBe("Бас тартылды.");
    expect((await say(user, "5000")).text).not.toContain("бағасы:");

    await user.pressButton(skuButton(first!, "kk"), {
      messageId: choose.messageId,
    });
    await user.waitForBotMessage(`SKU ${first!.skuId} үшін жаңа баға`);
    // Another SKU pressed while the first is asked: the question is now about that one.
    await user.pressButton(skuButton(second!, "kk"), {
      messageId: choose.messageId,
    });
    await user.waitForBotMessage(`SKU ${second!.skuId} үшін жаңа баға`);
    const confirm = await say(user, String(second!.price + 10));
    expect(confirm.text).toBe(
      `SKU ${second!.skuId} бағасы: ${tenge(second!.price)} → ${tenge(second!.price + 10)}. Қолданамыз ба?`,
    );
    expect((await send(user, "/cancel")).text).toBe("Бас тартатын әрекет жоқ.");
  });

  it("waits 15 minutes of the app's clock for the number, not longer (ru)", async () => {
    const clock = runningClock(Date.parse("2026-11-20T10:00:00Z"));
    h = await startInProcess({ clock });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
    const ask = async () => {
      const card = await send(user, "/products 10001");
      await user.pressButton("💰 Изменить цену", { messageId: card.messageId });
      await user.waitForBotMessage(/Новая цена для SKU/, { after: card.messageId });
    };
    await ask();
    clock.set(clock.now() + 14 * 60_000);
    expect((await say(user, String(sku.price + 1))).text).toContain(`Цена SKU ${sku.skuId}`);

    await ask();
    clock.set(clock.now() + 16 * 60_000);
    const late = await say(user, String(sku.price + 1));
    expect(late.text).not.toContain("Цена SKU");
    expect((await send(user, "/cancel")).text).toBe("Отменять нечего.");
  });

  it.each([
    ["ru", "the short array"],
    ["kk", "the object of before"],
  ] as const)(
    "takes no number for a price question an earlier version kept in the session (%s, %s)",
    async (lang, shape) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: lang });
      await linkUser(h, user);
      const key = `session:${user.id}`;
      const sessions = sessionStorage(h.app.storage.adapter<unknown>());
      await expect.poll(async () => (await sessions.read(key))?.link?.active).toBe(true);
      const { link } = (await sessions.read(key))!;
      const shortLink = [1, link!.languageCode ?? 0, link!.confirmedAt ?? 0, link!.checkedAt];
      const question = { productId: 10001, skuId: 20001, at: Date.now() };
      await h.stopBot();
      // As that version left it: the question open, a number awaited.
      await h.app.storage
        .adapter<unknown>()
        .write(
          key,
          shape === "the short array"
            ? [2, lang, shortLink, [question.productId, question.skuId, question.at]]
            : { locale: lang, link, pendingPrice: question },
        );
      h = await restartBot(h);
      h.api.clearRequests();
      // The number is typed text like any other: searched for, never taken for a price.
      const reply = await say(user, "5000");
      expect(reply.text).toContain(
        lang === "ru"
          ? "Не нашёл ни заказа, ни товара с номером 5000."
          : "5000 нөмірлі тапсырыс та, тауар да табылмады.",
      );
      expect(h.api.requests.filter((r) => r.path.includes("/products/import"))).toHaveLength(0);
      expect((await send(user, "/cancel")).text).toBe(
        lang === "ru" ? "Отменять нечего." : "Бас тартатын әрекет жоқ.",
      );
      // The rest of the session is read as it was: still linked, in its language.
      const card = await send(user, "/products 10001");
      expect(card.buttons.flat()).toContain(
        lang === "ru" ? "💰 Изменить цену" : "💰 Бағаны өзгерту",
      );
      expect(await sessions.read(key)).toEqual({ locale: lang, link });
    },
    30_000,
  );
});
