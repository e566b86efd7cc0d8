/**
 * Fairness under a flood: one chat sends 300 messages in 5 s while 20 other chats
 * each send /help once during the flood; then the flooder asks /help once its window has
 * passed. Prints how long the other chats waited for their answers (bound 2 s), how much of
 * the flood was let in, and whether the flooder is answered again afterwards.
 *
 *   npx tsx bench/flood.bench.ts
 */
import { quantile, withBed } from "./bed.js";

const FLOOD = 300;
const FLOOD_MS = 5000;
const OTHERS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  await withBed({ name: "bench-flood", floodLimit: 30 }, async ({ tg }) => {
    const flooder = tg.user({ languageCode: "ru" });
    const others = Array.from({ length: OTHERS }, () => tg.user({ languageCode: "kk" }));
    const askedAt = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < FLOOD; i++) {
      await flooder.sendText(`спам ${i}`);
      const other = others[Math.floor((i * OTHERS) / FLOOD)];
      if (other && !askedAt.has(other.id)) {
        askedAt.set(other.id, Date.now());
        await other.sendCommand("/help");
      }
      await sleep(started + ((i + 1) * FLOOD_MS) / FLOOD - Date.now());
    }
    const flooderDone = Date.now();
    for (const other of others)
      await other.waitForBotMessage(/Сәлеметсіз бе/, { timeoutMs: 60_000 });
    // The window of the limit (10 s) passes, then the flooder asks once more.
    await sleep(Math.max(0, started + 11_000 - Date.now()));
    const lastCall = tg.calls.length;
    const askedAgain = Date.now();
    await flooder.sendCommand("/help");
    await flooder.waitForBotMessage(/Здравствуйте/, { timeoutMs: 30_000, after: 0 });
    const again = tg.calls
      .slice(lastCall)
      .find((c) => c.method === "sendMessage" && Number(c.params.chat_id) === flooder.id);
    const waits = others.map((other) => {
      const answer = tg.calls.find(
        (c) => c.method === "sendMessage" && c.ok && Number(c.params.chat_id) === other.id,
      );
      return (answer?.at ?? Number.NaN) - askedAt.get(other.id)!;
    });
    const toFlooder = tg.calls.filter(
      (c) => c.method === "sendMessage" && c.ok && Number(c.params.chat_id) === flooder.id,
    );
    const notices = toFlooder.filter((c) => /Слишком много/.test(String(c.params.text))).length;
    const rate = tg.sendRate();
    console.log(
      `  one chat sends ${FLOOD} messages in ${((flooderDone - started) / 1000).toFixed(1)} s beside ${OTHERS} chats sending /help:\n` +
        `    others answered: p50 ${quantile(waits, 0.5)} ms, p95 ${quantile(waits, 0.95)} ms, max ${Math.max(...waits)} ms (bound 2000 ms)\n` +
        `    flooder: ${toFlooder.length - notices - 1} of ${FLOOD} answered, ${notices} notice (bound 1); after its window, /help answered in ${(again?.at ?? Number.NaN) - askedAgain} ms\n` +
        `    max messages in any second ${rate.maxInAnySecond} (bound 30), refused ${rate.refused}`,
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
