import { Writable } from "node:stream";
import { GrammyError, HttpError } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { startBotApiEmulator } from "../../doubles/telegram/index.js";
import { createLogger } from "../../src/logger.js";
import { SellerApiError } from "../../src/seller-api/errors.js";
import { type Harness, linkUser, startHarness } from "../support/harness.js";
import { eventually } from "../support/net.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, sink };
}

const BOT_TOKEN = "7712345678:AAHk3vQ-secretPartOfTheBotToken_x9";
const API_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJib3QifQ.c2lnbmF0dXJlLXNlY3JldA";
const CLIENT_SECRET = "cs-Very-Secret-7781";
const LINK_TOKEN = "lt_guessme_5519";

describe("one redaction step for every logged error", () => {
  it("scrubs secrets by shape from error texts, nested causes, stacks and headers (no list of secrets given)", () => {
    const { lines, sink } = capture();
    const logger = createLogger("debug", sink);
    const url = `https://api.telegram.org/bot${BOT_TOKEN}/sendMessage`;
    const fetchError = new Error(`request to ${url} failed, reason: connect ECONNREFUSED`);
    fetchError.stack = `FetchError: request to ${url} failed\n    at ClientRequest.<anonymous>`;
    const httpError = new HttpError("Network request for 'sendMessage' failed!", fetchError);
    logger.warn({ err: httpError }, "summary not sent");
    logger.error(
      {
        err: new SellerApiError({
          kind: "unavailable",
          operation: "authToken",
          message: "could not obtain a Seller API token",
          cause: new Error(`POST body {"client_id":"bot","client_secret":"${CLIENT_SECRET}"}`),
        }),
      },
      "auth failed",
    );
    logger.info({ request: { headers: { Authorization: `Bearer ${API_TOKEN}` } } }, "call");
    logger.info(`retrying with authorization: Bearer ${API_TOKEN}`);
    logger.warn(
      { err: new Error(`deep link https://t.me/seller_bot?start=${LINK_TOKEN} refused`) },
      "x",
    );
    logger.warn({ err: `message "/link ${LINK_TOKEN}" was not deleted` }, "y");
    logger.warn({ err: `{"token":"${LINK_TOKEN}","chatId":5}` }, "z");
    const grammy = new GrammyError(
      "Call to 'sendMessage' failed!",
      { ok: false, error_code: 400, description: "Bad Request" },
      "sendMessage",
      { chat_id: 1, text: `/start ${LINK_TOKEN}` },
    );
    logger.error({ err: grammy }, "refused");

    const output = lines.join("\n");
    expect(lines).toHaveLength(8);
    // The error's own text and its cause are kept, only the secret is gone.
    expect(output).toContain("ECONNREFUSED");
    expect(output).toContain("bot[redacted]/sendMessage");
    expect(output).toContain("could not obtain a Seller API token");
    for (const secret of [
      BOT_TOKEN,
      BOT_TOKEN.split(":")[1]!,
      API_TOKEN,
      CLIENT_SECRET,
      LINK_TOKEN,
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it("scrubs the configured secrets by value, JSON-escaped forms too", () => {
    const { lines, sink } = capture();
    const odd = 'pa"ss\\word-123456';
    const logger = createLogger("info", sink, { secrets: [odd] });
    logger.info({ err: new Error(`the secret is ${odd}`) }, "x");
    expect(lines.join("\n")).not.toContain(JSON.stringify(odd).slice(1, -1));
    expect(lines.join("\n")).toContain("[redacted]");
  });

  it("a Telegram network error while sending an import summary leaves no token in the log", async () => {
    const tg = await startBotApiEmulator({ token: BOT_TOKEN });
    h = await startHarness({ tg });
    const user = tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // The job stays unfinished until Telegram has gone away (a closed port).
    let telegramUp = true;
    h.api.failNext(
      (entry) => telegramUp && entry.path.startsWith("/api/seller/v1/products/import/info"),
      "503",
      1_000_000,
    );
    const products = [1, 2].map((i) => ({
      categoryId: 101,
      brandId: 504,
      name: { rus: `Кабель ${i}` },
      description: { rus: "Кабель, 1 м" },
      vat: 12,
      skus: [{ price: 1000 + i, barcode: `487000000000${i}` }],
    }));
    await user.sendDocument({
      fileName: "products.json",
      content: JSON.stringify({ products }),
      mimeType: "application/json",
    });
    // The bot always asks before sending (how the file was read): confirm.
    const offer = await user.waitForBotMessage(/Импортировать товары \(2\)\?/, {
      timeoutMs: 60_000,
    });
    await user.pressButton(/Импортировать товары/, { messageId: offer.messageId });
    await user.waitForBotText(/Импорт принят/, { timeoutMs: 60_000 });
    await tg.stop();
    telegramUp = false;
    await eventually(() => h!.logs.find((l) => /summary not sent|summary undeliverable/.test(l)), {
      timeoutMs: 60_000,
      what: "the failed summary in the log",
    });
    // Polling noticed too, and says which setting to check.
    const polling = await eventually(
      () => h!.logs.find((l) => l.includes("Telegram cannot be reached")),
      { what: "the getUpdates failure in the log" },
    );
    expect(JSON.parse(polling)).toMatchObject({ level: "warn", setting: "BOT_API_ROOT" });
    const logs = h.logs.join("\n");
    expect(logs).toMatch(/ECONNREFUSED/);
    expect(logs).toContain("bot[redacted]");
    for (const secret of [BOT_TOKEN, BOT_TOKEN.split(":")[1]!, h.api.token]) {
      expect(logs).not.toContain(secret);
    }
  });
});
