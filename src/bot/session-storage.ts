import type { StorageAdapter } from "grammy";
import { isLocale, type Locale } from "../i18n.js";
import type { LinkCache, SessionData } from "./context.js";

/**
 * A session as stored since version 2: a short array instead of the object with its field
 * names (`{"link":{"active":…,"languageCode":…},"locale":…}`), so a session takes one of
 * Redis's smaller allocations. Absent and null are 0; trailing absent parts are left out;
 * a session holding nothing is not stored at all (absent reads as the empty session).
 *
 *   [2, locale | 0, [active 1|0, languageCode | 0, confirmedAt | 0, checkedAt] | 0]
 *
 * Sessions stored before (version 1, the object itself) are read as they are and written in
 * this shape at their next change. A price question kept in the session before it became a
 * conversation (`pendingPrice`, a fourth part of the array) is dropped when read: the seller
 * asks again, and a number typed meanwhile is never taken for a price.
 */
const VERSION = 2;
type StoredLink = [active: 0 | 1, languageCode: string | 0, confirmedAt: string | 0, at: number];
export type StoredSession = [2, (Locale | 0)?, (StoredLink | 0)?];

/** A session stored whole, as it may have been before the price question was a conversation. */
type OldSession = SessionData & { pendingPrice?: unknown };

const orNull = <T>(value: T | 0 | undefined): T | null =>
  value === 0 || value === undefined ? null : value;

/** The stored form, or undefined for a session holding nothing (not stored). */
export function encodeSession(session: SessionData): StoredSession | SessionData | undefined {
  const { locale, link, ...rest } = session;
  // A field added to SessionData fails to compile here until the codec knows it; and at run
  // time a field it does not know is never dropped: such a session is kept whole.
  const unknown: Record<string, never> = rest;
  if (Object.keys(unknown).length > 0) return session;
  const stored: StoredSession = [
    VERSION,
    locale ?? 0,
    link ? [link.active ? 1 : 0, link.languageCode ?? 0, link.confirmedAt ?? 0, link.checkedAt] : 0,
  ];
  while (stored.length > 1 && stored.at(-1) === 0) stored.pop();
  return stored.length === 1 ? undefined : stored;
}

/** The session from what storage holds: this version's array, or a session stored whole. */
export function decodeSession(stored: unknown): SessionData {
  if (!Array.isArray(stored) || stored[0] !== VERSION) {
    const { pendingPrice: _dropped, ...session } = (stored ?? {}) as OldSession;
    return session;
  }
  const [, locale, link] = stored as StoredSession;
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

/** The grammY session storage over `inner` (which keeps JSON values), in the short form. */
export function sessionStorage(inner: StorageAdapter<unknown>): StorageAdapter<SessionData> {
  return {
    async read(key) {
      const stored = await inner.read(key);
      return stored === undefined ? undefined : decodeSession(stored);
    },
    async write(key, session) {
      const stored = encodeSession(session);
      if (stored === undefined) await inner.delete(key);
      else await inner.write(key, stored);
    },
    delete: (key) => inner.delete(key),
  };
}
