import { afterEach, describe, expect, it } from "vitest";
import { parseImportFile } from "../../src/import/read/index.js";
import { waitForDocument } from "../support/catalog.js";
import { send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("export from the products list", () => {
  it("exports the list's current search, in the chat's language (kk)", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const list = await send(user, "/products Xiaomi");
    await user.pressButton("📤 Excel-ге шығару", { messageId: list.messageId });
    const doc = await waitForDocument(user, /^catalog-.*\.xlsx$/, list.messageId);
    const read = await parseImportFile(
      { bytes: doc.document!.content, fileName: "catalog.xlsx" },
      { vatRates: [0, 12] },
    );
    if (!read.ok) throw new Error(read.reason);
    const wanted = h.api.products.filter((p) => /xiaomi/i.test(p.name.rus));
    expect(wanted.length).toBeGreaterThan(1);
    const ids = [...new Set(read.edits!.rows.map((r) => r.productId))];
    expect(ids).toEqual(wanted.map((p) => p.productId));
    expect(read.reading?.sheet).toBeUndefined();
    const done = await user.waitForBotMessage(/Шығарылған тауарлар/);
    expect(done.text).toContain(`Шығарылған тауарлар: ${wanted.length}`);

    // One category, picked from the categories the products are in.
    const menuAt = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export");
    const menu = await user.waitForBotMessage(/Excel-ге шығару/, { after: menuAt });
    await user.pressButton("🗂 Бір санат", { messageId: menu.messageId });
    const picker = await user.waitForBotMessage(/Қай санатты шығарамыз/, { after: menu.messageId });
    const first = picker.buttons.flat()[0]!;
    const count = Number(/\((\d+)\)$/.exec(first)![1]);
    await user.pressButton(first, { messageId: picker.messageId });
    const one = await waitForDocument(user, /^catalog-.*\.xlsx$/, picker.messageId);
    const oneRead = await parseImportFile(
      { bytes: one.document!.content, fileName: "catalog.xlsx" },
      { vatRates: [0, 12] },
    );
    if (!oneRead.ok) throw new Error(oneRead.reason);
    const oneIds = [...new Set(oneRead.edits!.rows.map((r) => r.productId))];
    expect(oneIds).toHaveLength(count);
    const category = h.api.products.find((p) => p.productId === oneIds[0])!.categoryId;
    expect(oneIds).toEqual(
      h.api.products.filter((p) => p.categoryId === category).map((p) => p.productId),
    );

    // `/export csv`: UTF-8 with BOM and ';', which Russian Excel opens as is.
    const csvAt = user.lastBotMessage()!.messageId;
    await user.sendCommand("/export csv");
    const csv = (await waitForDocument(user, /^catalog-.*\.csv$/, csvAt)).document!.content;
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]!.split(";").slice(0, 3)).toEqual(["Тауар ID", "SKU ID", "Санат ID"]);
    const skus = h.api.products.reduce((n, p) => n + p.skus.length, 0);
    expect(lines).toHaveLength(skus + 1);
  });
});
