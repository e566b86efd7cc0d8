/**
 * `npm run sandbox [-- --shop large]`: the sandbox Seller API as a demo server for a real bot.
 * Port: PORT or 8081. Client credentials are enabled; POST /sandbox/link-token (no auth)
 * issues one more link token. `--shop large` serves a shop of real size (LARGE_SHOP).
 */
import { parseArgs } from "node:util";
import { LARGE_SHOP, SHOP_SIZES, type ShopSize, startSellerSandbox } from "./seller-api/index.js";

const USAGE = `usage: npm run sandbox [-- --shop small|large]
  --shop small   (default) 42 products, 103 SKUs, 57 orders of the last 30 days
  --shop large   ${LARGE_SHOP.products.toLocaleString("en")} products, ${LARGE_SHOP.skus.toLocaleString("en")} SKUs, ${LARGE_SHOP.orderLines.toLocaleString("en")} order lines over a year
  Orders end at 20.11.2026 18:00 (Asia/Almaty) in both.`;

function shopOf(value: string | undefined): ShopSize {
  const shop = value ?? "small";
  if ((SHOP_SIZES as readonly string[]).includes(shop)) return shop as ShopSize;
  process.stderr.write(`sandbox: unknown shop "${shop}"\n${USAGE}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { shop: { type: "string" }, help: { type: "boolean" } },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const shop = shopOf(values.shop);
const port = Number(process.env.PORT ?? 8081);
const host = process.env.SANDBOX_HOST ?? "127.0.0.1";
const clientId = "sandbox-client";
const clientSecret = "sandbox-secret";

const api = await startSellerSandbox({
  shop,
  port,
  host,
  clientId,
  clientSecret,
  operatorRoutes: true,
  jobSteps: Number(process.env.SANDBOX_JOB_STEPS ?? 2),
  // A sandbox left running keeps the newest requests only.
  keepRequests: 10_000,
});

const products = api.seed.products.length;
const skus = api.seed.products.reduce((n, p) => n + p.skus.length, 0);
const lines = [
  `Sandbox Seller API is running: the ${shop} shop, ${products} products, ${skus} SKUs, ${api.seed.orders.length} order lines.`,
  "",
  `SELLER_API_URL=${api.url}`,
  `SELLER_API_TOKEN=${api.token}`,
  "# or, instead of the fixed token:",
  `SELLER_CLIENT_ID=${clientId}`,
  `SELLER_CLIENT_SECRET=${clientSecret}`,
  "",
  "Link tokens (one-time, valid 24 h): open https://t.me/<your_bot>?start=<token>",
  ...api.linkTokens.map((t) => `  ${t}    https://t.me/<your_bot>?start=${t}`),
  "",
  `More tokens: curl -X POST ${api.url}/sandbox/link-token`,
  "Stop with Ctrl+C.",
];
process.stdout.write(`${lines.join("\n")}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the sandbox\n`);
  api.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
