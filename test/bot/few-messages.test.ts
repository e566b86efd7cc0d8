import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import { send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { apiFieldNames, dataWords, scan } from "../support/seller-words.js";

// One action, few messages, counted through the emulator as a seller's chat shows them: a file
// from the document to its summary in three (how it was read with the question, one progress
// message edited as it goes, the summary); a price change from a card in two after the seller
// confirms (its status edited in place, the summary with the undo button). Nothing says "in the
// next message", and every word of it is the seller's (test/support/seller-words.ts).

const SLOW = { timeoutMs: 60_000 };
const FIELDS = apiFieldNames();
const DATA = dataWords();

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const TEXTS = {
  ru: {
    offer: /Импортировать товары без ошибок или отменить/,
    importButton: /без ошибок \(2\)/,
    summary: /^Импорт «.*»: итоги/,
    editSummary: /^«.*»: итоги/,
    done: /обработал все товары/,
    brand: "такого бренда нет",
    changePrice: "💰 Изменить цену",
    asked: /Новая цена для SKU/,
    apply: "✅ Применить (1)",
    undo: "↩️ Отменить изменения",
  },
  kk: {
    offer: /Қатесіз тауарларды импорттаймыз ба/,
    importButton: /Қатесіздерін импорттау \(2\)/,
    summary: /^«.*» импорты: қорытынды/,
    editSummary: /^«.*»: қорытынды/,
    done: /барлық тауарды өңдеді/,
    brand: "мұндай бренд жоқ",
    changePrice: "💰 Бағаны өзгерту",
    asked: /үшін жаңа баға/,
    apply: "✅ Қолдану (1)",
    undo: "↩️ Өзгерістерді болдырмау",
  },
} as const;
type Locale = keyof typeof TEXTS;

/** Rows 2-4: row 3 has no price (the file's problem), row 4 a brand the service does not know. */
const CSV = [
  "name.rus,categoryId,brandId,description.rus,vat,price,barcode",
  "Чайник стальной,300,511,Чайник,12,14990,4870100000400",
  "Сотейник,300,511,Сковорода,12,,4870100000417",
  "Футболка без бренда,210,599,Хлопок,12,4990,4870100000431",
].join("\r\n");

/** Nothing a seller should not read in the chat's messages after `after`. */
function expectSellerWords(user: UserDriver, locale: Locale, after: number) {
  const texts = user
    .botMessages()
    .filter((m) => m.messageId > after)
    .flatMap((m) => [m.text, ...m.buttons.flat()]);
  const found = texts.flatMap((text) =>
    scan(text, { locale, fields: FIELDS, dataWords: DATA, dataTexts: ["товары.csv"] }).map(
      (f) => `${f.kind}: ${f.match}`,
    ),
  );
  expect(found, user.dump()).toEqual([]);
  expect(texts.join("\n")).not.toMatch(/следующем сообщении|келесі хабарлама/);
}

describe.each(["ru", "kk"] as const)("one action, few messages (%s)", (locale) => {
  const texts = TEXTS[locale];

  it("a file with a problem and a failure from the service: three messages to its summary", async () => {
    h = await startInProcess({ sandbox: { jobSteps: 2 } });
    const user = h.tg.user({ languageCode: locale });
    await linkUser(h, user);
    const before = user.lastBotMessage()!.messageId;
    await user.sendDocument({ fileName: "товары.csv", content: `\ufeff${CSV}\r\n` });
    const offer = await user.waitForBotMessage(texts.offer, { ...SLOW, after: before });
    // The first message is the offer itself: how the file was read, the problem, the question.
    expect(user.botMessages().filter((m) => m.messageId > before)).toHaveLength(1);
    await user.pressButton(texts.importButton, { messageId: offer.messageId });
    const summary = await user.waitForBotMessage(texts.summary, {
      ...SLOW,
      after: offer.messageId,
    });
    expect(summary.text).toContain(texts.brand);
    const progress = user.botMessages().filter((m) => m.messageId > offer.messageId)[0]!;
    await user.waitFor(
      (all) => all.some((m) => m.messageId === progress.messageId && texts.done.test(m.text)),
      SLOW,
    );
    const added = user.botMessages().filter((m) => m.messageId > before);
    expect(
      added.map((m) => m.messageId),
      user.dump(),
    ).toEqual([offer.messageId, progress.messageId, summary.messageId]);
    // The progress message was edited as the work went, not sent again.
    expect(progress.edited).toBeGreaterThan(0);
    expectSellerWords(user, locale, before);
  });

  it("a price change from a card: two messages after the seller confirms", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: locale });
    await linkUser(h, user);
    const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
    const card = await send(user, "/products 10001");
    await user.pressButton(texts.changePrice, { messageId: card.messageId });
    await user.waitForBotMessage(texts.asked, { after: card.messageId });
    const before = user.lastBotMessage()!.messageId;
    await user.sendText(String(sku.price + 1000));
    const confirm = await user.waitForBotMessage(tenge(sku.price + 1000), { after: before });
    await user.pressButton(texts.apply, { messageId: confirm.messageId });
    const summary = await user.waitForBotMessage(texts.editSummary, {
      ...SLOW,
      after: confirm.messageId,
    });
    expect(summary.buttons.flat()).toEqual([texts.undo]);
    const status = user.botMessages().filter((m) => m.messageId > confirm.messageId)[0]!;
    await user.waitFor(
      (all) => all.some((m) => m.messageId === status.messageId && texts.done.test(m.text)),
      SLOW,
    );
    const added = user.botMessages().filter((m) => m.messageId > confirm.messageId);
    expect(
      added.map((m) => m.messageId),
      user.dump(),
    ).toEqual([status.messageId, summary.messageId]);
    expect(h.api.products.find((p) => p.productId === 10001)!.skus[0]!.price).toBe(
      sku.price + 1000,
    );
    expectSellerWords(user, locale, card.messageId - 1);
  });
});
