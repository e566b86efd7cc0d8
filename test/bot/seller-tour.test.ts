import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney } from "../../src/text/index.js";
import { inspectWithOpenpyxl } from "../support/catalog.js";
import { runningClock, type TestClock, testClock } from "../support/clock.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { apiFieldNames, dataWords, scan } from "../support/seller-words.js";

// A seller's tour, in Russian and in Kazakh, as a shop owner on a phone takes it: link the chat,
// press each button of the main menu by its label, type an order number, a barcode, a product
// id, a word and nonsense, open a card and change one price from it, send a small file that the
// Seller API refuses one product of, get a stock alert and open its product, ask /money. Every
// text and button the bot shows on the way is read for a programmer's words
// (test/support/seller-words.ts), and every action is counted in the new messages it takes.

const FIELDS = apiFieldNames();
const DATA = dataWords();
const SLOW = { timeoutMs: 20_000 };
/** The app's clock: 20:00 in Almaty, two hours after the sandbox's newest order. */
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
/** The alerts' clock: 11:00 in Almaty, hours before the day's digest. */
const MORNING = Date.UTC(2026, 10, 20, 6, 0, 0);
const MINUTE = 60_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const TEXTS = {
  ru: {
    answers: [
      /^Заказы · стр\. 1/,
      /^Товары · стр\. 1/,
      /^💰 Деньги за /,
      /^💰 Деньги\. За какой/,
      /^Выгрузка в Excel/,
      /^⚙️ Уведомления/,
    ],
    order: "Заказ №",
    products: /^Товары · /,
    nothing: "Ничего не нашёл по запросу «абракадабра»",
    changePrice: "💰 Изменить цену",
    asked: /Новая цена для SKU/,
    apply: "✅ Применить (1)",
    editSummary: /^«.*»: итоги/,
    done: /обработал все товары/,
    offer: /Импортировать товары без ошибок или отменить/,
    importButton: /без ошибок \(2\)/,
    summary: /^Импорт «.*»: итоги/,
    brand: "такого бренда нет",
    alert: "Остаток на исходе",
    cardOf: "ID товара:",
    week: "7 дней",
    wholeCatalog: "📦 Весь каталог (.xlsx)",
    titles: ["ID товара", "Цена, ₸", "Штрихкод", "активен"],
    moneyDone: "По статусам",
  },
  kk: {
    answers: [
      /^Тапсырыстар · /,
      /^Тауарлар · /,
      /^💰 .* кезеңінің ақшасы$/m,
      /^💰 Ақша\. Қай кезеңді/,
      /^Excel-ге шығару/,
      /^⚙️ Осы чаттың/,
    ],
    order: "Тапсырыс №",
    products: /^Тауарлар · /,
    nothing: "«абракадабра» бойынша ештеңе",
    changePrice: "💰 Бағаны өзгерту",
    asked: /үшін жаңа баға/,
    apply: "✅ Қолдану (1)",
    editSummary: /^«.*»: қорытынды/,
    done: /барлық тауарды өңдеді/,
    offer: /Қатесіз тауарларды импорттаймыз ба/,
    importButton: /Қатесіздерін импорттау \(2\)/,
    summary: /^«.*» импорты: қорытынды/,
    brand: "мұндай бренд жоқ",
    alert: "Қалдық азайды",
    cardOf: "Тауар ID:",
    week: "7 күн",
    wholeCatalog: "📦 Бүкіл каталог (.xlsx)",
    titles: ["Тауар ID", "Баға, ₸", "Штрихкод", "белсенді"],
    moneyDone: "Мәртебелер бойынша",
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

/** One action of the tour: what the chat held before it and how many new messages it may add. */
interface Step {
  name: string;
  after: number;
  most: number;
}

/** The tour's bookkeeping: actions, then each action's new messages counted at the end. */
function tour(user: UserDriver) {
  const steps: Step[] = [];
  const lastId = () => user.messages().at(-1)?.messageId ?? 0;
  return {
    step(name: string, most: number): number {
      const after = lastId();
      steps.push({ name, after, most });
      return after;
    },
    /** Types a text (a menu button sends its label as text): one answer. */
    async type(text: string, answer: RegExp | string = /./): Promise<ChatMessageView> {
      const after = this.step(`typed «${text}»`, 1);
      await user.sendText(text);
      return user.waitForBotMessage(answer, { after, ...SLOW });
    },
    /** [action, new messages, most allowed] of every step, counted up to the next step. */
    counts(): [string, number, number][] {
      const bot = user.botMessages();
      return steps.map((s, i) => {
        const until = steps[i + 1]?.after ?? Number.POSITIVE_INFINITY;
        const added = bot.filter((m) => m.messageId > s.after && m.messageId <= until).length;
        return [s.name, added, s.most];
      });
    },
  };
}

/** Every word the chat shows from the bot: texts, inline buttons, the menu's buttons. */
function sellerWordFindings(user: UserDriver, locale: Locale): string[] {
  return user
    .botMessages()
    .flatMap((m) =>
      [m.text, ...m.buttons.flat(), ...(m.replyKeyboard ?? []).flat()].flatMap((text) =>
        scan(text, { locale, fields: FIELDS, dataWords: DATA, dataTexts: ["товары.csv"] }).map(
          (f) => `#${m.messageId} ${f.kind}: ${f.match} — in «${text.slice(0, 80)}»`,
        ),
      ),
    );
}

/** The Bot API methods whose texts, captions, toasts and buttons a seller reads. */
const SHOWN = [
  "sendMessage",
  "editMessageText",
  "sendDocument",
  "sendPhoto",
  "editMessageCaption",
  "editMessageReplyMarkup",
  "answerCallbackQuery",
];

/**
 * Every text the bot ever showed, from the emulator's log of calls: also the states a message
 * was edited through (progress) and the toasts of presses, which the chat's last view has lost.
 */
function everyTextShown(harness: Harness): string[] {
  const texts: string[] = [];
  for (const method of SHOWN) {
    for (const call of harness.tg.callsOf(method).filter((c) => c.ok)) {
      const { text, caption, reply_markup } = call.params as Record<string, unknown>;
      for (const t of [text, caption]) if (typeof t === "string") texts.push(t);
      const markup = (typeof reply_markup === "string" ? JSON.parse(reply_markup) : reply_markup) as
        | { inline_keyboard?: unknown[][]; keyboard?: unknown[][] }
        | undefined;
      for (const row of [...(markup?.inline_keyboard ?? []), ...(markup?.keyboard ?? [])])
        for (const button of row)
          texts.push(typeof button === "string" ? button : (button as { text: string }).text);
    }
  }
  return texts;
}

/** What every phase of the tour works with. */
interface Walk {
  h: Harness;
  user: UserDriver;
  locale: Locale;
  T: (typeof TEXTS)[Locale];
  t: ReturnType<typeof tour>;
}

/** Link, each button of the main menu pressed (it sends its label), the whole catalog exported. */
async function menuAndExport({ h, user, T, t, locale }: Walk) {
  await linkUser(h, user);
  const menu = user.botMessages().at(-1)!.replyKeyboard;
  expect(menu, user.dump()).toBeDefined();
  const labels = menu!.flat();
  expect(labels).toHaveLength(T.answers.length);
  const answers: ChatMessageView[] = [];
  for (const [i, label] of labels.entries()) answers.push(await t.type(label, T.answers[i]!));

  // The whole catalog from the Excel menu: its progress message and the file.
  const after = t.step("pressed «whole catalog»", 2);
  await user.pressButton(T.wholeCatalog, { messageId: answers[4]!.messageId });
  const isFile = (m: ChatMessageView) =>
    m.messageId > after && m.document?.fileName.endsWith(".xlsx") === true;
  await user.waitFor((all) => all.some(isFile), SLOW);
  await expectWorkbookInWords(user.botMessages().find(isFile)!.document!.content, locale, T);
}

/**
 * The workbook's visible sheets as a spreadsheet program reads them: every text cell in the
 * seller's words (titles, statuses, the instruction sheet); products' own names are the shop's.
 */
async function expectWorkbookInWords(file: Buffer, locale: Locale, T: Walk["T"]) {
  const cells = (await inspectWithOpenpyxl(
    file,
    `print(json.dumps([[ws.title, c.value] for ws in wb.worksheets if ws.sheet_state == "visible"
      for row in ws.iter_rows() for c in row if isinstance(c.value, str)]))`,
  )) as [string, string][];
  expect(cells.length).toBeGreaterThan(100);
  const texts = cells.map(([, text]) => text);
  for (const title of T.titles) expect(texts, title).toContain(title);
  const found = cells.flatMap(([sheet, text]) =>
    scan(text, { locale, fields: FIELDS, dataWords: DATA }).map(
      (f) => `${sheet}: ${f.kind}: ${f.match} — in «${text.slice(0, 80)}»`,
    ),
  );
  expect(found).toEqual([]);
}

/** Typed: an order number, a barcode, a product id, a word, nonsense. */
async function typedSearches({ h, T, t }: Walk) {
  const api = h.api;
  const order = api.seed.orders[5]!;
  expect((await t.type(order.orderNumber)).text).toContain(`${T.order} ${order.orderNumber}`);
  const sold = api.products.find((p) =>
    api.seed.orders.some((o) => o.barcode === p.skus.at(-1)!.skuBarcode),
  )!;
  expect((await t.type(sold.skus.at(-1)!.skuBarcode)).text).toContain(`${sold.productId}`);
  const named = api.products.find((p) => p.productId === 10002)!;
  expect((await t.type("10002")).text).toContain(named.name.rus.slice(0, 20));
  expect((await t.type("кабель")).text).toMatch(T.products);
  expect((await t.type("абракадабра")).text).toContain(T.nothing);
}

/** A card opened by its id, and one price changed from it, confirmed. */
async function priceFromCard({ h, user, locale, T, t }: Walk) {
  const card = await t.type("10001", "10001");
  const sku = h.api.products.find((p) => p.productId === 10001)!.skus[0]!;
  let after = t.step("pressed «change price»", 1);
  await user.pressButton(T.changePrice, { messageId: card.messageId });
  await user.waitForBotMessage(T.asked, { after });
  const newPrice = sku.price + 1000;
  const confirm = await t.type(String(newPrice), formatMoney(newPrice, locale));
  after = t.step("pressed «apply» (the price)", 2);
  await user.pressButton(T.apply, { messageId: confirm.messageId });
  await user.waitForBotMessage(T.editSummary, { after, ...SLOW });
  await user.waitFor((all) => all.some((m) => m.messageId > after && T.done.test(m.text)), SLOW);
  expect(h.api.products.find((p) => p.productId === 10001)!.skus[0]!.price).toBe(newPrice);
}

/** A small file: one row with a problem, one product the Seller API refuses; its summary. */
async function fileWithRefusal({ user, T, t }: Walk) {
  const after = t.step("sent a file, to its summary", 3);
  await user.sendDocument({ fileName: "товары.csv", content: `\ufeff${CSV}\r\n` });
  const offer = await user.waitForBotMessage(T.offer, { after, ...SLOW });
  await user.pressButton(T.importButton, { messageId: offer.messageId });
  const summary = await user.waitForBotMessage(T.summary, { after: offer.messageId, ...SLOW });
  expect(summary.text).toContain(T.brand);
  await user.waitFor(
    (all) => all.some((m) => m.messageId > offer.messageId && T.done.test(m.text)),
    SLOW,
  );
}

/** A stock alert (rounds driven with the alerts' clock) and its product's card. */
async function stockAlert({ h, user, T, t }: Walk, alerts: TestClock) {
  const low = h.api.products[3]!;
  h.api.setStock(low.productId, { stock: 20 });
  await h.app.alerts.runAll(); // the first round notes the levels
  let after = t.step("a stock alert", 1);
  h.api.setStock(low.productId, { stock: 4 });
  alerts.advance(5 * MINUTE);
  await h.app.alerts.runAll();
  const alert = await user.waitForBotMessage(T.alert, { after, ...SLOW });
  expect(alert.buttons.flat().length).toBeGreaterThanOrEqual(2);
  after = t.step("pressed the alert's card button", 1);
  await user.pressButton(alert.buttons[0]![0]!, { messageId: alert.messageId });
  await user.waitForBotMessage(`${T.cardOf} ${low.productId}`, { after, ...SLOW });
}

/** /money and a period: its answer replaces the question. */
async function money({ user, T, t }: Walk) {
  const after = t.step("/money", 1);
  await user.sendCommand("/money");
  const question = await user.waitForBotMessage(/./, { after, ...SLOW });
  t.step("pressed a period of /money", 0);
  await user.pressButton(T.week, { messageId: question.messageId });
  await user.waitFor(
    (all) => all.some((m) => m.messageId === question.messageId && m.text.includes(T.moneyDone)),
    SLOW,
  );
}

/** Every word the bot showed on the way, ever, is the seller's; each action took its messages. */
function expectTheSellersTour({ h, user, locale, t }: Walk) {
  expect(sellerWordFindings(user, locale), user.dump()).toEqual([]);
  const shown = everyTextShown(h);
  expect(shown.length).toBeGreaterThan(user.botMessages().length);
  const everFound = shown.flatMap((text) =>
    scan(text, { locale, fields: FIELDS, dataWords: DATA, dataTexts: ["товары.csv"] }).map(
      (f) => `${f.kind}: ${f.match} — in «${text.slice(0, 100)}»`,
    ),
  );
  expect(everFound).toEqual([]);
  // No progress that says nothing («0 из 0» before the total is known).
  expect(shown.filter((text) => /(?<!\d)0 (из|тауардың) 0(?!\d)/.test(text))).toEqual([]);
  expect(shown.join("\n")).not.toMatch(/следующем сообщении|келесі хабарлама/);
  const counts = t.counts();
  const over = counts.filter(([, added, most]) => added > most || (added === 0 && most > 0));
  expect(over, `${JSON.stringify(counts)}\n${user.dump()}`).toEqual([]);
}

describe.each(["ru", "kk"] as const)("a seller's tour (%s)", (locale) => {
  it("every word is the seller's and every action takes the messages it should", async () => {
    const alerts = testClock(MORNING);
    h = await startInProcess({
      redis: true,
      clock: runningClock(NOW),
      alertsClock: alerts,
      sandbox: { jobSteps: 2 },
    });
    const user = h.tg.user({ languageCode: locale });
    const walk: Walk = { h, user, locale, T: TEXTS[locale], t: tour(user) };
    await menuAndExport(walk);
    await typedSearches(walk);
    await priceFromCard(walk);
    await fileWithRefusal(walk);
    await stockAlert(walk, alerts);
    await money(walk);
    expectTheSellersTour(walk);
  }, 120_000);
});
