/**
 * Paces outgoing messages to Telegram's limits: about 30 per second overall, about 1 per second
 * in a private chat (bursts of 5 allowed) and 20 per minute in a group. Each send reserves a
 * slot (GCRA "virtual scheduling") and sleeps until it, so a burst is spread out instead of
 * being answered with 429s; nothing is dropped.
 */
export interface PacerLimits {
  /** Messages per second over all chats. */
  globalPerSecond: number;
  /** Minimum spacing in one private chat once its burst is used. */
  chatIntervalMs: number;
  chatBurst: number;
  groupIntervalMs: number;
  groupBurst: number;
}

export const TELEGRAM_LIMITS: PacerLimits = {
  globalPerSecond: 30,
  chatIntervalMs: 1000,
  chatBurst: 5,
  groupIntervalMs: 3000,
  groupBurst: 3,
};

export interface Pacer {
  /** Resolves when a message to `chatId` (null: no chat) may go out. */
  wait(chatId: number | string | null): Promise<void>;
}

/** Methods that put a message into a chat (or change one) and count against the limits. */
export function isPacedMethod(method: string): boolean {
  return /^(send|edit|copy|forward)/.test(method) && method !== "sendChatAction";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPacer(limits: PacerLimits = TELEGRAM_LIMITS, now = () => Date.now()): Pacer {
  const globalInterval = 1000 / limits.globalPerSecond;
  let globalTat = 0;
  /** Theoretical arrival time per chat; entries in the past are swept now and then. */
  const chatTat = new Map<string, number>();
  let calls = 0;

  const reserve = (tat: number, at: number, interval: number, burst: number) => {
    const slot = Math.max(at, tat - interval * (burst - 1));
    return { slot, tat: Math.max(tat, slot) + interval };
  };

  const sweep = (t: number) => {
    for (const [key, tat] of chatTat) if (tat < t) chatTat.delete(key);
  };

  return {
    async wait(chatId) {
      if (++calls % 1000 === 0) sweep(now());
      if (chatId !== null) {
        const key = String(chatId);
        const group = key.startsWith("-") || key.startsWith("@");
        const interval = group ? limits.groupIntervalMs : limits.chatIntervalMs;
        const burst = group ? limits.groupBurst : limits.chatBurst;
        const t = now();
        const r = reserve(chatTat.get(key) ?? 0, t, interval, burst);
        chatTat.set(key, r.tat);
        if (r.slot > t) await sleep(r.slot - t);
      }
      // The overall slot is taken only once the chat's turn has come, so one busy chat never
      // holds back the others.
      const t = now();
      const r = reserve(globalTat, t, globalInterval, 1);
      globalTat = r.tat;
      if (r.slot > t) await sleep(r.slot - t);
    },
  };
}
