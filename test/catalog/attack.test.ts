import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessageView, UserDriver } from "../../doubles/telegram/index.js";
import { type App, createApp } from "../../src/app.js";
import { createCatalogService } from "../../src/catalog/index.js";
import { createLogger } from "../../src/logger.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts as importPostsTo,
  waitForDocument,
  withXlsxFile,
} from "../support/catalog.js";
import { send } from "../support/chat.js";
import { type Harness, linkUser, sharedRedisConfig, startInProcess } from "../support/harness.js";
import { runWithOpenpyxl } from "../support/python.js";
import { sharedBotI18n, sharedImportReader } from "../support/shared.js";

/**
 * The edit flow attacked from outside: buttons pressed in another chat, presses doubled, the
 * Seller API failing between the preview and the apply.
 */

const SLOW = { timeoutMs: 45_000 };
const DETAILS = "/api/seller/v1/products/details";
/** Reads are tried three times: a fault that lasts makes each of them fail. */
const EVERY_ATTEMPT = 3;

let h: Harness | undefined;
let second: App | undefined;
afterEach(async () => {
  await second?.close();
  second = undefined;
  await h?.stop();
  h = undefined;
});

const importPosts = () => importPostsTo(h!.api);

const TEXTS = {
  ru: {
    preview: /Что изменится/,
    apply: /^✅ Применить \(1\)$/,
    cancel: "✖️ Отмена",
    // The press ends in its summary (the status before it changes too fast to wait for).
    applied: /^«.*»: итоги/,
    summary: /^«.*»: итоги/,
    otherChat: "Эта кнопка из другого чата — здесь она ничего не делает.",
    expired: "Этот предпросмотр устарел или уже применён. Пришлите файл ещё раз.",
    undo: "↩️ Отменить изменения",
    failedKept:
      "Сервис продавца сейчас не отвечает. Попробуйте ещё раз через несколько минут.\nНичего не отправлено, предпросмотр в силе: нажмите кнопку «Применить» ещё раз.",
    search: "/products Samsung",
    offerExpired: "Это предложение уже неактуально. Отправьте файл ещё раз.",
    importOffer: /Импортировать товары \(1\)\?/,
    importButton: /Импортировать товары/,
    importAccepted: /Импорт принят/,
  },
  kk: {
    preview: /не өзгереді/,
    apply: /^✅ Қолдану \(1\)$/,
    cancel: "✖️ Бас тарту",
    applied: /^«.*»: қорытынды/,
    summary: /^«.*»: қорытынды/,
    otherChat: "Бұл батырма басқа чаттан — мұнда ол ештеңе істемейді.",
    expired: "Бұл алдын ала қарау ескірген немесе қолданылып қойған. Файлды қайта жіберіңіз.",
    undo: "↩️ Өзгерістерді болдырмау",
    failedKept:
      "Сатушы сервисі қазір жауап бермей тұр. Бірнеше минуттан кейін қайталап көріңіз.\nЕштеңе жіберілмеді, алдын ала қарау күшінде: «Қолдану» батырмасын қайта басыңыз.",
    search: "/products Samsung",
    offerExpired: "Бұл ұсыныс енді өзекті емес. Файлды қайта жіберіңіз.",
    importOffer: /Тауарларды \(1\) импорттаймыз ба\?/,
    importButton: /импорттау/i,
    importAccepted: /Импорт қабылданды/,
  },
};
type Locale = keyof typeof TEXTS;

/** An export with one price raised by 10 (first SKU of 10001), sent back: the preview. */
async function previewOfOneEdit(user: UserDriver, locale: Locale) {
  const file = await exportWholeCatalog(user, locale);
  const first = h!.api.products[0]!.skus[0]!;
  const edited = await editWithOpenpyxl(
    file,
    `
for r in rows:
    if r[col("skuId")] == ${first.skuId}: r[col("price")] = r[col("price")] + 10
`,
  );
  const before = user.lastBotMessage()!.messageId;
  await user.sendDocument({ fileName: "каталог.xlsx", content: edited });
  const preview = await user.waitForBotMessage(TEXTS[locale].preview, { ...SLOW, after: before });
  return { preview, price: first.price };
}

/** The callback data of a message's button whose label matches. */
function dataOf(message: { buttons: string[][]; buttonData: string[][] }, label: RegExp | string) {
  const labels = message.buttons.flat();
  const index = labels.findIndex((l) => (typeof label === "string" ? l === label : label.test(l)));
  expect(index, labels.join(" | ")).toBeGreaterThanOrEqual(0);
  return message.buttonData.flat()[index]!;
}

/** Presses `data` (another chat's button) on the stranger's own last message: the toast. */
async function pressForeign(stranger: UserDriver, data: string) {
  const own = stranger.lastBotMessage()!.messageId;
  const press = await stranger.sendCallback(own, data);
  return (await stranger.waitForCallbackAnswer(press)).text;
}

describe("a button pressed in another chat", () => {
  it.each(["ru", "kk"] as const)(
    "apply, cancel, undo and a stored list answer with a toast and change nothing (%s)",
    async (locale) => {
      const texts = TEXTS[locale];
      h = await startInProcess();
      const owner = h.tg.user({ languageCode: locale });
      const stranger = h.tg.user({ languageCode: locale });
      await linkUser(h, owner);
      await linkUser(h, stranger);
      const { preview, price } = await previewOfOneEdit(owner, locale);

      // Copied or forged: the owner's Apply and Cancel, pressed in the stranger's chat.
      expect(await pressForeign(stranger, dataOf(preview, texts.apply))).toBe(texts.otherChat);
      expect(await pressForeign(stranger, dataOf(preview, texts.cancel))).toBe(texts.otherChat);
      expect(importPosts()).toHaveLength(0);
      // The owner's preview is as it was: its buttons are there and still work.
      const still = owner.messages().find((m) => m.messageId === preview.messageId)!;
      expect(still.buttons).toEqual(preview.buttons);
      await owner.pressButton(texts.apply, { messageId: preview.messageId });
      await owner.waitForBotMessage(texts.applied, SLOW);
      await owner.waitFor(() => h!.api.jobs.length === 1, SLOW);
      // The undo button comes with the summary.
      const summary = await owner.waitForBotMessage(texts.summary, SLOW);
      expect(importPosts()).toHaveLength(1);
      expect(h.api.products[0]!.skus[0]!.price).toBe(price + 10);

      // Undo, pressed in the other chat: nothing put back.
      expect(await pressForeign(stranger, dataOf(summary, texts.undo))).toBe(texts.otherChat);
      expect(importPosts()).toHaveLength(1);
      expect(h.api.products[0]!.skus[0]!.price).toBe(price + 10);

      // A stored search's page button: the search is the owner's.
      // (The import's own messages may come meanwhile: the list is the message with its buttons.)
      const before = owner.lastBotMessage()!.messageId;
      await owner.sendCommand(texts.search);
      const isOpen = (d: string) => d.startsWith("prdo1:");
      const list = await owner.waitFor((all) =>
        all.some((m) => m.messageId > before && m.buttonData.flat().some(isOpen)),
      );
      const open = list.flatMap((m) => m.buttonData.flat()).find(isOpen)!;
      expect(await pressForeign(stranger, open)).toBe(texts.otherChat);
      expect(stranger.botMessages().some((m) => m.text.includes("Samsung"))).toBe(false);
    },
    60_000,
  );

  it("an import offer's button of another chat imports nothing; the owner's still does", async () => {
    h = await startInProcess();
    const owner = h.tg.user({ languageCode: "ru" });
    const stranger = h.tg.user({ languageCode: "ru" });
    await linkUser(h, owner);
    await linkUser(h, stranger);
    const product = {
      categoryId: 101,
      brandId: 504,
      name: { rus: "Кабель" },
      description: { rus: "Кабель для зарядки" },
      skus: [{ price: 990, barcode: "4870000000012" }],
    };
    const sent = await owner.sendDocument({
      fileName: "товар.json",
      content: JSON.stringify([product]),
    });
    const offer = await owner.waitForBotMessage(TEXTS.ru.importOffer, {
      ...SLOW,
      after: sent.message_id,
    });
    const go = dataOf(offer, TEXTS.ru.importButton);
    expect(await pressForeign(stranger, go)).toBe(TEXTS.ru.offerExpired);
    expect(importPosts()).toHaveLength(0);
    await owner.pressButton(TEXTS.ru.importButton, { messageId: offer.messageId });
    await owner.waitForBotText(TEXTS.ru.importAccepted, SLOW);
    expect(importPosts()).toHaveLength(1);
  });
});

describe("the Seller API failing between the preview and the apply", () => {
  it.each(["ru", "kk"] as const)(
    "a failed re-read of the cards sends nothing and leaves the preview to be applied (%s)",
    async (locale) => {
      const texts = TEXTS[locale];
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const { preview, price } = await previewOfOneEdit(user, locale);

      h.api.failNext(DETAILS, "503", EVERY_ATTEMPT);
      await user.pressButton(texts.apply, { messageId: preview.messageId });
      const failed = await user.waitForBotMessage(texts.failedKept, {
        ...SLOW,
        after: preview.messageId,
      });
      expect(failed.text).toBe(texts.failedKept);
      expect(importPosts()).toHaveLength(0);
      // The preview keeps its buttons, and the next press applies it.
      const still = user.messages().find((m) => m.messageId === preview.messageId)!;
      expect(still.buttons).toEqual(preview.buttons);
      await user.pressButton(texts.apply, { messageId: preview.messageId });
      await user.waitForBotMessage(texts.applied, SLOW);
      await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
      expect(importPosts()).toHaveLength(1);
      expect(h.api.products[0]!.skus[0]!.price).toBe(price + 10);
    },
    60_000,
  );

  it("a re-read slower than the answer's deadline sends nothing and leaves the preview (ru)", async () => {
    h = await startInProcess({
      env: { SELLER_API_TIMEOUT_MS: "300", SELLER_API_DEADLINE_MS: "1500" },
    });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const { preview } = await previewOfOneEdit(user, "ru");
    h.api.failNext(DETAILS, "hang", 20);
    await user.pressButton(TEXTS.ru.apply, { messageId: preview.messageId });
    await user.waitForBotMessage(TEXTS.ru.failedKept, { ...SLOW, after: preview.messageId });
    h.api.clearFailures();
    await user.pressButton(TEXTS.ru.apply, { messageId: preview.messageId });
    await user.waitForBotMessage(TEXTS.ru.applied, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(importPosts()).toHaveLength(1);
  });

  it("Apply pressed twice at once sends the edit once; the second press says it is used", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const { preview } = await previewOfOneEdit(user, "ru");
    const first = await user.pressButton(TEXTS.ru.apply, { messageId: preview.messageId });
    const second = await user.pressButton(TEXTS.ru.apply, { messageId: preview.messageId });
    await user.waitForBotMessage(TEXTS.ru.applied, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    const answers = await Promise.all([first, second].map((q) => user.waitForCallbackAnswer(q)));
    expect(answers.map((a) => a.text ?? "")).toEqual(["", TEXTS.ru.expired]);
    expect(importPosts()).toHaveLength(1);
  });
});

/** A SKU's price as the sandbox serves it now. */
const livePrice = (productId: number, skuIndex = 0) =>
  h!.api.products.find((p) => p.productId === productId)!.skus[skuIndex]!.price;

const UNVERIFIED = {
  ru: {
    noSheet: "⚠️ В файле нет служебного листа выгрузки",
    unconfirmed: "⚠️ Служебный лист выгрузки не подтверждает строки",
    section: "❓ Под вопросом: 2",
    button: "❓ Применить и под вопросом (2)",
    cancel: "✖️ Отмена",
  },
  kk: {
    noSheet: "⚠️ Файлда шығарудың қызметтік парағы жоқ",
    unconfirmed: "⚠️ Шығарудың қызметтік парағы",
    section: "❓ Күмәнді: 2",
    button: "❓ Күмәнділермен бірге қолдану (2)",
    cancel: "✖️ Бас тарту",
  },
};

/**
 * After the export, the cabinet changes 10004's first price; the seller raises 10002's first
 * price by 10. A file that cannot tell whose each difference is shows both "cannot tell",
 * offers no general button, and sends them only when asked apart.
 */
async function expectBothAskedApart(
  user: UserDriver,
  locale: Locale,
  preview: ChatMessageView,
  why: "noSheet" | "unconfirmed",
) {
  const texts = UNVERIFIED[locale];
  expect(preview.text, user.dump()).toContain(texts[why]);
  expect(preview.text).toContain(texts.section);
  expect(preview.buttons.flat()).toEqual([texts.button, texts.cancel]);
  expect(importPosts()).toHaveLength(0);
  await user.pressButton(texts.button, { messageId: preview.messageId });
  await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
  const sent = importPosts().flatMap(
    (r) => (r.body as { products: { productId: number }[] }).products,
  );
  expect(sent.map((p) => p.productId).sort()).toEqual([10002, 10004]);
}

describe("a file that cannot tell the seller's edit from a cabinet change", () => {
  /** The export, the cabinet's change to 10004, the seller's to 10002 (`edit` writes it). */
  async function exportThenCabinetChange(user: UserDriver, locale: Locale) {
    const file = await exportWholeCatalog(user, locale);
    const stale = livePrice(10004);
    h!.api.editProduct(10004, (p) => {
      p.skus[0]!.price += 500;
    });
    return { file, stale, raised: livePrice(10002) + 10 };
  }

  it.each(["ru", "kk"] as const)(
    "an export pasted into a new workbook (no hidden sheet): every difference asked apart (%s)",
    async (locale) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const { file, stale, raised } = await exportThenCabinetChange(user, locale);
      const pasted = await editWithOpenpyxl(
        file,
        `
del wb["bot-export"]
for r in rows:
    if r[col("productId")] == 10002 and r[col("skuId")] == ${h.api.products.find((p) => p.productId === 10002)!.skus[0]!.skuId}:
        r[col("price")] = ${raised}
`,
      );
      const before = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "новая-книга.xlsx", content: pasted });
      const preview = await user.waitForBotMessage(TEXTS[locale].preview, {
        ...SLOW,
        after: before,
      });
      // The stale export value is named as a difference, never applied by itself.
      expect(preview.text).toContain(`${tenge(livePrice(10004))} → ${tenge(stale)}`);
      await expectBothAskedApart(user, locale, preview, "noSheet");
      expect(livePrice(10002)).toBe(raised);
    },
    60_000,
  );

  it("a CSV export (no hidden sheet) comes back the same way (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const at = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export csv");
    const csv = (await waitForDocument(user, /^catalog-.*\.csv$/, at)).document!.content;
    const stale = livePrice(10004);
    h.api.editProduct(10004, (p) => {
      p.skus[0]!.price += 500;
    });
    const sku = h.api.products.find((p) => p.productId === 10002)!.skus[0]!;
    const lines = csv.toString("utf8").split("\r\n");
    const header = lines[0]!.replace(/^\ufeff/, "").split(";");
    const [pid, sid, price] = ["ID товара", "ID SKU", "Цена, ₸"].map((t) => header.indexOf(t));
    const edited = lines.map((line) => {
      const cells = line.split(";");
      if (cells[pid!] !== "10002" || cells[sid!] !== String(sku.skuId)) return line;
      cells[price!] = String(sku.price + 10);
      return cells.join(";");
    });
    const before = user.lastBotMessage()!.messageId;
    await user.sendDocument({ fileName: "каталог.csv", content: edited.join("\r\n") });
    const preview = await user.waitForBotMessage(TEXTS.ru.preview, { ...SLOW, after: before });
    expect(preview.text).toContain(`${tenge(livePrice(10004))} → ${tenge(stale)}`);
    await expectBothAskedApart(user, "ru", preview, "noSheet");
  });

  it.each(["ru", "kk"] as const)(
    "a forged fingerprint (the cabinet's new value's, as the unkeyed record took it) is asked apart (%s)",
    async (locale) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const { file, stale, raised } = await exportThenCabinetChange(user, locale);
      const sku2 = h.api.products.find((p) => p.productId === 10002)!.skus[0]!.skuId;
      const sku4 = h.api.products.find((p) => p.productId === 10004)!.skus[0]!.skuId;
      // The forger makes 10004's row say "exported as the cabinet's value now" (the first
      // version's SHA-1 fingerprint of it): the stale value would read as the seller's edit.
      const forged = await editWithOpenpyxl(
        file,
        `
import hashlib, base64, json
def old_print(v):
    return base64.urlsafe_b64encode(hashlib.sha1(v.encode()).digest()).decode().rstrip("=")[:10]
meta = wb["bot-export"]
for mr in meta.iter_rows(min_row=2):
    if str(mr[0].value) == "10004" and str(mr[1].value) == "${sku4}":
        prints = json.loads(mr[2].value)
        prints["price"] = old_print("${livePrice(10004)}")
        mr[2].value = json.dumps(prints)
for r in rows:
    if r[col("skuId")] == ${sku2}: r[col("price")] = ${raised}
`,
      );
      const before = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "каталог.xlsx", content: forged });
      const preview = await user.waitForBotMessage(TEXTS[locale].preview, {
        ...SLOW,
        after: before,
      });
      // 10004's row is not vouched for: its stale value is asked apart, not applied; 10002's
      // row holds: its edit is an ordinary change.
      expect(preview.text, user.dump()).toContain(UNVERIFIED[locale].unconfirmed);
      expect(preview.text).toContain(`${tenge(livePrice(10004))} → ${tenge(stale)}`);
      const general = preview.buttons.flat()[0]!;
      expect(general).toBe(locale === "ru" ? "✅ Применить (1)" : "✅ Қолдану (1)");
      await user.pressButton(general, { messageId: preview.messageId });
      await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
      const sent = importPosts().flatMap(
        (r) => (r.body as { products: { productId: number }[] }).products,
      );
      expect(sent.map((p) => p.productId)).toEqual([10002]);
      expect(livePrice(10004)).toBe(stale + 500);
    },
    60_000,
  );
});

/** The products sheet's XML with one number cell's value written as `to` (what no program writes). */
function patchNumberCell(bytes: Buffer, from: string, to: string): Promise<Buffer> {
  return withXlsxFile(bytes, async (file) => {
    await runWithOpenpyxl(
      `
import sys, zipfile, shutil
src = sys.argv[1]; tmp = src + ".tmp"
with zipfile.ZipFile(src) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename == "xl/worksheets/sheet1.xml":
            assert b"<v>${from}</v>" in data
            data = data.replace(b"<v>${from}</v>", b"<v>${to}</v>")
        zout.writestr(item, data)
shutil.move(tmp, src)
`,
      [file],
    );
    return readFileSync(file);
  });
}

const NEVER_SENT = {
  ru: {
    head: "🚫 Не будут отправлены ячейки (4) — исправьте их и пришлите файл снова:",
    lines: [
      "• строка {2} · Цена: «-5» — а нужно число больше нуля. Исправьте значение",
      "• строка {3} · Цена: «1990,555» — в цене больше двух знаков после запятой, а в тенге их два (тиыны). Округлите значение",
      "• строка {4} · Цена: «100000000000000000000» — слишком большое число. Проверьте значение",
      "• строка {5} · Цена: «1E+400» — слишком большое число. Проверьте значение",
    ],
    apply: "✅ Применить (1)",
    risky: "Рискованные",
  },
  kk: {
    head: "🚫 Жіберілмейтін ұяшықтар (4) — оларды түзетіп, файлды қайта жіберіңіз:",
    lines: [
      "• {2} жол · Баға: «-5» — ал нөлден үлкен сан керек. Мәнді түзетіңіз",
      "• {3} жол · Баға: «1990,555» — бағада үтірден кейін екі таңбадан көп, ал теңгеде екеу ғана (тиын). Мәнді дөңгелектеңіз",
      "• {4} жол · Баға: «100000000000000000000» — сан тым үлкен. Мәнді тексеріңіз",
      "• {5} жол · Баға: «1E+400» — сан тым үлкен. Мәнді тексеріңіз",
    ],
    apply: "✅ Қолдану (1)",
    risky: "Тәуекелді",
  },
};

describe("values the Seller API can never be sent", () => {
  it.each(["ru", "kk"] as const)(
    "are named with their rows in the preview, never offered; a number cell past a double's range names its row (%s)",
    async (locale) => {
      const texts = NEVER_SENT[locale];
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const file = await exportWholeCatalog(user, locale);
      const skus = h.api.products.slice(0, 5).map((p) => p.skus[0]!);
      // Five products' first SKUs: -5, 1990.555, 1e20, a cell made 1E+400, one fine edit.
      const edited = await editWithOpenpyxl(
        file,
        `
p = col("price"); s = col("skuId")
values = {${skus[0]!.skuId}: -5, ${skus[1]!.skuId}: 1990.555, ${skus[2]!.skuId}: 10**20, ${skus[3]!.skuId}: 777777.25, ${skus[4]!.skuId}: ${skus[4]!.price + 10}}
for r in rows:
    if r[s] in values: r[p] = values[r[s]]
rows.sort(key=lambda r: (r[s] not in values, list(values).index(r[s]) if r[s] in values else 0))
`,
      );
      const hostile = await patchNumberCell(edited, "777777.25", "1E+400");
      const before = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "каталог.xlsx", content: hostile });
      const preview = await user.waitForBotMessage(TEXTS[locale].preview, {
        ...SLOW,
        after: before,
      });
      // Rows 2-5 (the sort put them first), each with its value and what to do.
      const expected = [
        texts.head,
        ...texts.lines.map((l, i) => l.replace(`{${i + 2}}`, String(i + 2))),
      ];
      expect(preview.text, user.dump()).toContain(expected.join("\n"));
      expect(preview.text).not.toContain(texts.risky);
      expect(preview.buttons.flat()[0]).toBe(texts.apply);
      await user.pressButton(texts.apply, { messageId: preview.messageId });
      await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
      const sent = importPosts().flatMap(
        (r) => (r.body as { products: { productId: number }[] }).products,
      );
      expect(sent.map((p) => p.productId)).toEqual([h.api.products[4]!.productId]);
    },
    60_000,
  );
});

describe("a price typed on the card that can never be sent", () => {
  it.each([
    [
      "ru",
      "💰 Изменить цену",
      /Новая цена для SKU/,
      [
        ["0", "❌ «0» — а нужно число больше нуля. Исправьте значение"],
        [
          "1990.555",
          "❌ «1990.555» — в цене больше двух знаков после запятой, а в тенге их два (тиыны). Округлите значение",
        ],
      ],
    ],
    [
      "kk",
      "💰 Бағаны өзгерту",
      /үшін жаңа баға/,
      [
        ["-5", "❌ «-5» — ал нөлден үлкен сан керек. Мәнді түзетіңіз"],
        ["100000000000000000000", "❌ «100000000000000000000» — сан тым үлкен. Мәнді тексеріңіз"],
      ],
    ],
  ] as const)(
    "is named, and nothing is offered (%s)",
    async (locale, button, asked, answers) => {
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const card = await send(user, "/products 10001");
      await user.pressButton(button, { messageId: card.messageId });
      await user.waitForBotMessage(asked, { after: card.messageId });
      for (const [typed, said] of answers) {
        const before = user.lastBotMessage()!.messageId;
        await user.sendText(typed);
        const answer = await user.waitForBotMessage(/./, { after: before });
        expect(answer.text).toBe(said);
        expect(answer.buttons).toEqual([]);
      }
      expect(importPosts()).toHaveLength(0);
    },
    30_000,
  );
});

const IMPORT = "/api/seller/v1/products/import";

const UNANSWERED = {
  ru: {
    said: [
      "⚠️ Сервис не подтвердил ни одного запроса — подробности ниже.\n\n⚠️ Запрос 1/1 (строка 2): сервис не ответил вовремя или ответил ошибкой. Изменения этих товаров могли всё же примениться.\n\nПроверьте эти товары в /products: применились ли изменения, прежде чем отправлять их снова.",
    ],
    summary: /^«каталог\.xlsx»: итоги/,
    summaryLine:
      "⚠️ Сервис не ответил: 1 (запросы: 1) — изменения могли примениться, проверьте эти товары в /products.",
    never: /Отправлено товаров|не принял ни одного|могли.*созда/,
  },
  kk: {
    said: [
      "⚠️ Сервис бірде-бір сұрауды растамады — толығырақ төменде.\n\n⚠️ 1/1 сұрау (2-жол): сервис уақытында жауап бермеді немесе қатемен жауап берді. Бұл тауарлардың өзгерістері бәрібір қолданылған болуы мүмкін.\n\nБұл тауарларды қайта жібермес бұрын, /products бөлімінде өзгерістердің қолданылған-қолданылмағанын тексеріңіз.",
    ],
    summary: /^«каталог\.xlsx»: қорытынды/,
    summaryLine:
      "⚠️ Сервис жауап бермегендері: 1 (сұраулар: 1) — өзгерістер қолданылған болуы мүмкін, бұл тауарларды /products арқылы тексеріңіз.",
    never: /Жіберілген тауарлар|қабылдамады|жасалған/,
  },
};

describe("the Seller API failing or silent on the edit's request", () => {
  it.each([
    ["ru", "500"],
    ["kk", "hang"],
  ] as const)(
    "the messages agree: nothing says sent or refused (%s, %s)",
    async (locale, kind) => {
      const texts = UNANSWERED[locale];
      h = await startInProcess({ env: { SELLER_API_TIMEOUT_MS: "1000" } });
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const { preview } = await previewOfOneEdit(user, locale);
      h.api.failNext(IMPORT, kind);
      await user.pressButton(TEXTS[locale].apply, { messageId: preview.messageId });
      const summary = await user.waitForBotMessage(texts.summary, {
        timeoutMs: 30_000,
        after: preview.messageId,
      });
      expect(summary.text).toContain(texts.summaryLine);
      const said = user
        .botMessages()
        .filter((m) => m.messageId > preview.messageId && !m.document)
        .map((m) => m.text);
      // Two new messages: the status (what is sent, then the request's outcome), the summary.
      expect(said, user.dump()).toHaveLength(2);
      expect(said.slice(0, 1), user.dump()).toEqual(texts.said);
      for (const text of said) expect(text).not.toMatch(texts.never);
      expect(importPosts()).toHaveLength(1);
    },
    60_000,
  );
});

describe("two instances on one Redis", () => {
  it("apply the same preview once: the press that comes while the other reads is refused", async () => {
    h = await startInProcess({ redis: true });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const { preview } = await previewOfOneEdit(user, "ru");
    const previewId = dataOf(preview, TEXTS.ru.apply).split(":")[1]!;
    // Another instance beside it: its own Redis connection, its own sender.
    second = createApp(sharedRedisConfig(h), createLogger("silent"), {
      telegramFetch: h.tg.fetch,
      reader: sharedImportReader(),
      i18n: sharedBotI18n(),
    });
    await second.init();
    const serviceOf = (app: App) =>
      createCatalogService({
        seller: app.seller,
        kv: app.storage.kv,
        i18n: app.i18n,
        logger: app.logger,
        clock: app.clock,
        imports: app.imports,
      });
    const press = { previewId, chatId: user.id };
    const choice = { risky: false, conflicts: false, unverified: false };
    const hooks = {
      started: async () => ({ chatId: user.id, messageId: preview.messageId, text: "", at: 0 }),
      announce: async () => {},
    };
    // The first instance's re-read of the cards is held while the second's press comes.
    const held = h.api.holdNext(DETAILS);
    const reads = h.api.requestsTo(DETAILS).length;
    const first = serviceOf(h.app).apply(press, choice, hooks);
    await expect.poll(() => h!.api.requestsTo(DETAILS).length, { timeout: 45_000 }).toBe(reads + 1);
    expect(await serviceOf(second).apply(press, choice, hooks)).toBe("busy");
    held.release();
    expect(await first).toMatchObject({ sent: 1 });
    // Once sent, the preview is used on every instance.
    expect(await serviceOf(second).apply(press, choice, hooks)).toBe("gone");
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(importPosts()).toHaveLength(1);
  });
});
