/**
 * Measure 5, reading scales out: 20 linked chats send the 10,000-SKU Windows-1251 CSV at once;
 * time until every chat is shown its import confirmation. One instance, then two on one Redis,
 * each instance a process of its own in webhook mode behind a balancer: Telegram (the emulator)
 * delivers to the balancer, which answers at once and hands each update to the next instance in
 * turn, at most 40 in flight (Telegram's default max_connections). Beside the times: the CPU
 * seconds each run's bot processes used, over its wall time (how many cores were kept busy).
 */

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus } from "node:os";
import { startSellerSandbox } from "../doubles/seller-api/index.js";
import { startBotApiEmulator } from "../doubles/telegram/index.js";
import { buildBundle } from "../scripts/build.js";
import { freePort } from "../test/support/net.js";
import { type BenchEnv, info, type Measure, type Row, until } from "./measure.js";
import { cpuSeconds, startBotProcess } from "./process.js";
import { generateCsv } from "./reading.bench.js";

const CHATS = 20;
const IN_FLIGHT = 40;
/** The preview of a read file: the import offer, or the summary of the rows with problems. */
const PREVIEW = /Импортировать товары \([\d\s\u00a0\u202f]+\)\?|В файле есть ошибки/;

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

/** Answers Telegram at once and hands each update to the next instance, at most 40 at once. */
async function startBalancer() {
  const targets: string[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let next = 0;
  const server = createServer(async (req, res) => {
    const payload = await body(req);
    res.writeHead(200).end();
    while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    const target = targets[next++ % targets.length]!;
    const sent = fetch(`${target}${req.url}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": String(
          req.headers["x-telegram-bot-api-secret-token"] ?? "",
        ),
      },
      body: payload,
    })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
    inFlight.add(sent);
    void sent.finally(() => inFlight.delete(sent));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    async stop() {
      await Promise.all(inFlight);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** When the bots' logs say the last file was read (each reading logs "import file read"). */
function lastReadAt(logs: string): number {
  let last = Number.NaN;
  for (const line of logs.split("\n")) {
    if (!line.includes('"import file read"')) continue;
    const at = Date.parse((JSON.parse(line) as { time: string }).time);
    if (!(at <= last)) last = at;
  }
  return last;
}

/** Where the time went: the readings, then Telegram's pace for each chat's messages. */
type Run = { wallMs: number; cpu: number; readMs: number; readingCores: number; messages: number };
const spent = (run: Run) =>
  `${run.cpu.toFixed(1)} CPU s = ${(run.cpu / (run.wallMs / 1000)).toFixed(2)} cores busy; ` +
  `last file read at ${(run.readMs / 1000).toFixed(1)} s, ${run.readingCores.toFixed(2)} cores ` +
  `busy until then; a preview is its chat's message ` +
  `${run.messages} (a chat gets one a second)`;

type Doubles = {
  tg: Awaited<ReturnType<typeof startBotApiEmulator>>;
  api: Awaited<ReturnType<typeof startSellerSandbox>>;
};

/** One run: `instances` bot processes behind the balancer; 20 chats send the file at once. */
async function run(env: BenchEnv, { tg, api }: Doubles, instances: number, csv: Uint8Array) {
  const balancer = await startBalancer();
  const secret = `s${randomUUID().replace(/-/g, "")}`;
  const prefix = env.prefix(`x${instances}`);
  const bots: ReturnType<typeof startBotProcess>[] = [];
  let tracer: NodeJS.Timeout | undefined;
  try {
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      balancer.targets.push(`http://127.0.0.1:${port}`);
      bots.push(
        startBotProcess(["dist/main.js"], {
          BOT_TOKEN: tg.token,
          BOT_API_ROOT: tg.apiRoot,
          SELLER_API_URL: api.url,
          SELLER_API_TOKEN: api.token,
          REDIS_URL: env.redisUrl,
          REDIS_KEY_PREFIX: prefix,
          BOT_MODE: "webhook",
          WEBHOOK_URL: `${balancer.url}/telegram`,
          WEBHOOK_SECRET: secret,
          PORT: String(port),
          LOG_LEVEL: "info",
        }),
      );
    }
    for (const bot of bots) await bot.started();
    const users = Array.from({ length: CHATS }, () =>
      tg.user({ languageCode: "ru", started: true }),
    );
    for (const user of users) api.linkChat(user.id);
    const cpuNow = () => bots.reduce((n, b) => n + cpuSeconds(b.child.pid!), 0);
    const cpuBefore = cpuNow();
    const started = Date.now();
    // The bots' CPU every 100 ms: how busy the cores were while there was reading to do.
    const trace: { at: number; cpu: number }[] = [];
    tracer = setInterval(() => trace.push({ at: Date.now(), cpu: cpuNow() }), 100);
    await Promise.all(
      users.map((user) =>
        user.sendDocument({
          fileName: "products.csv",
          content: Buffer.from(csv),
          mimeType: "text/csv",
        }),
      ),
    );
    const shown = () => users.filter((u) => u.botMessages().some((m) => PREVIEW.test(m.text)));
    await until(() => shown().length === CHATS, 150_000, `previews (${instances} instances)`).catch(
      (error) => {
        const said = users.map((u) => u.botMessages().at(-1)?.text?.slice(0, 80));
        throw new Error(
          `${error.message}: ${shown().length} shown; ${JSON.stringify(said.slice(0, 3))}`,
        );
      },
    );
    const wallMs = Date.now() - started;
    clearInterval(tracer);
    const cpu = cpuNow() - cpuBefore;
    const readMs = lastReadAt(bots.map((b) => b.output()).join("\n")) - started;
    const whileReading = trace.findLast((t) => t.at <= started + readMs);
    const readingCores = whileReading
      ? (whileReading.cpu - cpuBefore) / ((whileReading.at - started) / 1000)
      : Number.NaN;
    const messages = users[0]!.botMessages().findIndex((m) => PREVIEW.test(m.text)) + 1;
    return { wallMs, cpu, readMs, readingCores, messages };
  } finally {
    clearInterval(tracer);
    for (const bot of bots) await bot.stop();
    await balancer.stop();
  }
}

export const measure: Measure = {
  name: "reading-scale",
  number: 5,
  title: "reading scales out: 20 chats send a 10,000-SKU file, one instance and two",
  async run(env: BenchEnv): Promise<Row[]> {
    await buildBundle();
    const tg = await startBotApiEmulator({ limits: true });
    const api = await startSellerSandbox({ preIssuedLinkTokens: 0 });
    try {
      const csv = generateCsv();
      const one = await run(env, { tg, api }, 1, csv);
      const two = await run(env, { tg, api }, 2, csv);
      const speedup = one.wallMs / two.wallMs;
      return [
        info(
          "5 reading scales out: one instance, all previews",
          one.wallMs / 1000,
          " s",
          spent(one),
        ),
        info("5 reading scales out: two instances, one Redis", two.wallMs / 1000, " s", spent(two)),
        // Shown, not judged: on one machine a second instance shares the same cores.
        info(
          "5 reading scales out: one instance's time / two's",
          speedup,
          "×",
          `${CHATS} chats, the 10,000-SKU CSV (${(csv.length / 2 ** 20).toFixed(1)} MB); this machine has ${cpus().length} cores`,
        ),
      ];
    } finally {
      await tg.stop();
      await api.stop();
    }
  },
};
