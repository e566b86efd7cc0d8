import type { StorageAdapter } from "grammy";
import { isLocale, type Locale } from "../i18n.js";
import type { LinkCache, SessionData } from "./context.js";

/**
 * A session as stored since version 2: a short array instead of the object with its field
 * names (`{"link":{"active":…,"languageCode":…},"locale":…}`), so a session takes one of
 * Redis's smaller allocations. Absent and null are 0; trailing absent parts are left out;
 * a session holding nothing is not stored at all (absent reads as the empty session).
 *
 *   [2, locale | 0, [active 1|0, languageCode | 0, confirmedAt | 0, checkedAt] | 0,
 *      [productId, skuId, at]]
 *
 * Sessions stored before (version 1, the object itself) are read as they are and written in
 * this shape at their next change.
 */
const VERSION = 2;
type StoredLink = [active: 0 | 1, languageCode: string | 0, confirmedAt: string | 0, at: number];
type StoredPending = [productId: number, skuId: number, at: number];
export type StoredSession = [2, (Locale | 0)?, (StoredLink | 0)?, StoredPending?];

const orNull = <T>(value: T | 0 | undefined): T | null =>
  value === 0 || value === undefined ? null : value;

/** The stored form, or undefined for a session holding nothing (not stored). */
export function encodeSession(session: SessionData): StoredSession | SessionData | undefined {
  const { locale, link, pendingPrice, ...rest } = session;
  // A field added to SessionData fails to compile here until the codec knows it; and at run
  // time a field it does not know is never dropped: such a session is kept whole.
  const unknown: Record<string, never> = rest;
  if (Object.keys(unknown).length > 0) return session;
  const stored: StoredSession = [
    VERSION,
    locale ?? 0,
    link ? [link.active ? 1 : 0, link.languageCode ?? 0, link.confirmedAt ?? 0, link.checkedAt] : 0,
  ];
  if (pendingPrice) stored.push([pendingPrice.productId, pendingPrice.skuId, pendingPrice.at]);
  while (stored.length > 1 && stored.at(-1) === 0) stored.pop();
  return stored.length === 1 ? undefined : stored;
}

/** The session from what storage holds: this version's array, or a session stored whole. */
export function decodeSession(stored: unknown): SessionData {
  if (!Array.isArray(stored) || stored[0] !== VERSION) return (stored ?? {}) as SessionData;
  const [, locale, link, pending] = stored as StoredSession;
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
  if (Array.isArray(pending)) {
    session.pendingPrice = { productId: pending[0], skuId: pending[1], at: pending[2] };
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
