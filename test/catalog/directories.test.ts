import { afterEach, describe, expect, it } from "vitest";
import { pressAndWaitEdit, send } from "../support/chat.js";
import { type Harness, linkUser, startInProcess } from "../support/harness.js";

const CATEGORIES = "/api/seller/v1/categories";
const BRANDS = "/api/seller/v1/brands";
const ATTRIBUTES = "/api/seller/v1/attributes";

let h: Harness | undefined;
let other: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  await other?.stop();
  h = undefined;
  other = undefined;
});

describe("directory lookups", () => {
  it("lists categories with their path to the root, leaves marked, and reads the tree once", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const hit = await send(user, "/categories кабел");
    expect(hit.text).toContain(
      "Электроника › Смартфоны и аксессуары › Кабели и зарядные устройства (101) ✅",
    );
    const reads = h.api.requestsTo(CATEGORIES).length;
    expect(reads).toBeGreaterThan(0);

    const all = await send(user, "/categories");
    expect(all.text).toContain("всего 21");
    expect(all.text).toContain("Дом и сад (3)");
    expect(all.text).not.toContain("Дом и сад (3) ✅");
    expect(all.text).toContain("Дом и сад › Кухня › Посуда (300) ✅");
    const last = await pressAndWaitEdit(user, "»", all.messageId);
    expect(last.text).toContain("стр. 3 из 3");
    expect(last.buttons.flat()).not.toContain("›");
    await pressAndWaitEdit(user, "‹", all.messageId);
    // the whole tree is cached: neither the second command nor paging read it again
    expect(h.api.requestsTo(CATEGORIES)).toHaveLength(reads);
  });

  it("finds brands in Kazakh and caches an identical lookup", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    const first = await send(user, "/brands Sam");
    expect(first.text).toContain("Брендтер");
    expect(first.text).toContain("501 Samsung");
    expect(h.api.requestsTo(BRANDS)).toHaveLength(1);
    expect(h.api.requestsTo(BRANDS)[0]!.query).toMatchObject({ search: "Sam" });
    const second = await send(user, "/brands Sam");
    expect(second.text).toBe(first.text);
    expect(h.api.requestsTo(BRANDS)).toHaveLength(1);

    const none = await send(user, "/brands zzzz");
    expect(none.text).toContain("Ештеңе табылмады");
  });

  it("keeps the directory cache in Redis when REDIS_URL is set", async () => {
    h = await startInProcess({ redis: true });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const first = await send(user, "/brands");
    expect(first.text).toContain("515 Qazaq Republic");
    await send(user, "/brands");
    expect(h.api.requestsTo(BRANDS)).toHaveLength(1);
  });

  it("shows a category's attributes with their value codes, and searches attributes", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const ofCategory = await send(user, "/attributes 101");
    expect(h.api.requestsTo(ATTRIBUTES)[0]!.query).toMatchObject({ categoryId: "101" });
    expect(ofCategory.text).toContain("Разъём — код connector");
    expect(ofCategory.text).toContain("connector_usb_c USB-C");
    expect(ofCategory.html).toContain("<code>connector_lightning</code>");
    expect(ofCategory.text).toContain("Кабели и зарядные устройства (101)");
    expect(ofCategory.text).not.toContain("Размер");

    const search = await send(user, "/attributes памят");
    expect(search.text).toContain("Объём памяти — код memory");
    expect(search.text).toContain("memory_256gb 256 ГБ");

    const all = await send(user, "/attributes");
    expect(all.text).toContain("стр. 1 из 2");
    const next = await pressAndWaitEdit(user, "›", all.messageId);
    expect(next.text).toContain("country_kz Казахстан");
  });

  it("says the service is down, answers forged buttons, and keeps unlinked chats out", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    const stranger = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    h.api.failNext(BRANDS, "503", 3);
    await send(user, "/brands");
    await user.waitForBotMessage(/не отвечает/);

    const list = await send(user, "/categories");
    for (const [data, notice] of [
      ["catp1:0:9", /страницы нет/],
      ["brdp1:AAAAAAAA:2", /устарел/],
    ] as const) {
      const id = await user.sendCallback(list.messageId, data);
      expect((await user.waitForCallbackAnswer(id)).text).toMatch(notice);
    }
    expect(user.messages().find((m) => m.messageId === list.messageId)!.edited).toBe(0);

    const requests = h.api.requests.length;
    await stranger.sendCommand("/categories");
    await stranger.waitForBotMessage(/не привязан/);
    expect(h.api.requests.slice(requests).map((r) => r.path)).toEqual([
      "/api/seller/v1/telegram/status",
    ]);
  });

  it("keeps two bots in one process apart: each reads its own Seller API", async () => {
    h = await startInProcess();
    other = await startInProcess();
    const first = h.tg.user({ languageCode: "ru" });
    const second = other.tg.user({ languageCode: "kk" });
    await linkUser(h, first);
    await linkUser(other, second);
    // The first bot's read is still under way when the second bot misses the same key.
    h.api.setLatency((path) => (path.startsWith(CATEGORIES) ? 400 : 0));
    const answers = Promise.all([send(first, "/categories"), send(second, "/categories")]);
    await answers;
    expect(h.api.requestsTo(CATEGORIES).length).toBeGreaterThan(0);
    expect(other.api.requestsTo(CATEGORIES).length).toBeGreaterThan(0);
  });
});
