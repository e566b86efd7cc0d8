import { afterEach, describe, expect, it } from "vitest";
import type { UserDriver } from "../../doubles/telegram/index.js";
import {
  editWithOpenpyxl,
  exportWholeCatalog,
  importPosts as importPostsTo,
} from "../support/catalog.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const SLOW = { timeoutMs: 45_000 };

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const importPosts = () => importPostsTo(h!.api);

async function sendBack(user: UserDriver, content: Buffer) {
  const before = user.lastBotMessage()?.messageId ?? 0;
  await user.sendDocument({ fileName: "каталог.xlsx", content });
  return user.waitForBotMessage(/файлы бойынша не өзгереді/, { ...SLOW, after: before });
}

describe("the risky button and an untouched export (kk)", () => {
  it("the risky button applies the risky cut; the untouched export sends nothing", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const file = await exportWholeCatalog(user, "kk");
    const same = await sendBack(user, await editWithOpenpyxl(file, "rows.reverse()"));
    expect(same.text).toContain("Өзгеріс жоқ — жіберетін ештеңе жоқ.");
    expect(same.buttons.flat()).toEqual([]);
    expect(importPosts()).toHaveLength(0);

    const first = h.api.products[0]!.skus[0]!;
    const cut = await editWithOpenpyxl(
      file,
      `
for r in rows:
    if r[col("skuId")] == ${first.skuId}: r[col("price")] = 10
`,
    );
    const preview = await sendBack(user, cut);
    expect(preview.buttons.flat()).toEqual(["⚠️ Тәуекелділермен бірге қолдану (1)", "✖️ Бас тарту"]);
    await user.pressButton(/Тәуекелділермен/, { messageId: preview.messageId });
    await user.waitForBotMessage(/^«.*»: қорытынды/, SLOW);
    await user.waitFor(() => h!.api.jobs.length === 1, SLOW);
    expect(h.api.products[0]!.skus[0]!.price).toBe(10);
  });
});
