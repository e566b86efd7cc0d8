// The bot against a Bot API emulator written by others: the npm package telegram-test-api
// (not a dependency; run by hand, it needs the network to install):
//
//   npm install --no-save telegram-test-api@4.2.1 && node test/manual/telegram-test-api.cjs
//
// It starts that emulator, the sandbox Seller API (`npm run sandbox`) and the bot
// (`npm start`), then a user links the chat and sends /orders, /products and /help; it prints
// what the bot answered and every warning or error the bot logged. That emulator answers
// setMyCommands with a 500: the bot logs a warning and runs on. Its plain `makeMessage` sends
// commands without the bot_command entity Telegram always adds, so the commands are sent with
// `makeCommand`.
const { spawn } = require("node:child_process");
const { mkdtempSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const TelegramServer = require("telegram-test-api");

const TOKEN = "123456:independent-emulator";
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startSandbox() {
  const sandbox = spawn(process.execPath, ["--import", "tsx", "doubles/sandbox-main.ts"], {
    env: { ...process.env, PORT: process.env.SANDBOX_PORT ?? "8123" },
  });
  let out = "";
  await new Promise((resolve) =>
    sandbox.stdout.on("data", (chunk) => {
      out += chunk;
      if (/Stop with/.test(out)) resolve();
    }),
  );
  return {
    process: sandbox,
    url: /SELLER_API_URL=(\S+)/.exec(out)[1],
    token: /SELLER_API_TOKEN=(\S+)/.exec(out)[1],
    linkToken: /^\s+(\S+)\s+https/m.exec(out)[1],
  };
}

async function main() {
  const server = new TelegramServer({
    port: Number(process.env.TTAPI_PORT ?? 9123),
    host: "127.0.0.1",
  });
  await server.start();
  const sandbox = await startSandbox();
  const bot = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      BOT_TOKEN: TOKEN,
      BOT_API_ROOT: server.config.apiURL,
      SELLER_API_URL: sandbox.url,
      SELLER_API_TOKEN: sandbox.token,
      DATA_DIR: mkdtempSync(join(tmpdir(), "seller-bot-ttapi-")),
    },
  });
  let log = "";
  bot.stdout.on("data", (chunk) => (log += chunk));
  bot.stderr.on("data", (chunk) => (log += chunk));
  while (!/bot started/.test(log) && bot.exitCode === null) await pause(200);

  const client = server.getClient(TOKEN, {
    timeout: 10_000,
    userName: "seller",
    firstName: "Aigul",
  });
  for (const text of [`/start ${sandbox.linkToken}`, "/orders", "/products", "/help"]) {
    await client.sendMessage(client.makeCommand(text));
    await pause(5000);
    const updates = await client.getUpdates().catch((error) => ({ result: [], error }));
    console.log(`\n> ${text}`);
    for (const { message } of updates.result) console.log(`bot: ${message.text.slice(0, 300)}`);
    if (updates.error) console.log(String(updates.error));
  }
  const warnings = log
    .split("\n")
    .filter((line) => /"level":("warn"|"error"|"fatal"|40|50|60)/.test(line));
  console.log(`\nthe bot's warnings and errors:\n${warnings.join("\n") || "(none)"}`);
  bot.kill("SIGTERM");
  sandbox.process.kill("SIGTERM");
  await server.stop();
}

main().then(
  () => setTimeout(() => process.exit(0), 1000),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
