import { Api, InputFile } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { type BotApiEmulator, startBotApiEmulator } from "../../doubles/telegram/index.js";
import { createPace, TELEGRAM_PACE } from "../../src/telegram/pace.js";
import { pacedFetch } from "../../src/telegram/paced-fetch.js";

let tg: BotApiEmulator | undefined;
afterEach(async () => {
  await tg?.stop();
  tg = undefined;
});

describe("the paced fetch", () => {
  it("finds the chat of a file upload, paces it per chat, and hands the file on intact", async () => {
    tg = await startBotApiEmulator();
    const pace = createPace();
    const api = new Api(tg.token, { apiRoot: tg.apiRoot, fetch: pacedFetch(pace, "interactive") });
    const user = tg.user({ started: true });
    const other = tg.user({ started: true });
    const files = Array.from({ length: 4 }, (_, i) => `строка;${i}\n`.repeat(2000));
    await Promise.all([
      ...files.map((content, i) =>
        api.sendDocument(user.id, new InputFile(Buffer.from(content), `report-${i}.csv`)),
      ),
      api.sendMessage(other.id, "другой чат"),
    ]);
    pace.close();
    const received = user.botMessages().map((m) => m.document?.content.toString());
    expect(received.sort()).toEqual([...files].sort());
    // One chat: one a second, no burst; the other chat is not held behind it.
    const times = tg.callsOf("sendDocument").map((c) => c.at);
    expect(TELEGRAM_PACE.chatBurst).toBe(1);
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    const otherAt = tg.callsOf("sendMessage")[0]!.at;
    expect(otherAt).toBeLessThan(times.at(-1)!);
  });
});

describe("the chat a JSON request is paced for", () => {
  it("is the request's own chat_id, never one nested in its options, whatever the key order", async () => {
    const asked: (string | null)[] = [];
    const pace = {
      acquire: async (chatId: string | null) => {
        asked.push(chatId);
        return () => {};
      },
      waiting: () => 0,
      close: () => {},
    };
    const sent: unknown[] = [];
    const base = (async (_url: string, init: { body?: unknown }) => {
      sent.push(init.body);
      return new Response("{}");
    }) as unknown as Parameters<typeof pacedFetch>[2];
    const fetch = pacedFetch(pace, "interactive", base) as unknown as (
      url: string,
      init: { body: string },
    ) => Promise<unknown>;
    const bodies = [
      { chat_id: 42, text: "x", reply_parameters: { chat_id: 7, message_id: 1 } },
      { chat_id: -1001234, text: "группа" },
      { chat_id: "@channel", text: "канал" },
      { chat_id: 'a"b', text: "кавычка" },
      { text: "ключ не первым", chat_id: 99 },
      { text: "без чата" },
    ].map((b) => JSON.stringify(b));
    for (const body of bodies) await fetch("https://api/bot1:x/sendMessage", { body });
    expect(asked).toEqual(["42", "-1001234", "@channel", 'a"b', "99", null]);
    // Each body goes on unchanged.
    expect(sent).toEqual(bodies);
  });
});
