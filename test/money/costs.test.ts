/**
 * Cost prices end to end: the export's cost column edited by openpyxl and sent back, a list of
 * barcodes and costs, the preview, apply (nothing of a cost goes to the Seller API), the profit
 * in /money computed apart from the sandbox's lines, undo; the loss alert once per crossing.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../doubles/seller-api/index.js";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney, formatNumber } from "../../src/text/format.js";
import { editWithOpenpyxl, exportWholeCatalog, importPosts } from "../support/catalog.js";
import { runningClock, type TestClock, testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { cents, groupBy, isSale, linesBetween, returnedOf } from "../support/money.js";
import { openBook, table, tiynOf } from "../support/money-book.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 2026-11-20 20:00 in Almaty. */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const SHOP = { days: 70, linesPerDay: 30, endMs: NOW - HOUR / 2 };
const SLOW = { timeoutMs: 60_000 };
type Lang = "ru" | "kk";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const at = (harness: Harness) => (o: SeedOrder) => harness.api.seed.orderCreatedAt[o.orderId]!;
const october = (harness: Harness) =>
  linesBetween(harness.api.seed.orders, at(harness), "2026-10-01", "2026-10-31").filter(isSale);

/** The barcodes sold most in `lines`, most first. */
const bestSelling = (lines: SeedOrder[]) =>
  [...groupBy(lines, (o) => o.barcode)].sort((a, b) => b[1].length - a[1].length).map(([b]) => b);

/** The profit of `lines` by the rule, computed apart: over the lines whose SKU has a cost. */
function profitOf(lines: SeedOrder[], costs: Record<string, number>) {
  let profit = 0;
  let withCost = 0;
  for (const o of lines) {
    const cost = costs[o.barcode];
    if (cost === undefined) continue;
    profit += cents(o.totalPayoutAmount) - cost * (o.quantity - returnedOf(o));
    withCost++;
  }
  const without = lines.filter((o) => costs[o.barcode] === undefined);
  const products = new Set(without.map((o) => o.barcode)).size;
  return { profit, withCost, without: without.length, products };
}

/** Russian plural of a count: one, few, many. */
const ruPlural = (n: number, one: string, few: string, many: string) => {
  const rule = new Intl.PluralRules("ru").select(n);
  return rule === "one" ? one : rule === "few" ? few : many;
};

/** Where a SKU of the sandbox's catalog is, by its barcode. */
function skuOf(harness: Harness, barcode: string) {
  const product = harness.api.products.find((p) => p.skus.some((s) => s.skuBarcode === barcode))!;
  const sku = product.skus.find((s) => s.skuBarcode === barcode)!;
  return { productId: product.productId, skuId: sku.skuId, price: sku.price };
}

/** /money, "last month", and the answer once it is whole. */
async function lastMonth(user: UserDriver, lang: Lang): Promise<string> {
  return (await lastMonthAnswer(user, lang)).text;
}

/** The answer's message (its Excel button under it). */
async function lastMonthAnswer(user: UserDriver, lang: Lang): Promise<ChatMessageView> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand("/money");
  const asked = lang === "ru" ? "За какой период" : "Қай кезеңді";
  const menu = await user.waitForBotMessage(asked, { ...SLOW, after: before });
  const edits = menu.edited;
  await user.pressButton(lang === "ru" ? "Прошлый месяц" : "Өткен ай", {
    messageId: menu.messageId,
  });
  const done = lang === "ru" ? "По статусам" : "Мәртебелер бойынша";
  const answer = () => user.messages().find((m) => m.messageId === menu.messageId)!;
  await user.waitFor(() => answer().edited > edits && answer().text.includes(done), SLOW);
  return answer();
}

/** The answer's workbook: its Excel button pressed, the file's bytes. */
async function answerBook(user: UserDriver, answer: ChatMessageView): Promise<Buffer> {
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton(/^📊 Excel/, { messageId: answer.messageId });
  const file = () => user.botMessages().find((m) => m.messageId > before && m.document);
  await user.waitFor(() => file() !== undefined, SLOW);
  return file()!.document!.content;
}

/** A file sent to the bot, and its preview (the message with the apply buttons). */
async function sendFile(user: UserDriver, fileName: string, content: Buffer, title: RegExp) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName, content });
  return user.waitForBotMessage(title, { ...SLOW, after: before });
}

/** A list of barcodes and costs as a CSV (`;`, UTF-8 with BOM, decimal comma). */
const costCsv = (titles: [string, string], rows: [string, string][]) =>
  Buffer.from(`\uFEFF${[titles, ...rows].map((r) => r.join(";")).join("\r\n")}\r\n`, "utf8");

/** Presses the preview's apply button and waits for the message with the undo button. */
async function apply(user: UserDriver, preview: ChatMessageView, label: string) {
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton(label, { messageId: preview.messageId });
  const find = () =>
    user
      .botMessages()
      .find((m) => m.messageId > before && m.buttons.flat().some((b) => b.startsWith("↩️")));
  await user.waitFor(() => find() !== undefined, SLOW);
  return find()!;
}

describe("cost prices from the catalog export (ru)", () => {
  it("edited by openpyxl: cost changes previewed apart, kept without a Seller API edit, profit in /money, undone", async () => {
    h = await startInProcess({
      redis: true,
      clock: runningClock(NOW),
      sandbox: { moneyShop: SHOP },
    });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const sold = october(h);
    const [b1, b2, ...rest] = bestSelling(sold);
    const p1 = skuOf(h, b1!);
    const p2 = skuOf(h, b2!);
    // A product of neither barcode: its price changes (a real card change); another's cost is bad.
    const others = h.api.products.filter((p) => ![p1, p2].some((x) => x.productId === p.productId));
    const priced = others[0]!;
    const badRow = others[1]!;
    expect(rest.length).toBeGreaterThan(0);

    const file = await exportWholeCatalog(user, "ru");
    const costs = { [b1!]: 123_450, [b2!]: 99_900 }; // tiyn: 1 234,50 ₸ and 999 ₸
    const edited = await editWithOpenpyxl(
      file,
      `
c = col("Себестоимость, ₸"); bc = col("barcode"); p = col("price"); s = col("skuId"); pid = col("productId")
assert all(r[c] is None for r in rows)
for r in rows:
    if r[bc] == "${b1}": r[c] = 1234.5
    if r[bc] == "${b2}": r[c] = 999
    if r[s] == ${priced.skus[0]!.skuId}: r[p] = r[p] + 10
    if r[s] == ${badRow.skus[0]!.skuId}: r[c] = "-5"
`,
    );
    h.api.clearRequests();
    const preview = await sendFile(user, "каталог.xlsx", edited, /Что изменится по файлу/);
    const text = preview.text;
    expect(text, user.dump()).toContain("Себестоимость: 2 SKU");
    expect(text).toContain("в кабинет продавца не отправляется");
    expect(text).toContain(`штрихкод ${b1}`);
    expect(text).toContain(`нет → ${formatMoney(1234.5, "ru")}`);
    expect(text).toContain(`нет → ${formatMoney(999, "ru")}`);
    expect(text).toMatch(
      /строка \d+ · Себестоимость, ₸: «-5» — себестоимость не может быть меньше нуля/,
    );
    expect(text).toContain("Цены: выше — 1, ниже — 0.");
    expect(preview.buttons.flat()).toContain("✅ Применить (3)");

    // Cards and costs: the summary (with the undo button) says the costs were kept too.
    const applied = await apply(user, preview, "✅ Применить (3)");
    expect(applied.text).toContain("Себестоимость сохранена в боте: 2 SKU");
    expect(applied.text).toContain("Товары: ✅ успешно 1");
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    // The one card sent is the one whose price changed: no cost reached the Seller API.
    const sent = importPosts(h.api).map((r) => r.body as { products: { productId: number }[] });
    expect(sent.flatMap((b) => b.products.map((p) => p.productId))).toEqual([priced.productId]);
    expect(JSON.stringify(sent)).not.toMatch(/cost|1234\.5/i);

    const answerMessage = await lastMonthAnswer(user, "ru");
    const answer = answerMessage.text;
    const expected = profitOf(sold, costs);
    expect(expected.withCost).toBeGreaterThan(5);
    const profitLine = answer.split("\n").find((l) => l.startsWith("Прибыль:"))!;
    expect(profitLine, answer).toContain(formatMoney(expected.profit / 100, "ru"));
    expect(profitLine).toContain(
      `по ${expected.withCost} ${ruPlural(expected.withCost, "позиции", "позициям", "позициям")}`,
    );
    expect(answer).toContain(
      `Без себестоимости: ${formatNumber(expected.without, "ru")} ${ruPlural(expected.without, "проданная позиция", "проданные позиции", "проданных позиций")} (${expected.products} ${ruPlural(expected.products, "товар", "товара", "товаров")})`,
    );

    // The workbook: each product's cost and profit, the summary's profit, read by openpyxl.
    const book = await openBook(await answerBook(user, answerMessage));
    const products = table(book, "Товары");
    const rowOf = (barcode: string) => products.rows.find((r) => r[0]![0] === barcode)!;
    for (const [barcode, cost] of Object.entries(costs)) {
      const row = rowOf(barcode);
      expect(tiynOf(row[products.col("Себестоимость за шт., ₸")])).toBe(cost);
      const own = profitOf(
        sold.filter((o) => o.barcode === barcode),
        costs,
      );
      expect(tiynOf(row[products.col("Прибыль, ₸")])).toBe(own.profit);
    }
    expect(rowOf(rest[0]!)[products.col("Прибыль, ₸")]![0]).toBeNull();
    const summary = table(book, "Итоги");
    const cell = (label: string) => summary.row(label).find((c, i) => i > 0 && c[0] !== null);
    expect(tiynOf(cell("Прибыль, ₸ (товары с себестоимостью)"))).toBe(expected.profit);
    expect(cell("Проданных позиций без себестоимости")![0]).toBe(expected.without);

    // A new export carries the costs kept.
    const again = await exportWholeCatalog(user, "ru");
    const { inspectWithOpenpyxl } = await import("../support/catalog.js");
    const shown = await inspectWithOpenpyxl(
      again,
      `ws = wb.worksheets[0]
h = [c.value for c in ws[1]]
out = {}
for r in ws.iter_rows(min_row=2, values_only=True):
    if r[h.index("Себестоимость, ₸")] is not None: out[r[h.index("Штрихкод")]] = r[h.index("Себестоимость, ₸")]
print(json.dumps(out))`,
    );
    expect(shown).toEqual({ [b1!]: 1234.5, [b2!]: 999 });

    // That export sent back with one cost emptied: its removal previewed (the other, left as
    // exported, is no change); cancelled, nothing changes.
    const emptied = await editWithOpenpyxl(
      again,
      `
c = col("Себестоимость, ₸"); bc = col("barcode")
for r in rows:
    if r[bc] == "${b2}": r[c] = None
`,
    );
    const removal = await sendFile(user, "каталог-2.xlsx", emptied, /Что изменится по файлу/);
    expect(removal.text).toContain("Себестоимость: 1 SKU");
    expect(removal.text).toContain("удалена: 1");
    expect(removal.text).toContain(`штрихкод ${b2}`);
    expect(removal.text).toContain(`${formatMoney(999, "ru")} → нет`);
    expect(removal.text).not.toContain(`штрихкод ${b1}`);
    expect(removal.text).toContain("Карточки не меняются");
    await user.pressButton("✖️ Отмена", { messageId: removal.messageId });
    await user.waitForBotMessage("Ничего не отправлено.", SLOW);

    // Undo: the price back (one more card), the costs gone.
    await user.pressButton("↩️ Отменить изменения", { messageId: applied.messageId });
    // The undo's status (edited on by the sending) and its summary both say what came back.
    await user.waitForBotText(/Себестоимость: возвращена прежняя у 2 SKU/, SLOW);
    await user.waitForBotText(/Возвращаю прежние значения: 1/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(skuOf(h, priced.skus[0]!.skuBarcode).price).toBe(priced.skus[0]!.price);
    expect(await lastMonth(user, "ru")).toContain("Прибыль не посчитана");
  }, 90_000);
});

describe("a list of barcodes and costs (kk)", () => {
  it("CSV: unknown barcodes and bad costs named, applied with nothing sent to the Seller API, profit in Kazakh, undone", async () => {
    h = await startInProcess({
      redis: true,
      clock: runningClock(NOW),
      sandbox: { moneyShop: SHOP },
    });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const sold = october(h);
    const [b1, b2] = bestSelling(sold);
    const csv = costCsv(
      ["Штрихкод", "Өзіндік құны"],
      [
        [b1!, "1500,5"],
        ["4870000999999", "100"],
        [b2!, "abc"],
      ],
    );
    h.api.clearRequests();
    const preview = await sendFile(user, "өзіндік.csv", csv, /файлы бойынша өзіндік құн/);
    expect(preview.text, user.dump()).toContain("Өзіндік құны: 1 SKU");
    expect(preview.text).toContain(`штрихкод ${b1}`);
    expect(preview.text).toContain(
      "3 жол · Штрихкод: «4870000999999» штрихкоды каталогтағы бірде-бір SKU-да жоқ",
    );
    expect(preview.text).toContain("4 жол · Өзіндік құны, ₸: «abc» — сан емес");
    await apply(user, preview, "✅ Қолдану (1)");
    // Nothing but reads: no import, no edit of any kind.
    expect(h.api.requests.filter((r) => r.method === "POST" && r.path.includes("import"))).toEqual(
      [],
    );
    expect(importPosts(h.api)).toHaveLength(0);

    const answer = await lastMonth(user, "kk");
    const expected = profitOf(sold, { [b1!]: 150_050 });
    const line = answer.split("\n").find((l) => l.startsWith("Пайда:"))!;
    expect(line, answer).toContain(formatMoney(expected.profit / 100, "kk"));
    expect(line).toContain(`өзіндік құны бар ${expected.withCost} позиция`);
    expect(answer).toContain(
      `Өзіндік құны жоқ: ${formatNumber(expected.without, "kk")} сатылған позиция`,
    );

    // A second list empties the cost (an empty cell removes it), then undo puts it back.
    const cleared = await sendFile(
      user,
      "өзіндік-2.csv",
      costCsv(["barcode", "cost"], [[b1!, ""]]),
      /файлы бойынша өзіндік құн/,
    );
    expect(cleared.text).toContain(`${formatMoney(1500.5, "kk")} → жоқ`);
    const removed = await apply(user, cleared, "✅ Қолдану (1)");
    expect(await lastMonth(user, "kk")).toContain("Пайда есептелмеді");
    await user.pressButton("↩️ Өзгерістерді болдырмау", { messageId: removed.messageId });
    await user.waitForBotMessage(/бұрынғысы қайтарылды/, SLOW);
    expect((await lastMonth(user, "kk")).split("\n").find((l) => l.startsWith("Пайда:"))).toContain(
      formatMoney(expected.profit / 100, "kk"),
    );
    expect(importPosts(h.api)).toHaveLength(0);
  }, 90_000);
});

describe("the loss alert", () => {
  /** Rounds every `step` for `total`, as the scheduler would run them. */
  async function runFor(harness: Harness, clock: TestClock, total: number, step: number) {
    for (let t = 0; t < total; t += step) {
      clock.advance(step);
      await harness.app.alerts.runAll();
    }
  }

  it("names a product selling at a loss once, not again while it stays there, again after it recovered (ru, kk)", async () => {
    const clock = testClock(NOW);
    h = await startInProcess({ redis: true, alertsClock: clock, sandbox: { moneyShop: SHOP } });
    const ru = h.tg.user({ languageCode: "ru" });
    const kk = h.tg.user({ languageCode: "kk" });
    const off = h.tg.user({ languageCode: "ru" });
    for (const user of [ru, kk, off]) await linkUser(h, user);
    await h.app.alerts.runAll();
    // One chat took money alerts off; the Kazakh one holds alerts from 20:00 to 22:00.
    const store = h.app.alerts.store;
    const offSettings = (await store.chat({ chatId: off.id }))!;
    await store.saveChat({ ...offSettings, enabled: { ...offSettings.enabled, money: false } });
    const kkSettings = (await store.chat({ chatId: kk.id }))!;
    await store.saveChat({
      ...kkSettings,
      quietFrom: 20 * 60,
      quietTo: 22 * 60,
      quietMode: "hold",
    });
    const window = linesBetween(h.api.seed.orders, at(h), "2026-10-22", "2026-11-20").filter(
      isSale,
    );
    const [barcode] = bestSelling(window);
    const setCost = async (cost: string) => {
      const file = costCsv(["Штрихкод", "Себестоимость"], [[barcode!, cost]]);
      const preview = await sendFile(ru, "c.csv", file, /Себестоимость по файлу/);
      await apply(ru, preview, "✅ Применить (1)");
    };
    const told = (user: UserDriver, words: string) =>
      user.botMessages().filter((m) => m.text.includes(words));
    // Far above what the product pays out per unit: a loss.
    await setCost("1000000");
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);
    const loss = told(ru, "Продаётся в убыток");
    expect(loss, ru.dump()).toHaveLength(1);
    expect(loss[0]!.text).toContain(`штрихкод ${barcode}`);
    const expected = profitOf(window, { [barcode!]: 100_000_000 });
    expect(loss[0]!.text).toContain(`убыток ${formatMoney(-expected.profit / 100, "ru")}`);
    // Held in the Kazakh chat's quiet hours (20:31 now), and never in the chat that took it off.
    expect(told(kk, "Шығынмен сатылып жатыр")).toHaveLength(0);

    await runFor(h, clock, 3 * HOUR, 31 * MINUTE);
    expect(told(ru, "Продаётся в убыток")).toHaveLength(1);
    const kkLoss = told(kk, "Шығынмен сатылып жатыр");
    expect(kkLoss, kk.dump()).toHaveLength(1);
    expect(kkLoss[0]!.text).toContain(`шығын ${formatMoney(-expected.profit / 100, "kk")}`);
    // Recovered (no loss at a cost of 0), then at a loss again: told once more.
    await setCost("0");
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);
    expect(told(ru, "Продаётся в убыток")).toHaveLength(1);
    await setCost("1000000");
    await runFor(h, clock, 31 * MINUTE, 31 * MINUTE);
    expect(told(ru, "Продаётся в убыток")).toHaveLength(2);
    expect(told(kk, "Шығынмен сатылып жатыр")).toHaveLength(2);
    expect(told(off, "убыток")).toHaveLength(0);
  }, 90_000);
});

describe("a list of barcodes and costs, as read", () => {
  /** An .xlsx written by openpyxl with `rows` (the header first) on its one sheet. */
  async function xlsxOf(rows: (string | number | null)[][]): Promise<Buffer> {
    const { mkdtempSync, readFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { runWithOpenpyxl } = await import("../support/python.js");
    const dir = mkdtempSync(join(tmpdir(), "costs-"));
    try {
      const file = join(dir, "costs.xlsx");
      await runWithOpenpyxl(
        `import sys, json, openpyxl
wb = openpyxl.Workbook(); ws = wb.active
for r in json.loads(sys.argv[2]): ws.append(r)
ws["A2"].number_format = "@"
wb.save(sys.argv[1])`,
        [file, JSON.stringify(rows)],
      );
      return readFileSync(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("takes titles in Russian, Kazakh and English, in XLSX and CSV; other columns are left alone", async () => {
    const { parseImportFile } = await import("../../src/import/read/index.js");
    const read = async (bytes: Buffer, fileName: string) => {
      const r = await parseImportFile({ bytes, fileName }, { vatRates: [0, 12] });
      if (!r.ok) throw new Error(r.reason);
      return r.costs?.rows.map(({ row, barcode, cost, issues }) => ({
        row,
        barcode,
        cost,
        issues: issues.map((i) => i.code),
      }));
    };
    const kk = await xlsxOf([
      ["Штрихкод", "Атауы", "Өзіндік құны, ₸"],
      ["0004600000001", "Телефон", 1234.5],
      ["4870000020002", "Кабель", 0],
      ["4870000020019", null, -3],
    ]);
    expect(await read(kk, "өзіндік.xlsx")).toEqual([
      { row: 2, barcode: "0004600000001", cost: "1234.5", issues: [] },
      { row: 3, barcode: "4870000020002", cost: "0", issues: [] },
      { row: 4, barcode: "4870000020019", cost: undefined, issues: ["cost-negative"] },
    ]);
    const en = await xlsxOf([
      ["barcode", "cost"],
      ["4870000020002", 99.999],
    ]);
    expect(await read(en, "costs.xlsx")).toEqual([
      { row: 2, barcode: "4870000020002", cost: undefined, issues: ["cost-decimals"] },
    ]);
    const ru = costCsv(["Штрихкод", "Себестоимость, ₸"], [["4870000020002", "1 200,50"]]);
    expect(await read(ru, "себестоимость.csv")).toEqual([
      { row: 2, barcode: "4870000020002", cost: "1200.5", issues: [] },
    ]);
  });
});
