import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { SEED_BASE_DATE_MS, type SeedOrder } from "../../doubles/seller-api/index.js";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { parseTypedPeriod, presetPeriod } from "../../src/orders-export/period.js";
import { zoneWallClock } from "../../src/orders-export/sheet.js";
import { withXlsxFile } from "../support/catalog.js";
import { nextBotMessage, send } from "../support/chat.js";
import { type RunningClock, runningClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { runWithOpenpyxl } from "../support/python.js";
import { statusName } from "../support/statuses.js";

const ORDERS = "/api/seller/v1/orders/list";
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Asia/Almaty (the default TIME_ZONE) is UTC+05:00 all year. */
const ALMATY = 5 * HOUR;
/** 2026-11-20 20:00 in Almaty: two hours after the seed's newest order. */
const NOW = SEED_BASE_DATE_MS + 2 * HOUR;
/** Midnight in Almaty that starts a local date `2026-11-14`. */
const almatyMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - ALMATY;

const TEXTS = {
  ru: {
    button: "Выгрузить в Excel",
    week: "7 дней",
    today: "Сегодня",
    typed: "Свои даты",
    progress: "Выгружаю заказы",
    done: "Готово",
    created: "Создан (Asia/Almaty)",
    totals: "Итого",
    sheet: "Заказы",
    empty: "заказов нет",
    unreadable: "Не получилось прочитать",
    reversed: "Начало периода (20.11.2026) позже его конца (14.11.2026)",
    stopped: "Выгрузка остановлена, файл не отправлен.",
    unavailable: "Сервис продавца сейчас не отвечает",
  },
  kk: {
    button: "Excel-ге жүктеу",
    week: "7 күн",
    today: "Бүгін",
    typed: "Өз күндерім",
    progress: "тапсырыстарды жүктеп жатырмын",
    done: "Дайын",
    created: "Жасалған (Asia/Almaty)",
    totals: "Барлығы",
    sheet: "Тапсырыстар",
    empty: "тапсырыс жоқ",
    unreadable: "оқылмады",
    reversed: "Кезеңнің басы (20.11.2026) соңынан (14.11.2026) кейін тұр",
    stopped: "Жүктеу тоқтатылды, файл жіберілмеді.",
    unavailable: "Сатушы сервисі қазір жауап бермей тұр",
  },
} as const;
type Lang = keyof typeof TEXTS;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

// ------------------------------------------------------------------ reading the file back

interface Cell {
  v: string | number | boolean | null;
  /** number format */
  f: string;
  /** bold */
  b: boolean;
  /** solid fill (ARGB), or null */
  fill: string | null;
}
interface Book {
  title: string;
  freeze: string | null;
  widths: Record<string, number | null>;
  rows: Cell[][];
}

/** openpyxl with data_only=True: cached values only, as a program that does not calculate. */
const OPENPYXL = `
import json, sys, datetime, openpyxl
wb = openpyxl.load_workbook(sys.argv[1], data_only=True)
ws = wb.worksheets[0]
def val(v):
    if isinstance(v, datetime.datetime): return v.isoformat()
    return v
def cell(c):
    fill = c.fill.fgColor.rgb if c.fill.fill_type == "solid" else None
    return {"v": val(c.value), "f": c.number_format, "b": bool(c.font.b), "fill": fill}
rows = [[cell(c) for c in r] for r in ws.iter_rows()]
widths = {k: d.width for k, d in ws.column_dimensions.items()}
print(json.dumps({"title": ws.title, "freeze": ws.freeze_panes, "widths": widths, "rows": rows}))
`;

/** The file as openpyxl (a spreadsheet program's library, not the bot's writer) reads it. */
function readBook(content: Buffer): Promise<Book> {
  return withXlsxFile(content, async (path) => JSON.parse(await runWithOpenpyxl(OPENPYXL, [path])));
}

// ------------------------------------------------------------------ the chat

async function startLinked(lang: Lang, clock: RunningClock = runningClock(NOW)) {
  h = await startInProcess({ clock });
  const user = h.tg.user({ languageCode: lang });
  await linkUser(h, user);
  return { h, user, clock };
}

/** From /orders [search] to the period menu. */
async function openMenu(user: UserDriver, lang: Lang, search = ""): Promise<ChatMessageView> {
  const list = await send(user, `/orders${search ? ` ${search}` : ""}`);
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton(TEXTS[lang].button, { messageId: list.messageId });
  return user.waitForBotMessage(/Excel/, { after: before });
}

/** Sends plain text (not a command) and waits for the bot's next message. */
async function say(user: UserDriver, text: string): Promise<ChatMessageView> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendText(text);
  return nextBotMessage(user, before);
}

const documents = (user: UserDriver) => user.botMessages().filter((m) => m.document);

/** Presses a period and waits for the file and the progress message's last word. */
async function exportFile(user: UserDriver, lang: Lang, menu: ChatMessageView, period: string) {
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton(period, { messageId: menu.messageId });
  return fileAfter(user, lang, before);
}

/** The export's progress message (the bot's first message after `before`) once it says `word`. */
async function progressAfter(user: UserDriver, before: number, word: string, timeoutMs = 45_000) {
  const find = () => user.botMessages().find((m) => m.messageId > before && !m.document);
  await user.waitFor(() => find()?.text.includes(word) === true, { timeoutMs });
  return find()!;
}

async function fileAfter(user: UserDriver, lang: Lang, before: number) {
  const progress = await progressAfter(user, before, TEXTS[lang].done);
  const doc = documents(user).find((m) => m.messageId > before)!;
  expect(doc, user.dump()).toBeDefined();
  return {
    doc,
    progress: user.messages().find((m) => m.messageId === progress.messageId)!,
    book: await readBook(doc.document!.content),
  };
}

// ------------------------------------------------------------------ what the file must hold

/** Orders the test placed in the sandbox besides its seed, with their true instants. */
const added: { orders: SeedOrder[]; at: Map<number, number> } = { orders: [], at: new Map() };
afterEach(() => {
  added.orders.length = 0;
  added.at.clear();
});

/** Places `count` orders in the sandbox, `stepMs` apart going back from `agoMs` before NOW. */
function addOrders(harness: Harness, count: number, stepMs: number, agoMs = 60_000) {
  for (let i = 0; i < count; i++) {
    const when = NOW - agoMs - i * stepMs;
    const order = harness.api.addOrder({ at: when, quantity: 1 + (i % 3) });
    added.orders.push(order);
    added.at.set(order.orderId, when);
  }
}

const at = (harness: Harness, order: SeedOrder) =>
  added.at.get(order.orderId) ?? harness.api.seed.orderCreatedAt[order.orderId]!;

/** The orders the sandbox serves created in [from, to), by their true instant. */
function ordersBetween(harness: Harness, from: number, to: number, only = (_: SeedOrder) => true) {
  return [...harness.api.seed.orders, ...added.orders].filter(
    (o) => at(harness, o) >= from && at(harness, o) < to && only(o),
  );
}

const cents = (n: number) => Math.round(n * 100);
function sums(orders: SeedOrder[]) {
  const total = (key: "totalPrice" | "totalCommissionAmount" | "totalPayoutAmount") =>
    orders.reduce((s, o) => s + cents(o[key]), 0) / 100;
  return {
    quantity: orders.reduce((s, o) => s + o.quantity, 0),
    totalPrice: total("totalPrice"),
    totalCommission: total("totalCommissionAmount"),
    totalPayout: total("totalPayoutAmount"),
  };
}

/** Column index by the header's own title (the sheet's header is in the chat's language). */
const columnOf = (book: Book, title: string) => {
  const i = book.rows[0]!.findIndex((c) => c.v === title);
  if (i < 0) throw new Error(`no column ${title}: ${JSON.stringify(book.rows[0])}`);
  return i;
};

/** The file holds exactly `expected`, one row each, right dates and statuses, stored totals. */
function expectOrders(harness: Harness, book: Book, lang: Lang, expected: SeedOrder[]) {
  const header = book.rows[0]!;
  const body = book.rows.slice(1, -1);
  const totals = book.rows.at(-1)!;
  expect(book.title).toBe(TEXTS[lang].sheet);
  expect(book.freeze).toBe("A2");
  expect(Object.values(book.widths).filter((w) => (w ?? 0) > 10).length).toBeGreaterThan(10);
  expect(header.length).toBe(19);
  expect(header.map((c) => c.v)).toContain(TEXTS[lang].created);
  // the header bold on its fill, the totals bold
  expect(header.every((c) => c.b && c.fill === "FFE8EEF7")).toBe(true);
  expect(body.every((r) => r.every((c) => !c.b && c.fill === null))).toBe(true);
  expect(totals.every((c) => c.b)).toBe(true);

  const id = columnOf(book, lang === "ru" ? "ID заказа" : "Тапсырыс ID");
  const created = columnOf(book, TEXTS[lang].created);
  const status = columnOf(book, lang === "ru" ? "Статус" : "Күйі");
  expect(body.map((r) => r[id]!.v).sort()).toEqual(expected.map((o) => o.orderId).sort());
  for (const row of body) {
    const order = expected.find((o) => o.orderId === row[id]!.v)!;
    // Almaty wall-clock time of the order's true instant, whatever form its createdDate had
    const local = new Date(at(harness, order) + ALMATY).toISOString().slice(0, 19);
    expect(row[created]!.v, order.createdDate).toBe(local);
    expect(row[created]!.f).toMatch(/dd\.mm\.yyyy/);
    expect(row[status]!.v, order.statusKey).toBe(statusName(lang, order));
  }

  const money = [
    lang === "ru" ? "Сумма, ₸" : "Сомасы, ₸",
    lang === "ru" ? "Комиссия всего, ₸" : "Барлық комиссия, ₸",
    lang === "ru" ? "К выплате всего, ₸" : "Барлығы төленеді, ₸",
  ].map((title) => columnOf(book, title));
  const quantity = columnOf(book, lang === "ru" ? "Количество" : "Саны");
  for (const row of [...body, totals]) {
    for (const c of money) {
      expect(typeof row[c]!.v).toBe("number");
      expect(row[c]!.f).toContain("₸");
    }
  }
  const want = sums(expected);
  expect(totals[0]!.v).toBe(TEXTS[lang].totals);
  // stored values: data_only reads only what the file holds, never computes
  expect(totals[quantity]!.v).toBe(want.quantity);
  expect(cents(totals[money[0]!]!.v as number)).toBe(cents(want.totalPrice));
  expect(cents(totals[money[1]!]!.v as number)).toBe(cents(want.totalCommission));
  expect(cents(totals[money[2]!]!.v as number)).toBe(cents(want.totalPayout));
}

const listRequests = (harness: Harness) =>
  harness.api.requestsTo(ORDERS).map((r) => r.body as Record<string, unknown>);

describe("the period of an orders export", () => {
  it("reads a day or a range typed with a hyphen, an en or em dash, spaced or not", () => {
    const week = { from: almatyMidnight("2026-11-01"), to: almatyMidnight("2026-11-15") };
    for (const text of [
      "01.11.2026–14.11.2026",
      "01.11.2026 - 14.11.2026",
      "1.11.2026-14.11.2026",
      " 01.11.2026 — 14.11.2026 ",
    ]) {
      expect(parseTypedPeriod(text, "Asia/Almaty"), text).toMatchObject({ ok: true, period: week });
    }
    expect(parseTypedPeriod("14.11.2026", "Asia/Almaty")).toMatchObject({
      ok: true,
      period: { from: almatyMidnight("2026-11-14"), to: almatyMidnight("2026-11-15") },
    });
    for (const text of [
      "",
      "14.11",
      "2026-11-14",
      "29.02.2026",
      "14.13.2026",
      "01.11.2026 по 14.11.2026",
    ]) {
      expect(parseTypedPeriod(text, "Asia/Almaty"), text).toEqual({
        ok: false,
        reason: "unreadable",
      });
    }
    expect(parseTypedPeriod("14.11.2026–01.11.2026", "Asia/Almaty")).toMatchObject({
      ok: false,
      reason: "reversed",
    });
  });

  it("counts today and the last days in TIME_ZONE, not in UTC", () => {
    // 2026-11-20 01:00 in Almaty is still the 19th in UTC
    const now = almatyMidnight("2026-11-20") + HOUR;
    expect(presetPeriod(1, now, "Asia/Almaty")).toMatchObject({
      from: almatyMidnight("2026-11-20"),
      to: almatyMidnight("2026-11-21"),
    });
    expect(presetPeriod(7, now, "Asia/Almaty").from).toBe(almatyMidnight("2026-11-14"));
    expect(presetPeriod(30, now, "Asia/Almaty").firstDay).toBe("2026-10-22");
  });
});

describe("a date in a sheet", () => {
  /** The wall clock of an instant in a zone, from Intl field by field, to the millisecond. */
  const reference = (ms: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const utc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
    return utc + get("second") * 1000 + (((ms % 1000) + 1000) % 1000);
  };

  it("is the zone's wall clock at every instant, across summer time and odd offsets", () => {
    const zones = [
      "Asia/Almaty",
      "Europe/Berlin",
      "America/St_Johns",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
    ];
    const clocks = new Map(zones.map((z) => [z, zoneWallClock(z)]));
    // 2025 to 2027, and the minutes around Berlin's and Lord Howe's changes of 2026.
    const instant = fc.oneof(
      fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
      fc.integer({ min: Date.UTC(2026, 2, 29, 0, 30), max: Date.UTC(2026, 2, 29, 1, 30) }),
      fc.integer({ min: Date.UTC(2026, 3, 4, 14, 30), max: Date.UTC(2026, 3, 4, 15, 30) }),
    );
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (ms, zone) => {
        expect(clocks.get(zone)!(ms).getTime()).toBe(reference(ms, zone));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("orders to Excel", () => {
  it.each(["ru", "kk"] as const)(
    "a 7-day export holds every order of the period and no other, with stored totals (%s)",
    async (lang) => {
      const { h, user } = await startLinked(lang);
      const menu = await openMenu(user, lang);
      expect(menu.buttons.flat()).toEqual(
        expect.arrayContaining([TEXTS[lang].today, TEXTS[lang].week, TEXTS[lang].typed]),
      );
      h.api.clearRequests();
      const { book, doc, progress } = await exportFile(user, lang, menu, TEXTS[lang].week);
      const after = user.botMessages().filter((m) => m.messageId > menu.messageId);
      // one progress message (edited to its last word) and the file
      expect(after.map((m) => Boolean(m.document))).toEqual([false, true]);

      const expected = ordersBetween(h, almatyMidnight("2026-11-14"), almatyMidnight("2026-11-21"));
      expect(expected.length).toBeGreaterThan(5);
      // the seed holds orders older than the week: they stay out
      expect(h.api.seed.orders.length).toBeGreaterThan(expected.length);
      expectOrders(h, book, lang, expected);
      expect(doc.document!.fileName).toBe("orders_2026-11-14_2026-11-20.xlsx");
      expect(doc.document!.caption).toContain("14.11.2026–20.11.2026");
      expect(doc.document!.caption).toContain("Asia/Almaty");
      expect(progress.text).toContain(`${expected.length}`);
      for (const body of listRequests(h)) {
        expect(body).toMatchObject({ pageSize: 100, sortBy: "createdDate", sortDirection: "desc" });
      }
    },
  );

  it("exports the list's search only (ru)", async () => {
    const { h, user } = await startLinked("ru");
    const menu = await openMenu(user, "ru", "Смартфон");
    expect(menu.text).toContain("Поиск: «Смартфон»");
    h.api.clearRequests();
    const { book } = await exportFile(user, "ru", menu, "30 дней");
    for (const body of listRequests(h))
      expect(body).toMatchObject({ filters: { search: "Смартфон" } });
    const expected = ordersBetween(
      h,
      almatyMidnight("2026-10-22"),
      almatyMidnight("2026-11-21"),
      (o) => o.productName.toLowerCase().includes("смартфон"),
    );
    expect(expected.length).toBeGreaterThan(0);
    expectOrders(h, book, "ru", expected);
  });

  it("takes typed dates, and explains unreadable or reversed ones (kk)", async () => {
    const { h, user } = await startLinked("kk");
    const menu = await openMenu(user, "kk");
    let before = user.lastBotMessage()!.messageId;
    await user.pressButton(TEXTS.kk.typed, { messageId: menu.messageId });
    const ask = await user.waitForBotMessage("14.11.2026", { after: before });
    expect(ask.text).toContain("Asia/Almaty");

    for (const [typed, answer] of [
      ["вчера", TEXTS.kk.unreadable],
      ["31.02.2026", TEXTS.kk.unreadable],
      ["20.11.2026–14.11.2026", TEXTS.kk.reversed],
    ] as const) {
      const reply = await say(user, typed);
      expect(reply.text, typed).toContain(answer);
    }
    expect(documents(user)).toHaveLength(0);
    expect(h.api.requestsTo(ORDERS).length).toBeGreaterThan(0);
    h.api.clearRequests();

    before = user.lastBotMessage()!.messageId;
    await user.sendText("14.11.2026 - 20.11.2026");
    const { book } = await fileAfter(user, "kk", before);
    expectOrders(
      h,
      book,
      "kk",
      ordersBetween(h, almatyMidnight("2026-11-14"), almatyMidnight("2026-11-21")),
    );
  });

  it("takes one typed day (ru), and the conversation ends with it", async () => {
    const { h, user } = await startLinked("ru");
    const menu = await openMenu(user, "ru");
    // /cancel leaves the question: dates typed then are not taken
    let before = user.lastBotMessage()!.messageId;
    await user.pressButton("Свои даты", { messageId: menu.messageId });
    await user.waitForBotMessage("01.11.2026–14.11.2026", { after: before });
    expect((await send(user, "/cancel")).text).toBe("Отменено.");
    expect((await say(user, "18.11.2026")).text).not.toContain("Выгружаю");
    before = user.lastBotMessage()!.messageId;
    await user.pressButton("Свои даты", { messageId: menu.messageId });
    await user.waitForBotMessage("01.11.2026–14.11.2026", { after: before });
    const day = "2026-11-18";
    const expected = ordersBetween(h, almatyMidnight(day), almatyMidnight(day) + DAY);
    expect(expected.length).toBeGreaterThan(0);
    const typedAt = user.lastBotMessage()!.messageId;
    await user.sendText("18.11.2026");
    const { book, doc } = await fileAfter(user, "ru", typedAt);
    expectOrders(h, book, "ru", expected);
    expect(doc.document!.caption).toContain("Заказы за 18.11.2026");
    // the next text is not taken for dates any more
    const next = await say(user, "18.11.2026");
    expect(next.text).not.toContain("Не получилось прочитать");
    expect(documents(user)).toHaveLength(1);
  });

  it.each(["ru", "kk"] as const)(
    "says so when the period has no orders, and sends no file (%s)",
    async (lang) => {
      // five days after the newest order: "today" is empty
      const { user } = await startLinked(lang, runningClock(NOW + 5 * DAY));
      const menu = await openMenu(user, lang);
      const before = user.lastBotMessage()!.messageId;
      await user.pressButton(TEXTS[lang].today, { messageId: menu.messageId });
      const { text } = await progressAfter(user, before, TEXTS[lang].empty);
      expect(text).toContain("25.11.2026");
      expect(documents(user)).toHaveLength(0);
    },
  );

  it("pages through several pages with one progress message, and stops at the period's start", async () => {
    const clock = runningClock(NOW);
    const { h, user } = await startLinked("ru", clock);
    // 230 more orders within the last two days: the week spans three pages of 100
    addOrders(h, 230, 12 * 60_000);
    // and 200 older than the week: pages the export must never ask for
    addOrders(h, 200, 60 * 60_000, 8 * DAY);
    const menu = await openMenu(user, "ru");
    h.api.clearRequests();
    const progressTexts: string[] = [];
    // every page takes "three seconds": each one is worth a progress edit
    let listed = 0;
    const arrived: number[] = [];
    h.api.setLatency((path) => {
      if (path.startsWith(ORDERS)) {
        const progress = user.botMessages().find((m) => m.text.includes("Выгружаю заказы"));
        if (progress) progressTexts.push(progress.text);
        clock.set(clock.now() + 3000);
        // three orders arrive while page 2 is asked for: page 2 now starts with the end of page 1
        if (++listed === 2) {
          for (let i = 0; i < 3; i++) arrived.push(h.api.addOrder({ at: NOW - 1000 }).orderId);
        }
      }
      return 0;
    });
    const { book, progress } = await exportFile(user, "ru", menu, "7 дней");
    // the arrivals came after page 1 was read: the file holds the rest, each line once
    const expected = ordersBetween(h, almatyMidnight("2026-11-14"), almatyMidnight("2026-11-21"));
    expect(expected.length).toBeGreaterThan(200);
    expect(arrived).toHaveLength(3);
    expectOrders(h, book, "ru", expected);

    const pages = listRequests(h).map((b) => b.pageNumber);
    const needed = Math.ceil((expected.length + 1) / 100);
    expect(pages).toEqual(Array.from({ length: needed }, (_, i) => i + 1));
    const total = h.api.seed.orders.length + added.orders.length;
    expect(Math.ceil(total / 100)).toBeGreaterThan(needed + 1);
    expect(progressTexts.some((t) => t.includes("Прочитано страниц: 1"))).toBe(true);
    expect(progressTexts.some((t) => t.includes("Прочитано страниц: 2"))).toBe(true);
    expect(progress.edited).toBeGreaterThanOrEqual(needed);
    const after = user.botMessages().filter((m) => m.messageId > menu.messageId);
    expect(after.map((m) => Boolean(m.document))).toEqual([false, true]);
  });

  it.each(["ru", "kk"] as const)(
    "a Seller API failure mid-way gets the usual error and no partial file (%s)",
    async (lang) => {
      const { h, user } = await startLinked(lang);
      addOrders(h, 150, 10 * 60_000);
      const menu = await openMenu(user, lang);
      h.api.failNext(
        (r) => r.path.startsWith(ORDERS) && (r.body as { pageNumber?: number })?.pageNumber === 2,
        "503",
        100,
      );
      const before = user.lastBotMessage()!.messageId;
      await user.pressButton(TEXTS[lang].week, { messageId: menu.messageId });
      const { text } = await progressAfter(user, before, TEXTS[lang].stopped, 15_000);
      expect(text).toContain(TEXTS[lang].unavailable);
      expect(documents(user)).toHaveLength(0);
      // the next export goes through once the service is back
      h.api.clearFailures();
      const again = await exportFile(user, lang, menu, TEXTS[lang].week);
      expect(again.book.rows.length).toBeGreaterThan(150);
    },
  );
});
