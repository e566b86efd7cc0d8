import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { COLUMN_WORDS } from "../../src/sheets/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts,
  inspectWithOpenpyxl,
  waitForDocument,
  withXlsxFile,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { runWithOpenpyxl } from "../support/python.js";

const SLOW = { timeoutMs: 60_000 };
const LOCALES = ["ru", "kk"] as const;
type Lang = (typeof LOCALES)[number];

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** What a seller reads in each language (the locale files' words, the vocabulary's titles). */
const WORDS = {
  ru: {
    header: [
      "ID товара",
      "ID SKU",
      "ID категории",
      "ID бренда",
      "Произведён в Казахстане",
      "Название (рус.)",
      "Название (каз.)",
      "Описание (рус.)",
      "Описание (каз.)",
      "НДС, %",
      "Характеристика: Страна производства",
      "Характеристика: Материал",
      "Значения характеристик SKU",
      "Цена, ₸",
      "Штрихкод",
      "Фото",
      "Себестоимость, ₸",
      "🔒 Остаток",
      "🔒 Продажи",
      "🔒 Статус товара",
      "🔒 Модерация",
      "🔒 Примечание",
    ],
    sheets: ["Товары", "Инструкция"],
    yes: "да",
    active: "активен",
    approved: "одобрен",
    country: "Характеристика: Страна производства",
    preview: /Что изменится/,
    changes: "Изменятся товаров: 2, SKU: 1.",
    apply: /Применить \(2\)/,
    sent: /Отправляю товаров: 2/,
    offer: /Импортировать товары \(2\)\?/,
    importAll: /Импортировать товары \(2\)/,
    ambiguous: "так называются несколько характеристик или значений",
    nothing: "Изменений нет",
  },
  kk: {
    header: [
      "Тауар ID",
      "SKU ID",
      "Санат ID",
      "Бренд ID",
      "Қазақстанда өндірілген",
      "Атауы (орыс.)",
      "Атауы (қаз.)",
      "Сипаттамасы (орыс.)",
      "Сипаттамасы (қаз.)",
      "ҚҚС, %",
      "Сипаттама: Страна производства",
      "Сипаттама: Материал",
      "SKU сипаттамаларының мәндері",
      "Баға, ₸",
      "Штрихкод",
      "Фото",
      "Өзіндік құны, ₸",
      "🔒 Қалдық",
      "🔒 Сатылым",
      "🔒 Тауар мәртебесі",
      "🔒 Модерация",
      "🔒 Ескертпе",
    ],
    sheets: ["Тауарлар", "Нұсқаулық"],
    yes: "иә",
    active: "белсенді",
    approved: "мақұлданған",
    country: "Сипаттама: Страна производства",
    preview: /не өзгереді/,
    changes: "Өзгеретін тауарлар: 2, SKU: 1.",
    apply: /Қолдану \(2\)/,
    sent: /товар|Тауар/,
    offer: /Тауарларды \(2\) импорттаймыз ба/,
    importAll: /Тауарларды импорттау \(2\)/,
    ambiguous: "бұл атау бірнеше сипаттамада немесе мәнде бар",
    nothing: "Өзгеріс жоқ",
  },
} as const;

async function start(locale: Lang): Promise<UserDriver> {
  h = await startInProcess();
  const user = h.tg.user({ languageCode: locale });
  await linkUser(h, user);
  return user;
}

async function sendBack(user: UserDriver, content: Buffer, wait: RegExp) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName: "catalog-edited.xlsx", content });
  return user.waitForBotMessage(wait, { ...SLOW, after: before });
}

/** Every name the Seller API gives a field (none may be a visible title). */
const API_NAMES = COLUMN_WORDS.map((w) => w.field);

describe.each(LOCALES)("the export a seller can edit (%s)", (locale) => {
  const words = WORDS[locale];

  it("titles its columns in the chat's language, the API's names nowhere in sight; characteristics, statuses and yes/no in words", async () => {
    const user = await start(locale);
    const bytes = await exportWholeCatalog(user, locale);
    const got = (await inspectWithOpenpyxl(
      bytes,
      `
ws = wb.worksheets[0]
hdr = [c.value for c in ws[1]]
row = {hdr[i]: c.value for i, c in enumerate(ws[2])}
print(json.dumps({
    "sheets": [[s.title, s.sheet_state] for s in wb.worksheets],
    "header": hdr,
    "row": row,
    "help": [r[0] for r in wb.worksheets[1].iter_rows(values_only=True)],
}, ensure_ascii=False, default=str))
`,
    )) as {
      sheets: string[][];
      header: string[];
      row: Record<string, unknown>;
      help: string[];
    };
    expect(got.sheets).toEqual([
      [words.sheets[0], "visible"],
      [words.sheets[1], "visible"],
      ["bot-export", "hidden"],
    ]);
    expect(got.header).toEqual(words.header);
    for (const title of got.header) {
      expect(API_NAMES).not.toContain(title);
      expect(title).not.toMatch(/attributes?\.|[a-z][A-Z]/);
    }
    // Product 10001: a phone of 128 GB made in Kazakhstan, active and approved.
    const [id, , , , local, , , , , , , , skuValues] = words.header;
    expect(got.row[id]).toBe(10001);
    expect(got.row[local]).toBe(words.yes);
    expect(got.row[words.country]).toBe("Казахстан");
    expect(got.row[skuValues]).toBe("Объём памяти: 128 ГБ");
    expect(got.row[words.header[19]]).toBe(words.active);
    expect(got.row[words.header[20]]).toBe(words.approved);
    // The instruction sheet names no field or hidden sheet by the API's or the bot's names.
    const help = got.help.join("\n");
    expect(help).toContain(locale === "ru" ? "Пустая ячейка" : "Бос ұяшық");
    expect(help).not.toMatch(/productId|skuId|name\.rus|bot-export|description\.kaz/);
  });

  it("an export edited by openpyxl (a price, a characteristic by its name) previews exactly those changes and sends them as codes", async () => {
    const user = await start(locale);
    const file = await exportWholeCatalog(user, locale);
    const api = h!.api;
    const phone = structuredClone(api.products.find((p) => p.productId === 10001)!);
    const second = structuredClone(api.products.find((p) => p.productId === 10002)!);
    const edited = await editWithOpenpyxl(
      file,
      `
c = col("attributes.country")
for r in rows:
    if r[col("skuId")] == 20001: r[col("price")] = r[col("price")] - 1000
    if r[col("productId")] == 10002: r[c] = "Турция"
`,
    );
    const preview = await sendBack(user, edited, words.preview);
    expect(preview.text, user.dump()).toContain(words.changes);
    // The characteristic's change in words, as the export wrote it: no code reaches the seller.
    expect(preview.text).toMatch(/«Страна производства».*: Китай → Турция/);
    expect(preview.text).not.toMatch(/country/);
    await user.pressButton(words.apply, { messageId: preview.messageId });
    await user.waitFor(() => importPosts(api).length === 1, SLOW);
    const sent = importPosts(api).flatMap(
      (r) =>
        (
          r.body as {
            products: {
              productId: number;
              attributes: { code: string; valueCodes: string[] }[];
              skus: { skuId: number; price: number }[];
            }[];
          }
        ).products,
    );
    expect(sent.map((p) => p.productId).sort()).toEqual([10001, 10002]);
    const sentPhone = sent.find((p) => p.productId === 10001)!;
    expect(sentPhone.skus.map((s) => s.price)).toEqual(
      phone.skus.map((s) => (s.skuId === 20001 ? s.price - 1000 : s.price)),
    );
    const sentSecond = sent.find((p) => p.productId === 10002)!;
    expect(sentSecond.attributes.find((a) => a.code === "country")!.valueCodes).toEqual([
      "country_tr",
    ]);
    expect(sentSecond.skus.map((s) => s.price)).toEqual(second.skus.map((s) => s.price));
  });

  it("a new file started from the export's titles (hidden sheet deleted, rows of its own, characteristics by name) imports as new products", async () => {
    const user = await start(locale);
    const file = await exportWholeCatalog(user, locale);
    const program = `
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
del wb["bot-export"]
ws = wb.worksheets[0]
header = [c.value for c in ws[1]]
ws.delete_rows(2, ws.max_row)
def row(values):
    ws.append([values.get(i) for i in range(len(header))])
t = {title: i for i, title in enumerate(header)}
h = ${JSON.stringify(WORDS[locale].header)}
row({t[h[2]]: 100, t[h[3]]: 501, t[h[5]]: "Чехол новый", t[h[7]]: "Силиконовый чехол", t[h[13]]: 4990, t[h[14]]: "4870000777001", t[h[9]]: 12, t[h[17]]: 5, t[h[10]]: "Китай"})
row({t[h[2]]: 100, t[h[3]]: 501, t[h[5]]: "Кабель новый", t[h[7]]: "Кабель USB-C", t[h[13]]: 1990, t[h[14]]: "4870000777002", t[h[4]]: "${words.yes}", t[h[12]]: "Цвет: Чёрный"})
wb.save(sys.argv[1])
`;
    const started = await withXlsxFile(file, async (path) => {
      await runWithOpenpyxl(program, [path]);
      return readFileSync(path);
    });
    const offer = await sendBack(user, started, words.offer);
    await user.pressButton(words.importAll, { messageId: offer.messageId });
    await user.waitFor(() => importPosts(h!.api).length === 1, SLOW);
    const sent = (
      importPosts(h!.api)[0]!.body as {
        products: {
          productId?: number;
          name: { rus: string };
          isLocalMade?: boolean;
          attributes?: { code: string; valueCodes: string[] }[];
          skus: { price: number; barcode: string; attributeValueCodes?: string[] }[];
        }[];
      }
    ).products;
    expect(
      sent.map((p) => [p.productId, p.name.rus, p.skus[0]!.price, p.skus[0]!.barcode]),
    ).toEqual([
      [undefined, "Чехол новый", 4990, "4870000777001"],
      [undefined, "Кабель новый", 1990, "4870000777002"],
    ]);
    expect(sent[1]!.isLocalMade).toBe(true);
    // Characteristics copied as the export writes them (names) go out as their codes.
    expect(sent[0]!.attributes).toEqual([{ code: "country", valueCodes: ["country_cn"] }]);
    expect(sent[1]!.skus[0]!.attributeValueCodes).toEqual(["color_black"]);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
  });

  it("a CSV export (names with `;` inside its cells) sent back as it is changes nothing", async () => {
    const user = await start(locale);
    const at = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export csv");
    const csv = (await waitForDocument(user, /^catalog-.*\.csv$/, at)).document!.content;
    expect(csv.toString("utf8")).toContain(`"Объём памяти: 256 ГБ; Цвет: Чёрный"`);
    const before = user.lastBotMessage()!.messageId;
    await user.sendDocument({ fileName: "catalog.csv", content: csv });
    const preview = await user.waitForBotMessage(words.preview, { ...SLOW, after: before });
    expect(preview.text, user.dump()).toContain(words.nothing);
    expect(importPosts(h!.api)).toHaveLength(0);
  });

  it("a characteristic's name that several values share is named for its row, never guessed", async () => {
    const user = await start(locale);
    // The directory gains a second colour named «Чёрный» (another code): the name names two.
    const api = h!.api;
    const black = api.seed.attributeValues.find((v) => v.code === "color_black")!;
    const file = await exportWholeCatalog(user, locale);
    api.seed.attributeValues.push({ ...black, id: 9999, code: "color_black_matte" });
    const product = api.products.find((p) => p.skus.length >= 2)!;
    const sku = product.skus[0]!.skuId;
    const edited = await editWithOpenpyxl(
      file,
      `
for r in rows:
    if r[col("skuId")] == ${sku}: r[col("attributeValueCodes")] = "Цвет: Чёрный"
`,
    );
    const preview = await sendBack(user, edited, words.preview);
    expect(preview.text, user.dump()).toContain(words.ambiguous);
    expect(preview.text).toContain("color_black, color_black_matte");
    expect(importPosts(api)).toHaveLength(0);
  });
});

describe("an export made by an earlier version (titles the API's field names)", () => {
  it.each(LOCALES)(
    "comes back with exactly its edits (%s)",
    async (locale) => {
      const dir = join(import.meta.dirname, "..", "fixtures", "catalog");
      const file = readFileSync(join(dir, `export-v2-${locale}.xlsx`));
      const secret = readFileSync(join(dir, `export-v2-${locale}.secret`), "utf8").trim();
      const user = await start(locale);
      // The bot that made the file: its secret keyed the hidden sheet.
      await h!.app.storage.kv.set("secret:catalog-export", secret);
      const api = h!.api;
      const edited = await editWithOpenpyxl(
        file,
        `
assert "price" in header and "attributes.country" in header
for r in rows:
    if r[col("skuId")] == 20001: r[col("price")] = r[col("price")] - 1000
    if r[col("productId")] == 10002: r[col("attributes.country")] = "country_tr"
`,
      );
      const preview = await sendBack(user, edited, WORDS[locale].preview);
      expect(preview.text, user.dump()).toContain(WORDS[locale].changes);
      // Every row vouched for by the file's record: nothing under question.
      expect(preview.buttons.flat().some((b) => WORDS[locale].apply.test(b))).toBe(true);
      expect(preview.text).not.toMatch(/❓|⚡/);
      await user.pressButton(WORDS[locale].apply, { messageId: preview.messageId });
      await user.waitFor(() => importPosts(api).length === 1, SLOW);
      const sent = (
        importPosts(api)[0]!.body as {
          products: {
            productId: number;
            attributes: { code: string; valueCodes: string[] }[];
            skus: { skuId: number; price: number }[];
          }[];
        }
      ).products;
      expect(sent.map((p) => p.productId).sort()).toEqual([10001, 10002]);
      expect(sent.find((p) => p.productId === 10001)!.skus[0]).toMatchObject({
        skuId: 20001,
        price: 189990 - 1000,
      });
      const country = sent
        .find((p) => p.productId === 10002)!
        .attributes.find((a) => a.code === "country")!;
      expect(country.valueCodes).toEqual(["country_tr"]);
    },
    30_000,
  );
});
