import type { StorageAdapter } from "grammy";
import { isLocale, type Locale } from "../i18n.js";
import type { LinkCache, SessionData } from "./context.js";

/**
 * A session is stored as the object itself; a session holding nothing is not stored at all
 * (absent reads as the empty session). Two older shapes are still read, and written as the
 * object at their next change:
 *
 * - the short array one release stored,
 *   `[2, locale | 0, [active 1|0, languageCode | 0, confirmedAt | 0, checkedAt] | 0]`;
 * - a price question kept in the session before it became a conversation (`pendingPrice`, or
 *   a fourth part of the array), which is dropped: the seller asks again, and a number typed
 *   meanwhile is never taken for a price.
 */
type ShortLink = [active: 0 | 1, languageCode: string | 0, confirmedAt: string | 0, at: number];
type ShortSession = [2, (Locale | 0)?, (ShortLink | 0)?, unknown?];

/** A session stored whole, as it may have been before the price question was a conversation. */
type OldSession = SessionData & { pendingPrice?: unknown };

const orNull = <T>(value: T | 0 | undefined): T | null =>
  value === 0 || value === undefined ? null : value;

function fromShortArray([, locale, link]: ShortSession): SessionData {
  const session: SessionData = {};
  if (isLocale(locale)) session.locale = locale;
  if (Array.isArray(link)) {
    const cache: LinkCache = {
      active: link[0] === 1,
      languageCode: orNull(link[1]),
      confirmedAt: orNull(link[2]),
      checkedAt: link[3],
    };
    session.link = cache;
  }
  return session;
}

/** The session from what storage holds, in any shape a release stored it. */
export function decodeSession(stored: unknown): SessionData {
  if (Array.isArray(stored) && stored[0] === 2) return fromShortArray(stored as ShortSession);
  const { pendingPrice: _dropped, ...session } = (stored ?? {}) as OldSession;
  return session;
}

/** The grammY session storage over `inner` (which keeps JSON values). */
export function sessionStorage(inner: StorageAdapter<unknown>): StorageAdapter<SessionData> {
  return {
    async read(key) {
      const stored = await inner.read(key);
      return stored === undefined ? undefined : decodeSession(stored);
    },
    async write(key, session) {
      if (JSON.stringify(session) === "{}") await inner.delete(key);
      else await inner.write(key, session);
    },
    delete: (key) => inner.delete(key),
  };
}
