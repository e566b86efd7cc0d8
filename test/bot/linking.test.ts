import { afterEach, describe, expect, it } from "vitest";
import { sessionStorage } from "../../src/bot/session-storage.js";
import { manualClock } from "../support/clock.js";
import { type Harness, linkUser, restartBot, startInProcess } from "../support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe("linking a seller's chat", () => {
  it("links with a deep-link token, deletes the token message and greets in the link's language", async () => {
    h = await startInProcess();
    const user = h.tg.user({ firstName: "Айгүл", username: "aigul_shop", languageCode: "kk" });
    const token = h.api.issueLinkToken();

    await user.sendCommand(`/start ${token}`);
    const greeting = await user.waitForBotMessage(/байланыстырылды/);

    expect(greeting.text).toContain("Қош келдіңіз");
    // Not a list of commands: a short pointer to the main menu's buttons, which come with it.
    expect(greeting.text).toContain("Негізгі мәзір");
    expect(greeting.text).not.toContain("/orders");
    expect(greeting.replyKeyboard).toEqual([
      ["📦 Тапсырыстар", "🛍 Тауарлар"],
      ["📈 Бүгін", "💰 Ақша"],
      ["📥 Excel", "⚙️ Баптаулар"],
    ]);
    const confirm = h.api.requestsTo("/api/seller/v1/telegram/confirm-token");
    expect(confirm).toHaveLength(1);
    expect(confirm[0]!.body).toEqual({
      token,
      chatId: user.id,
      userName: "aigul_shop",
      languageCode: "kk",
    });
    expect(h.api.linkOf(user.id)?.isActive).toBe(true);
    // The message that carried the token is gone, and no bot message repeats it.
    expect(user.messages().find((m) => m.from === "user")?.deleted).toBe(true);
    expect(user.botMessages().some((m) => m.text.includes(token))).toBe(false);
  });

  it("greets in Russian a user whose Telegram is Russian, naming the user by full name when there is no username", async () => {
    h = await startInProcess();
    const user = h.tg.user({ firstName: "Иван", lastName: "Петров", languageCode: "ru" });
    const token = h.api.issueLinkToken();
    await user.sendCommand(`/start ${token}`);
    await user.waitForBotMessage(/Добро пожаловать/);
    const body = h.api.requestsTo("/api/seller/v1/telegram/confirm-token")[0]!.body as {
      userName: string;
      languageCode: string;
    };
    expect(body).toMatchObject({ userName: "Иван Петров", languageCode: "ru" });
  });

  it("explains a wrong token without echoing it and links nothing", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/start WrongToken123");
    const reply = await user.waitForBotMessage(/не подошёл/);
    expect(reply.text).not.toContain("WrongToken123");
    expect(h.api.linkOf(user.id)?.isActive ?? false).toBe(false);
  });

  it("refuses the second use of a token", async () => {
    h = await startInProcess();
    const first = h.tg.user({ languageCode: "ru" });
    const second = h.tg.user({ languageCode: "kk" });
    const token = h.api.issueLinkToken();
    await first.sendCommand(`/start ${token}`);
    await first.waitForBotMessage(/Добро пожаловать/);
    await second.sendCommand(`/start ${token}`);
    const reply = await second.waitForBotMessage(/жарамсыз/);
    expect(reply.text).toContain("мерзімі өтіп кеткен");
    expect(h.api.linkOf(second.id)?.isActive ?? false).toBe(false);
  });

  it("asks for the token on /link, and /cancel leaves the conversation", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/link");
    await user.waitForBotMessage(/Пришлите токен/);
    await user.sendCommand("/cancel");
    await user.waitForBotMessage(/^Отменено/);

    await user.sendCommand("/link");
    await user.waitFor((msgs) => msgs.filter((m) => /Пришлите токен/.test(m.text)).length === 2);
    const token = h.api.issueLinkToken();
    await user.sendText(token);
    await user.waitForBotMessage(/Добро пожаловать/);
    expect(h.api.linkOf(user.id)?.isActive).toBe(true);
  });

  it("tells a sentence from a token, and lets a command typed instead of a token through", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "kk" });
    await user.sendCommand("/link");
    await user.waitForBotMessage(/токенін жіберіңіз/);
    await user.sendText("токенді қайдан аламын?");
    await user.waitForBotMessage(/токеніне ұқсамайды/);
    expect(h.api.requestsTo("/api/seller/v1/telegram/confirm-token")).toHaveLength(0);

    await user.sendCommand("/link");
    await user.waitFor((msgs) => msgs.filter((m) => /токенін жіберіңіз/.test(m.text)).length === 2);
    await user.sendCommand("/help");
    await user.waitForBotMessage(/Сәлеметсіз бе/);
    expect(h.api.requestsTo("/api/seller/v1/telegram/confirm-token")).toHaveLength(0);
  });

  it("notices a link revoked in the cabinet once its cached status is stale", async () => {
    h = await startInProcess({ env: { LINK_STATUS_CACHE_SECONDS: "0" } });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    h.api.unlink(user.id);
    await user.sendCommand("/help");
    await user.waitForBotMessage(/^Здравствуйте/);
    await user.sendCommand("/orders");
    await user.waitForBotMessage(/ещё не привязан/);
    expect(h.api.requestsTo("/api/seller/v1/orders/list")).toHaveLength(0);
  });

  it("serves a button pressed while /link waits for the token, and the question ends", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await user.sendCommand("/language");
    await user.waitForBotMessage(/Выберите язык/);
    await user.sendCommand("/link");
    await user.waitForBotMessage(/Пришлите токен/);
    const queryId = await user.pressButton("Қазақша");
    await user.waitForCallbackAnswer(queryId);
    await user.waitForBotMessage(/қазақша сөйлеймін/);
    // The seller has moved on: a token typed now is not taken (nor sent to the Seller API).
    const token = h.api.issueLinkToken();
    const before = user.lastBotMessage()!.messageId;
    await user.sendText(token);
    // Typed text of an unlinked chat: how to link (nothing is searched).
    await user.waitForBotMessage(/әлі сатушы кабинетіне байланыстырылмаған/, { after: before });
    expect(h.api.requestsTo("/api/seller/v1/telegram/confirm-token")).toHaveLength(0);
    // Asked again, it is.
    await user.sendCommand("/link");
    await user.waitForBotMessage(/токенін жіберіңіз/);
    await user.sendText(token);
    await user.waitForBotMessage(/Қош келдіңіз/);
  });

  it("says the service is down when the Seller API fails, and links after it recovers", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    const token = h.api.issueLinkToken();
    h.api.failNext("/api/seller/v1/telegram/confirm-token", "503");
    await user.sendCommand(`/link ${token}`);
    await user.waitForBotMessage(/не отвечает/);
    // confirm-token is never retried blindly
    expect(h.api.requestsTo("/api/seller/v1/telegram/confirm-token")).toHaveLength(1);
    await user.sendCommand(`/link ${token}`);
    await user.waitForBotMessage(/Добро пожаловать/);
  });

  it("answers in a group only with a pointer to the private chat", async () => {
    h = await startInProcess();
    const member = h.tg.user({ languageCode: "ru" });
    const group = h.tg.group({ title: "Shop team" });
    await group.sendCommand(member, "/start");
    await group.sendCommand(member, "/orders@seller_test_bot");
    await group.sendText(member, "просто текст");
    await group.waitForBotMessage(/только в личном чате/);
    // All three handled: the two commands got their pointer, the text nothing.
    await h.updatesHandled();
    expect(group.botMessages()).toHaveLength(2);
    expect(h.api.requests).toHaveLength(0);
  });

  it("shows the link status, and remembers /language across a restart", async () => {
    h = await startInProcess();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    await user.sendCommand("/status");
    await user.waitForBotMessage(/Чат привязан/);

    await user.sendCommand("/language");
    await user.waitForBotMessage(/Выберите язык/);
    await user.pressButton("Қазақша");
    await user.waitForBotMessage(/қазақша сөйлеймін/);

    h = await restartBot(h);
    await user.sendCommand("/help");
    const menu = await user.waitForBotMessage(/Мен не істей аламын/);
    // Every command a linked seller has, alerts included, in the chosen language.
    for (const command of [
      "/orders",
      "/products",
      "/export",
      "/import",
      "/jobs",
      "/settings",
      "/status",
    ])
      expect(menu.text).toContain(command);
    expect(menu.text).toContain(
      "/settings — жаңа тапсырыстар мен қалдықтар туралы хабарландырулар",
    );
  });

  it("reuses a link status for a minute of the app's clock, then reads it again", async () => {
    const clock = manualClock();
    h = await startInProcess({ clock });
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    const reads = () => h!.api.requestsTo("/api/seller/v1/telegram/status").length;
    const afterLink = reads();
    await user.sendCommand("/jobs");
    await user.waitForBotMessage(/Импортов пока не было/);
    await user.sendCommand("/help");
    const help = await user.waitForBotMessage(/^Что я умею/);
    expect(reads()).toBe(afterLink);

    await clock.advance(61_000);
    await user.sendCommand("/jobs");
    await user.waitForBotMessage(/Импортов пока не было/, { after: help.messageId });
    expect(reads()).toBe(afterLink + 1);
  });

  it("keeps sessions in Redis when REDIS_URL is set", async () => {
    h = await startInProcess({ redis: true });
    const user = h.tg.user({ languageCode: "kk" });
    await linkUser(h, user);
    h = await restartBot(h);
    await user.sendCommand("/help");
    await user.waitForBotMessage(/Мен не істей аламын/);
  });

  it.each(["the object", "the short array of an earlier release"] as const)(
    "reads a session stored in Redis as %s after a restart",
    async (shape) => {
      const first = await startInProcess({ redis: true });
      h = first;
      const user = first.tg.user({ languageCode: "ru" });
      await linkUser(first, user);
      const key = `session:${user.id}`;
      const stored = () => sessionStorage(first.app.storage.adapter<unknown>()).read(key);
      // The session is written when the update's handling ends, just after the greeting is sent.
      await expect.poll(async () => (await stored())?.link?.active).toBe(true);
      const { link } = (await stored())!;
      // As an earlier version wrote it, with Kazakh chosen (/language) over Telegram's Russian.
      const short = [
        2,
        "kk",
        [1, link!.languageCode ?? 0, link!.confirmedAt ?? 0, link!.checkedAt],
      ];
      await h.app.storage
        .adapter<unknown>()
        .write(key, shape === "the object" ? { link, locale: "kk" } : short);
      h = await restartBot(h);
      await user.sendCommand("/help");
      await user.waitForBotMessage(/Мен не істей аламын/);
      const after = await sessionStorage(h.app.storage.adapter<unknown>()).read(key);
      expect(after).toMatchObject({ locale: "kk", link: { active: true } });
    },
  );

  it("registers one menu in Russian, Kazakh and the default, and /help lists the same commands in the same order", async () => {
    h = await startInProcess();
    expect(
      h.tg.commands({ languageCode: "ru" }).find((c) => c.command === "orders")?.description,
    ).toBe("Заказы");
    expect(
      h.tg.commands({ languageCode: "kk" }).find((c) => c.command === "orders")?.description,
    ).toBe("Тапсырыстар");
    // Every command a seller uses, in the order of a day's work, each described in each language.
    const order = [
      "orders",
      "today",
      "money",
      "products",
      "export",
      "import",
      "jobs",
      "settings",
      "categories",
      "brands",
    ];
    const tail = ["attributes", "status", "link", "language", "menu", "help", "cancel"];
    const menus = {
      ru: h.tg.commands({ languageCode: "ru" }),
      kk: h.tg.commands({ languageCode: "kk" }),
      default: h.tg.commands({}),
    };
    for (const menu of Object.values(menus)) {
      expect(menu.map((c) => c.command)).toEqual([...order, ...tail]);
      for (const c of menu) expect(c.description).not.toMatch(/^cmd-/);
    }
    expect(menus.default).toEqual(menus.ru);

    // /help of a linked chat, in each language: the menu's commands, one line each, in order.
    const helpOf = async (languageCode: "ru" | "kk", title: RegExp) => {
      const user = h!.tg.user({ languageCode });
      // The link takes the chat's language (Telegram's, sent with the token).
      await linkUser(h!, user);
      await user.sendCommand("/help");
      return (await user.waitForBotMessage(title)).text.split("\n");
    };
    for (const [languageCode, title] of [
      ["ru", /^Что я умею/],
      ["kk", /^Мен не істей аламын/],
    ] as const) {
      const [head, ...lines] = await helpOf(languageCode, title);
      expect(head).toMatch(title);
      expect(lines.map((line) => /^\/([a-z]+) — \S/.exec(line)?.[1])).toEqual(
        menus[languageCode].map((c) => c.command),
      );
      // Each line is the command's own text, not a missing key.
      for (const line of lines) expect(line).not.toMatch(/help-/);
    }
  });
});
