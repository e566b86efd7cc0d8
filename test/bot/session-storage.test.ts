import { afterEach, describe, expect, it } from "vitest";
import type { SessionData } from "../../src/bot/context.js";
import { decodeSession, sessionStorage } from "../../src/bot/session-storage.js";
import { bothStorages } from "../support/storages.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0)) await clean();
});

const linked: SessionData = {
  locale: "kk",
  link: {
    active: true,
    languageCode: "kaz",
    confirmedAt: "2026-11-26T08:00:00.000Z",
    checkedAt: 1_795_683_884_464,
  },
};

/** `linked` as the release that stored sessions as a short array wrote it. */
const SHORT_LINKED = [2, "kk", [1, "kaz", "2026-11-26T08:00:00.000Z", 1_795_683_884_464]];

describe("a session as stored before", () => {
  it("reads the short array of an earlier release as the session it stood for", () => {
    expect(decodeSession(SHORT_LINKED)).toEqual(linked);
    expect(decodeSession([2, "ru"])).toEqual({ locale: "ru" });
    expect(decodeSession([2, 0, [0, 0, 0, 5]])).toEqual({
      link: { active: false, languageCode: null, confirmedAt: null, checkedAt: 5 },
    });
  });

  it("drops a price question an earlier version kept in the session, in either shape", () => {
    // The question is a conversation now: the old flag must not come back.
    const whole = { ...linked, pendingPrice: { productId: 12, skuId: 34, at: 56 } };
    expect(decodeSession([...SHORT_LINKED, [12, 34, 56]])).toEqual(linked);
    expect(decodeSession(whole)).toEqual(linked);
    expect(decodeSession([2, 0, 0, [1, 2, 3]])).toEqual({});
  });

  it("keeps a field it does not know", () => {
    const future = { ...linked, newField: [1, 2] } as SessionData;
    expect(decodeSession(JSON.parse(JSON.stringify(future)))).toEqual(future);
  });
});

const stores = bothStorages("session", (undo) => cleanups.push(undo));

describe.each(stores)("sessions on %s storage", (_kind, make) => {
  it("reads a session stored as the short array after the upgrade, and writes it back as the object", async () => {
    const storage = make();
    cleanups.push(() => storage.close());
    await storage.kv.set("session:1", SHORT_LINKED);
    const sessions = sessionStorage(storage.adapter<unknown>());
    expect(await sessions.read("session:1")).toEqual(linked);
    await sessions.write("session:1", { ...linked, locale: "ru" });
    expect(await storage.kv.get("session:1")).toEqual({ ...linked, locale: "ru" });
    expect(await sessions.read("session:1")).toEqual({ ...linked, locale: "ru" });
    // Emptied: removed, and read as absent (the bot starts such a chat with an empty session).
    await sessions.write("session:1", {});
    expect(await storage.kv.get("session:1")).toBeUndefined();
    expect(await sessions.read("session:1")).toBeUndefined();
  });
});
