/**
 * `npm run demo`: the sandbox Seller API, the Bot API emulator, the real bot and a web chat, in
 * one process on loopback, with no network and no token. `npm run demo -- --script FILE` plays a
 * scripted session instead and prints its transcript.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { LARGE_SHOP, SHOP_SIZES, type ShopSize } from "../doubles/seller-api/index.js";
import { parseScript, playScript, ScriptError, scriptBaseDir } from "./script.js";
import { startDemo } from "./stack.js";
import { startWebChat } from "./web/server.js";

const USAGE = `usage: npm run demo [-- --port N] [--shop small|large]
       npm run demo -- --script FILE [--brief] [--lang ru|kk] [--shop small|large]
  --shop    the sandbox's shop: small (default: 42 products, 57 orders; the transcripts'),
            large (${LARGE_SHOP.products} products, ${LARGE_SHOP.skus} SKUs, ${LARGE_SHOP.orderLines} order lines over a year)
  --brief   bot messages in brief: their first 4 paragraphs, each cut after 7 lines
            (keyboards are always shown)
  --lang    the Telegram language the chat starts with (a script's "lang" line changes it)`;

class UsageError extends Error {}

function shopOf(value: string | undefined): ShopSize {
  const shop = value ?? "small";
  if ((SHOP_SIZES as readonly string[]).includes(shop)) return shop as ShopSize;
  throw new UsageError(`unknown shop "${shop}"\n${USAGE}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      script: { type: "string" },
      port: { type: "string" },
      lang: { type: "string" },
      brief: { type: "boolean" },
      shop: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const dataDir = process.env.DATA_DIR?.trim() || undefined;
  const shop = shopOf(values.shop);
  if (values.script) {
    const steps = parseScript(readFileSync(values.script, "utf8"), scriptBaseDir(values.script));
    const stack = await startDemo({
      shop,
      dataDir,
      logLevel: process.env.LOG_LEVEL ?? "error",
      scripted: true,
    });
    try {
      const options = { languageCode: values.lang ?? "ru", maxLines: values.brief ? 7 : Infinity };
      process.stdout.write(await playScript(stack, steps, options));
    } finally {
      await stack.stop();
    }
    return;
  }
  const stack = await startDemo({
    shop,
    dataDir,
    newOrderEveryMs: 90_000,
    logLevel: process.env.LOG_LEVEL ?? "warn",
  });
  const web = await startWebChat(stack, {
    port: Number(values.port ?? process.env.DEMO_PORT ?? 8090),
  });
  process.stdout.write(
    [
      "Seller bot demo: the real bot, a sandbox Seller API and an emulated Telegram, on this machine.",
      `The ${shop} shop: ${stack.sandbox.seed.products.length} products, ${stack.sandbox.seed.orders.length} order lines (the newest of 20.11.2026).`,
      "",
      `  Open ${web.url} in a browser.`,
      "",
      "A new order arrives every 90 s. Stop with Ctrl+C.",
      "",
    ].join("\n"),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    void Promise.allSettled([web.stop(), stack.stop()]).then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  const message =
    error instanceof ScriptError || error instanceof UsageError
      ? error.message
      : String((error as Error)?.stack ?? error);
  process.stderr.write(`demo: ${message}\n`);
  process.exit(1);
});
