import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, GrammyError, InlineKeyboard, InputFile, webhookCallback } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type BotApiEmulator,
  spreadWayThere,
  startBotApiEmulator,
  type UserDriver,
} from "../../doubles/telegram/index.js";
import { eventually } from "../support/net.js";

let tg: BotApiEmulator;
let bot: Bot;
let user: UserDriver;

beforeEach(async () => {
  tg = await startBotApiEmulator();
  bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
  user = tg.user({ firstName: "Aigerim", languageCode: "kk" });
  await user.sendText("hi"); // the user has written to the bot, so it may answer
});

afterEach(async () => {
  if (bot.isRunning()) await bot.stop();
  await tg.stop();
});

/** The Bot API description of a rejected call. */
async function rejection(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GrammyError)) throw new Error(`expected a GrammyError, got ${error}`);
  return error.description;
}

const html = (text: string) => bot.api.sendMessage(user.id, text, { parse_mode: "HTML" });

describe("HTML parse mode", () => {
  it.each([
    ["<x>hi</x>", 'Unsupported start tag "x" at byte offset 0'],
    ["<b>bold", `Can't find end tag corresponding to start tag "b"`],
    ["1 < 2", 'Unsupported start tag "" at byte offset 2'],
    ["Tom & Jerry", "Character entity expected at byte offset 4"],
    ["a&nbsp;b", "Character entity expected at byte offset 1"],
    ["Заказ <b>x</i>", 'Unmatched end tag at byte offset 15, expected "</b>", found "</i>"'],
    ["x</b>", "Unexpected end tag at byte offset 1"],
    ['<b class="x">y</b>', 'Unsupported attribute "class" in the tag "b" at byte offset 0'],
    ["<span>s</span>", 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    ["<a>link</a>", 'Tag "a" must have attribute "href" at byte offset 0'],
  ])("rejects %j", async (text, reason) => {
    expect(await rejection(html(text))).toBe(`Bad Request: can't parse entities: ${reason}`);
  });

  it("accepts valid HTML and shows the user plain text", async () => {
    const text =
      '<b>Заказ</b> №1 &lt;ok&gt; &amp; 5 > 3 <a href="https://example.com/?a=1&amp;b=2">link</a>\n' +
      '<pre><code class="language-ts">let x;</code></pre><blockquote expandable>q</blockquote>' +
      '<tg-spoiler>s</tg-spoiler><span class="tg-spoiler">t</span> &#128512;&#x41;';
    const sent = await html(text);
    expect(sent.text).toBe("Заказ №1 <ok> & 5 > 3 link\nlet x;qst 😀A");
    expect(sent.entities).toContainEqual({ type: "bold", offset: 0, length: 5 });
    expect(sent.entities).toContainEqual({ type: "pre", offset: 27, length: 6, language: "ts" });
    expect(sent.entities).toContainEqual({
      type: "text_link",
      offset: 22,
      length: 4,
      url: "https://example.com/?a=1&b=2",
    });
    expect(user.lastBotMessage()).toMatchObject({ text: sent.text, html: text, parseMode: "HTML" });
  });

  it("enforces text limits and parse_mode values", async () => {
    expect(await rejection(html("<b> </b>"))).toBe("Bad Request: message text is empty");
    expect(await rejection(html(`<b>${"я".repeat(4097)}</b>`))).toBe(
      "Bad Request: message is too long",
    );
    await html(`<b>${"я".repeat(4096)}</b>`);
    const md = bot.api.sendMessage(user.id, "*x*", { parse_mode: "MarkdownV2" });
    expect(await rejection(md)).toBe("Bad Request: unsupported parse_mode");
  });
});

describe("strictness", () => {
  it("knows which chats exist and who blocked the bot", async () => {
    expect(await rejection(bot.api.sendMessage(42, "x"))).toBe("Bad Request: chat not found");
    const silent = tg.user();
    expect(await rejection(bot.api.sendMessage(silent.id, "x"))).toBe(
      "Bad Request: chat not found",
    );
    tg.blockUser(user.id);
    expect(await rejection(bot.api.sendMessage(user.id, "x"))).toBe(
      "Forbidden: bot was blocked by the user",
    );
  });

  it("limits callback data to 64 bytes and checks button URLs", async () => {
    const send = (kb: InlineKeyboard) => bot.api.sendMessage(user.id, "k", { reply_markup: kb });
    await send(new InlineKeyboard().text("ok", "я".repeat(32)));
    expect(await rejection(send(new InlineKeyboard().text("no", "я".repeat(33))))).toBe(
      "Bad Request: BUTTON_DATA_INVALID",
    );
    expect(await rejection(send(new InlineKeyboard().url("u", "ftp://x")))).toBe(
      "Bad Request: BUTTON_URL_INVALID",
    );
  });

  it("reports unmodified edits and drops the keyboard when an edit omits it", async () => {
    const kb = new InlineKeyboard().text("A", "a");
    const sent = await bot.api.sendMessage(user.id, "<b>x</b>", {
      parse_mode: "HTML",
      reply_markup: kb,
    });
    const edit = (text: string, extra = {}) =>
      bot.api.editMessageText(user.id, sent.message_id, text, { parse_mode: "HTML", ...extra });
    expect(await rejection(edit("<b>x</b>", { reply_markup: kb }))).toMatch(
      /^Bad Request: message is not modified: specified new message content/,
    );
    await edit("<b>x</b>");
    expect(user.lastBotMessage()).toMatchObject({ buttons: [], edited: 1 });
    expect(await rejection(bot.api.editMessageReplyMarkup(user.id, sent.message_id))).toMatch(
      /message is not modified/,
    );
    expect(await rejection(bot.api.editMessageText(user.id, 1, "x"))).toBe(
      "Bad Request: message can't be edited",
    );
    await bot.api.deleteMessage(user.id, sent.message_id);
    expect(await rejection(bot.api.deleteMessage(user.id, sent.message_id))).toBe(
      "Bad Request: message to delete not found",
    );
  });

  it("fails on demand with 429 and retry_after", async () => {
    const tooMany = "Too Many Requests: retry after 3";
    tg.failNext("sendMessage", {
      error_code: 429,
      description: tooMany,
      parameters: { retry_after: 3 },
    });
    const error = await bot.api.sendMessage(user.id, "x").catch((e: GrammyError) => e);
    expect(error).toMatchObject({ error_code: 429, parameters: { retry_after: 3 } });
    await bot.api.sendMessage(user.id, "x");
    expect(tg.callsOf("sendMessage").map((c) => c.ok)).toEqual([false, true]);
  });

  it("answers HTTP like api.telegram.org", async () => {
    const wrongToken = await fetch(`${tg.apiRoot}/bot1:WRONG/getMe`);
    const body = (await wrongToken.json()) as { description: string };
    expect([wrongToken.status, body.description]).toEqual([401, "Unauthorized"]);
    const unknown = await fetch(`${tg.apiRoot}/bot${tg.token}/sendTelepathy`);
    expect(unknown.status).toBe(404);
  });
});

describe("updates", () => {
  it("delivers messages and button presses by long polling", async () => {
    bot.command("start", (ctx) =>
      ctx.reply(`Сәлем, ${ctx.from?.first_name} (${ctx.match})`, {
        reply_markup: new InlineKeyboard().text("Orders", "orders:1"),
      }),
    );
    bot.callbackQuery(/^orders:/, async (ctx) => {
      await ctx.answerCallbackQuery({ text: "ok" });
      await ctx.editMessageText(`Orders page ${ctx.callbackQuery.data}`);
    });
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));

    await user.sendCommand("/start abc");
    const greeting = await user.waitForBotMessage("Сәлем, Aigerim (abc)");
    expect(greeting.buttons).toEqual([["Orders"]]);
    const queryId = await user.pressButton("Orders");
    expect(await user.waitForCallbackAnswer(queryId)).toEqual({ queryId, text: "ok" });
    await user.waitForBotMessage("Orders page orders:1");
    expect(await rejection(bot.api.answerCallbackQuery(queryId))).toMatch(/query is too old/);
  });

  it("ends an older long poll with 409 when another one starts", async () => {
    const offset = (await bot.api.getUpdates()).at(-1)!.update_id + 1;
    const first = bot.api.getUpdates({ offset, timeout: 50 });
    await eventually(() => (tg.longPollWaiting() ? true : undefined));
    expect(await bot.api.getUpdates({ offset })).toEqual([]);
    expect(await rejection(first)).toMatch(/^Conflict: terminated by other getUpdates request/);
  });

  it("hides group chatter from the bot (privacy mode) but delivers commands", async () => {
    const group = tg.group({ title: "Shop" });
    await group.sendText(user, "just chatting");
    await group.sendCommand(user, "/stats@seller_test_bot");
    const texts = (await bot.api.getUpdates()).map((u) => u.message?.text);
    expect(texts).toEqual(["hi", "/stats@seller_test_bot"]);
  });

  it("uploads and downloads documents", async () => {
    const sent = await bot.api.sendDocument(
      user.id,
      new InputFile(Buffer.from("sku,qty\nA1,2\n"), "stock.csv"),
      { caption: "<i>Stock</i>", parse_mode: "HTML" },
    );
    expect(sent.document).toMatchObject({ file_name: "stock.csv", mime_type: "text/csv" });
    expect(user.lastBotMessage()?.document?.content.toString()).toBe("sku,qty\nA1,2\n");

    const upload = await user.sendDocument({ fileName: "in.csv", content: "a,b\n1,2\n" });
    const file = await bot.api.getFile((upload.document as { file_id: string }).file_id);
    expect(file.file_path).toMatch(/^documents\/file_\d+\.csv$/);
    const res = await fetch(`${tg.apiRoot}/file/bot${tg.token}/${file.file_path}`);
    expect(await res.text()).toBe("a,b\n1,2\n");
    expect(await rejection(bot.api.getFile("nope"))).toBe("Bad Request: invalid file_id");
    expect(await rejection(bot.api.sendPhoto(user.id, "https://example.com/x.jpg"))).toBe(
      "Bad Request: failed to get HTTP URL content",
    );
  });

  it("delivers updates to a webhook with the secret token header", async () => {
    const secrets: (string | undefined)[] = [];
    bot.on("message:text", (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    const handle = webhookCallback(bot, "http", { secretToken: "s3cr3t" });
    const server = createServer((req, res) => {
      secrets.push(req.headers["x-telegram-bot-api-secret-token"] as string | undefined);
      return handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await bot.api.setWebhook(`http://127.0.0.1:${port}/hook`, { secret_token: "s3cr3t" });
      expect(tg.webhook).toMatchObject({ secretToken: "s3cr3t" });
      expect(await rejection(bot.api.getUpdates())).toMatch(/while webhook is active/);
      await user.sendText("ping");
      await user.waitForBotMessage("echo: ping");
      expect(secrets).toContain("s3cr3t");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("what a client shows (the demo's web chat)", () => {
  it("gives entities, keyboards and the bytes of uploaded photos and documents", async () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await bot.api.sendPhoto(user.id, new InputFile(png, "chart.png"), {
      caption: "<b>Итог</b> недели",
      parse_mode: "HTML",
      reply_markup: new InlineKeyboard().text("Ещё", "more").url("Сайт", "https://example.kz"),
    });
    await bot.api.sendDocument(user.id, new InputFile(Buffer.from("a;b\n"), "report.csv"));
    const [photo, document] = user.botMessages();
    expect(photo!.entities).toEqual([{ type: "bold", offset: 0, length: 4 }]);
    expect(photo!.inlineKeyboard).toEqual([
      [
        { text: "Ещё", callback_data: "more" },
        { text: "Сайт", url: "https://example.kz" },
      ],
    ]);
    expect(tg.fileContent(photo!.photo!.fileId!)?.equals(png)).toBe(true);
    expect(document!.document!.content.toString()).toBe("a;b\n");
    const download = await fetch(
      `${tg.apiRoot}/file/bot${tg.token}/${document!.document!.filePath}`,
    );
    expect(await download.text()).toBe("a;b\n");
  });

  it("sends the user's new Telegram language with their next update", async () => {
    const seen: (string | undefined)[] = [];
    bot.on("message", (ctx) => {
      seen.push(ctx.from.language_code);
    });
    void bot.start();
    user.setLanguage("ru");
    await user.sendText("one");
    user.setLanguage(undefined);
    await user.sendText("two");
    await user.waitFor(() => seen.length === 3);
    // "hi" (sent before the switch, fetched after it) keeps the language it was sent with.
    expect(seen).toEqual(["kk", "ru", undefined]);
  });
});

describe("without a socket (the in-process tier)", () => {
  it("answers grammY's client through `fetch` as over HTTP: JSON, uploads, errors, the call log", async () => {
    const direct = new Bot(tg.token, { client: { apiRoot: tg.apiRoot, fetch: tg.fetch } });
    await direct.api.sendMessage(user.id, "<b>Сәлем</b>", { parse_mode: "HTML" });
    await direct.api.sendDocument(user.id, new InputFile(Buffer.from("a;b\n1;2\n"), "r.csv"));
    expect(user.botMessages().map((m) => m.text || m.document?.fileName)).toEqual([
      "Сәлем",
      "r.csv",
    ]);
    expect(user.lastBotMessage()!.document!.content.toString()).toBe("a;b\n1;2\n");
    const broken = { parse_mode: "HTML" } as const;
    expect(await rejection(direct.api.sendMessage(user.id, "<b>x", broken))).toBe(
      await rejection(bot.api.sendMessage(user.id, "<b>x", broken)),
    );
    tg.failNext("sendMessage", { error_code: 429, description: "Too Many Requests" });
    expect(await rejection(direct.api.sendMessage(user.id, "later"))).toBe("Too Many Requests");
    const wrong = new Bot("1:WRONG", { client: { apiRoot: tg.apiRoot, fetch: tg.fetch } });
    expect(await rejection(wrong.api.getMe())).toBe("Unauthorized");
    expect(tg.callsOf("sendDocument")).toHaveLength(1);
  });

  it("delivers each update once, in order, of the allowed kinds only, until stopped", async () => {
    const seen: string[] = [];
    const delivery = tg.deliver(
      (update) => {
        const message = update.message as { text?: string } | undefined;
        seen.push(message?.text ?? Object.keys(update).filter((k) => k !== "update_id")[0]!);
      },
      { allowedUpdates: ["message"] },
    );
    await user.sendText("one");
    await user.sendText("two");
    await user.waitFor(() => seen.length >= 3);
    expect(seen).toEqual(["hi", "one", "two"]);
    expect(tg.pendingUpdates()).toBe(0);
    delivery.stop();
    await user.sendText("three");
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(3);
    expect(tg.pendingUpdates()).toBe(1);
    tg.deliver((update) => seen.push((update.message as { text: string }).text));
    await user.waitFor(() => seen.length === 4);
    expect(seen.at(-1)).toBe("three");
  });
});

describe("Telegram's limits", () => {
  /** An emulator with Telegram's limits and a clock moved by hand. */
  async function limited() {
    const clock = { at: 1_000_000 };
    const limitedTg = await startBotApiEmulator({ limits: true, now: () => clock.at });
    const api = new Bot(limitedTg.token, { client: { apiRoot: limitedTg.apiRoot } }).api;
    const send = (chatId: number) =>
      api.sendMessage(chatId, "x").then(
        () => "ok",
        (e: GrammyError) => `${e.error_code} ${e.parameters.retry_after}`,
      );
    return { tg: limitedTg, clock, send };
  }

  it("lets 30 messages a second through over all chats, then refuses with retry_after", async () => {
    const { tg: limitedTg, clock, send } = await limited();
    try {
      const chats = Array.from({ length: 32 }, () => limitedTg.user({ started: true }).id);
      expect(await send(chats[0]!)).toBe("ok");
      clock.at += 1;
      for (const chat of chats.slice(1, 30)) expect(await send(chat)).toBe("ok");
      clock.at += 998;
      expect(await send(chats[30]!)).toBe("429 1");
      clock.at += 1; // the first message left the window
      expect(await send(chats[30]!)).toBe("ok");
      expect(await send(chats[31]!)).toBe("429 1");
      expect(limitedTg.sendRate()).toMatchObject({ sent: 31, maxInAnySecond: 30, refused: 2 });
    } finally {
      await limitedTg.stop();
    }
  });

  it("lets a chat have one message a second, no burst", async () => {
    const { tg: limitedTg, clock, send } = await limited();
    try {
      const chat = limitedTg.user({ started: true }).id;
      const other = limitedTg.user({ started: true }).id;
      expect(await send(chat)).toBe("ok");
      expect(await send(chat)).toBe("429 1");
      expect(await send(other)).toBe("ok");
      clock.at += 999;
      expect(await send(chat)).toBe("429 1");
      clock.at += 1;
      expect(await send(chat)).toBe("ok");
      clock.at += 5000; // a quiet spell saves up no burst
      expect(await send(chat)).toBe("ok");
      expect(await send(chat)).toBe("429 1");
      expect(limitedTg.sendRate()).toMatchObject({ refused: 3, refusedPerChat: 3 });
    } finally {
      await limitedTg.stop();
    }
  });

  it("lets a group have 20 messages a minute, and says when the next one may go", async () => {
    const { tg: limitedTg, clock, send } = await limited();
    try {
      const group = limitedTg.group().id;
      expect(await send(group)).toBe("ok");
      expect(await send(group)).toBe("429 1"); // one a second, as in any chat
      clock.at += 1000;
      for (let i = 1; i < 20; i++) {
        expect(await send(group)).toBe("ok");
        clock.at += 1000;
      }
      // 20 s after the first: it leaves the window 40 s from now.
      expect(await send(group)).toBe("429 40");
      clock.at += 39_999;
      expect(await send(group)).toBe("429 1");
      clock.at += 1;
      expect(await send(group)).toBe("ok");
    } finally {
      await limitedTg.stop();
    }
  });

  it("counts a message when it arrives: one sent first can arrive second", async () => {
    const clock = { at: 1_000_000 };
    // The first message's way there is long, the second's none: they arrive the other way round.
    const wayThere = (_method: string, params: Record<string, unknown>) =>
      params.text === "first" ? 500 : 0;
    const slowTg = await startBotApiEmulator({ limits: true, now: () => clock.at, wayThere });
    try {
      const api = new Bot(slowTg.token, { client: { apiRoot: slowTg.apiRoot } }).api;
      const chat = slowTg.user({ started: true }).id;
      const first = api.sendMessage(chat, "first").then(
        () => "ok",
        (e: GrammyError) => `${e.error_code}`,
      );
      expect(await api.sendMessage(chat, "second").then(() => "ok")).toBe("ok");
      // The chat's one message a second went to the one that arrived first.
      expect(await first).toBe("429");
      expect(slowTg.calls.map((c) => [c.params.text, c.ok])).toEqual([
        ["second", true],
        ["first", false],
      ]);
    } finally {
      await slowTg.stop();
    }
  });

  it("spreads ways there evenly from a seed, the same each run", () => {
    const ways = (seed: number) => {
      const way = spreadWayThere(24, 136, seed);
      return Array.from({ length: 1000 }, () => way("sendMessage", {}));
    };
    const once = ways(7);
    expect(ways(7)).toEqual(once);
    expect(Math.min(...once)).toBeGreaterThanOrEqual(24);
    expect(Math.max(...once)).toBeLessThanOrEqual(136);
    // Both ends of the spread come up.
    expect(once.filter((ms) => ms < 35).length).toBeGreaterThan(50);
    expect(once.filter((ms) => ms > 125).length).toBeGreaterThan(50);
  });

  it("counts only the messages that went out", async () => {
    const { tg: limitedTg, send } = await limited();
    try {
      const chat = limitedTg.user({ started: true }).id;
      expect(await send(424242)).toMatch(/^400/); // chat not found: nothing sent
      limitedTg.failNext("sendMessage", { error_code: 500, description: "Internal Server Error" });
      expect(await send(chat)).toMatch(/^500/);
      expect(await send(chat)).toBe("ok");
      expect(limitedTg.sendRate()).toMatchObject({ sent: 1, refused: 0 });
    } finally {
      await limitedTg.stop();
    }
  });
});
