import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_BASE_DATE_MS } from "../../doubles/seller-api/index.js";
import type { UserDriver } from "../../doubles/telegram/index.js";
import type { SessionData } from "../../src/bot/context.js";
import { DIALOGUES } from "../../src/bot/features/index.js";
import { KEY_PREFIX } from "../../src/storage/index.js";
import { nextBotMessage, send } from "../support/chat.js";
import { type RunningClock, runningClock } from "../support/clock.js";
import { type Harness, linkUser, restartBot, startInProcess } from "../support/harness.js";

/**
 * Every dialogue of the bot (DIALOGUES: what the features declare), driven through the real bot
 * in both languages: /cancel, another command or a button inside it, a restart, its time.
 * A dialogue added without a scenario here fails the first test.
 */

const SLOW = { timeoutMs: 60_000 };
const HOUR = 3600_000;
/** Two hours after the seed's newest order (the dates typed below fall on its orders). */
const NOW = SEED_BASE_DATE_MS + 2 * HOUR;
const CONFIRM = "/api/seller/v1/telegram/confirm-token";
const IMPORT = "/api/seller/v1/products/import";

const TEXTS = {
  ru: {
    cancelled: "Отменено.",
    nothing: "Отменять нечего.",
    languageMenu: "Выберите язык бота.",
    languageButton: "Русский",
    languageSet: "Готово, теперь я говорю по-русски.",
    linkAsk: "Пришлите токен привязки",
    linked: "Добро пожаловать",
    excel: "Выгрузить в Excel",
    typedDates: "Свои даты",
    datesAsk: "Напишите дату",
    // The progress, or its last word that replaced it already.
    exporting: /Выгружаю заказы|Готово: заказы за/,
    money: "Деньги",
    // The progress, or the answer that replaced it already.
    counting: /Считаю деньги за|Деньги за/,
    priceButton: "💰 Изменить цену",
    priceAsk: "Новая цена для SKU",
    priceOffer: /^Цена SKU \d+: .+ → .+ ₸/,
    importOffer: /Импортировать товары \(2\)\?/,
    importButton: "✅ Импортировать товары (2)",
    importAccepted: "Импорт принят",
    offerExpired: "Это предложение уже неактуально. Отправьте файл ещё раз.",
  },
  kk: {
    cancelled: "Бас тартылды.",
    nothing: "Бас тартатын әрекет жоқ.",
    languageMenu: "Боттың тілін таңдаңыз.",
    languageButton: "Қазақша",
    languageSet: "Дайын, енді мен қазақша сөйлеймін.",
    linkAsk: "байланыстыру токенін жіберіңіз",
    linked: "Қош келдіңіз",
    excel: "Excel-ге жүктеу",
    typedDates: "Өз күндерім",
    datesAsk: "Күнді жазыңыз",
    exporting: /тапсырыстарды жүктеп жатырмын|Дайын: .* аралығындағы тапсырыстар/,
    money: "Ақша",
    counting: /ақшасын есептеп жатырмын|кезеңінің ақшасы/,
    priceButton: "💰 Бағаны өзгерту",
    priceAsk: "үшін жаңа баға",
    priceOffer: /^SKU \d+ бағасы: .+ → .+ ₸/,
    importOffer: /Тауарларды \(2\) импорттаймыз ба/,
    importButton: "✅ Тауарларды импорттау (2)",
    importAccepted: "Импорт қабылданды",
    offerExpired: "Бұл ұсыныс енді өзекті емес. Файлды қайта жіберіңіз.",
  },
} as const;
type Lang = keyof typeof TEXTS;
const LANGS: readonly Lang[] = ["ru", "kk"];

interface Chat {
  h: Harness;
  user: UserDriver;
  lang: Lang;
}

/** What the test does with one dialogue. */
interface Scenario {
  waitsFor: "text" | "button";
  /** Opens it in a linked chat; resolves once the bot has asked. */
  open(chat: Chat): Promise<void>;
  /**
   * Gives the answer the dialogue waits for (a typed text, or a press of its own button) and
   * resolves, once the bot has reacted, with whether the dialogue took it.
   */
  answer(chat: Chat): Promise<boolean>;
}

/**
 * The bot's first message after `before`, as it first read, e.g. its reaction to a text: not
 * the newest (an export's file may already be under its status) nor the status's later text.
 */
async function nextAfter(user: UserDriver, before: number) {
  const message = await nextBotMessage(user, before);
  return { ...message, text: message.shown[0] ?? message.text };
}
const lastId = (user: UserDriver) => user.lastBotMessage()?.messageId ?? 0;

/**
 * Types `text` and reads the bot's reaction: taken when it is the dialogue's (`taken`), else
 * it went on to the rest of the bot (which answers every text).
 */
async function typed(user: UserDriver, text: string, taken: RegExp | string): Promise<boolean> {
  const before = lastId(user);
  await user.sendText(text);
  const reaction = await nextAfter(user, before);
  return typeof taken === "string" ? reaction.text.includes(taken) : taken.test(reaction.text);
}

const confirmsOf = ({ h, user }: Chat) =>
  h.api.requestsTo(CONFIRM).filter((r) => (r.body as { chatId: number }).chatId === user.id);
const importPosts = (h: Harness) => h.api.requestsTo(IMPORT).filter((r) => r.method === "POST");

/** Two valid products as a JSON file, their barcodes unique to the chat. */
function productsFile(user: UserDriver) {
  const products = [1, 2].map((i) => ({
    categoryId: 101,
    brandId: 504,
    name: { rus: `Кабель №${i}`, kaz: `Кабель №${i}` },
    description: { rus: "Кабель для зарядки, 1 м" },
    vat: 12,
    skus: [{ price: 1000 + i, barcode: `4${String(user.id).slice(-9)}${i}0`.padEnd(13, "0") }],
  }));
  return { fileName: "товары.json", content: JSON.stringify({ products }) };
}

const SCENARIOS: Record<string, Scenario> = {
  link: {
    waitsFor: "text",
    async open({ user, lang }) {
      const asked = await send(user, "/link");
      expect(asked.text).toContain(TEXTS[lang].linkAsk);
    },
    async answer(chat) {
      const before = confirmsOf(chat).length;
      const taken = await typed(chat.user, chat.h.api.issueLinkToken(), TEXTS[chat.lang].linked);
      expect(confirmsOf(chat).length - before).toBe(taken ? 1 : 0);
      return taken;
    },
  },
  "orders-export-dates": {
    waitsFor: "text",
    async open({ user, lang }) {
      const list = await send(user, "/orders");
      let before = lastId(user);
      await user.pressButton(TEXTS[lang].excel, { messageId: list.messageId });
      const menu = await user.waitForBotMessage(/Excel/, { after: before });
      before = lastId(user);
      await user.pressButton(TEXTS[lang].typedDates, { messageId: menu.messageId });
      await user.waitForBotMessage(TEXTS[lang].datesAsk, { after: before });
    },
    async answer({ user, lang }) {
      const before = lastId(user);
      const taken = await typed(user, "18.11.2026", TEXTS[lang].exporting);
      // The export goes on apart from the update: its file ends it.
      if (taken)
        await user.waitFor(
          () => user.botMessages().some((m) => m.messageId > before && m.document),
          SLOW,
        );
      return taken;
    },
  },
  "money-dates": {
    waitsFor: "text",
    async open({ user, lang }) {
      const menu = await send(user, "/money");
      expect(menu.text).toContain(TEXTS[lang].money);
      const before = lastId(user);
      await user.pressButton(TEXTS[lang].typedDates, { messageId: menu.messageId });
      await user.waitForBotMessage(TEXTS[lang].datesAsk, { after: before });
    },
    async answer({ user, lang }) {
      const before = lastId(user);
      const taken = await typed(user, "18.11.2026", TEXTS[lang].counting);
      // The figures are read apart from the update: the answer (with the periods under it)
      // replaces the progress, and ends it.
      if (taken)
        await user.waitFor(
          () => user.botMessages().some((m) => m.messageId > before && m.buttons.length > 0),
          SLOW,
        );
      return taken;
    },
  },
  "catalog-price": {
    waitsFor: "text",
    async open({ h, user, lang }) {
      const card = await send(user, "/products 10001");
      const before = lastId(user);
      await user.pressButton(TEXTS[lang].priceButton, { messageId: card.messageId });
      await user.waitForBotMessage(TEXTS[lang].priceAsk, { after: before });
      expect(h.api.products.find((p) => p.productId === 10001)!.skus).toHaveLength(1);
    },
    async answer({ h, user, lang }) {
      const price = h.api.products.find((p) => p.productId === 10001)!.skus[0]!.price + 1000;
      // As a seller types it: thousands apart.
      const text = String(price).replace(/\B(?=(\d{3})+$)/g, " ");
      return typed(user, text, TEXTS[lang].priceOffer);
    },
  },
  import: {
    waitsFor: "button",
    async open({ user, lang }) {
      await user.sendDocument(productsFile(user));
      await user.waitForBotMessage(TEXTS[lang].importOffer, SLOW);
    },
    async answer({ h, user, lang }) {
      const before = importPosts(h).length;
      const offer = await user.waitForBotMessage(TEXTS[lang].importOffer);
      const pressed = await user.pressButton(TEXTS[lang].importButton, {
        messageId: offer.messageId,
      });
      const toast = await user.waitForCallbackAnswer(pressed);
      if (toast.text === TEXTS[lang].offerExpired) {
        expect(importPosts(h).length).toBe(before);
        return false;
      }
      await user.waitFor(() => importPosts(h).length > before, SLOW);
      // Its last word before anything else is asked: the products went out.
      await user.waitForBotMessage(TEXTS[lang].importAccepted, { ...SLOW, after: offer.messageId });
      return true;
    },
  },
};

describe("the dialogues' list", () => {
  it("has a scenario here for every dialogue the bot has, of the same kind", () => {
    expect(DIALOGUES.map((d) => d.id).sort()).toEqual(Object.keys(SCENARIOS).sort());
    for (const dialogue of DIALOGUES) {
      expect(SCENARIOS[dialogue.id]!.waitsFor, dialogue.id).toBe(dialogue.waitsFor);
    }
  });

  it("is the only way the bot waits: no conversation made elsewhere, no text handler but the last", () => {
    const root = join(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(join(dir, e.name))
          : e.name.endsWith(".ts")
            ? [join(dir, e.name)]
            : [],
      );
    const sources = files(join(root, "src")).map((f) => ({
      path: relative(root, f),
      text: readFileSync(f, "utf8"),
    }));
    const where = (pattern: RegExp) =>
      sources.filter((s) => pattern.test(s.text)).map((s) => s.path);
    // Every conversation is made where DIALOGUES are placed, so none escapes the list.
    expect(where(/createConversation\(/)).toEqual(["src/bot/index.ts"]);
    // A question kept any other way needs a handler of plain text: only the fallback has one.
    const inBot = (paths: string[]) => paths.filter((p) => p.startsWith("src/bot/"));
    const textHandlers = inBot(where(/\.on\(\s*\[?\s*"message(:text)?"|\.hears\(/));
    expect(textHandlers).toEqual(["src/bot/features/fallback/index.ts"]);
    // And the session holds no question (a field added to SessionData must be named here).
    const notDialogues: Record<keyof SessionData, string> = {
      locale: "the chat's language",
      link: "the link status, cached",
    };
    expect(Object.keys(notDialogues)).toHaveLength(2);
  });
});

/** A new linked chat in `lang` with the language menu sent before (its buttons are "elsewhere"). */
async function chatIn(h: Harness, lang: Lang): Promise<Chat> {
  const user = h.tg.user({ languageCode: lang });
  await linkUser(h, user);
  const menu = await send(user, "/language");
  expect(menu.text).toBe(TEXTS[lang].languageMenu);
  return { h, user, lang };
}

/** /cancel answers that nothing is open: the dialogue is gone from the chat's state. */
async function expectNothingOpen({ user, lang }: Chat) {
  expect((await send(user, "/cancel")).text).toBe(TEXTS[lang].nothing);
}

describe.each(LANGS)("inside every dialogue (%s)", (lang) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startInProcess({ clock: runningClock(NOW) });
  });
  afterAll(() => h.stop());

  describe.each(Object.keys(SCENARIOS))("%s", (id) => {
    const scenario = SCENARIOS[id]!;

    it("takes its answer when nothing comes between", async () => {
      const chat = await chatIn(h, lang);
      await scenario.open(chat);
      expect(await scenario.answer(chat)).toBe(true);
      await expectNothingOpen(chat);
    });

    it("ends on /cancel, and the answer that comes later is not taken", async () => {
      const chat = await chatIn(h, lang);
      await scenario.open(chat);
      expect((await send(chat.user, "/cancel")).text).toBe(TEXTS[lang].cancelled);
      expect(await scenario.answer(chat)).toBe(false);
      await expectNothingOpen(chat);
    });

    it("lets another command run; a question ends with it, an offer waits on", async () => {
      const chat = await chatIn(h, lang);
      await scenario.open(chat);
      expect((await send(chat.user, "/language")).text).toBe(TEXTS[lang].languageMenu);
      expect(await scenario.answer(chat)).toBe(scenario.waitsFor === "button");
      await expectNothingOpen(chat);
    });

    it("serves a button pressed elsewhere; a question ends with it, an offer waits on", async () => {
      const chat = await chatIn(h, lang);
      const menu = chat.user.lastBotMessage()!;
      await scenario.open(chat);
      const before = lastId(chat.user);
      const pressed = await chat.user.pressButton(TEXTS[lang].languageButton, {
        messageId: menu.messageId,
      });
      await chat.user.waitForCallbackAnswer(pressed);
      await chat.user.waitForBotMessage(TEXTS[lang].languageSet, { after: before });
      expect(await scenario.answer(chat)).toBe(scenario.waitsFor === "button");
      await expectNothingOpen(chat);
    });

    it("reads a file sent inside; a question ends with it, an offer waits on", async () => {
      const chat = await chatIn(h, lang);
      await scenario.open(chat);
      await SCENARIOS.import!.open(chat);
      // Answered: the question (not taken) or the newest offer (the file's).
      expect(await scenario.answer(chat)).toBe(scenario.waitsFor === "button");
      // The offer still open: the file's beside a question, the first beside the second.
      expect((await send(chat.user, "/cancel")).text).toBe(TEXTS[lang].cancelled);
      await expectNothingOpen(chat);
    });
  });

  it("asks a question while an import offer waits, and both are answered", async () => {
    for (const id of Object.keys(SCENARIOS).filter((d) => SCENARIOS[d]!.waitsFor === "text")) {
      const chat = await chatIn(h, lang);
      await SCENARIOS.import!.open(chat);
      await SCENARIOS[id]!.open(chat);
      expect(await SCENARIOS[id]!.answer(chat), id).toBe(true);
      // /link ends every dialogue: the chat may be linked to another cabinet than the file was
      // read for. The other questions leave the offer as it was.
      expect(await SCENARIOS.import!.answer(chat), id).toBe(id !== "link");
      await expectNothingOpen(chat);
    }
  });
});

describe.each([
  ["disk", false],
  ["Redis", true],
] as const)("every dialogue across a restart (%s storage)", (_storage, redis) => {
  let h: Harness | undefined;
  afterAll(() => h?.stop());

  it("is still open after the restart, in both languages, and takes its answer", async () => {
    const clock = runningClock(NOW);
    h = await startInProcess({ clock, redis });
    const chats: [string, Chat][] = [];
    for (const lang of LANGS) {
      for (const id of Object.keys(SCENARIOS)) {
        const chat = await chatIn(h, lang);
        await SCENARIOS[id]!.open(chat);
        chats.push([id, chat]);
      }
    }
    h = await restartBot(h, { clock });
    for (const [id, chat] of chats) {
      expect(await SCENARIOS[id]!.answer({ ...chat, h }), `${id} (${chat.lang})`).toBe(true);
    }
  });
});

describe("a dialogue stored by the version before", () => {
  let h: Harness | undefined;
  afterAll(() => h?.stop());

  it("is dropped at the restart: the answer goes on to the rest of the bot, with no error", async () => {
    const clock = runningClock(NOW);
    h = await startInProcess({ clock });
    const chats: [string, Chat][] = [];
    for (const id of Object.keys(SCENARIOS)) {
      const chat = await chatIn(h, "ru");
      await SCENARIOS[id]!.open(chat);
      chats.push([id, chat]);
    }
    await h.stopBot();
    // As that version stored them (its replays had another shape: never replayed now).
    const stored = h.app.storage.adapter<{ version: [number, number] }>();
    for (const [, { user }] of chats) {
      const key = `${KEY_PREFIX.conversation}${user.id}`;
      const state = (await stored.read(key))!;
      await stored.write(key, { ...state, version: [state.version[0], 1] });
    }
    h = await restartBot(h, { clock });
    for (const [id, chat] of chats) {
      expect(await SCENARIOS[id]!.answer({ ...chat, h }), id).toBe(false);
      await expectNothingOpen({ ...chat, h });
    }
    expect(h.logs.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });
});

describe("every question's time", () => {
  let h: Harness | undefined;
  afterAll(() => h?.stop());

  it("is up a day later on the app's clock: the late text goes on to the rest of the bot", async () => {
    const clock: RunningClock = runningClock(NOW);
    h = await startInProcess({ clock });
    const questions = Object.keys(SCENARIOS).filter((id) => SCENARIOS[id]!.waitsFor === "text");
    const chats: [string, Chat][] = [];
    for (const lang of LANGS) {
      for (const id of questions) {
        const chat = await chatIn(h, lang);
        await SCENARIOS[id]!.open(chat);
        chats.push([id, chat]);
      }
    }
    clock.set(NOW + 24 * HOUR);
    for (const [id, chat] of chats) {
      expect(await SCENARIOS[id]!.answer(chat), `${id} (${chat.lang})`).toBe(false);
      await expectNothingOpen(chat);
    }
  });
});
