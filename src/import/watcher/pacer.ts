/**
 * The watcher's own pacing of what it sends (summaries, progress edits), below Telegram's
 * limits: at most `perSecond` overall and one per `chatIntervalMs` in a chat. Each send reserves
 * its slot synchronously and sleeps until it, so a thousand summaries finishing together go out
 * spread over time instead of as a burst of 429s. A global throttling transformer on the Api
 * object is compatible: it then rarely has to wait.
 */
export interface SendPacer {
  wait(chatId: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createSendPacer(perSecond = 25, chatIntervalMs = 1000): SendPacer {
  const gap = 1000 / perSecond;
  let nextGlobal = 0;
  const nextByChat = new Map<number, number>();
  return {
    async wait(chatId) {
      const now = Date.now();
      if (nextByChat.size > 10_000) {
        for (const [id, at] of nextByChat) if (at < now) nextByChat.delete(id);
      }
      // The chat's turn first, then the overall slot, so one busy chat holds back no other.
      const chatAt = Math.max(now, nextByChat.get(chatId) ?? 0);
      nextByChat.set(chatId, chatAt + chatIntervalMs);
      if (chatAt > now) await sleep(chatAt - now);
      const at = Math.max(Date.now(), nextGlobal);
      nextGlobal = at + gap;
      const wait = at - Date.now();
      if (wait > 0) await sleep(wait);
    },
  };
}
