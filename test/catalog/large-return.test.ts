/**
 * The returned export at a real shop's size, through the bot: an export of 5,047 SKUs edited by
 * openpyxl (and saved again by LibreOffice where it is installed) comes back as exactly its
 * changes, applies exactly those products, whole, and undo puts them back; a change made in the
 * cabinet since the export is a conflict the general button never writes back. Every catalog
 * the tests used before was smaller than the 30 rows a header is looked for in.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SeedProduct } from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import type { ImportReader } from "../../src/import/read/index.js";
import { formatNumber, formatMoney as tenge } from "../../src/text/format.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  hasLibreOffice,
  importPosts as importPostsTo,
  inspectWithOpenpyxl,
  resaveWithLibreOffice,
  waitForDocument,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";
import { patientReader } from "../support/shared.js";

/** Nets for an answer that never comes, sized for a loaded 2-core machine, not speed checks. */
const SLOW = { timeoutMs: 120_000 };

let h: Harness | undefined;
let reader: ImportReader | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
  reader?.close();
  reader = undefined;
});

const importPosts = () => importPostsTo(h!.api);
type Sent = { productId: number; skus: { skuId: number; price: number }[] };
const sentIn = (i: number) => (importPosts()[i]!.body as { products: Sent[] }).products;

/** The live catalog's cards without what is not part of a card (status, stock, sales). */
const cards = () =>
  structuredClone(h!.api.products as SeedProduct[]).map(
    ({ moderationStatus, productStatus, totalWmsQuantity, salesCount, photoUrl, ...card }) => card,
  );
type Card = ReturnType<typeof cards>[number];
/** Kazakh descriptions are in no read view: an edit cannot carry them (docs/choices.md). */
const noKazDescription = (list: Card[]) =>
  list.map((p) => ({ ...p, description: { rus: p.description.rus } }));

/** `catalog` with each SKU's price as `prices` says. */
const withPrices = (catalog: Card[], prices: ReadonlyMap<number, number>) =>
  catalog.map((p) => ({
    ...p,
    skus: p.skus.map((s) => (prices.has(s.skuId) ? { ...s, price: prices.get(s.skuId)! } : s)),
  }));

/** One SKU row of the export, in the export's order (product id ascending, SKUs as listed). */
interface Row {
  productId: number;
  skuId: number;
  price: number;
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function sendBack(user: UserDriver, content: Buffer) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName: "catalog-edited.xlsx", content, mimeType: XLSX });
  // A refusal or a failure ends the wait too: the assertions on the preview then name it.
  return user.waitForBotMessage(/Что изменится|не отвечает|^❌/, { ...SLOW, after: before });
}

/**
 * The seller's spreadsheet work: the prices of `edits` (checked to be the rows the test means,
 * first, middle and last), the rows sorted by name descending, the price column moved first.
 */
const sellerEdit = (edits: { row: Row; at: string; price: number }[]) => `
p = col("price"); s = col("skuId"); n = col("name.rus")
${edits.map((e) => `assert rows[${e.at}][s] == ${e.row.skuId}`).join("\n")}
new = {${edits.map((e) => `${e.row.skuId}: ${e.price}`).join(", ")}}
for r in rows:
    if r[s] in new: r[p] = new[r[s]]
rows.sort(key=lambda r: str(r[n]), reverse=True)
order = [p] + [i for i in range(len(header)) if i != p]
header = [header[i] for i in order]
rows = [[r[i] for i in order] for r in rows]
`;

/** The rows of the difference file (.xlsx) the preview comes with: product, SKU, was, will. */
async function differenceRows(user: UserDriver, after: number) {
  const doc = await waitForDocument(user, /-changes\.xlsx$/, after, SLOW.timeoutMs);
  return (await inspectWithOpenpyxl(
    doc.document!.content,
    `
ws = wb.worksheets[0]
print(json.dumps([[r[0], r[2], r[3], r[4], r[5], r[7]] for r in ws.iter_rows(min_row=2, values_only=True)]))
`,
  )) as [number, number, string, string, string, string | null][];
}

describe("an export of 5,047 SKUs sent back", () => {
  it("previews exactly the seller's three prices, applies exactly those products whole, undoes them; a cabinet change since is a conflict never written back", async () => {
    // 42 seeded products and 2,016 generated: 2,058 products, 5,047 SKUs.
    reader = patientReader();
    h = await startInProcess({ sandbox: { extraProducts: 2016 }, reader });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const before = cards();
    const rows: Row[] = [...before]
      .sort((a, b) => a.productId - b.productId)
      .flatMap((p) =>
        p.skus.map((s) => ({ productId: p.productId, skuId: s.skuId, price: s.price })),
      );
    expect(rows.length).toBeGreaterThanOrEqual(5000);
    const file = await exportWholeCatalog(user, "ru", SLOW.timeoutMs);

    const middle = Math.floor(rows.length / 2);
    const edits = [
      { row: rows[0]!, at: "0", price: Math.round(rows[0]!.price * 0.95) },
      { row: rows[middle]!, at: String(middle), price: rows[middle]!.price + 50 },
      { row: rows.at(-1)!, at: "-1", price: Math.round(rows.at(-1)!.price * 0.9) },
    ];
    const edited = await editWithOpenpyxl(file, sellerEdit(edits));
    // LibreOffice opens and saves the seller's file, where it is installed.
    const back = hasLibreOffice() ? resaveWithLibreOffice([edited])[0]! : edited;

    const preview = await sendBack(user, back);
    expect(preview.text, user.dump()).toContain("Изменятся товаров: 3, SKU: 3.");
    expect(preview.text).toContain("Цены: выше — 1, ниже — 2.");
    for (const e of edits) {
      expect(preview.text).toContain(`${e.row.productId} / ${e.row.skuId}`);
      expect(preview.text).toContain(`Цена: ${tenge(e.row.price)} → ${tenge(e.price)}`);
    }
    expect(preview.text).toContain(
      `Строк без изменений (пропущены): ${formatNumber(rows.length - 3, "ru")}.`,
    );
    expect(preview.text).not.toMatch(/Конфликты|Рискованные|нет служебного листа|кабинете после/);
    expect(preview.buttons.flat()).toEqual(["✅ Применить (3)", "✖️ Отмена"]);
    const difference = await differenceRows(user, preview.messageId - 1);
    expect(difference.sort((a, b) => a[0] - b[0])).toEqual(
      [...edits]
        .sort((a, b) => a.row.productId - b.row.productId)
        .map((e) => [
          e.row.productId,
          e.row.skuId,
          "Цена",
          String(e.row.price),
          String(e.price),
          null, // no note: neither risky nor a conflict
        ]),
    );
    expect(importPosts()).toHaveLength(0);

    // Apply: one import request with exactly those three products, each whole.
    await user.pressButton("✅ Применить (3)", { messageId: preview.messageId });
    // The summary comes with the undo button.
    const applied = await user.waitForBotMessage(/^«.*»: итоги/, {
      ...SLOW,
      after: preview.messageId,
    });
    expect(applied.text).toContain("Товары: ✅ успешно 3, ❌ с ошибками 0");
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(importPosts()).toHaveLength(1);
    const changedIds = edits.map((e) => e.row.productId).sort((a, b) => a - b);
    expect(
      sentIn(0)
        .map((p) => p.productId)
        .sort((a, b) => a - b),
    ).toEqual(changedIds);
    const newPrices = new Map(edits.map((e) => [e.row.skuId, e.price]));
    for (const sent of sentIn(0)) {
      const live = withPrices(before, newPrices).find((p) => p.productId === sent.productId)!;
      expect(sent.skus.map((s) => [s.skuId, s.price])).toEqual(
        live.skus.map((s) => [s.skuId, s.price]),
      );
    }
    // The catalog differs from before in those three prices only (nothing of a card was lost).
    expect(noKazDescription(cards())).toEqual(noKazDescription(withPrices(before, newPrices)));

    // Undo: exactly those three products again, with their prices as exported.
    await user.pressButton("↩️ Отменить изменения", { messageId: applied.messageId });
    const undone = await user.waitForBotText(/Возвращаю прежние значения: 3/, SLOW);
    expect(undone.text).toContain("оставлены как есть: 0");
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(importPosts()).toHaveLength(2);
    expect(
      sentIn(1)
        .map((p) => p.productId)
        .sort((a, b) => a - b),
    ).toEqual(changedIds);
    expect(noKazDescription(cards())).toEqual(noKazDescription(before));

    // In the cabinet, the first row's price changes; the same file comes back.
    const first = edits[0]!.row;
    h.api.editProduct(first.productId, (p) => {
      p.skus.find((s) => s.skuId === first.skuId)!.price = first.price + 5;
    });
    const again = await sendBack(user, back);
    expect(again.text, user.dump()).toContain("Конфликты: 1");
    expect(again.text).toContain(`${first.productId} / ${first.skuId}`);
    expect(again.text).toContain(`Цена: ${tenge(first.price + 5)} → ${tenge(edits[0]!.price)}`);
    expect(again.buttons.flat()).toEqual([
      "✅ Применить (2)",
      "⚡ Применить и конфликты (3)",
      "✖️ Отмена",
    ]);
    await user.pressButton("✅ Применить (2)", { messageId: again.messageId });
    await user.waitFor(() => h!.api.jobs.length === 3, SLOW);
    expect(
      sentIn(2)
        .map((p) => p.productId)
        .sort((a, b) => a - b),
    ).toEqual(changedIds.filter((id) => id !== first.productId));
    // The cabinet's price stays; the other two are the seller's.
    const expected = withPrices(before, new Map([...newPrices, [first.skuId, first.price + 5]]));
    expect(noKazDescription(cards())).toEqual(noKazDescription(expected));
  }, 400_000);
});

describe("a return whose reading takes longer than one update's Seller API deadline", () => {
  it("is previewed, applied and undone all the same: its requests are not held to that deadline", async () => {
    // 300 products; one update's Seller API calls get 2 s in all.
    h = await startInProcess({
      sandbox: { extraProducts: 258 },
      env: { SELLER_API_DEADLINE_MS: "2000" },
    });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const file = await exportWholeCatalog(user, "ru", SLOW.timeoutMs);
    const before = cards();
    // The first SKU of one product in each category: the apply and the undo read 12 lists.
    const changed = [...new Map(before.map((p) => [p.categoryId, p])).values()];
    expect(changed.length).toBeGreaterThanOrEqual(12);
    const newPrices = new Map(changed.map((p) => [p.skus[0]!.skuId, p.skus[0]!.price + 10]));
    const edited = await editWithOpenpyxl(
      file,
      `
new = {${[...newPrices].map(([sku, price]) => `${sku}: ${price}`).join(", ")}}
for r in rows:
    if r[col("skuId")] in new: r[col("price")] = new[r[col("skuId")]]
`,
    );
    // Every request now takes 500 ms, 3 at most in flight: the preview's (directories, 10
    // details, 12 lists) take 4 s at least, the apply's and the undo's (directories, one
    // details, then 12 lists) 3 s.
    h.api.setLatency(500);
    const preview = await sendBack(user, edited);
    expect(preview.text, user.dump()).toContain(`Изменятся товаров: ${changed.length}`);
    await user.pressButton(`✅ Применить (${changed.length})`, { messageId: preview.messageId });
    const applied = await user.waitForBotMessage(/^«.*»: итоги/, {
      ...SLOW,
      after: preview.messageId,
    });
    expect(applied.text, user.dump()).toContain(`Товары: ✅ успешно ${changed.length},`);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(noKazDescription(cards())).toEqual(noKazDescription(withPrices(before, newPrices)));
    await user.pressButton("↩️ Отменить изменения", { messageId: applied.messageId });
    await user.waitForBotText(new RegExp(`Возвращаю прежние значения: ${changed.length}`), SLOW);
    await user.waitFor(() => h!.api.jobs.length === 2, SLOW);
    expect(noKazDescription(cards())).toEqual(noKazDescription(before));
    expect(user.dump()).not.toContain("не отвечает");
  }, 240_000);
});
