/**
 * The spreadsheet flows at the size of a real shop (the sandbox's large shop: 5,000 products,
 * 20,000 SKUs, 100,000 order lines over a year): the catalog exported, edited by openpyxl, sent
 * back, applied and undone; the orders of 30 days to Excel; and other chats answered while a
 * long export runs. One sandbox for the file (its seed is made once); each test starts its bot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type RequestLogEntry,
  SEED_BASE_DATE_MS,
  type SeedOrder,
  type SeedProduct,
  type SellerSandbox,
  startSellerSandbox,
} from "../../doubles/seller-api/index.js";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { importPosts, waitForDocument, withXlsxFile } from "../support/catalog.js";
import { send } from "../support/chat.js";
import { runningClock } from "../support/clock.js";
import {
  type Harness,
  type HarnessOptions,
  LARGE_SHOP_ENV,
  linkUser,
  startInProcess,
} from "../support/harness.js";
import { editCellsWithOpenpyxl } from "../support/openpyxl-cells.js";
import { runWithOpenpyxl } from "../support/python.js";

const ORDERS = "/api/seller/v1/orders/list";
const DETAILS = "/api/seller/v1/products/details";
const HOUR = 3600_000;
/** Asia/Almaty (TIME_ZONE's default) is UTC+05:00 all year. */
const ALMATY = 5 * HOUR;
/** 20.11.2026 20:00 in Almaty: two hours after the shop's newest order. */
const NOW = SEED_BASE_DATE_MS + 2 * HOUR;
/** Nets for work on 5,000 products, CPU-bound here: minutes when the machine is loaded. */
const SLOW = { timeoutMs: 240_000 };

let api: SellerSandbox;
beforeAll(async () => {
  api = await startSellerSandbox({ shop: "large" });
});
afterAll(() => api.stop());

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  // A test that ended early leaves no refusal armed for the next one.
  api.clearFailures();
});

let clock = runningClock(NOW);
async function start(options: HarnessOptions = {}) {
  clock = runningClock(NOW);
  h = await startInProcess({ api, clock, env: LARGE_SHOP_ENV, ...options });
  return h;
}

/**
 * Holds the request `match` picks, moves the clock 5 s on (past the progress message's 3 s
 * between edits) and lets it go: an edit midway comes however fast the machine reads.
 */
async function stepClockAt(user: UserDriver, match: (r: RequestLogEntry) => boolean) {
  let matched = false;
  const held = api.holdNext((r) => {
    if (matched || !match(r)) return false;
    matched = true;
    return true;
  });
  await user.waitFor(() => matched, SLOW);
  clock.set(clock.now() + 5_000);
  held.release();
}

async function linked(harness: Harness, lang: "ru" | "kk" = "ru") {
  const user = harness.tg.user({ languageCode: lang });
  await linkUser(harness, user);
  return user;
}

/** The live catalog's cards without what is not part of a card (status, stock, sales). */
const cards = () =>
  structuredClone(api.products as SeedProduct[]).map(
    ({ moderationStatus, productStatus, totalWmsQuantity, salesCount, photoUrl, ...card }) => ({
      ...card,
      // Kazakh descriptions are in no read view: an edit cannot carry them.
      description: { rus: card.description.rus },
    }),
  );

const EXPORT_MENU = {
  ru: { title: /Выгрузка в Excel/, whole: /Весь каталог \(\.xlsx\)/ },
  kk: { title: /Excel-ге шығару/, whole: /Бүкіл каталог \(\.xlsx\)/ },
};

/**
 * The products whose cards differ between two lists of the same products in the same order
 * (compared as JSON: a deep equality of 5,000 cards by the test runner takes seconds).
 */
function differing(actual: ReturnType<typeof cards>, expected: ReturnType<typeof cards>) {
  const ids = actual.map((p) => p.productId);
  expect(ids).toEqual(expected.map((p) => p.productId));
  return actual.filter((p, i) => canonical(p) !== canonical(expected[i])).map((p) => p.productId);
}

/** JSON with every object's keys sorted: equal values, equal text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** `/export` → the whole catalog (.xlsx): the file's bytes, and the menu it came from. */
async function exportCatalog(user: UserDriver, lang: "ru" | "kk" = "ru") {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand("/export");
  const menu = await user.waitForBotMessage(EXPORT_MENU[lang].title, { after: before });
  await user.pressButton(EXPORT_MENU[lang].whole, { messageId: menu.messageId });
  const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId, SLOW.timeoutMs);
  return { bytes: doc.document!.content, menu };
}

type Sent = { productId: number; skus: { skuId: number; price: number }[]; name: { rus: string } };
const sentIn = (posts: RequestLogEntry[]) =>
  posts.flatMap((r) => (r.body as { products: Sent[] }).products);

// ------------------------------------------------------------------ orders to Excel

/** The file's rows with openpyxl (read-only: values as stored, nothing computed). */
async function readOrdersBook(content: Buffer) {
  const program = `
import sys, json, openpyxl
wb = openpyxl.load_workbook(sys.argv[1], read_only=True, data_only=True)
ws = wb.worksheets[0]
print(json.dumps([list(r) for r in ws.iter_rows(values_only=True)], default=str))
`;
  return withXlsxFile(content, async (file) =>
    JSON.parse(await runWithOpenpyxl(program, [file])),
  ) as Promise<(string | number | null)[][]>;
}

const cents = (n: number) => Math.round(n * 100);
const at = (o: SeedOrder) => api.seed.orderCreatedAt[o.orderId]!;
/** Midnight in Almaty that starts the local date `2026-10-22`. */
const almatyMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`) - ALMATY;

async function openOrdersExport(user: UserDriver): Promise<ChatMessageView> {
  const list = await send(user, "/orders");
  const before = user.lastBotMessage()!.messageId;
  await user.pressButton("Выгрузить в Excel", { messageId: list.messageId });
  return user.waitForBotMessage(/Excel/, { after: before });
}

describe("the orders of a real shop to Excel", () => {
  it("30 days: every line of the period once, totals equal to the lines' sums, the year not paged", async () => {
    const harness = await start();
    const user = await linked(harness);
    const menu = await openOrdersExport(user);
    api.clearRequests();
    const midway = stepClockAt(
      user,
      (r) => r.path === ORDERS && (r.body as { pageNumber?: number }).pageNumber === 40,
    );
    await user.pressButton("30 дней", { messageId: menu.messageId });
    await midway;
    const doc = await waitForDocument(user, /^orders_.*\.xlsx$/, menu.messageId, SLOW.timeoutMs);
    const progress = () =>
      user.botMessages().find((m) => m.messageId > menu.messageId && !m.document)!;
    await user.waitFor(() => progress().text.includes("Готово"), SLOW);

    const from = almatyMidnight("2026-10-22");
    const expected = api.seed.orders.filter((o) => at(o) >= from && at(o) < NOW);
    expect(expected.length).toBeGreaterThan(8000);
    const rows = await readOrdersBook(doc.document!.content);
    const header = rows[0]!;
    const body = rows.slice(1, -1);
    const totals = rows.at(-1)!;
    const column = (title: string) => header.indexOf(title);
    const id = column("ID заказа");
    expect(body.map((r) => r[id]).sort()).toEqual(expected.map((o) => o.orderId).sort());
    const sum = (key: "totalPrice" | "totalCommissionAmount" | "totalPayoutAmount") =>
      expected.reduce((s, o) => s + cents(o[key]), 0);
    expect(totals[column("Количество")]).toBe(expected.reduce((s, o) => s + o.quantity, 0));
    expect(cents(totals[column("Сумма, ₸")] as number)).toBe(sum("totalPrice"));
    expect(cents(totals[column("Комиссия всего, ₸")] as number)).toBe(sum("totalCommissionAmount"));
    expect(cents(totals[column("К выплате всего, ₸")] as number)).toBe(sum("totalPayoutAmount"));
    const returned = column("Возвращено");
    expect(body.reduce((s, r) => s + (r[returned] as number), 0)).toBe(
      expected.reduce((s, o) => s + o.quantityReturned, 0),
    );

    // Pages of 100 down to the first line older than the period: not the year's 1,000.
    const pages = api.requestsTo(ORDERS).map((r) => (r.body as { pageNumber: number }).pageNumber);
    expect(pages).toEqual(
      Array.from({ length: Math.ceil((expected.length + 1) / 100) }, (_, i) => i + 1),
    );
    // One progress message, edited as the pages came, then the file.
    const said = user.botMessages().filter((m) => m.messageId > menu.messageId);
    expect(said.map((m) => Boolean(m.document))).toEqual([false, true]);
    expect(progress().edited).toBeGreaterThan(1);
  }, 600_000);
});

describe("a long export does not hold other chats", () => {
  it("while one chat's 30-day orders export and another's catalog export are held mid-way, a third chat's /orders, /products and a card are answered (kk)", async () => {
    // A held request waits while the third chat is answered: on a loaded machine that took
    // past 10 s, and past 60 with two checks side by side, and the export ended before it was
    // released. The longest timeout the bot takes.
    const harness = await start({ env: { SELLER_API_TIMEOUT_MS: "120000" } });
    const [orders, catalog, other] = [
      await linked(harness),
      await linked(harness),
      await linked(harness, "kk"),
    ];
    const exportPage = (r: RequestLogEntry) =>
      r.path === ORDERS && (r.body as { pageSize?: number }).pageSize === 100;
    const detailsBatch = (r: RequestLogEntry) =>
      r.path === DETAILS && (r.body as { productIds: number[] }).productIds.length > 1;
    // The orders export's third page and the catalog export's fifth details batch wait.
    const ordersHeld = api.holdNext(
      (r) => exportPage(r) && (r.body as { pageNumber: number }).pageNumber === 3,
    );
    let batches = 0;
    const catalogHeld = api.holdNext((r) => detailsBatch(r) && ++batches === 5);
    const held = (path: string) => api.requestsTo(path).filter((r) => r.status === 0);

    const menu = await openOrdersExport(orders);
    await orders.pressButton("30 дней", { messageId: menu.messageId });
    const exportMenu = await send(catalog, "/export");
    await catalog.pressButton(EXPORT_MENU.ru.whole, { messageId: exportMenu.messageId });
    await other.waitFor(() => held(ORDERS).length === 1 && held(DETAILS).length === 1, SLOW);
    const progress = () => orders.botMessages().find((m) => m.messageId > menu.messageId)!;
    expect(progress().text).toContain("Выгружаю заказы");

    const list = await send(other, "/orders");
    expect(list.text).toContain("Тапсырыстар");
    const products = await send(other, "/products");
    expect(products.text).toContain("Тауарлар");
    const product = api.products[4321]!;
    const card = await send(other, `/products ${product.productId}`);
    expect(card.text).toContain(product.name.kaz || product.name.rus);
    // All three answered while both exports still wait on their held requests.
    expect(held(ORDERS)).toHaveLength(1);
    expect(held(DETAILS)).toHaveLength(1);
    expect(orders.botMessages().some((m) => m.document)).toBe(false);
    expect(catalog.botMessages().some((m) => m.document)).toBe(false);

    // The exports end where they were held (the service refuses them from now on): the rest of
    // their reading would only cost the test's time.
    api.failNext(exportPage, "401", 100);
    api.failNext(detailsBatch, "401", 1000);
    ordersHeld.release();
    catalogHeld.release();
    await orders.waitFor(() => /Выгрузка остановлена/.test(progress().text), SLOW);
    // Refused, or (the held request outlived the bot's longest timeout on a loaded machine)
    // not answered: either way the export ended with a word and no file.
    await catalog.waitForBotMessage(/не смог авторизоваться|не отвечает/, {
      ...SLOW,
      after: exportMenu.messageId,
    });
    api.clearFailures();
  }, 600_000);
});

// The heaviest last: were it to pass its time on a loaded machine, its work left running could
// not disturb a test after it in this file.
describe("the catalog of a real shop, round trip", () => {
  it("exports 20,000 SKUs, an openpyxl edit comes back as exactly its changes, applies only those products whole, and undo restores them (ru)", async () => {
    const harness = await start();
    const user = await linked(harness);
    let batches = 0;
    const midway = stepClockAt(
      user,
      (r) =>
        r.path === DETAILS &&
        (r.body as { productIds: number[] }).productIds.length > 1 &&
        ++batches === 10,
    );
    const { bytes, menu } = await exportCatalog(user);
    await midway;
    // One progress message, edited as the 5,000 cards were read, then its last word.
    const progress = () =>
      user.botMessages().find((m) => m.messageId > menu.messageId && !m.document)!;
    await user.waitFor(
      () => /Выгружено товаров: 5\s?000, строк SKU: 20\s?000/.test(progress().text),
      SLOW,
    );
    expect(progress().edited).toBeGreaterThan(1);
    const before = cards();
    // The first row, one in the middle and the last: prices, and a name in the middle.
    const sorted = [...before].sort((a, b) => a.productId - b.productId);
    const first = sorted[0]!;
    const middle = sorted[2500]!;
    const last = sorted.at(-1)!;
    const edited = await editCellsWithOpenpyxl(bytes, {
      [first.skus[0]!.skuId]: { price: "+100" },
      [middle.skus.at(-1)!.skuId]: { price: "+250", "name.rus": `${middle.name.rus} (новинка)` },
      [last.skus.at(-1)!.skuId]: { price: "+1" },
    });
    expect(edited.rows).toHaveLength(3);

    api.clearRequests();
    const sentAt = user.lastBotMessage()!.messageId;
    await user.sendDocument({ fileName: "каталог.xlsx", content: edited.bytes });
    const preview = await user.waitForBotMessage(/Что изменится/, { ...SLOW, after: sentAt });
    expect(preview.text, user.dump()).toContain("Изменятся товаров: 3, SKU: 3.");
    expect(preview.text).toContain("Цены: выше — 3, ниже — 0.");
    expect(preview.text).toContain("Названия: 1.");
    expect(preview.text).toMatch(/Строк без изменений \(пропущены\): 19\s?997\./);
    expect(preview.text).not.toMatch(/Конфликт|Рискованн|нет служебного листа/);
    expect(importPosts(api)).toHaveLength(0);

    await user.pressButton(/Применить \(4\)/, { messageId: preview.messageId });
    await user.waitForBotMessage(/^«каталог\.xlsx»: итоги/, {
      ...SLOW,
      after: preview.messageId,
    });
    await user.waitFor(() => api.jobs.length >= 1, SLOW);
    // Only the edited products, each whole: every SKU with its id, the changes in them.
    const applied = sentIn(importPosts(api));
    expect(applied.map((p) => p.productId).sort()).toEqual(
      [first.productId, middle.productId, last.productId].sort(),
    );
    for (const p of applied) {
      const live = before.find((c) => c.productId === p.productId)!;
      expect(p.skus.map((s) => s.skuId)).toEqual(live.skus.map((s) => s.skuId));
    }
    const expected = structuredClone(before);
    const at = (id: number) => expected.find((p) => p.productId === id)!;
    at(first.productId).skus[0]!.price += 100;
    at(middle.productId).skus.at(-1)!.price += 250;
    at(middle.productId).name.rus = `${middle.name.rus} (новинка)`;
    at(last.productId).skus.at(-1)!.price += 1;
    expect(differing(cards(), expected)).toEqual([]);

    const summary = await user.waitForBotMessage(/^«каталог\.xlsx»: итоги/, SLOW);
    await user.waitFor(() => summary.buttons.flat().includes("↩️ Отменить изменения"), SLOW);
    await user.pressButton("↩️ Отменить изменения", { messageId: summary.messageId });
    await user.waitForBotText(/Возвращаю прежние значения: 3/, SLOW);
    await user.waitFor(() => api.jobs.length >= 2, SLOW);
    const undone = sentIn(importPosts(api).slice(1));
    expect(undone.map((p) => p.productId).sort()).toEqual(applied.map((p) => p.productId).sort());
    expect(differing(cards(), before)).toEqual([]);
  }, 900_000);
});
