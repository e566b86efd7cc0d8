// Telegram's flood control as a bot sees it: messages sent (and edited) are counted over a
// sliding second; past the limit a send is refused with 429 and retry_after, as Telegram does.

/** Methods that put a message into a chat or change one. */
export function isMessageMethod(method: string): boolean {
  return /^(send|edit|copy|forward)/i.test(method) && method.toLowerCase() !== "sendchataction";
}

export interface SendRate {
  /** Messages accepted in total. */
  sent: number;
  /** The most messages accepted within any 1000 ms. */
  maxInAnySecond: number;
  /** Sends refused with 429 by the flood limit. */
  refused: number;
}

export class FloodControl {
  /** Times (ms) at which messages were accepted, in order. */
  private readonly accepted: number[] = [];
  private refused = 0;

  /** `limit`: messages allowed in any second (unset: count only, never refuse). */
  constructor(public limit?: number) {}

  /** Whether a send at `at` would exceed the limit; counts the refusal. */
  refuses(at: number): boolean {
    if (this.limit === undefined) return false;
    let inWindow = 0;
    for (let i = this.accepted.length - 1; i >= 0 && this.accepted[i]! > at - 1000; i--) inWindow++;
    if (inWindow < this.limit) return false;
    this.refused++;
    return true;
  }

  accept(at: number): void {
    this.accepted.push(at);
  }

  rate(): SendRate {
    let max = 0;
    let start = 0;
    for (let end = 0; end < this.accepted.length; end++) {
      while (this.accepted[end]! - this.accepted[start]! >= 1000) start++;
      max = Math.max(max, end - start + 1);
    }
    return { sent: this.accepted.length, maxInAnySecond: max, refused: this.refused };
  }
}
