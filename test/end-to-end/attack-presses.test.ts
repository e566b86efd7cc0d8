import { afterEach, describe, expect, it } from "vitest";
import { send } from "../support/chat.js";
import { type Harness, linkUser, startHarness } from "../support/harness.js";

/**
 * Button presses that wait for their chat's turn (the chat's earlier work is slow) are answered
 * within a second, not after the work before them: Telegram keeps a spinner turning until a
 * press is answered and refuses answers after about 15 s. The work itself keeps its order.
 * Asserted on events (the Seller API's request still held), not on time.
 */

const LIST = "/api/seller/v1/products/list";

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const TEXTS = {
  ru: { outdated: "Этот список устарел. Отправьте команду ещё раз.", card: /Цена|SKU/ },
  kk: { outdated: "Бұл тізім ескірген. Команданы қайта жіберіңіз.", card: /Баға|SKU/ },
};

describe("presses queued behind a slow answer of the Seller API", () => {
  it.each(["ru", "kk"] as const)(
    "are all answered while the work before them still waits; the work then runs in order (%s)",
    async (locale) => {
      h = await startHarness();
      const user = h.tg.user({ languageCode: locale });
      await linkUser(h, user);
      const list = await send(user, "/products");
      const calls = () => h!.tg.calls;

      // The first press's page is read from the Seller API, which does not answer yet.
      const held = h.api.holdNext(LIST);
      const reads = h.api.requestsTo(LIST).length;
      const first = await user.pressButton("›", { messageId: list.messageId });
      await user.waitFor(() => h!.api.requestsTo(LIST).length === reads + 1);
      const pending = h.api.requestsTo(LIST)[reads]!;
      // Four more presses queue behind it: pages, a product, and a list that is not there.
      const queued = [
        await user.pressButton("»", { messageId: list.messageId }),
        await user.pressButton("›", { messageId: list.messageId }),
        await user.pressButton(/^1\. /, { messageId: list.messageId }),
        await user.sendCallback(list.messageId, "prdo1:zzzzzzzz:1:10001"),
      ];
      const presses = [first, ...queued];
      const answers = await Promise.all(presses.map((id) => user.waitForCallbackAnswer(id)));
      // Every press is answered while the work in front of them is still held: none waited.
      expect(pending.status).toBe(0);
      expect(answers.map((a) => a.text ?? "")).toEqual(["", "", "", "", ""]);
      const answeredAt = presses.map((id) =>
        calls().findIndex(
          (c) => c.method === "answerCallbackQuery" && c.params.callback_query_id === id,
        ),
      );
      const editsBefore = calls().filter((c) => c.method === "editMessageText").length;

      held.release();
      // The last queued press is the stale list: its notice, known only after its turn, comes
      // as a message (the press was answered already).
      const notice = await user.waitForBotMessage(TEXTS[locale].outdated, {
        after: list.messageId,
      });
      expect(notice.text).toBe(TEXTS[locale].outdated);
      expect(user.botMessages().some((m) => TEXTS[locale].card.test(m.text))).toBe(true);
      // The work came after every answer, in the order pressed, and each press was answered
      // exactly once.
      const firstEdit = calls().findIndex(
        (c, i) => c.method === "editMessageText" && i > Math.max(...answeredAt),
      );
      expect(firstEdit).toBeGreaterThan(Math.max(...answeredAt));
      expect(calls().filter((c) => c.method === "editMessageText").length).toBeGreaterThan(
        editsBefore,
      );
      for (const id of presses) {
        const answered = calls().filter(
          (c) => c.method === "answerCallbackQuery" && c.params.callback_query_id === id,
        );
        expect(answered).toHaveLength(1);
      }
    },
    60_000,
  );
});
