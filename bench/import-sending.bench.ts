/**
 * Measure 6, import sending: a linked seller sends 3,000 valid products as JSON and presses
 * "Import"; the Seller API answers each import request in 200 ms. Wall time from the first
 * import request's arrival to the last one's answer, beside the bound from the requests (of at
 * most 30 products), the latency and 3 requests in flight.
 */
import type { SellerSandbox } from "../doubles/seller-api/index.js";
import type { UserDriver } from "../doubles/telegram/index.js";
import { withBed } from "./bed.js";
import { judged, type Measure, until } from "./measure.js";

const PRODUCTS = 3000;
const PER_REQUEST = 30;
const IN_FLIGHT = 3;
const LATENCY_MS = 200;
const IMPORT_PATH = "/api/seller/v1/products/import";

/** Product `i` of a valid import file (one SKU, its own barcode). */
const product = (i: number) => ({
  categoryId: 101,
  brandId: 504,
  name: { rus: `Кабель USB-C №${i}`, kaz: `USB-C кабелі №${i}` },
  description: { rus: "Кабель для зарядки, 1 м" },
  vat: 12,
  skus: [{ price: 1000 + i, barcode: `48700${String(i).padStart(8, "0")}` }],
});

/** The import requests (one per job) the sandbox has received so far. */
export const importRequests = (api: SellerSandbox) =>
  api.requestsTo(IMPORT_PATH).filter((r) => r.method === "POST" && r.path === IMPORT_PATH);

/**
 * A linked Russian-speaking seller sends `count` valid products as `products.json`: the bot's
 * offer to import them (pressing it sends them), once the file is read.
 */
export async function offerImport(user: UserDriver, count: number) {
  const products = Array.from({ length: count }, (_, i) => product(i + 1));
  await user.sendDocument({
    fileName: "products.json",
    content: JSON.stringify({ products }),
    mimeType: "application/json",
  });
  return user.waitForBotMessage(/Импортировать товары \([\d\s]+\)\?/, { timeoutMs: 60_000 });
}

export const measure: Measure = {
  name: "import-sending",
  number: 6,
  title: "import sending: 3,000 products, Seller API at 200 ms",
  run: (env) =>
    withBed(
      { name: "bench-import", redis: { url: env.redisUrl, prefix: env.prefix("one") } },
      async ({ tg, api }) => {
        const user = tg.user({ languageCode: "ru", started: true });
        api.linkChat(user.id);
        const offer = await offerImport(user, PRODUCTS);
        api.setLatency((path) => (path === IMPORT_PATH ? LATENCY_MS : 0));
        await user.pressButton(/Импортировать товары/, { messageId: offer.messageId });
        const posts = () => importRequests(api);
        const requests = Math.ceil(PRODUCTS / PER_REQUEST);
        await until(() => posts().length >= requests, 120_000, "import requests");
        await user.waitForBotMessage(/Импорт принят/, { timeoutMs: 60_000 });
        api.setLatency(0);
        const at = posts().map((r) => r.at);
        if (process.env.BENCH_DEBUG) {
          // Each request after the first three starts when one in flight was answered: its gap.
          const sorted = [...at].sort((a, b) => a - b);
          const gaps = sorted.slice(IN_FLIGHT).map((t, i) => t - (sorted[i]! + LATENCY_MS));
          console.log(`  gaps after an answer (ms): ${gaps.map((g) => g.toFixed(0)).join(" ")}`);
          // Of each gap: the sandbox's own work after its latency, then the bot's, from an
          // answer sent to the next request come.
          const sent = [...posts()].sort((a, b) => a.at - b.at);
          const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(" ");
          const handled = sent.map((r) => (r.doneAt ?? r.at) - r.at - LATENCY_MS);
          console.log(`  sandbox's work after the latency (ms): ${ms(handled)}`);
          const answered = sent.map((r) => r.doneAt ?? r.at).sort((a, b) => a - b);
          const bot = sent.slice(IN_FLIGHT).map((r, i) => r.at - answered[i]!);
          console.log(`  the bot's, answer to next request (ms): ${ms(bot)}`);
        }
        const wallMs = Math.max(...at) + LATENCY_MS - Math.min(...at);
        const boundMs = Math.ceil(requests / IN_FLIGHT) * LATENCY_MS;
        return [
          judged(
            "6 import sending: wall time",
            wallMs,
            " ms",
            {
              value: boundMs,
              label: `${requests} requests / ${IN_FLIGHT} in flight × ${LATENCY_MS} ms = ${boundMs} ms`,
            },
            { maxRatio: 1.1, label: "≤ 1.1×" },
            `${PRODUCTS} products`,
          ),
        ];
      },
    ),
};
