import { afterEach, describe, expect, it } from "vitest";
import type { SeedProduct } from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts as importPostsTo,
  inspectWithOpenpyxl,
  waitForDocument,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const SLOW = { timeoutMs: 45_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const importPosts = () => importPostsTo(h!.api);
type Sent = { productId: number; name: { rus: string }; skus: { skuId: number; price: number }[] };
const sentProducts = () => importPosts().flatMap((r) => (r.body as { products: Sent[] }).products);

/** The live catalog's cards without what is not part of a card (status, stock, sales). */
const cards = () =>
  structuredClone(h!.api.products as SeedProduct[]).map(
    ({ moderationStatus, productStatus, totalWmsQuantity, salesCount, photoUrl, ...card }) => card,
  );

async function sendBack(user: UserDriver, content: Buffer, fileName = "catalog-edited.xlsx") {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({
    fileName,
    content,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
  return user.waitForBotMessage(/Что изменится|не өзгереді|өзгереді/, { ...SLOW, after: before });
}

/** Three prices (10001/20001, 10002 first SKU, 10005 first SKU) and one name (10003), rows sorted, price column moved first. */
const SELLER_EDIT = `
p = col("price"); s = col("skuId"); n = col("name.rus"); pid = col("productId")
for r in rows:
    if r[s] == 20001: r[p] = r[p] - 10000
    if r[pid] == 10002 and r[s] == min(x[s] for x in rows if x[pid] == 10002): r[p] = r[p] + 100
    if r[pid] == 10005 and r[s] == min(x[s] for x in rows if x[pid] == 10005): r[p] = r[p] - 50
    if r[pid] == 10003: r[n] = "Новое название 10003"
rows.sort(key=lambda r: str(r[n]), reverse=True)
order = [p] + [i for i in range(len(header)) if i != p]
header = [header[i] for i in order]
rows = [[r[i] for i in order] for r in rows]
`;

describe("a seller's own file naming existing products", () => {
  it("reads a productKey group's rows as the product its first row names (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const product = cards().find((p) => p.skus.length >= 2)!;
    const first = product.skus[0]!;
    const second = product.skus[1]!;
    // The import format's grouping: product columns, productId among them, on the first row only.
    const csv = [
      "productKey;productId;categoryId;brandId;name.rus;description.rus;skuId;price",
      `K1;${product.productId};;;;;${first.skuId};${first.price + 100}`,
      `K1;;;;;;${second.skuId};${second.price + 100}`,
    ].join("\r\n");
    const before = user.lastBotMessage()!.messageId;
    await user.sendDocument({ fileName: "цены.csv", content: `\ufeff${csv}\r\n` });
    const preview = await user.waitForBotMessage(/Что изменится/, { ...SLOW, after: before });
    expect(preview.text, user.dump()).toContain("Изменятся товаров: 1, SKU: 2.");
    expect(preview.text).toContain("Цены: выше — 2");
    expect(preview.text).toContain(`${tenge(second.price)} → ${tenge(second.price + 100)}`);
    // Neither a new product nor a row with errors: the second row is the product's.
    const said = user.botMessages().filter((m) => m.messageId > before);
    expect(said.map((m) => m.text).join("\n"), user.dump()).not.toMatch(
      /ID-і жоқ|без ID товара|ошибк/,
    );

    // A file of the seller's own has no export record: whose each difference is cannot be told,
    // so the changes are asked about apart.
    expect(preview.text).toContain("❓ Под вопросом: 2");
    expect(preview.buttons.flat()).toEqual(["❓ Применить и под вопросом (2)", "✖️ Отмена"]);
    await user.pressButton(/Применить и под вопросом \(2\)/, { messageId: preview.messageId });
    await user.waitForBotMessage(/^«.*»: итоги/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    const sent = sentProducts();
    expect(sent.map((p) => p.productId)).toEqual([product.productId]);
    const prices = new Map(sent[0]!.skus.map((s) => [s.skuId, s.price]));
    expect(prices.get(first.skuId)).toBe(first.price + 100);
    expect(prices.get(second.skuId)).toBe(second.price + 100);
  });
});

describe("a seller's own file naming products the cabinet no longer has", () => {
  const GONE_TEXTS = {
    ru: {
      preview: /Что изменится/,
      gone: "Товаров больше нет: 12 (строки 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …) — пропущены.",
      goneSku: "SKU больше нет: 1 (строки 14) — пропущены.",
      unreadable:
        "🚫 Не будут отправлены ячейки (1) — исправьте их и пришлите файл снова:\n• строка 15 · Цена: «abc» — не число. Впишите число, например 1234 или 1234,5",
    },
    kk: {
      preview: /не өзгереді/,
      gone: "Енді жоқ тауарлар: 12 (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …-жол) — өткізілді.",
      goneSku: "Енді жоқ SKU: 1 (14-жол) — өткізілді.",
      unreadable:
        "🚫 Жіберілмейтін ұяшықтар (1) — оларды түзетіп, файлды қайта жіберіңіз:\n• 15 жол · Баға: «abc» — сан емес. Сан жазыңыз, мысалы 1234 немесе 1234,5",
    },
  };

  it.each(["ru", "kk"] as const)(
    "says how many there are, not only the first rows (%s)",
    async (locale) => {
      const texts = GONE_TEXTS[locale];
      h = await startInProcess();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const lines = ["productId;skuId;categoryId;brandId;name.rus;description.rus;price"];
      for (let i = 1; i <= 12; i++) lines.push(`${99000 + i};;;;;;${1000 + i}`);
      // A product the cabinet has: an SKU it no longer has, and a price that is not a number.
      const live = cards()[0]!;
      lines.push(
        `${live.productId};99999;;;;;1000`,
        `${live.productId};${live.skus[0]!.skuId};;;;;abc`,
      );
      const before = user.lastBotMessage()!.messageId;
      await user.sendDocument({ fileName: "old.csv", content: `\ufeff${lines.join("\r\n")}\r\n` });
      const preview = await user.waitForBotMessage(texts.preview, { ...SLOW, after: before });
      expect(preview.text, user.dump()).toContain(texts.gone);
      expect(preview.text).toContain(texts.goneSku);
      expect(preview.text).toContain(texts.unreadable);
      expect(importPosts()).toHaveLength(0);
    },
    30_000,
  );
});

describe("the catalog in a spreadsheet, edited by openpyxl", () => {
  it("previews exactly the seller's changes and applies them as whole cards (ru)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const file = await exportWholeCatalog(user);
    const before = cards();
    const seed10002 = before.find((p) => p.productId === 10002)!;
    const seed10005 = before.find((p) => p.productId === 10005)!;
    const edited = await editWithOpenpyxl(file, SELLER_EDIT);

    const preview = await sendBack(user, edited);
    expect(preview.text, user.dump()).toContain("Изменятся товаров: 4, SKU: 3.");
    expect(preview.text).toContain("Названия: 1.");
    expect(preview.text).toContain("Цены: выше — 1, ниже — 2.");
    expect(preview.text).toContain("Строк без изменений (пропущены): 97.");
    expect(preview.text).toContain(`10002 / ${seed10002.skus[0]!.skuId}`);
    expect(preview.text).toContain(
      `${tenge(seed10002.skus[0]!.price)} → ${tenge(seed10002.skus[0]!.price + 100)}`,
    );
    // Fields named as the seller calls them, never by the API's names.
    expect(preview.text).toContain("Название (рус.)");
    expect(preview.text).not.toMatch(/name\.rus|price:/);
    expect(preview.text).toContain("Новое название 10003");
    expect(preview.text).not.toContain("Рискованные");
    expect(preview.text).not.toContain("нет служебного листа");
    expect(importPosts()).toHaveLength(0);
    // The full difference as a file: a row per change, was and will be as text cells.
    const changes = await waitForDocument(user, /changes\.xlsx$/, preview.messageId - 1);
    const sheet = (await inspectWithOpenpyxl(
      changes.document!.content,
      `
ws = wb.worksheets[0]
rows = [[[c.value, c.number_format, bool(c.font.b)] for c in r] for r in ws.iter_rows()]
print(json.dumps({"title": ws.title, "freeze": ws.freeze_panes, "rows": rows}, ensure_ascii=False))
`,
    )) as { title: string; freeze: string; rows: [unknown, string, boolean][][] };
    expect(sheet.title).toBe("Изменения");
    expect(sheet.freeze).toBe("A2");
    expect(sheet.rows[0]!.map(([v, , bold]) => [v, bold])).toEqual(
      ["Товар", "Название", "SKU", "Поле", "Было", "Станет", "Строки", "Примечание"].map((v) => [
        v,
        true,
      ]),
    );
    const price = sheet.rows.find((r) => r[0]![0] === 10002 && r[3]![0] === "Цена")!;
    expect(price.slice(2, 6).map(([v, f]) => [v, f])).toEqual([
      [seed10002.skus[0]!.skuId, "General"],
      ["Цена", "General"],
      [String(seed10002.skus[0]!.price), "@"],
      [String(seed10002.skus[0]!.price + 100), "@"],
    ]);
    expect(sheet.rows.length).toBe(5);

    await user.pressButton(/Применить \(4\)/, { messageId: preview.messageId });
    await user.waitForBotMessage(/^«.*»: итоги/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);

    const sent = sentProducts();
    expect(sent.map((p) => p.productId).sort()).toEqual([10001, 10002, 10003, 10005]);
    // Whole cards: every SKU of each product with its skuId.
    for (const p of sent) {
      const live = before.find((c) => c.productId === p.productId)!;
      expect(p.skus.map((s) => s.skuId)).toEqual(live.skus.map((s) => s.skuId));
    }
    // The catalog differs only in those changes.
    const expected = structuredClone(before);
    expected.find((p) => p.productId === 10001)!.skus[0]!.price = before[0]!.skus[0]!.price - 10000;
    expected.find((p) => p.productId === 10002)!.skus[0]!.price = seed10002.skus[0]!.price + 100;
    expected.find((p) => p.productId === 10005)!.skus[0]!.price = seed10005.skus[0]!.price - 50;
    expected.find((p) => p.productId === 10003)!.name.rus = "Новое название 10003";
    const after = cards();
    // Kazakh descriptions are in no read view: an edit cannot carry them (docs/choices.md).
    const noKazDescription = (list: typeof after) =>
      list.map((p) => ({ ...p, description: { rus: p.description.rus } }));
    expect(noKazDescription(after)).toEqual(noKazDescription(expected));
  });

  const NEW_ROW_TEXTS = {
    ru: {
      status:
        /^🔎 Файл проверен: без ошибок — 1, с ошибками — 0\.\nСтроки без ID товара — это новые товары: они импортируются отдельно, предложение ниже\.$/,
      changes: /^Что изменится по файлу «catalog-edited\.xlsx»/,
      offer: /Импортировать товары \(1\)\?/,
      invalidStatus:
        /^🔎 Файл проверен: без ошибок — 0, с ошибками — 1\.\nСтроки без ID товара — это новые товары: ни одна из них не прошла проверку, причины ниже\.$/,
      reasons: /^❌ Ни один товар из файла не прошёл проверку[\s\S]*«дорого»/,
    },
    kk: {
      status:
        /^🔎 Файл тексерілді: қатесіз — 1, қатесі бар — 0\.\nТауар ID-і жоқ жолдар — жаңа тауарлар: олар бөлек импортталады, ұсыныс төменде\.$/,
      changes: /^«catalog-edited\.xlsx» файлы бойынша не өзгереді/,
      offer: /Тауарларды \(1\) импорттаймыз ба\?/,
      invalidStatus:
        /^🔎 Файл тексерілді: қатесіз — 0, қатесі бар — 1\.\nТауар ID-і жоқ жолдар — жаңа тауарлар: олардың ешқайсысы тексеруден өтпеді, себептері төменде\.$/,
      reasons: /^❌ Файлдағы бірде-бір тауар тексеруден өтпеді[\s\S]*«дорого»/,
    },
  };

  /**
   * The seller's answer to the export with one row added under the catalog's (no productId, no
   * skuId; `change` sets its cells): the bot's messages after it, files left out, once `last`
   * has come.
   */
  async function sendBackWithNewRow(locale: "ru" | "kk", change: string, last: RegExp) {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: locale });
    await linkUser(h, user);
    const file = await exportWholeCatalog(user, locale);
    const edited = await editWithOpenpyxl(
      file,
      `
new = list(rows[0]); new[col("productId")] = None; new[col("skuId")] = None
${change}
rows.append(new)
`,
    );
    const before = user.lastBotMessage()!.messageId;
    await user.sendDocument({
      fileName: "catalog-edited.xlsx",
      content: edited,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    await user.waitForBotMessage(last, { ...SLOW, after: before });
    const after = user.botMessages().filter((m) => m.messageId > before && !m.document);
    return { user, after };
  }

  it.each(["ru", "kk"] as const)(
    "says in the status, not in a message of its own, that rows without productId are new products (%s)",
    async (locale) => {
      const texts = NEW_ROW_TEXTS[locale];
      const { user, after } = await sendBackWithNewRow(
        locale,
        `new[col("name.rus")] = "Новый товар из выгрузки"`,
        texts.offer,
      );
      // The status, the changes (none), then the offer for the new row: no note between them.
      expect(after, user.dump()).toHaveLength(3);
      expect(after[0]!.text).toMatch(texts.status);
      expect(after[1]!.text).toMatch(texts.changes);
      expect(after[2]!.text).toMatch(texts.offer);
    },
    30_000,
  );

  it.each(["ru", "kk"] as const)(
    "says in the status that no new row passed when none did, and names the reasons (%s)",
    async (locale) => {
      const texts = NEW_ROW_TEXTS[locale];
      const { user, after } = await sendBackWithNewRow(
        locale,
        `new[col("price")] = "дорого"`,
        texts.reasons,
      );
      // The status, the changes (none), then the reasons: no offer, no button.
      expect(after, user.dump()).toHaveLength(3);
      expect(after[0]!.text).toMatch(texts.invalidStatus);
      expect(after[1]!.text).toMatch(texts.changes);
      expect(after[2]!.text).toMatch(texts.reasons);
      expect(after[2]!.buttons, user.dump()).toEqual([]);
    },
    30_000,
  );
});
