import { afterEach, describe, expect, it } from "vitest";
import type { SessionData } from "../src/bot/context.js";
import { decodeSession, encodeSession, sessionStorage } from "../src/bot/session-storage.js";
import { bothStorages } from "./support/storages.js";

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

describe("a session as stored", () => {
  it("comes back exactly as it was, in every shape it takes", () => {
    const shapes: SessionData[] = [
      linked,
      { locale: "ru" },
      { link: { active: false, languageCode: null, confirmedAt: null, checkedAt: 5 } },
    ];
    for (const session of shapes) {
      const stored = JSON.parse(JSON.stringify(encodeSession(session)));
      expect(decodeSession(stored)).toEqual(session);
    }
  });

  it("is shorter than the object it stands for, and nothing at all when it holds nothing", () => {
    const stored = JSON.stringify(encodeSession(linked));
    expect(stored).toBe('[2,"kk",[1,"kaz","2026-11-26T08:00:00.000Z",1795683884464]]');
    expect(stored.length).toBeLessThan(JSON.stringify(linked).length * 0.6);
    expect(encodeSession({})).toBeUndefined();
  });

  it("drops a price question an earlier version kept in the session, in either shape", () => {
    // The question is a conversation now: the old flag must not come back, nor be kept whole.
    const short = [
      2,
      "kk",
      [1, "kaz", "2026-11-26T08:00:00.000Z", 1_795_683_884_464],
      [12, 34, 56],
    ];
    const whole = { ...linked, pendingPrice: { productId: 12, skuId: 34, at: 56 } };
    const onlyQuestion = [2, 0, 0, [1, 2, 3]];
    expect(decodeSession(short)).toEqual(linked);
    expect(decodeSession(whole)).toEqual(linked);
    expect(decodeSession(onlyQuestion)).toEqual({});
    expect(encodeSession(decodeSession(whole))).toEqual(short.slice(0, 3));
    expect(encodeSession(decodeSession(onlyQuestion))).toBeUndefined();
  });

  it("keeps a field it does not know by storing that session whole", () => {
    const future = { ...linked, newField: [1, 2] } as SessionData;
    expect(decodeSession(JSON.parse(JSON.stringify(encodeSession(future))))).toEqual(future);
  });
});

const stores = bothStorages("session", (undo) => cleanups.push(undo));

describe.each(stores)("sessions on %s storage", (_kind, make) => {
  it("reads a session stored in the old shape, and writes it back in the short one", async () => {
    const storage = make();
    cleanups.push(() => storage.close());
    // As the bot before this change wrote it: the object itself.
    await storage.adapter<SessionData>().write("session:1", linked);
    const sessions = sessionStorage(storage.adapter<unknown>());
    expect(await sessions.read("session:1")).toEqual(linked);
    await sessions.write("session:1", { ...linked, locale: "ru" });
    expect(await storage.kv.get("session:1")).toEqual([
      2,
      "ru",
      [1, "kaz", "2026-11-26T08:00:00.000Z", 1_795_683_884_464],
    ]);
    expect(await sessions.read("session:1")).toEqual({ ...linked, locale: "ru" });
    // Emptied: removed, and read as absent (the bot starts such a chat with an empty session).
    await sessions.write("session:1", {});
    expect(await storage.kv.get("session:1")).toBeUndefined();
    expect(await sessions.read("session:1")).toBeUndefined();
  });
});
