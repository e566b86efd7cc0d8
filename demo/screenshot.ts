/**
 * Takes the README's screenshot of the web chat (`npx tsx demo/screenshot.ts [ru|kk]`): a
 * linked seller opens a product, then imports the sample file with mistakes.
 */
import { fileURLToPath } from "node:url";
import { ChatPage, findChromium, launchBrowser } from "./browser.js";
import { startDemo } from "./stack.js";
import { startWebChat } from "./web/server.js";

const lang = process.argv[2] === "kk" ? "kk" : "ru";
const output = fileURLToPath(new URL(`./screenshots/chat-${lang}.png`, import.meta.url));
const sample = fileURLToPath(new URL("samples/products-with-errors.csv", import.meta.url));
const chromiumPath = findChromium();
if (!chromiumPath) {
  process.stderr.write("No Chromium found (apt-get install chromium, or set CHROMIUM_PATH).\n");
  process.exit(1);
}

const stack = await startDemo({ logLevel: "error" });
const web = await startWebChat(stack);
const browser = await launchBrowser(chromiumPath, { width: 760, height: 1750 });
try {
  const chat = new ChatPage(browser.page);
  await chat.open(web.url, lang);
  await chat.link();
  // The greeting (with the main menu) says the chat is linked.
  const linked = stack.app.i18n.t(lang, "link-success").split("\n")[0]!;
  await chat.waitForBot(linked.replace(/<[^>]+>/g, "").replace(/[\u2068\u2069]/g, ""));
  await chat.type("/products");
  await chat.waitForBot("10006");
  await chat.press("Samsung Galaxy A55");
  await chat.waitForBot("20001");
  await browser.page.locator("img.photo").last().waitFor();
  await chat.sendFile(sample);
  // The bot shows how it read the file and asks before sending: the seller presses Import.
  await chat.press(
    stack.app.i18n.t(lang, "import-button-import", { valid: 4 }).replace(/[\u2068\u2069]/g, ""),
  );
  const brand = stack.app.i18n.t(lang, "api-code-brand-not-found");
  await chat.waitForBot(brand.replace(/[\u2068\u2069]/g, ""));
  // The status line's last edit ("the service processed every product") follows the summary.
  const done = stack.app.i18n.t(lang, "jobs-progress-done", { file: "products-with-errors.csv" });
  await chat.waitForBot(done.replace(/<[^>]+>/g, "").replace(/[\u2068\u2069]/g, ""));
  await browser.page.waitForTimeout(400); // the last scroll settles (a picture, not a test)
  await browser.page.screenshot({ path: output });
  process.stdout.write(`${output}\n`);
} finally {
  await browser.close();
  await web.stop();
  await stack.stop();
}
