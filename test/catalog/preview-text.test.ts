/**
 * The preview of a return of 20,000 SKUs with every kind of finding at once (risky changes,
 * conflicts, "cannot tell" ones, ordinary ones, products whose characteristics have no codes,
 * products gone, cells that will not be sent, each with its value and reason), product names and values as long as real ones and full of characters HTML escapes:
 * one message within Telegram's limit, whole (its closing facts never cut off), every count in
 * full, in Russian and Kazakh.
 */
import { describe, expect, it } from "vitest";
import type { Change, Diff } from "../../src/catalog/diff.js";
import { previewText } from "../../src/catalog/texts.js";
import { createI18n, type Locale, translator } from "../../src/i18n.js";
import { fitMessage } from "../../src/import/problems.js";
import { formatNumber } from "../../src/text/format.js";

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
    ...Array.from({ length: 150 }, (_, i) => change(800 + i, { unverified: true })),
    ...Array.from({ length: 15_000 }, (_, i) => change(1_000 + i, {})),
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
    // Values as long as a seller's cell shows them, the reasons with them.
    unreadable: Array.from({ length: 25 }, (_, i): Diff["unreadable"][number] =>
      i % 2 === 0
        ? {
            row: 18_000 + i,
            field: "price",
            code: "too-many-decimals",
            params: { value: `${i}99,555` },
          }
        : {
            row: 18_000 + i,
            field: "price",
            code: "foreign-currency",
            params: { value: `2 890,00 ₽ <${value(i)}>`, currency: "RUB", sign: "₽" },
          },
    ),
    snapshot: true,
  };
}

const TEXTS = {
  ru: {
    risky: "Рискованные изменения: 300",
    conflicts: "Конфликты: 200",
    unverified: "Под вопросом: 150",
    products: `Изменятся товаров: ${formatNumber(15_650, "ru")}`,
    blockedMore: "Ещё товаров, которые не будут изменены по той же причине:",
    gone: "Товаров больше нет: 40",
    unread: "Не будут отправлены ячейки (25)",
    cell: /• строка 18.000 · Цена: «099,555» — в цене больше двух знаков/,
    last: "Пустая ячейка оставляет значение; очистить значение можно в кабинете продавца.",
  },
  kk: {
    risky: "Тәуекелді өзгерістер: 300",
    conflicts: "Қайшылықтар: 200",
    unverified: "Күмәнді: 150",
    products: `Өзгеретін тауарлар: ${formatNumber(15_650, "kk")}`,
    blockedMore: "Сол себеппен өзгертілмейтін тағы тауарлар:",
    gone: "Енді жоқ тауарлар: 40",
    unread: "Жіберілмейтін ұяшықтар (25)",
    cell: /• 18.000 жол · Баға: «099,555» — бағада үтірден кейін екі таңбадан көп/,
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
      for (const part of [
        texts.risky,
        texts.conflicts,
        texts.unverified,
        texts.products,
        texts.gone,
        texts.unread,
      ])
        expect(text).toContain(part);
      // A cell that will not be sent is named with its value and why, the rest counted.
      expect(text).toMatch(texts.cell);
      // Blocked products: those named, and how many more.
      const named = text.match(/🚫 .*200\d{3}/g) ?? [];
      expect(text).toContain(`${texts.blockedMore} ${60 - named.length}.`);
      // Each kind still lists some of its changes.
      expect(text.match(/^• /gm)?.length).toBeGreaterThanOrEqual(3);
    },
  );
});
