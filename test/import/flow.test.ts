import { afterEach, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../doubles/seller-api/index.js";
import { FILE_REJECTIONS, ISSUE_CODES } from "../../src/import/types.js";
import type { ImportProduct } from "../../src/seller-api/index.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { sharedParsedRead } from "../support/shared.js";

/** The reading workers this vitest worker's files share (warm after the first file). */
const readImportFile = sharedParsedRead();

const IMPORT_PATH = "/api/seller/v1/products/import";
const SLOW = { timeoutMs: 60_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** A valid product of the API's import request: leaf category 101, brand 504. */
function product(i: number, extra: Record<string, unknown> = {}) {
  return {
    categoryId: 101,
    brandId: 504,
    name: { rus: `Кабель USB-C №${i}`, kaz: `USB-C кабелі №${i}` },
    description: { rus: "Кабель для зарядки, 1 м" },
    vat: 12,
    skus: [{ price: 1000 + i, barcode: `48700${String(i).padStart(8, "0")}` }],
    ...extra,
  };
}

/** The import POSTs the sandbox received (not the watcher's `import/info` reads). */
const importPosts = () =>
  h!.api.requestsTo(IMPORT_PATH).filter((r) => r.method === "POST" && r.path === IMPORT_PATH);

const productsOf = (entry: RequestLogEntry) =>
  (entry.body as { products: { name: { rus: string }; skus: { price: number }[] }[] }).products;

async function linkedUser(languageCode: "ru" | "kk") {
  const user = h!.tg.user({ languageCode });
  await linkUser(h!, user);
  return user;
}

/** The confirmation every file gets before anything is sent; pressed "Import N products". */
async function confirmImport(
  user: Awaited<ReturnType<typeof linkedUser>>,
  locale: "ru" | "kk" = "ru",
) {
  const offer = await user.waitForBotMessage(
    locale === "ru" ? /Импортировать товары \(\d+\)\?/ : /Тауарларды \(\d+\) импорттаймыз ба/,
    SLOW,
  );
  expect(importPosts()).toHaveLength(0);
  await user.pressButton(locale === "ru" ? /Импортировать товары/ : /Тауарларды импорттау/, {
    messageId: offer.messageId,
  });
  return offer;
}

/** A CSV as Excel writes it in a Russian locale: `;`, CRLF. */
const csv = (rows: string[][]) => rows.map((r) => r.join(";")).join("\r\n");
const HEADER = ["productKey", "categoryId", "brandId", "name.rus", "description.rus", "vat"];
const SKU_HEADER = ["price", "barcode"];

/** Rows 2..6: rows 3 (no name.rus) and 4 (price not a number) are invalid. */
const MIXED_CSV = csv([
  [...HEADER, ...SKU_HEADER],
  ["", "101", "504", "Кабель 1", "Описание", "12", "1990", "4870000000011"],
  ["", "101", "504", "", "Описание", "12", "1990", "4870000000028"],
  ["", "101", "504", "Кабель 3", "Описание", "12", "abc", "4870000000035"],
  ["", "101", "504", "Кабель 4", "Описание", "12", "2 490,50", "4870000000042"],
  ["", "101", "504", "Кабель 5", "Описание", "12", "990", "4870000000059"],
]);

describe("importing a document from the chat", () => {
  it("sends 65 valid products as 30 + 30 + 5 and says the import was accepted (ru)", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    const products = Array.from({ length: 65 }, (_, i) => product(i + 1));
    await user.sendDocument({
      fileName: "products.json",
      content: JSON.stringify({ products }),
      mimeType: "application/json",
    });

    // Asked first, even with every product valid: the first product as it will be sent.
    const offer = await confirmImport(user);
    expect(offer.text).toContain("Первый товар будет отправлен так");
    expect(offer.text).toContain("название: Кабель USB-C №1");
    expect(offer.text).toContain("цена: 1\u00a0001 ₸");
    expect(offer.text).toContain("штрихкод: 4870000000001");
    expect(offer.buttons.flat()).toEqual(["✅ Импортировать товары (65)", "✖️ Отмена"]);
    const accepted = await user.waitForBotText(/Импорт принят/, SLOW);
    expect(accepted.text).toContain("товаров — 65");
    expect(accepted.text).toContain("запросов — 3");
    expect(accepted.text).toContain("/jobs");

    const requests = importPosts();
    expect(requests.map((r) => productsOf(r).length).sort((a, b) => b - a)).toEqual([30, 30, 5]);
    // Every product went out exactly once, in file order within its request.
    const names = requests.flatMap((r) => productsOf(r).map((p) => p.name.rus));
    expect(new Set(names).size).toBe(65);
    // The status message of the reading became the offer; the sending has a message of its own
    // below it, edited as the requests went out.
    const reading = user.botMessages().find((m) => m.messageId === offer.messageId)!;
    expect(reading.edited, user.dump()).toBeGreaterThan(0);
    expect(reading.text).not.toMatch(/Читаю файл/);
    expect(accepted.messageId).toBeGreaterThan(offer.messageId);
  });

  it("takes a bare JSON array too, and answers in Kazakh (kk)", async () => {
    h = await startInProcess();
    const user = await linkedUser("kk");
    const products = Array.from({ length: 31 }, (_, i) => product(i + 1));
    await user.sendDocument({ fileName: "тауарлар.json", content: JSON.stringify(products) });
    const offer = await confirmImport(user, "kk");
    expect(offer.text).toContain("Бірінші тауар былай жіберіледі");
    expect(offer.text).toContain("бағасы: 1\u00a0001 ₸");
    expect(offer.buttons.flat()).toEqual(["✅ Тауарларды импорттау (31)", "✖️ Бас тарту"]);

    const accepted = await user.waitForBotText(/Импорт қабылданды/, SLOW);
    expect(accepted.text).toContain("тауарлар — 31");
    expect(accepted.text).toContain("сұраулар — 2");
    const sizes = importPosts().map((r) => productsOf(r).length);
    expect(sizes.sort((a, b) => b - a)).toEqual([30, 1]);
  });

  it("lists the rows with problems, then imports only the valid ones (ru)", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    await user.sendDocument({ fileName: "товары.csv", content: MIXED_CSV });

    const offer = await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    expect(offer.text).toContain("с ошибками: 2, без ошибок: 3");
    expect(offer.text).toMatch(
      /Строка 3 · Название \(рус\.\): обязательное поле не заполнено \(сейчас: пусто\)\. Заполните его/,
    );
    expect(offer.text).toMatch(/Строка 4 · Цена: «abc» — не число\. Впишите число/);
    expect(offer.buttons.flat()).toEqual(["✅ Импортировать без ошибок (3)", "✖️ Отмена"]);
    expect(importPosts()).toHaveLength(0);

    await user.pressButton(/Импортировать без ошибок/);
    const accepted = await user.waitForBotText(/Импорт принят/, SLOW);
    expect(accepted.text).toContain("товаров — 3");
    expect(accepted.text).toContain("Товары с ошибками (2) не отправлялись");

    const requests = importPosts();
    expect(requests).toHaveLength(1);
    const sent = productsOf(requests[0]!);
    expect(sent.map((p) => p.name.rus)).toEqual(["Кабель 1", "Кабель 4", "Кабель 5"]);
    expect(sent[1]!.skus[0]!.price).toBe(2490.5);
    // The buttons are gone once chosen.
    expect(user.botMessages().find((m) => m.messageId === offer.messageId)!.buttons).toEqual([]);
  });

  for (const [languageCode, texts] of [
    [
      "ru",
      {
        problems: /В файле есть ошибки/,
        photos: "ссылки на фото разделены",
        rub: "«1990 руб» — цена в рублях. Сервис принимает цены только в тенге",
      },
    ],
    [
      "kk",
      {
        problems: /Файлда қателер бар/,
        photos: "фото сілтемелері",
        rub: "«1990 руб» — баға рубльмен. Сервис бағаларды тек теңгемен қабылдайды",
      },
    ],
  ] as const) {
    it(`names photo links split by ';' and a price in rubles, and sends neither row (${languageCode})`, async () => {
      h = await startInProcess();
      const user = await linkedUser(languageCode);
      const file = csv([
        [...HEADER, ...SKU_HEADER, "photos"],
        [
          "",
          "101",
          "504",
          "Кабель 1",
          "Описание",
          "12",
          "1990",
          "4870000000011",
          "https://a.kz/1.jpg|https://a.kz/2.jpg",
        ],
        [
          "",
          "101",
          "504",
          "Кабель 2",
          "Описание",
          "12",
          "1990",
          "4870000000028",
          '"https://a.kz/3.jpg; https://a.kz/4.jpg"',
        ],
        ["", "101", "504", "Кабель 3", "Описание", "12", "1990 руб", "4870000000035", ""],
      ]);
      await user.sendDocument({ fileName: "товары.csv", content: file });
      const offer = await user.waitForBotMessage(texts.problems, SLOW);
      expect(offer.text).toMatch(new RegExp(`3(-жол)? · Фото: .*${texts.photos}`));
      expect(offer.text).toMatch(new RegExp(`4(-жол)? · (Цена|Баға): .*${texts.rub}`));
      await user.pressButton(languageCode === "ru" ? /Импортировать без ошибок/ : /импорттау/);
      await user.waitFor(() => importPosts().length === 1, SLOW);
      const sent = productsOf(importPosts()[0]!);
      expect(sent.map((p) => p.name.rus)).toEqual(["Кабель 1"]);
    });
  }

  it("sends nothing when the link was revoked before the seller chose to import", async () => {
    h = await startInProcess({ env: { LINK_STATUS_CACHE_SECONDS: "0" } });
    const user = await linkedUser("ru");
    await user.sendDocument({ fileName: "товары.csv", content: MIXED_CSV });
    await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    h.api.unlink(user.id);
    await user.pressButton(/Импортировать без ошибок/);
    await user.waitForBotMessage(/ещё не привязан/, SLOW);
    expect(importPosts()).toHaveLength(0);
  });

  it("sends nothing when the seller cancels (kk)", async () => {
    h = await startInProcess();
    const user = await linkedUser("kk");
    await user.sendDocument({ fileName: "products.csv", content: MIXED_CSV });

    const offer = await user.waitForBotMessage(/Файлда қателер бар/, SLOW);
    expect(offer.text).toMatch(
      /3-жол · Атауы \(орыс\.\): міндетті өріс толтырылмаған \(қазір: бос\)\. Оны толтырыңыз/,
    );
    expect(offer.text).toMatch(/4-жол · Баға: «abc» — сан емес\. Сан жазыңыз/);
    await user.pressButton("✖️ Бас тарту");
    await user.waitForBotMessage(/Импорт тоқтатылды/, SLOW);
    // A late press of the other button is answered, and still sends nothing.
    await user.sendCallback(offer.messageId, offer.buttonData[0]![0]!);
    await user.waitFor(() => user.callbackAnswers().some((a) => /өзекті емес/.test(a.text ?? "")));
    expect(importPosts()).toHaveLength(0);
  });

  it("lets /link replace a waiting offer, which then sends nothing", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    await user.sendDocument({ fileName: "товары.csv", content: MIXED_CSV });
    const offer = await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    await user.sendCommand("/link");
    await user.waitForBotMessage(/Пришлите токен/);
    await user.sendCommand("/cancel");
    await user.waitForBotMessage(/^Отменено/);
    await user.sendCallback(offer.messageId, offer.buttonData[0]![0]!);
    await user.waitFor(() => user.callbackAnswers().length > 0);
    expect(importPosts()).toHaveLength(0);
  });

  it("attaches a CSV report when the list of problems is long", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    const rows = [[...HEADER, ...SKU_HEADER]];
    rows.push(["", "101", "504", "Хороший", "Описание", "12", "100", "4870000000103"]);
    for (let i = 0; i < 20; i++) {
      rows.push([
        "",
        "101",
        "504",
        `Товар ${i}`,
        "Описание",
        "12",
        "-5",
        `48700000002${String(i).padStart(2, "0")}`,
      ]);
    }
    await user.sendDocument({ fileName: "big-list.csv", content: csv(rows) });

    const offer = await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    expect(offer.text).toMatch(/и ещё ошибок: 10/);
    const report = user.botMessages().find((m) => m.document)!.document!;
    expect(report.fileName).toBe("big-list-problems.csv");
    const text = report.content.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Строка;Поле;Проблема");
    expect(lines).toHaveLength(21);
    expect(lines[1]).toBe("3;Цена;«-5» — а нужно число больше нуля. Исправьте значение");
  });

  it("says so when nothing in the file is valid, and sends nothing", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    await user.sendDocument({
      fileName: "p.json",
      content: JSON.stringify([{ categoryId: 101, brandId: 504, name: { rus: "Без цены" } }]),
    });
    const answer = await user.waitForBotMessage(/Ни один товар/, SLOW);
    expect(answer.text).toMatch(/Товар № 1 · Описание/);
    expect(answer.text).toContain("/import");
    expect(answer.buttons).toEqual([]);
    expect(importPosts()).toHaveLength(0);
  });

  it("maps the API's field errors of a refused request back to positions (ru, JSON)", async () => {
    // The operator accepts 16 % VAT already; this sandbox still allows only 0 and 12.
    h = await startInProcess({ env: { IMPORT_VAT_RATES: "0,12,16" } });
    const user = await linkedUser("ru");
    const products = Array.from({ length: 35 }, (_, i) =>
      product(i + 1, i === 32 ? { vat: 16 } : {}),
    );
    await user.sendDocument({ fileName: "vat.json", content: JSON.stringify({ products }) });
    await confirmImport(user);

    const result = await user.waitForBotText(/Импорт принят/, SLOW);
    expect(result.text).toContain("товаров — 30");
    expect(result.text).toContain("запросов — 1");
    expect(result.text).toMatch(/Запрос 2\/2 \(товары № 31–35\) отклонён сервисом/);
    expect(result.text).toMatch(
      /Товар № 33 · НДС: сервис не принял значение\. Его ответ: «'Vat' must be 0 or 12/,
    );
    expect(importPosts()).toHaveLength(2);
  });

  it("maps a refused request's errors to CSV rows and columns (kk)", async () => {
    h = await startInProcess({ env: { IMPORT_VAT_RATES: "0,12,16" } });
    const user = await linkedUser("kk");
    const content = csv([
      [...HEADER, "skuId", ...SKU_HEADER],
      ["k1", "101", "504", "Кабель 1", "Описание", "16", "", "1990", "4870000000301"],
      ["k1", "", "", "", "", "", "", "2990", "4870000000302"],
    ]);
    await user.sendDocument({ fileName: "vat.csv", content });
    await confirmImport(user, "kk");
    const result = await user.waitForBotMessage(/сервис қабылдамады/, SLOW);
    expect(result.text).toMatch(/1\/1 сұрауды \(2–3-жол\) сервис қабылдамады/);
    expect(result.text).toMatch(
      /2–3-жол · ҚҚС: сервис мәнді қабылдамады\. Оның жауабы: «'Vat' must be 0 or 12/,
    );
    expect(result.text).not.toContain("Импорт қабылданды");
  });

  it("reports a request that timed out as maybe created and never sends it twice", async () => {
    h = await startInProcess({ env: { SELLER_API_TIMEOUT_MS: "300" } });
    const user = await linkedUser("ru");
    h.api.failNext(IMPORT_PATH, "hang");
    const products = Array.from({ length: 35 }, (_, i) => product(i + 1));
    await user.sendDocument({ fileName: "slow.json", content: JSON.stringify({ products }) });
    await confirmImport(user);

    const result = await user.waitForBotText(/могли всё же создаться/, SLOW);
    expect(result.text).toMatch(/Запрос \d\/2 \(товары № (1–30|31–35)\)/);
    expect(result.text).toContain("/products");
    // The result is told once every request has its outcome, so any retry would be in the log
    // by now: exactly one POST per request, the timed-out one was not retried.
    expect(importPosts()).toHaveLength(2);
  });

  it("says none was confirmed, not none accepted, when the only request went unanswered", async () => {
    h = await startInProcess({ env: { SELLER_API_TIMEOUT_MS: "300" } });
    const user = await linkedUser("ru");
    h.api.failNext(IMPORT_PATH, "hang");
    await user.sendDocument({ fileName: "one.json", content: JSON.stringify([product(1)]) });
    await confirmImport(user);
    const result = await user.waitForBotText(/могли всё же создаться/, SLOW);
    // Its first line agrees: the request may have gone through.
    const said = user.botMessages().map((m) => m.text);
    expect(result.text, user.dump()).toMatch(
      /^⚠️ Сервис не подтвердил ни одного запроса — подробности ниже\./,
    );
    expect(said.some((text) => text.includes("не принял ни одного"))).toBe(false);
    expect(result.text).toContain("Эти товары могли всё же создаться.");
  });

  it("sends as a steady pipeline: a request that hangs holds back none of the others", async () => {
    // The hang lasts 4 s: nine requests of 100 ms, three at a time, fit well inside it even on a
    // loaded CI (at 1.5 s they once did not).
    h = await startInProcess({ env: { SELLER_API_TIMEOUT_MS: "4000" } });
    const user = await linkedUser("ru");
    const products = Array.from({ length: 300 }, (_, i) => product(i + 1));
    await user.sendDocument({ fileName: "many.json", content: JSON.stringify({ products }) });
    await confirmImport(user);
    h.api.failNext(IMPORT_PATH, "hang");
    h.api.setLatency(100);
    await user.waitForBotText(/могли всё же создаться/, SLOW);
    const posts = importPosts();
    expect(posts).toHaveLength(10);
    // The other two workers went on at once: all nine were sent while the first one hung
    // (in waves, the requests after the first wave would wait for its timeout).
    const hung = posts.find((r) => r.status === 0)!;
    const others = posts.filter((r) => r !== hung);
    expect(others.every((r) => r.at < hung.at + 4000)).toBe(true);
    expect(Math.max(...others.map((r) => r.at)) - hung.at).toBeGreaterThanOrEqual(300);
  });

  it("reports a 500 of the import with its rows and the advice to check /products (kk)", async () => {
    h = await startInProcess();
    const user = await linkedUser("kk");
    h.api.failNext(IMPORT_PATH, "500");
    await user.sendDocument({
      fileName: "one.csv",
      content: MIXED_CSV.split("\r\n").slice(0, 2).join("\r\n"),
    });
    await confirmImport(user, "kk");
    const result = await user.waitForBotMessage(/бәрібір жасалған болуы мүмкін/, SLOW);
    expect(result.text).toMatch(/1\/1 сұрау \(2-жол\)/);
    expect(result.text).toContain("/products");
    expect(importPosts()).toHaveLength(1);
  });
});

/** Windows-1251 as Excel writes it: letters it cannot hold become `?`. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      const extra: Record<string, number> = { Ё: 0xa8, ё: 0xb8, І: 0xb2, і: 0xb3, "№": 0xb9 };
      return extra[ch] ?? 0x3f;
    }),
  );
}

describe("Excel's Windows-1251 CSV", () => {
  it("points at the rows whose Kazakh letters were lost and advises CSV UTF-8 or .xlsx", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    const content = cp1251(
      csv([
        [...HEADER, "name.kaz", ...SKU_HEADER],
        ["", "101", "504", "Кабель 1", "Описание", "12", "USB-C кабелі", "1990", "4870000000400"],
        ["", "101", "504", "Кабель 2", "Описание", "12", "Қуатты кабель", "1990", "4870000000401"],
      ]),
    );
    await user.sendDocument({ fileName: "excel.csv", content });
    const offer = await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    expect(offer.text).toMatch(
      /Строка 3 · Название \(каз\.\): в «\?уатты кабель» казахские буквы потеряны/,
    );
    expect(offer.text).toMatch(/В строках 3 .*Windows-1251/);
    expect(offer.text).toContain("CSV UTF-8");
    expect(offer.text).toContain(".xlsx");
    await user.pressButton(/Импортировать без ошибок \(1\)/);
    await user.waitForBotText(/Импорт принят/, SLOW);
    expect(productsOf(importPosts()[0]!).map((p) => p.name.rus)).toEqual(["Кабель 1"]);
  });
});

describe("two documents at once", () => {
  it("keeps each document's choice apart", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    await user.sendDocument({ fileName: "first.csv", content: MIXED_CSV });
    const first = await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
    await user.sendDocument({ fileName: "second.json", content: JSON.stringify([product(1)]) });
    await confirmImport(user);
    await user.waitForBotText(/Импорт принят/, SLOW);
    expect(importPosts()).toHaveLength(1);

    await user.pressButton(/Импортировать без ошибок/, { messageId: first.messageId });
    // Each document's status said so (edited on at once to its jobs' progress).
    await user.waitFor(
      (messages) =>
        messages.filter((m) => m.shown.some((text) => /Импорт принят/.test(text))).length === 2,
      SLOW,
    );
    const sent = importPosts().map((r) => productsOf(r).map((p) => p.name.rus));
    expect(sent).toEqual([["Кабель USB-C №1"], ["Кабель 1", "Кабель 4", "Кабель 5"]]);
  });
});

describe("files that are not a product list", () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it("answers a PNG, an empty file, a deep JSON, a spreadsheet of something else and a CSV bomb once each", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    const cases: [Parameters<typeof user.sendDocument>[0], RegExp][] = [
      [{ fileName: "photo.png", content: PNG }, /Файлы типа png я не читаю/],
      [{ fileName: "empty.csv", content: "" }, /Файл пустой/],
      [
        { fileName: "deep.json", content: `${"[".repeat(200_000)}${"]".repeat(200_000)}` },
        /повреждён или слишком глубоко вложен/,
      ],
      [
        { fileName: "staff.csv", content: "ФИО;Должность\r\nИванов;Кладовщик\r\n" },
        /не похоже на список товаров/,
      ],
      // A CSV bomb: a header and a million empty rows.
      [
        {
          fileName: "bomb.csv",
          content: `categoryId;brandId;name.rus;description.rus;price${"\r\n;;;;".repeat(1_000_000)}`,
        },
        /Файл пустой/,
      ],
    ];
    for (const [input, expected] of cases) {
      const before = user.botMessages().length;
      const sent = await user.sendDocument(input);
      const answer = await user.waitForBotMessage(expected, { ...SLOW, after: sent.message_id });
      expect(answer.text).toContain("/import");
      // One message per file: the status message became the answer.
      expect(user.botMessages()).toHaveLength(before + 1);
    }
    expect(importPosts()).toHaveLength(0);
  });

  it("refuses a file over 20 MB without downloading it (kk)", async () => {
    h = await startInProcess();
    const user = await linkedUser("kk");
    await user.sendDocument({
      fileName: "huge.csv",
      content: Buffer.alloc(21 * 1024 * 1024, 0x41),
    });
    const answer = await user.waitForBotMessage(/Файл тым үлкен/, SLOW);
    expect(answer.text).toContain("20 МБ");
    expect(answer.text).toContain("/import");
    expect(h.tg.callsOf("getFile")).toHaveLength(0);
    expect(importPosts()).toHaveLength(0);
  });

  it("gives an unlinked chat the linking instructions, downloads nothing", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendDocument({ fileName: "p.csv", content: MIXED_CSV });
    await user.waitForBotMessage(/не привязан/, SLOW);
    expect(h.tg.callsOf("getFile")).toHaveLength(0);
    expect(importPosts()).toHaveLength(0);
  });

  it("says the download failed when Telegram does not hand the file over", async () => {
    h = await startInProcess();
    const user = await linkedUser("ru");
    h.tg.failNext("getFile", { error_code: 400, description: "Bad Request: invalid file_id" });
    await user.sendDocument({ fileName: "p.csv", content: MIXED_CSV });
    await user.waitForBotMessage(/Не удалось скачать файл/, SLOW);
    expect(importPosts()).toHaveLength(0);
    // The bot keeps serving the chat.
    await user.sendDocument({ fileName: "p.csv", content: MIXED_CSV });
    await user.waitForBotMessage(/В файле есть ошибки/, SLOW);
  });
});

describe("/import", () => {
  for (const [languageCode, heading, titles] of [
    ["ru", /Колонки таблицы/, ["Ключ товара", "Название (рус.)", "Цена, ₸", "Штрихкод"]],
    ["kk", /Кесте бағандары/, ["Тауар кілті", "Атауы (орыс.)", "Баға, ₸", "Штрихкод"]],
  ] as const) {
    it(`explains the columns by their titles and sends templates that read as they are (${languageCode})`, async () => {
      h = await startInProcess();
      const user = await linkedUser(languageCode);
      await user.sendCommand("/import");
      await user.waitFor((messages) => messages.filter((m) => m.document).length === 2, SLOW);
      const help = await user.waitForBotMessage(heading);
      for (const title of titles) expect(help.text).toContain(`«${title}»`);
      expect(help.text).toContain("/export");
      expect(help.text).not.toMatch(/productKey|attributeValueCodes|name\.rus/);
      expect(help.text).toContain("0, 12");

      const files = user.botMessages().flatMap((m) => (m.document ? [m.document] : []));
      expect(files.map((f) => f.fileName)).toEqual(["import-template.csv", "import-template.json"]);
      const csvTemplate = files[0]!.content;
      expect(csvTemplate.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const header = csvTemplate
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0]!;
      expect(header.split(";")[0]).toBe(titles[0]);
      for (const title of titles) expect(header).toContain(title);
      expect(header).not.toMatch(/productKey|price|barcode/);
      for (const file of files) {
        const read = await readImportFile(
          { bytes: new Uint8Array(file.content), fileName: file.fileName },
          { vatRates: [0, 12] },
        );
        expect(read.ok).toBe(true);
        if (!read.ok) continue;
        expect(read.invalid).toEqual([]);
        expect(read.products).toHaveLength(1);
        expect(read.products[0]!.product.skus).toHaveLength(2);
        expect(read.products[0]!.product.categoryId).toBe(101);
      }
    });

    it(`the CSV template, sent back as it is, previews and imports its product (${languageCode})`, async () => {
      h = await startInProcess();
      const user = await linkedUser(languageCode);
      await user.sendCommand("/import");
      await user.waitFor((messages) => messages.filter((m) => m.document).length === 2, SLOW);
      const template = user.botMessages().find((m) => m.document?.fileName.endsWith(".csv"))!;
      await user.sendDocument({
        fileName: "мой-шаблон.csv",
        content: template.document!.content,
      });
      const offer = await confirmImport(user, languageCode);
      const preview = user
        .botMessages()
        .map((m) => m.text ?? "")
        .join("\n");
      expect(preview).toContain("Кабель Baseus USB-C — Lightning");
      expect(preview).toContain("2000000000015");
      expect(offer.text).toContain("(1)");
      await user.waitForBotText(
        languageCode === "ru" ? /Импорт принят/ : /Импорт қабылданды/,
        SLOW,
      );
      const sent = productsOf(importPosts()[0]!) as unknown as ImportProduct[];
      expect(sent).toHaveLength(1);
      expect(sent[0]!.name.rus).toBe("Кабель Baseus USB-C — Lightning");
      expect(sent[0]!.isLocalMade).toBe(false);
      expect(sent[0]!.attributes).toEqual([
        { code: "color", valueCodes: ["black"] },
        { code: "connector", valueCodes: ["lightning"] },
      ]);
      expect(sent[0]!.skus?.map((s) => [s.price, s.barcode, s.attributeValueCodes])).toEqual([
        [2990, "2000000000015", ["1m"]],
        [3490.5, "2000000000022", ["2m"]],
      ]);
    });
  }
});

describe("import texts", () => {
  it("have a message for every issue code and file rejection", async () => {
    h = await startInProcess();
    for (const locale of ["ru", "kk"]) {
      for (const key of [
        ...ISSUE_CODES.map((c) => `import-issue-${c}`),
        ...FILE_REJECTIONS.map((r) => `import-file-${r}`),
      ]) {
        const text = h.app.i18n.t(locale, key, {
          allowed: "0, 12",
          rows: "2, 3",
          max: 20,
          detail: "x",
          type: "png",
          expected: "price",
          // The reader's params: the cell as seen, where it is, what it holds.
          value: "1,234",
          stored: "12.345",
          cell: "F2",
          formula: "=B2*2",
          column: "H",
          min: 1,
          line: 3,
          digits: 11,
          currency: "RUB",
          sign: "₽",
          codes: "color_black, color_black_matte",
        });
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(text).not.toMatch(/\{\s*\$/);
      }
    }
  });
});
