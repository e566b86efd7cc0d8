import { afterEach, describe, expect, it } from "vitest";
import { type Harness, linkUser, startHarness } from "../support/harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const CLIENT_SECRET = "client-secret-NEVER-LOGGED-7781";

/** A whole little run: linking three ways, a rejected token, a few commands, an API fault. */
async function fullRun(harness: Harness) {
  const user = harness.tg.user({ languageCode: "ru", username: "shop_owner" });
  const deepLink = harness.api.issueLinkToken();
  await user.sendCommand(`/start ${deepLink}`);
  await user.waitForBotMessage(/Добро пожаловать/);

  const typed = harness.api.issueLinkToken();
  const second = harness.tg.user({ languageCode: "kk" });
  await second.sendCommand("/link");
  await second.waitForBotMessage(/токен/i);
  await second.sendText(typed);
  await second.waitForBotMessage(/байланыстырылды/);

  const inline = harness.api.issueLinkToken();
  const third = harness.tg.user({ languageCode: "ru" });
  await third.sendCommand(`/link ${inline}`);
  await third.waitForBotMessage(/Добро пожаловать/);

  await third.sendCommand("/link WrongTokenValue123");
  await third.waitForBotMessage(/не подошёл/);

  await user.sendCommand("/status");
  await user.waitForBotMessage(/Чат привязан/);
  harness.api.failNext("/api/seller/v1/telegram/status", "500", 3);
  await user.sendCommand("/status");
  await user.waitForBotMessage(/не отвечает/);
  await user.sendCommand("/help");
  await user.sendText("just some text with a secret-ish thing");
  await user.waitFor((msgs) => msgs.filter((m) => m.from === "bot").length >= 5);
  return [deepLink, typed, inline, "WrongTokenValue123", "secret-ish thing"];
}

describe("logs of a whole run", () => {
  it.each(["token", "client"] as const)(
    "hold no bot token, API token, client secret, link token or message text (%s auth)",
    async (auth) => {
      h = await startHarness({
        env: {
          LOG_LEVEL: "debug",
          ...(auth === "client"
            ? {
                SELLER_API_TOKEN: "",
                SELLER_CLIENT_ID: "bot-client",
                SELLER_CLIENT_SECRET: CLIENT_SECRET,
              }
            : {}),
        },
        sandbox: auth === "client" ? { clientId: "bot-client", clientSecret: CLIENT_SECRET } : {},
      });
      const texts = await fullRun(h);
      await linkUser(h, h.tg.user({ languageCode: "kk" }));
      const logs = h.logs.join("\n");
      expect(h.logs.length).toBeGreaterThan(20);
      expect(logs).toContain('"msg":"update"');
      expect(logs).toContain('"msg":"seller api call"');
      const bearerTokens = h.api.requests
        .map((r) => r.headers.authorization?.replace(/^Bearer /, ""))
        .filter((t): t is string => !!t);
      const secrets = [
        h.tg.token,
        h.tg.token.split(":")[1]!,
        h.api.token,
        CLIENT_SECRET,
        ...bearerTokens,
        ...texts,
      ];
      for (const secret of new Set(secrets)) expect(logs).not.toContain(secret);
    },
  );
});
