/**
 * `npm run sandbox`: the sandbox Seller API as a demo server for a real bot.
 * Port: PORT or 8081. Client credentials are enabled; POST /sandbox/link-token (no auth)
 * issues one more link token.
 */
import { startSellerSandbox } from "./seller-api/index.js";

const port = Number(process.env.PORT ?? 8081);
const host = process.env.SANDBOX_HOST ?? "127.0.0.1";
const clientId = "sandbox-client";
const clientSecret = "sandbox-secret";

const api = await startSellerSandbox({
  port,
  host,
  clientId,
  clientSecret,
  operatorRoutes: true,
  jobSteps: Number(process.env.SANDBOX_JOB_STEPS ?? 2),
});

const lines = [
  "Sandbox Seller API is running.",
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
