import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Browser,
  ChatPage,
  type Chromium,
  findChromium,
  startChromium,
} from "../../demo/browser.js";
import { type DemoStack, startDemo } from "../../demo/stack.js";
import { startWebChat, type WebChat } from "../../demo/web/server.js";
import { LIFTED_PACE } from "../support/harness.js";

// What the chat shows, not how fast: the pace's limits lifted and the watcher polling every
// 100 ms (the pace has its own tests; the demo itself runs with Telegram's).
const FAST = { paceLimits: LIFTED_PACE, importPollIntervalMs: 100 };

// The demo's web chat in a real headless Chromium (Debian's `chromium`, driven by
// playwright-core): what a person does with the page, once in each language.

const chromiumPath = findChromium();
const SKIPPED = "SKIPPED: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)";
if (!chromiumPath) console.warn(`test/browser/demo-browser.test.ts ${SKIPPED}`);

const SAMPLE = "demo/samples/products-with-errors.csv";

let stack: DemoStack;
let web: WebChat;
/** One Chromium for both languages (a start is seconds of CPU); each test has a page of its own. */
let chromium: Chromium | undefined;
beforeAll(async () => {
  if (!chromiumPath) return;
  // Side by side; each kept as soon as it is up, so afterAll closes it if the other failed.
  const started = await Promise.allSettled([
    startDemo({ logLevel: "silent", ...FAST }).then((demo) => {
      stack = demo;
    }),
    startChromium(chromiumPath).then((browser) => {
      chromium = browser;
    }),
  ]);
  for (const result of started) if (result.status === "rejected") throw result.reason;
  web = await startWebChat(stack);
});
afterAll(async () => {
  await chromium?.close();
  await web?.stop();
  await stack?.stop();
});

/** A locale text as the page shows it (tags stripped, entities decoded). */
const shown = (locale: string, key: string, args?: Record<string, string | number>) =>
  stack.app.i18n
    .t(locale, key, args)
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u2068\u2069]/g, "");

describe.skipIf(!chromiumPath)(
  `the web chat in Chromium${chromiumPath ? "" : ` (${SKIPPED})`}`,
  () => {
    const cases = [
      { locale: "ru", opensIn: "ru", page: (n: number) => `стр. ${n} из 10`, drop: true },
      // Kazakh is chosen with the page's language switch (the user's Telegram language).
      { locale: "kk", opensIn: "ru", page: (n: number) => `10 беттің ${n}-беті`, drop: false },
    ];
    for (const { locale, opensIn, page, drop } of cases) {
      it(`${locale}: link, page orders, open a product, import a sample file, read the summary`, async () => {
        let browser: Browser | undefined;
        try {
          browser = await chromium!.open();
          const chat = new ChatPage(browser.page);
          await chat.open(web.url, opensIn);
          if (locale !== opensIn) await chat.setLanguage(locale);
          // The command menu as Telegram shows it in the user's language (from setMyCommands).
          await browser.page
            .locator("#commands button", { hasText: shown(locale, "cmd-orders") })
            .first()
            .waitFor({ state: "attached" });
          expect(await chat.menu()).toContain(`/orders ${shown(locale, "cmd-orders")}`);

          // One click links the chat; the greeting comes in the chosen language.
          await chat.link();
          await chat.waitForBot(shown(locale, "link-success"));

          // Orders: page 2 replaces page 1 in place, and back.
          await chat.type("/orders");
          await chat.waitForBot(page(1));
          await chat.press(/^›$/);
          await chat.waitForBot(page(2));
          expect(await browser.page.locator(".msg.bot", { hasText: page(1) }).count()).toBe(0);
          await chat.press(/^‹$/);
          await chat.waitForBot(page(1));
          expect(await browser.page.locator(".msg.bot", { hasText: page(2) }).count()).toBe(0);

          // A product's card with its photo shown.
          await chat.type("/products");
          await chat.waitForBot("10006");
          await chat.press("Samsung Galaxy A55");
          await chat.waitForBot("0004600000001");
          const photo = browser.page.locator(".msg.bot img.photo").last();
          await photo.waitFor();
          const width = (img: unknown) => (img as { naturalWidth: number }).naturalWidth;
          await expect.poll(() => photo.evaluate(width)).toBeGreaterThan(0);

          // The sample file (dropped on the page, or picked), its problems, the import button, the summary.
          await (drop ? chat.dropFile(SAMPLE) : chat.sendFile(SAMPLE));
          await chat.waitForBot(shown(locale, "field-price"));
          // Nothing is sent before the seller confirms: how the file was read, the first product.
          await chat.waitForBot(shown(locale, "import-reading-title"));
          await chat.waitForBot(shown(locale, "import-first-title"));
          await chat.press(shown(locale, "import-button-import", { valid: 4 }));
          const title = shown(locale, "jobs-summary-title", { file: "products-with-errors.csv" });
          await chat.waitForBot(title);
          await chat.waitForBot(shown(locale, "api-code-brand-not-found"));

          // The sent document is downloadable from the chat, byte for byte.
          const href = await browser.page
            .locator(".msg.user a.document", { hasText: "products-with-errors.csv" })
            .getAttribute("href");
          const download = await browser.page.request.get(new URL(href!, web.url).href);
          expect(Buffer.from(await download.body()).equals(readFileSync(SAMPLE))).toBe(true);
        } finally {
          await browser?.close();
        }
      }, 300_000);
    }
  },
);
