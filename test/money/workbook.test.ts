/**
 * The money workbook, read by openpyxl (a spreadsheet program's library, not the bot's writer):
 * every figure against sums computed apart from the lines the sandbox serves, ABC by the rule,
 * the zone named, the formats, both languages; written as the pages come.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import { createBotI18n } from "../../src/bot/index.js";
import { type Locale, translator } from "../../src/i18n.js";
import { type CostOf, createMoneyBook } from "../../src/money/index.js";
import { cents, groupBy, isSale, kindOf, linesBetween, returnedOf } from "../support/money.js";
import { type OpenedBook, openBook, table, tiynOf, type Value } from "../support/money-book.js";
import { moneyOverSandbox } from "../support/money-service.js";
import { statusName } from "../support/statuses.js";

const HOUR = 3_600_000;
const ORDERS = "/api/seller/v1/orders/list";
/** 2026-11-20 20:00 in Almaty (UTC+5 all year). */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const OCTOBER = { firstDay: "2026-10-01", lastDay: "2026-10-31" };

/** Resolves once `done` holds (polled: the events are the sandbox's and the reading's). */
async function waitFor(done: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("waited in vain");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of cleanup.reverse()) await stop();
  cleanup = [];
});

const moneyOverShop = () => moneyOverSandbox({ now: NOW, cleanup });

// ------------------------------------------------------------------ reading the file back

// ------------------------------------------------------------------ the texts of both languages

const TEXTS = {
  ru: {
    summary: "Итоги",
    products: "Товары",
    lines: "Заказы",
    title: "Деньги за 01.10.2026–31.10.2026",
    zone: "Дни периода и время заказов — по Asia/Almaty.",
    made: "Составлено (Asia/Almaty)",
    status: "Статус",
    sold: "Продано (без отмен и незнакомых статусов)",
    cancelled: "Отменено",
    all: "Все позиции (как итог выгрузки заказов)",
    total: "Итого",
    linesTotal: "Итого",
    col: {
      barcode: "Штрихкод",
      name: "Товар",
      abc: "ABC",
      share: "Доля продаж",
      running: "Накопленная доля",
      lines: "Позиций",
      units: "Штук",
      sales: "Продажи, ₸",
      commission: "Комиссия, ₸",
      payout: "К выплате, ₸",
      returned: "Вернули, шт.",
      returnRate: "Доля возвратов",
      returnsValue: "Возвраты на сумму, ₸",
      cost: "Себестоимость за шт., ₸",
      profit: "Прибыль, ₸",
    },
    created: "Создан (Asia/Almaty)",
    guid: "Идентификатор заказа",
    barcode: "Штрихкод",
    orders: "Заказов с проданными позициями",
    profit: "Прибыль, ₸ (товары с себестоимостью)",
    noCost: "Проданных позиций без себестоимости",
  },
  kk: {
    summary: "Қорытынды",
    products: "Тауарлар",
    lines: "Тапсырыстар",
    title: "01.10.2026–31.10.2026 кезеңінің ақшасы",
    zone: "Кезең күндері мен тапсырыс уақыты — Asia/Almaty бойынша.",
    made: "Жасалған уақыты (Asia/Almaty)",
    status: "Күйі",
    sold: "Сатылды (бас тартуларсыз және белгісіз күйлерсіз)",
    cancelled: "Бас тартылғандар, барлығы",
    all: "Барлық позиция (тапсырыстарды жүктеудің қорытындысындай)",
    total: "Барлығы",
    linesTotal: "Барлығы",
    col: {
      barcode: "Штрихкод",
      name: "Тауар",
      abc: "ABC",
      share: "Сатылымдағы үлесі",
      running: "Жинақталған үлес",
      lines: "Позициялар",
      units: "Дана",
      sales: "Сатылым, ₸",
      commission: "Комиссия, ₸",
      payout: "Төленеді, ₸",
      returned: "Қайтарылды, дана",
      returnRate: "Қайтарым үлесі",
      returnsValue: "Қайтарым сомасы, ₸",
      cost: "Бір дананың өзіндік құны, ₸",
      profit: "Пайда, ₸",
    },
    created: "Жасалған (Asia/Almaty)",
    guid: "Тапсырыс идентификаторы",
    barcode: "Штрихкод",
    orders: "Сатылған позициясы бар тапсырыстар",
    profit: "Пайда, ₸ (өзіндік құны белгілі тауарлар)",
    noCost: "Өзіндік құны жоқ сатылған позициялар",
  },
} as const;
type Lang = keyof typeof TEXTS;

const TENGE = '#,##0.00 "₸"';
const SHARE = "0.0%";

/** Writes October's workbook from the sandbox, as the bot does, in `lang`. */
async function octoberBook(lang: Lang, costOf: CostOf = () => undefined) {
  const { api, service, dir } = await moneyOverShop();
  const path = join(dir, `${lang}.xlsx`);
  const t = translator(createBotI18n(), lang as Locale);
  const book = createMoneyBook({ path, timeZone: "Asia/Almaty", t, language: lang, madeAt: NOW });
  const { current } = await service.lines(OCTOBER, NOW, { onLine: (line) => book.addLine(line) });
  const totals = await book.finish(current, costOf);
  const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
  const lines = linesBetween(api.seed.orders, at, OCTOBER.firstDay, OCTOBER.lastDay);
  return { book: await openBook(readFileSync(path)), totals, lines };
}

// ------------------------------------------------------------------ sums made apart

/** Products by sales, most first (then barcode), and the class the rule gives each. */
function abcByRule(sold: SeedOrder[]): Map<string, "A" | "B" | "C"> {
  const sales = new Map<string, number>();
  for (const o of sold) sales.set(o.barcode, (sales.get(o.barcode) ?? 0) + cents(o.totalPrice));
  const ranked = [...sales].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const total = ranked.reduce((n, [, s]) => n + s, 0);
  const classes = new Map<string, "A" | "B" | "C">();
  // The product that brings the running share to 80 % is the last A; to 95 %, the last B.
  let running = 0;
  let cls: "A" | "B" | "C" = "A";
  for (const [barcode, s] of ranked) {
    classes.set(barcode, cls);
    running += s;
    if (cls === "A" && running * 100 >= 80 * total) cls = "B";
    if (cls === "B" && running * 100 >= 95 * total) cls = "C";
  }
  return classes;
}

const sumOf = (lines: SeedOrder[], key: keyof SeedOrder) =>
  lines.reduce((n, o) => n + cents(o[key] as number), 0);

describe("the money workbook, read by openpyxl", () => {
  it("holds every line, every product with its ABC class and profit, every status and the totals, each equal to the sums of the lines (ru)", async () => {
    const { book, lines, totals } = await octoberBook("ru");
    expect(totals.lines).toBe(lines.length);
    expect(book.sheets).toEqual([TEXTS.ru.summary, TEXTS.ru.products, TEXTS.ru.lines]);
    expect(book.active).toBe(TEXTS.ru.summary);
    expect(lines.length).toBeGreaterThan(500);
    expectLines(book, "ru", lines);
    expectProducts(book, "ru", lines, () => undefined);
    expectSummary(book, "ru", lines);
  });

  it("names cost and profit where a cost is known, and nothing where it is not", async () => {
    const costOf = (barcode: string) => (barcode.endsWith("1") ? 150_000 : undefined);
    const { book, lines } = await octoberBook("ru", costOf);
    expectProducts(book, "ru", lines, costOf);
    const sold = lines.filter(isSale);
    const withCost = sold.filter((o) => costOf(o.barcode) !== undefined);
    expect(withCost.length).toBeGreaterThan(0);
    expect(withCost.length).toBeLessThan(sold.length);
    const profit = withCost.reduce(
      (n, o) => n + cents(o.totalPayoutAmount) - 150_000 * (o.quantity - returnedOf(o)),
      0,
    );
    const summary = table(book, TEXTS.ru.summary, 4);
    expect(tiynOf(summary.row(TEXTS.ru.profit)[1])).toBe(profit);
    expect(summary.row(TEXTS.ru.noCost)[1]![0]).toBe(sold.length - withCost.length);
  });

  it("is all in Kazakh in a Kazakh chat: sheet names, titles, words; the same figures", async () => {
    const { book, lines } = await octoberBook("kk");
    expect(book.sheets).toEqual([TEXTS.kk.summary, TEXTS.kk.products, TEXTS.kk.lines]);
    expectLines(book, "kk", lines);
    expectProducts(book, "kk", lines, () => undefined);
    expectSummary(book, "kk", lines);
    // No API field name and no status code in any title or label a seller reads.
    const words = Object.values(book.values).flatMap((rows) =>
      rows.flatMap((r) => r.map(([v]) => v).filter((v): v is string => typeof v === "string")),
    );
    const titles = [
      ...table(book, TEXTS.kk.products).header,
      ...table(book, TEXTS.kk.lines).header,
      ...book.values[TEXTS.kk.summary]!.map((r) => r[0]![0]),
    ].filter((v): v is string => typeof v === "string");
    for (const title of titles) expect(title).not.toMatch(/[a-z][A-Z]|statusKey|totalPrice/);
    expect(words.some((w) => /[әғқңөұүһі]/i.test(w))).toBe(true);
  });

  it("is written as the pages come: the reading takes no next page until the file keeps up", async () => {
    const { api, service } = await moneyOverShop();
    const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
    const october = linesBetween(api.seed.orders, at, OCTOBER.firstDay, OCTOBER.lastDay);
    let release!: () => void;
    const file = new Promise<void>((resolve) => {
      release = resolve;
    });
    let handed = 0;
    const reading = service.lines(OCTOBER, NOW, {
      onLine: () => {
        handed++;
        return file;
      },
    });
    // October's newest line is on page `first` (the list is newest first, 100 a page).
    const november = Date.UTC(2026, 9, 31, 19, 0);
    const first = Math.floor(api.seed.orders.filter((o) => at(o) >= november).length / 100) + 1;
    const answered = (page: number) =>
      api
        .requestsTo(ORDERS)
        .some((r) => (r.body as { pageNumber: number }).pageNumber === page && r.doneAt);
    // The file not keeping up with that page's lines: the pages asked ahead are answered
    // meanwhile, and not one more line is handed on.
    await waitFor(() => handed > 0 && answered(first + 3));
    expect(handed).toBeLessThanOrEqual(100);
    const held = handed;
    release();
    await reading;
    expect(handed).toBe(october.length);
    expect(held).toBeLessThan(october.length);
  });
});

/** The lines sheet: every line of the period once, every field as the API gave it. */
function expectLines(book: OpenedBook, lang: Lang, lines: SeedOrder[]) {
  const T = TEXTS[lang];
  const sheet = table(book, T.lines);
  const body = sheet.rows.slice(1, -1);
  const totals = sheet.rows.at(-1)!;
  expect(sheet.header).toHaveLength(19);
  const key = (guid: Value, barcode: Value) => `${guid}|${barcode}`;
  const byKey = new Map(lines.map((o) => [key(o.orderGuid, o.barcode), o]));
  const guid = sheet.col(T.guid);
  const barcode = sheet.col(T.barcode);
  const created = sheet.col(T.created);
  const status = sheet.col(T.status);
  expect(body.map((r) => key(r[guid]![0], r[barcode]![0])).sort()).toEqual(
    [...byKey.keys()].sort(),
  );
  for (const row of body) {
    const order = byKey.get(key(row[guid]![0], row[barcode]![0]))!;
    // The Almaty wall clock of the line's instant, whatever form its createdDate had.
    const local = Date.parse(order.createdDate) + 5 * HOUR;
    const shown = Date.parse(`${String(row[created]![0]).replace(/^date /, "")}Z`);
    expect(Math.abs(shown - local), order.createdDate).toBeLessThan(1);
    expect(row[created]![1]).toMatch(/dd\.mm\.yyyy hh:mm/);
    expect(row[status]![0], order.statusKey).toBe(statusName(lang, order));
  }
  expect(totals[0]![0]).toBe(T.linesTotal);
  expect(totals.every(([, , bold]) => bold)).toBe(true);
  const money = [
    ["Сумма, ₸", "Сомасы, ₸", "totalPrice"],
    ["Комиссия всего, ₸", "Барлық комиссия, ₸", "totalCommissionAmount"],
    ["К выплате всего, ₸", "Барлығы төленеді, ₸", "totalPayoutAmount"],
  ] as const;
  for (const [ru, kk, field] of money) {
    const c = sheet.col(lang === "ru" ? ru : kk);
    expect(tiynOf(totals[c]), field).toBe(sumOf(lines, field));
    expect(totals[c]![1]).toBe(TENGE);
    expect(book.formulas[T.lines]!.at(-1)![c]).toMatch(/^=SUM\([A-Z]+2:[A-Z]+\d+\)$/);
  }
}

/** The products sheet: a row per product sold, its figures, share, class, cost and profit. */
function expectProducts(book: OpenedBook, lang: Lang, lines: SeedOrder[], costOf: CostOf) {
  const T = TEXTS[lang];
  const sheet = table(book, T.products);
  const c = T.col;
  const sold = lines.filter(isSale);
  const byProduct = groupBy(sold, (o) => o.barcode);
  const classes = abcByRule(sold);
  // The shop's sales make all three classes.
  expect(new Set(classes.values())).toEqual(new Set(["A", "B", "C"]));
  const body = sheet.rows.slice(1, -1);
  expect(body.map((r) => r[0]![0]).sort()).toEqual([...byProduct.keys()].sort());
  const salesTotal = sumOf(sold, "totalPrice");
  let running = 0;
  for (const row of body) {
    const barcode = row[0]![0] as string;
    const of = byProduct.get(barcode)!;
    const cell = (title: string) => row[sheet.col(title)]!;
    const units = of.reduce((n, o) => n + o.quantity, 0);
    const returned = of.reduce((n, o) => n + returnedOf(o), 0);
    const sales = sumOf(of, "totalPrice");
    running += sales;
    expect(cell(c.name)[0]).toBe(of[0]!.productName);
    expect(cell(c.abc)[0], barcode).toBe(classes.get(barcode));
    expect(cell(c.lines)[0]).toBe(of.length);
    expect(cell(c.units)[0]).toBe(units);
    expect(tiynOf(cell(c.sales))).toBe(sales);
    expect(tiynOf(cell(c.commission))).toBe(sumOf(of, "totalCommissionAmount"));
    expect(tiynOf(cell(c.payout))).toBe(sumOf(of, "totalPayoutAmount"));
    expect(cell(c.returned)[0]).toBe(returned);
    expect(cell(c.returnRate)[0] as number).toBeCloseTo(returned / units, 12);
    expect(cell(c.share)[0] as number).toBeCloseTo(sales / salesTotal, 12);
    expect(cell(c.running)[0] as number).toBeCloseTo(running / salesTotal, 12);
    const cost = costOf(barcode);
    if (cost === undefined) {
      expect(cell(c.cost)[0]).toBeNull();
      expect(cell(c.profit)[0]).toBeNull();
    } else {
      expect(tiynOf(cell(c.cost))).toBe(cost);
      const payout = sumOf(of, "totalPayoutAmount");
      expect(tiynOf(cell(c.profit))).toBe(payout - cost * (units - returned));
    }
    for (const title of [c.sales, c.commission, c.payout, c.returnsValue, c.cost, c.profit]) {
      expect(cell(title)[1], title).toBe(TENGE);
    }
    for (const title of [c.share, c.running, c.returnRate]) expect(cell(title)[1]).toBe(SHARE);
  }
  // Most sales first.
  const salesColumn = sheet.col(c.sales);
  const ordered = body.map((r) => r[salesColumn]![0] as number);
  expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
  // The totals: bold, SUM formulas with their values stored.
  const totals = sheet.rows.at(-1)!;
  expect(totals[0]![0]).toBe(T.total);
  expect(totals.every(([, , bold]) => bold)).toBe(true);
  expect(tiynOf(totals[salesColumn])).toBe(salesTotal);
  expect(tiynOf(totals[sheet.col(c.payout)])).toBe(sumOf(sold, "totalPayoutAmount"));
  expect(totals[sheet.col(c.units)]![0]).toBe(sold.reduce((n, o) => n + o.quantity, 0));
  expect(totals[sheet.col(c.returned)]![0]).toBe(sold.reduce((n, o) => n + returnedOf(o), 0));
  const formulas = book.formulas[T.products]!.at(-1)!;
  expect(formulas[salesColumn]).toBe(`=SUM(H2:H${body.length + 1})`);
}

/** The summary: the period and its zone, every status, the sold, cancelled and all lines. */
function expectSummary(book: OpenedBook, lang: Lang, lines: SeedOrder[]) {
  const T = TEXTS[lang];
  const rows = book.values[T.summary]!;
  expect(rows[0]![0]![0]).toBe(T.title);
  expect(rows[1]![0]![0]).toBe(T.zone);
  expect(rows[2]![0]![0]).toBe(T.made);
  // NOW is 20:00 in Almaty, written as the wall clock there.
  expect(rows[2]![1]!.slice(0, 2)).toEqual(["date 2026-11-20T20:00:00", "dd.mm.yyyy hh:mm"]);
  const sold = lines.filter(isSale);
  const figures = table(book, T.summary, 4);
  expect(figures.row(T.orders)[1]![0]).toBe(new Set(sold.map((o) => o.orderId)).size);

  const headerAt = rows.findIndex((r) => r[0]![0] === T.status);
  const statuses = table(book, T.summary, headerAt);
  const c = T.col;
  const byStatus = groupBy(lines, (o) => o.statusKey);
  for (const [key, of] of byStatus) {
    const row = statuses.row(statusName(lang, of[0]!));
    expect(row[statuses.col(c.lines)]![0], key).toBe(of.length);
    expect(row[statuses.col(c.units)]![0], key).toBe(of.reduce((n, o) => n + o.quantity, 0));
    expect(tiynOf(row[statuses.col(c.sales)]), key).toBe(sumOf(of, "totalPrice"));
    expect(tiynOf(row[statuses.col(c.commission)]), key).toBe(sumOf(of, "totalCommissionAmount"));
    expect(tiynOf(row[statuses.col(c.payout)]), key).toBe(sumOf(of, "totalPayoutAmount"));
  }
  const expectRow = (label: string, of: SeedOrder[]) => {
    const row = statuses.row(label);
    expect(
      row.slice(0, 8).every(([, , bold]) => bold),
      label,
    ).toBe(true);
    expect(row[statuses.col(c.lines)]![0], label).toBe(of.length);
    expect(row[statuses.col(c.units)]![0], label).toBe(of.reduce((n, o) => n + o.quantity, 0));
    expect(tiynOf(row[statuses.col(c.sales)]), label).toBe(sumOf(of, "totalPrice"));
    expect(tiynOf(row[statuses.col(c.commission)]), label).toBe(sumOf(of, "totalCommissionAmount"));
    expect(tiynOf(row[statuses.col(c.payout)]), label).toBe(sumOf(of, "totalPayoutAmount"));
    expect(row[statuses.col(c.sales)]![1]).toBe(TENGE);
  };
  expectRow(T.sold, sold);
  expectRow(
    T.cancelled,
    lines.filter((o) => kindOf(o.statusKey) === "cancelled"),
  );
  expectRow(T.all, lines);
  // Every line's totals: the statuses' sum, as a formula with its value.
  const allAt = rows.findIndex((r) => r[0]![0] === T.all);
  expect(book.formulas[T.summary]![allAt]![statuses.col(c.sales)]).toMatch(/^=SUM\(E\d+:E\d+\)$/);
  // The status no setting names is shown, and said to be no sale.
  expect(byStatus.has("DISPUTE")).toBe(true);
}
