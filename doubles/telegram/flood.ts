// Telegram's flood control as a bot sees it. Three limits, each read at its strictest:
// - the bot: at most `perSecond` messages in any 1000 ms (sliding), over all chats;
// - any chat: a bucket of `chatBurst` messages refilled at `chatPerSecond`; Telegram's "about one
//   a second" as grammY's throttler reads it, one at a time, a second apart (a bucket of 1);
// - a group, supergroup or channel (a negative chat id or an @username) besides: at most
//   `groupPerMinute` messages in any 60 000 ms (sliding).
// Past any of them a send is refused with 429 and `retry_after`: the whole seconds until that
// send would have been accepted, as Telegram words it.

/** Methods that put a message into a chat or change one. */
export function isMessageMethod(method: string): boolean {
  return /^(send|edit|copy|forward)/i.test(method) && method.toLowerCase() !== "sendchataction";
}

export interface FloodLimits {
  /** Messages in any 1000 ms over all chats. */
  perSecond: number;
  /** Any chat: bucket size, and how many a second refill it. */
  chatBurst: number;
  chatPerSecond: number;
  /** A group or channel: messages in any 60 000 ms. */
  groupPerMinute: number;
}

/**
 * Telegram's published limits (core.telegram.org/bots/faq, "My bot is hitting limits"), the
 * chat's without the short bursts Telegram "may allow".
 */
export const TELEGRAM_LIMITS: FloodLimits = {
  perSecond: 30,
  chatBurst: 1,
  chatPerSecond: 1,
  groupPerMinute: 20,
};

export interface SendRate {
  /** Messages accepted in total. */
  sent: number;
  /** The most messages accepted within any 1000 ms. */
  maxInAnySecond: number;
  /** Sends refused with 429 by any limit. */
  refused: number;
  /** Of those, refused by the limit of one chat (private or group). */
  refusedPerChat: number;
}

export interface Refusal {
  /** Whole seconds until the send would be accepted (at least 1). */
  retryAfter: number;
  limit: "bot" | "chat" | "group";
}

const isGroupChat = (chatId: string) => chatId.startsWith("-") || chatId.startsWith("@");

export class FloodControl {
  /** Times (ms) at which messages were accepted, in order. */
  private readonly accepted: number[] = [];
  /** Per private chat: bucket level and when it was last filled. */
  private readonly buckets = new Map<string, { level: number; at: number }>();
  /** Per group: times of accepted messages within the last minute. */
  private readonly groups = new Map<string, number[]>();
  private refused = 0;
  private refusedPerChat = 0;

  /** Unset: count only, never refuse. */
  constructor(public limits?: FloodLimits) {}

  /**
   * Why a send to `chatId` (null: none named) at `at` is refused (counted), or undefined: then
   * the send is counted at once, so sends in flight together cannot pass a limit; `withdraw`
   * takes it back when the call fails for another reason.
   */
  admit(at: number, chatId: string | null): Refusal | undefined {
    const found = this.check(at, chatId);
    if (found) {
      this.refused++;
      if (found.limit !== "bot") this.refusedPerChat++;
    } else this.accept(at, chatId);
    return found;
  }

  /** A send admitted at `at` failed: it did not count. */
  withdraw(at: number, chatId: string | null): void {
    const i = this.accepted.lastIndexOf(at);
    if (i >= 0) this.accepted.splice(i, 1);
    if (chatId === null || !this.limits) return;
    const times = this.groups.get(chatId);
    const j = times?.lastIndexOf(at) ?? -1;
    if (j >= 0) times!.splice(j, 1);
    const bucket = this.buckets.get(chatId);
    if (bucket) bucket.level = Math.min(this.limits.chatBurst, bucket.level + 1);
  }

  private check(at: number, chatId: string | null): Refusal | undefined {
    const limits = this.limits;
    if (!limits) return undefined;
    const window = this.inWindow(this.accepted, at, 1000);
    if (window.count >= limits.perSecond) {
      return { limit: "bot", retryAfter: seconds(window.nthOldest(limits.perSecond) + 1000 - at) };
    }
    if (chatId === null) return undefined;
    if (isGroupChat(chatId)) {
      const times = this.groups.get(chatId) ?? [];
      const inMinute = this.inWindow(times, at, 60_000);
      if (inMinute.count >= limits.groupPerMinute) {
        const oldest = inMinute.nthOldest(limits.groupPerMinute);
        return { limit: "group", retryAfter: seconds(oldest + 60_000 - at) };
      }
    }
    const level = this.level(chatId, at);
    if (level >= 1) return undefined;
    return { limit: "chat", retryAfter: seconds(((1 - level) * 1000) / limits.chatPerSecond) };
  }

  private accept(at: number, chatId: string | null): void {
    this.accepted.push(at);
    if (chatId === null || !this.limits) return;
    if (isGroupChat(chatId)) {
      const times = (this.groups.get(chatId) ?? []).filter((t) => t > at - 60_000);
      times.push(at);
      this.groups.set(chatId, times);
    }
    this.buckets.set(chatId, { level: this.level(chatId, at) - 1, at });
  }

  rate(): SendRate {
    return {
      sent: this.accepted.length,
      maxInAnySecond: mostWithin(this.accepted, 1000),
      refused: this.refused,
      refusedPerChat: this.refusedPerChat,
    };
  }

  /** The chat's bucket at `at`: full at first, refilled at chatPerSecond. */
  private level(chatId: string, at: number): number {
    const limits = this.limits!;
    const bucket = this.buckets.get(chatId);
    if (!bucket) return limits.chatBurst;
    const refill = ((at - bucket.at) / 1000) * limits.chatPerSecond;
    return Math.min(limits.chatBurst, bucket.level + Math.max(0, refill));
  }

  /** The times of `times` (ascending) within `ms` before `at`, newest last. */
  private inWindow(times: number[], at: number, ms: number) {
    let first = times.length;
    while (first > 0 && times[first - 1]! > at - ms) first--;
    return {
      count: times.length - first,
      /** The accepted time whose leaving the window lets one more in: the n-th newest. */
      nthOldest: (n: number) => times[times.length - n]!,
    };
  }
}

/** The most of `times` (ascending, ms) within any `spanMs`, a sliding window as Telegram counts. */
export function mostWithin(times: readonly number[], spanMs: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= spanMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
