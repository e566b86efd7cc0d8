import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import { formatMoney as tenge } from "../../src/text/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts as importPostsTo,
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

async function exported(user: UserDriver): Promise<Buffer> {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendCommand("/export");
  const menu = await user.waitForBotMessage(/Выгрузка в Excel/, { after: before });
  await user.pressButton(/Весь каталог \(\.xlsx\)/, { messageId: menu.messageId });
  await user.waitForBotMessage(/не удалось записать кодами/, { ...SLOW, after: menu.messageId });
  return (await waitForDocument(user, /^catalog-.*\.xlsx$/, menu.messageId)).document!.content;
}

async function sendBack(user: UserDriver, content: Buffer) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName: "catalog.xlsx", content });
  return user.waitForBotMessage(/Что изменится/, { ...SLOW, after: before });
}

describe("directories answered in smaller pages than asked", () => {
  it("are read to the end: every characteristic of the export is written by its code", async () => {
    // 3 a page where 100 were asked (the spec names no largest page size).
    h = await startInProcess({ sandbox: { directoryPageCap: 3 } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const before = user.lastBotMessage()?.messageId ?? 0;
    await exportWholeCatalog(user);
    // The export's closing words come just after its file.
    const done = await user.waitForBotMessage(/Выгружено товаров/, { after: before });
    expect(done.text).not.toMatch(/не удалось записать кодами/);
    const pages = h.api.requests.filter((r) => r.path.endsWith("/attributes/values")).length;
    expect(pages).toBeGreaterThan(Math.ceil(h.api.seed.attributeValues.length / 3) - 1);
  });
});

describe("an attribute-values directory with only code and name (as the spec shows)", () => {
  it("never sends a product without its characteristics; sends it once the file gives the codes", async () => {
    // About codes, not timeouts: in a full parallel check one of its many requests once took
    // longer than the harness's 2 s and the diff answered "the service is not answering".
    h = await startInProcess({
      sandbox: { attributeValueIds: false },
      env: { SELLER_API_TIMEOUT_MS: "10000" },
    });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const file = await exported(user);
    const product = h.api.products.find((p) => p.productId === 10001)!;
    const before = structuredClone(product);
    const seed = h.api.seed;
    const codeOf = (id: number) => seed.attributeValues.find((v) => v.id === id)!.code;
    const attributeOf = (id: number) => seed.attributes.find((a) => a.id === id)!.code;

    // A price changed without the codes: named, not sent.
    const priceOnly = `
for r in rows:
    if r[col("skuId")] == ${before.skus[0]!.skuId}: r[col("price")] = r[col("price")] + 10
    if r[col("productId")] == 10001: assert r[col("🔒 Примечание")]
`;
    const blocked = await sendBack(user, await editWithOpenpyxl(file, priceOnly));
    expect(blocked.text, user.dump()).toContain("Товар 10001");
    expect(blocked.text).toContain("характеристики нельзя записать кодами");
    expect(blocked.text).toContain("Изменений нет");
    expect(blocked.buttons.flat()).toEqual([]);
    expect(importPosts()).toHaveLength(0);

    // The same change with every code of the product given: sent whole, with them.
    const attributeCells = before.attributes
      .map(
        (a) =>
          `        r[col("attributes.${attributeOf(a.id)}")] = "${a.valueIds.map(codeOf).join("|")}"`,
      )
      .join("\n");
    const skuCells = before.skus
      .map(
        (s) =>
          `        if r[col("skuId")] == ${s.skuId}: r[col("attributeValueCodes")] = "${s.attributeValueIds.map(codeOf).join("|")}"`,
      )
      .join("\n");
    const withCodes = `${priceOnly}
for r in rows:
    if r[col("productId")] == 10001:
${attributeCells}
${skuCells}
`;
    const preview = await sendBack(user, await editWithOpenpyxl(file, withCodes));
    expect(preview.text).not.toContain("нельзя записать кодами");
    expect(preview.text).toContain(
      `${tenge(before.skus[0]!.price)} → ${tenge(before.skus[0]!.price + 10)}`,
    );
    await user.pressButton(/Применить/, { messageId: preview.messageId });
    await user.waitForBotMessage(/^«.*»: итоги/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    const after = h.api.products.find((p) => p.productId === 10001)!;
    expect(after.attributes).toEqual(before.attributes);
    expect(after.skus.map((s) => s.attributeValueIds)).toEqual(
      before.skus.map((s) => s.attributeValueIds),
    );
    expect(after.skus[0]!.price).toBe(before.skus[0]!.price + 10);
  });
});
