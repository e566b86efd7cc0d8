import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney, formatNumber } from "../../src/text/format.js";
import { orderStatusText } from "../../src/text/index.js";
import { send } from "../support/chat.js";
import { runningClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import {
  abcOf,
  cents,
  groupBy,
  isSale,
  kindOf,
  linesBetween,
  returnedOf,
  soldSums,
} from "../support/money.js";
import { openBook, table, tiynOf } from "../support/money-book.js";
import { sharedBotI18n } from "../support/shared.js";

const ORDERS = "/api/seller/v1/orders/list";
const HOUR = 3_600_000;
/** 2026-11-20 20:00 in Almaty. */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
/** 120 days of about 40 lines, the newest half an hour before NOW: Jul 24 to Nov 20. */
const SHOP = { days: 120, linesPerDay: 40, endMs: NOW - HOUR / 2 };

const TEXTS = {
  ru: {
    lastMonth: "Прошлый месяц",
    week: "7 дней",
    typed: "Свои даты",
    done: "По статусам",
    orders: "Заказов",
    sales: "Продажи",
    commission: "Комиссия",
    payout: "К выплате",
    check: "Средний чек заказа",
    was: "было",
    unknown: "бот не знает",
    stopped: "Не получилось посчитать",
  },
  kk: {
    lastMonth: "Өткен ай",
    week: "7 күн",
    typed: "Өз күндерім",
    done: "Мәртебелер бойынша",
    orders: "Тапсырыстар",
    sales: "Сатылым",
    commission: "Комиссия",
    payout: "Төленеді",
    check: "Тапсырыстың орташа чегі",
    was: "бұрын",
    unknown: "бот білмейді",
    stopped: "Есептеу мүмкін болмады",
  },
} as const;
type Lang = keyof typeof TEXTS;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function startLinked(lang: Lang, env: Record<string, string> = {}) {
  h = await startInProcess({ clock: runningClock(NOW), sandbox: { moneyShop: SHOP }, env });
  const user = h.tg.user({ languageCode: lang });
  await linkUser(h, user);
  return { h, user };
}

/** /money, a period pressed on its menu, and the menu's message once it shows the answer. */
async function ask(user: UserDriver, lang: Lang, period: string, menu?: ChatMessageView) {
  menu ??= await send(user, "/money");
  const edits = user.messages().find((m) => m.messageId === menu.messageId)!.edited;
  await user.pressButton(period, { messageId: menu.messageId });
  const answer = () => user.messages().find((m) => m.messageId === menu.messageId)!;
  await user.waitFor(() => answer().edited > edits && answer().text.includes(TEXTS[lang].done), {
    timeoutMs: 45_000,
  });
  return answer();
}

const at = (harness: Harness) => (o: SeedOrder) => harness.api.seed.orderCreatedAt[o.orderId]!;

/** `1,9` / `12`: the answer's percentages. */
const pct = (value: number, lang: Lang) =>
  formatNumber(Math.abs(value) < 10 ? Math.round(value * 10) / 10 : Math.round(value), lang);

/** Every figure of the answer, computed apart from the lines the sandbox serves. */
function expectFigures(text: string, lang: Lang, lines: SeedOrder[], before: SeedOrder[]): void {
  const T = TEXTS[lang];
  const money = (tiyn: number) => formatMoney(tiyn / 100, lang);
  const now = soldSums(lines);
  const was = soldSums(before);
  expect(now.lines).toBeGreaterThan(100);
  expect(text).toContain(`${T.orders}: ${formatNumber(now.orders, lang)} `);
  expect(text).toContain(`(${T.was} ${formatNumber(was.orders, lang)})`);
  expect(text).toContain(`${formatNumber(now.lines, lang)} ${lang === "ru" ? "позиц" : "позиция"}`);
  expect(text).toContain(`${formatNumber(now.units, lang)} ${lang === "ru" ? "шт." : "дана"}`);
  for (const [label, key] of [
    [T.sales, "sales"],
    [T.commission, "commission"],
    [T.payout, "payout"],
  ] as const) {
    const line = text.split("\n").find((l) => l.startsWith(`${label}: `))!;
    expect(line, label).toContain(money(now[key]));
    expect(line, label).toContain(`(${T.was} ${money(was[key])})`);
    const change = ((now[key] - was[key]) / was[key]) * 100;
    const shown = pct(Math.abs(change), lang);
    expect(line, label).toContain(shown === "0" ? "= 0 %" : `${change > 0 ? "▲" : "▼"} ${shown} %`);
  }
  const check = text.split("\n").find((l) => l.startsWith(`${T.check}: `))!;
  expect(check).toContain(money(Math.round(now.sales / now.orders)));
  expect(check).toContain(money(Math.round(was.sales / was.orders)));
  expect(text).toContain(money(now.returnsValue));
  expect(text).toContain(`${pct((now.returned / now.units) * 100, lang)} %`);
  expect(text).toContain(`${pct((was.returned / was.units) * 100, lang)} %`);

  // every status, its lines, units, sales, commission and payout
  const all = text.split("\n");
  const statusLines = all.slice(all.findIndex((l) => l.includes(T.done)) + 1);
  expect(statusLines.length, text).toBeLessThan(all.length - 5);
  for (const [key, of] of groupBy(lines, (o) => o.statusKey)) {
    // The chat's own word for a status the bot knows, the API's label otherwise.
    const t = (k: string, v?: Record<string, string>) => sharedBotI18n().t(lang, k, v);
    const label = orderStatusText(t, key, of[0]!.statusLabel);
    const line = statusLines.find((l) => l.replace(/^⚠️ /, "").startsWith(label))!;
    expect(line, key).toBeDefined();
    expect(line, key).toContain(`${formatNumber(of.length, lang)} `);
    for (const field of ["totalPrice", "totalCommissionAmount", "totalPayoutAmount"] as const) {
      expect(line, `${key} ${field}`).toContain(money(of.reduce((n, o) => n + cents(o[field]), 0)));
    }
  }
  // the status no setting names is named, and its lines are no sale
  if (lines.some((o) => kindOf(o.statusKey) === "unknown")) {
    expect(text).toContain(`«Спор»`);
    expect(text).toContain(T.unknown);
  } else expect(text).not.toContain(T.unknown);

  // the products that bring the most, and those that come back the most
  const byProduct = groupBy(lines.filter(isSale), (o) => o.barcode);
  const ranked = [...byProduct.values()].sort(
    (a, b) =>
      b.reduce((n, o) => n + cents(o.totalPayoutAmount), 0) -
      a.reduce((n, o) => n + cents(o.totalPayoutAmount), 0),
  );
  const first = ranked[0]!;
  expect(text).toContain(`1. ${first[0]!.productName.slice(0, 39)}`);
  expect(text).toContain(money(first.reduce((n, o) => n + cents(o.totalPayoutAmount), 0)));
  const returns = [...byProduct.values()].sort(
    (a, b) => b.reduce((n, o) => n + returnedOf(o), 0) - a.reduce((n, o) => n + returnedOf(o), 0),
  )[0]!;
  const back = returns.reduce((n, o) => n + returnedOf(o), 0);
  const sold = returns.reduce((n, o) => n + o.quantity, 0);
  expect(text).toContain(
    lang === "ru"
      ? `вернули ${formatNumber(back, lang)} из ${formatNumber(sold, lang)} шт.`
      : `${formatNumber(sold, lang)} дананың ${formatNumber(back, lang)} данасы`,
  );
  // ABC by the rule
  const abc = abcOf(lines);
  expect(text).toContain(`A — ${abc.A} `);
  expect(text).toContain(`B — ${abc.B}, C — ${abc.C}`);
}

describe("/money", () => {
  it("last month beside the month before: every figure equals the sums of the lines, one message (ru)", async () => {
    const { h, user } = await startLinked("ru");
    const menu = await send(user, "/money");
    expect(menu.buttons.flat()).toEqual([
      "Сегодня",
      "7 дней",
      "Этот месяц",
      "Прошлый месяц",
      "Свои даты",
    ]);
    h.api.clearRequests();
    const answer = await ask(user, "ru", TEXTS.ru.lastMonth, menu);
    // the answer is the menu's message, edited: nothing else was sent
    expect(user.botMessages().filter((m) => m.messageId > menu.messageId)).toHaveLength(0);
    expect(answer.text).toContain("Деньги за 01.10.2026–31.10.2026");
    expect(answer.text).toContain("31.08.2026–30.09.2026");
    const orders = h.api.seed.orders;
    expectFigures(
      answer.text,
      "ru",
      linesBetween(orders, at(h), "2026-10-01", "2026-10-31"),
      linesBetween(orders, at(h), "2026-08-31", "2026-09-30"),
    );
    expect(answer.buttons.flat()).toContain("Этот месяц");
    // no API field name, no status code
    expect(answer.text).not.toMatch(/totalPrice|statusKey|COMPLETED|DISPUTE/);
    for (const r of h.api.requestsTo(ORDERS)) {
      expect(r.body).toMatchObject({ pageSize: 100, sortBy: "createdDate", sortDirection: "desc" });
    }

    // Asked again: every day of both months is held, no page is read.
    h.api.clearRequests();
    const again = await ask(user, "ru", TEXTS.ru.lastMonth, answer);
    expect(h.api.requestsTo(ORDERS)).toHaveLength(0);
    expect(again.text).toBe(answer.text);
  });

  it("the last 7 days in Kazakh: the same figures, the week before up to the same minute", async () => {
    const { h, user } = await startLinked("kk");
    const answer = await ask(user, "kk", TEXTS.kk.week);
    const minute = 20 * 60 + 0; // the app's clock: 20:00 and a few seconds
    expect(answer.text).toContain("14.11.2026–20.11.2026 (20:00 дейін)");
    expect(answer.text).toContain("07.11.2026–13.11.2026 (20:00 дейін)");
    const orders = h.api.seed.orders;
    expectFigures(
      answer.text,
      "kk",
      linesBetween(orders, at(h), "2026-11-14", "2026-11-20"),
      linesBetween(orders, at(h), "2026-11-07", "2026-11-13", minute),
    );
  });

  it("reads the pages several at once, never more than MONEY_READ_CONCURRENCY, and today again after", async () => {
    const { h, user } = await startLinked("ru", { MONEY_READ_CONCURRENCY: "3" });
    h.api.setLatency((path) => (path.startsWith(ORDERS) ? 80 : 0));
    h.api.clearRequests();
    await ask(user, "ru", TEXTS.ru.lastMonth);
    const reads = h.api.requestsTo(ORDERS);
    const pages = reads.map((r) => (r.body as { pageNumber: number }).pageNumber);
    // page 1 alone, then the rest
    expect(pages[0]).toBe(1);
    expect(new Set(pages).size).toBe(pages.length);
    const inFlight = reads.map(
      (r) => reads.filter((o) => o.at <= r.at && (o.doneAt ?? Infinity) > r.at).length,
    );
    expect(Math.max(...inFlight)).toBe(3);
    // the walk stopped within the pages asked ahead (3 in flight, 3 more answered and waiting)
    // after the page wholly older than the period
    const total = h.api.seed.orders.length;
    const needed = linesBetween(h.api.seed.orders, at(h), "2026-08-31", "2026-11-20").length;
    expect(Math.max(...pages)).toBeLessThanOrEqual(Math.ceil(needed / 100) + 1 + 2 * 3);
    expect(Math.ceil(total / 100)).toBeGreaterThan(Math.max(...pages));

    // This month next: its closed days are held, only today's pages are read.
    h.api.clearRequests();
    const month = await ask(user, "ru", "Этот месяц");
    const today = linesBetween(h.api.seed.orders, at(h), "2026-11-20", "2026-11-20").length;
    // today's pages, then the window of 3 in flight that finds a page wholly older
    expect(h.api.requestsTo(ORDERS).length).toBeLessThanOrEqual(Math.ceil((today + 1) / 100) + 3);
    expectFigures(
      month.text,
      "ru",
      linesBetween(h.api.seed.orders, at(h), "2026-11-01", "2026-11-20"),
      linesBetween(h.api.seed.orders, at(h), "2026-10-12", "2026-10-31", 20 * 60),
    );
  });

  it("takes typed dates, explains unreadable ones, and says why when the Seller API fails", async () => {
    const { h, user } = await startLinked("ru");
    const menu = await send(user, "/money");
    await user.pressButton(TEXTS.ru.typed, { messageId: menu.messageId });
    await user.waitForBotMessage("01.11.2026–14.11.2026", { after: menu.messageId });
    const asked = user.lastBotMessage()!.messageId;
    await user.sendText("вчера");
    const unreadable = await user.waitForBotMessage(/./, { after: asked });
    expect(unreadable.text).toContain("Не получилось прочитать «вчера»");
    const before = user.lastBotMessage()!.messageId;
    await user.sendText("01.11.2026 - 10.11.2026");
    const answer = await user.waitForBotMessage(/По статусам/, {
      after: before,
      timeoutMs: 45_000,
    });
    expect(answer.text).toContain("Деньги за 01.11.2026–10.11.2026");
    expect(answer.text).toContain("22.10.2026–31.10.2026");
    const orders = h.api.seed.orders;
    expectFigures(
      answer.text,
      "ru",
      linesBetween(orders, at(h), "2026-11-01", "2026-11-10"),
      linesBetween(orders, at(h), "2026-10-22", "2026-10-31"),
    );

    // Today is always read: the service failing, the answer says so in the same message.
    h.api.failNext(ORDERS, "503", 100);
    const failed = await send(user, "/money");
    await user.pressButton("Сегодня", { messageId: failed.messageId });
    await user.waitFor(
      () =>
        user
          .messages()
          .find((m) => m.messageId === failed.messageId)!
          .text.includes(TEXTS.ru.stopped),
      { timeoutMs: 45_000 },
    );
    h.api.clearFailures();
  });
});

describe("the answer's workbook", () => {
  const EXCEL = {
    ru: "📊 Excel: итоги, товары с ABC, все позиции",
    kk: "📊 Excel: қорытынды, ABC тауарлар, барлық позиция",
  };

  /** Presses the answer's Excel button; the one message the chat gets for it (the file). */
  async function pressExcel(user: UserDriver, lang: Lang, answer: ChatMessageView) {
    expect(answer.buttons[0]).toEqual([EXCEL[lang]]);
    const before = user.lastBotMessage()!.messageId;
    await user.pressButton(EXCEL[lang], { messageId: answer.messageId });
    // The progress message gives way to the file: one message is left in the chat for it.
    const sent = () => user.botMessages().filter((m) => m.messageId > before);
    await user.waitFor(() => sent().length === 1 && sent()[0]!.document !== undefined, {
      timeoutMs: 60_000,
    });
    expect(user.messages().filter((m) => m.messageId > before && m.from === "bot")).toHaveLength(2);
    return sent()[0]!;
  }

  it("is one file message, and its totals equal the orders export's for the same period, read by openpyxl (ru)", async () => {
    const { h, user } = await startLinked("ru");
    const answer = await ask(user, "ru", TEXTS.ru.lastMonth);
    const file = await pressExcel(user, "ru", answer);
    expect(file.document!.fileName).toBe("Деньги_01.10.2026–31.10.2026.xlsx");
    const october = linesBetween(h.api.seed.orders, at(h), "2026-10-01", "2026-10-31");
    const caption = file.document!.caption!;
    expect(caption).toContain(
      `Деньги за 01.10.2026–31.10.2026: ${formatNumber(october.length, "ru")} позиц`,
    );
    expect(caption).toContain("Asia/Almaty");
    const book = await openBook(file.document!.content);
    expect(book.sheets).toEqual(["Итоги", "Товары", "Заказы"]);

    // The orders export of the same days, typed.
    const list = await send(user, "/orders");
    let before = user.lastBotMessage()!.messageId;
    await user.pressButton("Выгрузить в Excel", { messageId: list.messageId });
    const menu = await user.waitForBotMessage(/Excel/, { after: before });
    before = user.lastBotMessage()!.messageId;
    await user.pressButton("Свои даты", { messageId: menu.messageId });
    await user.waitForBotMessage("Напишите дату", { after: before });
    before = user.lastBotMessage()!.messageId;
    await user.sendText("01.10.2026–31.10.2026");
    await user.waitFor(() => user.botMessages().some((m) => m.messageId > before && m.document), {
      timeoutMs: 60_000,
    });
    const exported = user.botMessages().find((m) => m.messageId > before && m.document)!;
    const orders = table(await openBook(exported.document!.content), "Заказы");
    const lines = table(book, "Заказы");
    const summary = table(book, "Итоги").rows;
    const all = summary.find((r) => r[0]![0] === "Все позиции (как итог выгрузки заказов)")!;
    const statuses = table(
      book,
      "Итоги",
      summary.findIndex((r) => r[0]![0] === "Статус"),
    );
    // Row for row the same lines, and the same totals to the tiyn.
    expect(lines.rows.length).toBe(october.length + 2);
    expect(orders.rows.length).toBe(lines.rows.length);
    for (const [title, column] of [
      ["Количество", "Штук"],
      ["Сумма, ₸", "Продажи, ₸"],
      ["Комиссия всего, ₸", "Комиссия, ₸"],
      ["К выплате всего, ₸", "К выплате, ₸"],
    ] as const) {
      const exportTotal = orders.rows.at(-1)![orders.col(title)];
      expect(tiynOf(lines.rows.at(-1)![lines.col(title)]), title).toBe(tiynOf(exportTotal));
      expect(tiynOf(all[statuses.col(column)]), title).toBe(tiynOf(exportTotal));
    }
    expect(tiynOf(all[statuses.col("Продажи, ₸")])).toBe(
      october.reduce((n, o) => n + cents(o.totalPrice), 0),
    );
  });

  it("comes in Kazakh in a Kazakh chat, and a period with no order has no button", async () => {
    const { user } = await startLinked("kk");
    const answer = await ask(user, "kk", TEXTS.kk.week);
    const file = await pressExcel(user, "kk", answer);
    expect(file.document!.fileName).toBe("Ақша_14.11.2026–20.11.2026.xlsx");
    expect(file.document!.caption).toContain("14.11.2026–20.11.2026 кезеңінің ақшасы");
    const book = await openBook(file.document!.content);
    expect(book.sheets).toEqual(["Қорытынды", "Тауарлар", "Тапсырыстар"]);
    expect(table(book, "Тауарлар").header.slice(0, 3)).toEqual(["Штрихкод", "Тауар", "ABC"]);

    // Long before the shop opened: nothing to put in a file.
    const menu = await send(user, "/money");
    await user.pressButton(TEXTS.kk.typed, { messageId: menu.messageId });
    const asked = await user.waitForBotMessage("Күнді жазыңыз", { after: menu.messageId });
    await user.sendText("01.01.2026");
    const empty = await user.waitForBotMessage("Бұл кезеңде тапсырыс жоқ", {
      after: asked.messageId,
      timeoutMs: 45_000,
    });
    expect(empty.buttons.flat()).not.toContain(EXCEL.kk);
  });
});
