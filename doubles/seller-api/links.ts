/** One-time messenger link tokens and the chats they linked. */
import { randomBytes } from "node:crypto";
import type { LinkInfo } from "./types.js";

const DEFAULT_TTL_MS = 24 * 3600_000;

export class LinkStore {
  /** token -> { expiresAt, used } */
  private readonly tokens = new Map<string, { expiresAt: number; used: boolean }>();
  private readonly links = new Map<number, LinkInfo>();
  private counter = 0;

  /** `now`: the service's clock (link tokens' expiry, confirmation times). */
  constructor(private readonly now: () => number = Date.now) {}

  /** Telegram deep-link safe: [A-Za-z0-9_], under 64 chars. */
  issue(opts: { expiresInMs?: number; token?: string } = {}): string {
    const token = opts.token ?? `lt_${++this.counter}_${randomBytes(8).toString("hex")}`;
    this.tokens.set(token, {
      expiresAt: this.now() + (opts.expiresInMs ?? DEFAULT_TTL_MS),
      used: false,
    });
    return token;
  }

  /** Consumes the token; false when unknown, used or expired. */
  confirm(token: string, chatId: number, userName: string, languageCode: string): boolean {
    const t = this.tokens.get(token);
    if (!t || t.used || t.expiresAt <= this.now()) return false;
    t.used = true;
    this.links.set(chatId, {
      isActive: true,
      languageCode,
      userName,
      confirmedAt: new Date(this.now()).toISOString(),
    });
    return true;
  }

  status(chatId: number) {
    const l = this.links.get(chatId);
    return l
      ? { isActive: l.isActive, languageCode: l.languageCode, confirmedAt: l.confirmedAt }
      : { isActive: false, languageCode: null, confirmedAt: null };
  }

  linkOf(chatId: number): LinkInfo | undefined {
    const l = this.links.get(chatId);
    return l ? { ...l } : undefined;
  }

  unlink(chatId: number): void {
    const l = this.links.get(chatId);
    if (l) l.isActive = false;
  }
}
