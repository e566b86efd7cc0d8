/**
 * The preview of a return of 20,000 SKUs with every kind of finding at once (risky changes,
 * conflicts, ordinary ones, products whose characteristics have no codes, products gone, cells
 * unread), product names and values as long as real ones and full of characters HTML escapes:
 * one message within Telegram's limit, whole (its closing facts never cut off), every count in
 * full, in Russian and Kazakh.
 */
import { describe, expect, it } from "vitest";
import type { Change, Diff } from "../src/catalog/diff.js";
import { previewText } from "../src/catalog/texts.js";
import { createI18n, type Locale, translator } from "../src/i18n.js";
import { fitMessage } from "../src/import/problems.js";
import { formatNumber } from "../src/text/format.js";

const i18n = createI18n(() => undefined);

/** A name as long as the cabinet allows, with quotes, ampersands and angle brackets. */
const name = (id: number) =>
  `Кабель "Anker" USB-C <-> Lightning & зарядка ${id} "PowerLine III" 2 м <оплётка> & чехол`;
const value = (id: number) => `"${id}" & <описание> "с кавычками" & ещё <текст> ${id}`;

/** Every other one a price (risky ones all prices), else a description. */
function change(i: number, extra: Partial<Change>): Change {
  return {
    productId: 100_000 + i,
    skuId: 500_000 + i,
    field: i % 2 === 0 ? "price" : "description.rus",
    was: i % 2 === 0 ? String(10_000 + i) : value(i),
    will: i % 2 === 0 ? String(4_000 + i) : value(i + 1),
    rows: [i + 2],
    ...extra,
  };
}

/** A return of 20,000 SKU rows with each kind of finding by the hundred. */
function largeDiff(): Diff {
  const changes = [
    ...Array.from({ length: 300 }, (_, i) => change(2 * i, { risk: "price-cut" })),
    ...Array.from({ length: 200 }, (_, i) => change(600 + i, { conflict: true })),
    ...Array.from({ length: 15_000 }, (_, i) => change(800 + i, {})),
  ];
  return {
    changes,
    newSkus: [],
    unchanged: 4_000,
    keptLive: 120,
    goneProducts: Array.from({ length: 40 }, (_, i) => ({ row: 19_000 + i, productId: 9_000 + i })),
    goneSkus: Array.from({ length: 30 }, (_, i) => ({
      row: 19_500 + i,
      productId: 100_000,
      skuId: 900_000 + i,
    })),
    blocked: Array.from({ length: 60 }, (_, i) => ({
      productId: 200_000 + i,
      rows: Array.from({ length: 12 }, (_, k) => 15_000 + i * 12 + k),
    })),
    unreadable: Array.from({ length: 25 }, (_, i) => ({ row: 18_000 + i, field: "price" })),
    snapshot: true,
  };
}

const TEXTS = {
  ru: {
    risky: "Рискованные изменения: 300",
    conflicts: "Конфликты: 200",
    products: `Изменятся товаров: ${formatNumber(15_500, "ru")}`,
    blockedMore: "Ещё товаров, которые не будут изменены по той же причине:",
    gone: "Товаров больше нет: 40",
    unread: "Не прочитаны ячейки (25;",
    last: "Пустая ячейка оставляет значение; очистить значение можно в кабинете продавца.",
  },
  kk: {
    risky: "Тәуекелді өзгерістер: 300",
    conflicts: "Қайшылықтар: 200",
    products: `Өзгеретін тауарлар: ${formatNumber(15_500, "kk")}`,
    blockedMore: "Сол себеппен өзгертілмейтін тағы тауарлар:",
    gone: "Енді жоқ тауарлар: 40",
    unread: "Оқылмаған ұяшықтар (25;",
    last: "Бос ұяшық мәнді сақтайды; мәнді сатушы кабинетінде тазалауға болады.",
  },
} as const;

describe("the preview of a large return", () => {
  it.each(["ru", "kk"] as const)(
    "is one whole message within Telegram's limit, every count in full (%s)",
    (locale: Locale) => {
      const texts = TEXTS[locale];
      const diff = largeDiff();
      const names = Object.fromEntries(
        [...diff.changes, ...diff.blocked].map((c) => [c.productId, name(c.productId)]),
      );
      const text = previewText(translator(i18n, locale), "каталог.xlsx", diff, names);
      expect(text.length).toBeLessThanOrEqual(4096);
      // What the chat sends: nothing of it cut.
      expect(fitMessage([text])).toBe(text);
      expect(text.endsWith(texts.last)).toBe(true);
      for (const part of [texts.risky, texts.conflicts, texts.products, texts.gone, texts.unread])
        expect(text).toContain(part);
      // Blocked products: those named, and how many more.
      const named = text.match(/🚫 .*200\d{3}/g) ?? [];
      expect(text).toContain(`${texts.blockedMore} ${60 - named.length}.`);
      // Each kind still lists some of its changes.
      expect(text.match(/^• /gm)?.length).toBeGreaterThanOrEqual(3);
    },
  );
});
