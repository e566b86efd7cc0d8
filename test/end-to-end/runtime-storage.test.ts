import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createStorage, type Storage } from "../../src/storage/index.js";
import { type Harness, linkUser, restartBot, startHarness } from "../support/harness.js";
import { eventually } from "../support/net.js";

let h: Harness | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await h?.stop();
  h = undefined;
  for (const clean of cleanups.splice(0)) await clean();
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "seller-bot-storage-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("embedded storage", () => {
  it("close() waits for the writes in progress", async () => {
    const dir = tempDir();
    const storage = createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: dir });
    const big = "x".repeat(200_000);
    const writes = Array.from({ length: 50 }, (_, i) => storage.kv.set(`key-${i}`, { big, i }));
    await storage.close();
    // Every write had landed when close() resolved: a new store reads them all.
    const reopened = createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: dir });
    for (let i = 0; i < 50; i++) {
      expect((await reopened.kv.get<{ i: number }>(`key-${i}`))?.i).toBe(i);
    }
    await Promise.all(writes);
    await reopened.close();
  });
});

describe("embedded storage under the open-files limit", () => {
  it("writes and reads 3,334 keys at once in a process allowed 256 open files", () => {
    const dir = tempDir();
    const disk = new URL("../../src/storage/disk.ts", import.meta.url).href;
    // An import document's outcomes: 100,000 products are 3,334 requests, read in one go.
    const script = `
      const { createDiskKv } = await import(${JSON.stringify(disk)});
      const kv = createDiskKv(${JSON.stringify(dir)});
      const keys = Array.from({ length: 3334 }, (_, i) => "import:out:doc:" + (i + 1));
      await Promise.all(keys.map((key, i) => kv.set(key, { batch: i + 1 }, 60000)));
      const values = await kv.getMany(keys);
      console.log(values.filter((v, i) => v?.batch === i + 1).length);`;
    const child = spawnSync(
      "bash",
      [
        "-c",
        'ulimit -n 256 && exec "$0" --import tsx --input-type=module -e "$1"',
        process.execPath,
        script,
      ],
      { encoding: "utf8", cwd: join(import.meta.dirname, "../..") },
    );
    expect(child.stderr).not.toContain("EMFILE");
    expect(child.stdout.trim()).toBe("3334");
  });
});

describe("idle sessions expire", () => {
  const storages: [string, (ttlMs: number) => Storage][] = [
    [
      "disk",
      (ttlMs) =>
        createStorage({
          redisUrl: undefined,
          redisKeyPrefix: "",
          dataDir: tempDir(),
          sessionTtlMs: ttlMs,
        }),
    ],
    [
      "redis",
      (ttlMs) =>
        createStorage({
          redisUrl: inject("redisUrl"),
          redisKeyPrefix: `test-ttl-${Math.random().toString(36).slice(2)}:`,
          dataDir: "",
          sessionTtlMs: ttlMs,
        }),
    ],
  ];
  it.each(storages)(
    "on %s storage: a session untouched longer than its idle time is gone, a used one stays",
    async (_kind, make) => {
      const idleMs = 2000;
      const storage = make(idleMs);
      cleanups.push(() => storage.close());
      const sessions = storage.adapter<{ locale: string }>();
      const firstWritten = Date.now();
      await sessions.write("session:1", { locale: "kk" });
      await sessions.write("session:2", { locale: "ru" });
      // The store's own expiry decides (Redis's / the file's expiry time): ask until session 1
      // is gone. Session 2 is in use: every write renews its idle time, so a read that ends
      // within its idle time of a renewal finds it, however slow the machine.
      let stayed = 0;
      for (;;) {
        const renewed = Date.now();
        await sessions.write("session:2", { locale: "ru" });
        const [one, two] = [await sessions.read("session:1"), await sessions.read("session:2")];
        if (Date.now() - renewed < idleMs) {
          expect(two).toEqual({ locale: "ru" });
          stayed++;
        }
        if (one === undefined) break;
        expect(Date.now() - firstWritten, "session 1 outlived its idle time").toBeLessThan(30_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Gone only once its idle time was over, and the renewed one read meanwhile.
      expect(Date.now() - firstWritten).toBeGreaterThanOrEqual(idleMs);
      expect(stayed).toBeGreaterThan(0);
    },
  );

  it("SESSION_TTL_DAYS sets the idle time; 0 keeps sessions for ever", async () => {
    h = await startHarness({ env: { SESSION_TTL_DAYS: "0" } });
    expect(h.app.config.sessionTtlMs).toBeUndefined();
    const user = h.tg.user({ languageCode: "kk" });
    await user.sendCommand("/start");
    await user.waitForBotMessage(/./);
    await h.stopBot();
    const files = readdirSync(h.dataDir).filter((f) => f.startsWith("session"));
    expect(files.length).toBeGreaterThan(0);
    // Written without an expiry time.
    const entry = JSON.parse(readFileSync(join(h.dataDir, files[0]!), "utf8")) as object;
    expect(entry).not.toHaveProperty("expiresAt");
  });
});

describe("a chat's lock", () => {
  const stores: [string, () => Storage][] = [
    ["disk", () => createStorage({ redisUrl: undefined, redisKeyPrefix: "", dataDir: tempDir() })],
    [
      "redis",
      () =>
        createStorage({
          redisUrl: inject("redisUrl"),
          redisKeyPrefix: `test-claim-${Math.random().toString(36).slice(2)}:`,
          dataDir: "",
        }),
    ],
  ];
  it.each(stores)(
    "on %s storage: a claim is held by its owner alone, and free again once released or lapsed",
    async (_kind, make) => {
      const storage = make();
      cleanups.push(() => storage.close());
      const { kv } = storage;
      expect(await kv.setIfAbsent("lock:chat:7", "a", 30_000)).toBe(true);
      // Held: another update (another instance) does not get it, nor may it release it.
      expect(await kv.setIfAbsent("lock:chat:7", "b", 30_000)).toBe(false);
      expect(await kv.deleteIfEquals("lock:chat:7", "b")).toBe(false);
      expect(await kv.deleteIfEquals("lock:chat:7", "a")).toBe(true);
      expect(await kv.setIfAbsent("lock:chat:7", "b", 30_000)).toBe(true);
      // The claim has its lease: it lapses on its own (asked until it does, never before).
      const claimedAt = Date.now();
      expect(await kv.setIfAbsent("lock:chat:8", "c", 100)).toBe(true);
      await eventually(
        async () => ((await kv.setIfAbsent("lock:chat:8", "d", 100)) ? true : undefined),
        { what: "the lease to lapse" },
      );
      expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(100);
    },
  );
});

describe("/help", () => {
  it("shows the menu to a linked chat whose link status is not cached (session lost)", async () => {
    h = await startHarness();
    const user = h.tg.user({ languageCode: "ru" });
    await linkUser(h, user);
    // The session is gone (expired, or storage replaced); the link in the cabinet is not.
    await h.stopBot();
    const sessions = readdirSync(h.dataDir).filter((f) => f.startsWith("session"));
    expect(sessions.length).toBeGreaterThan(0);
    for (const file of readdirSync(h.dataDir).filter((f) => f.startsWith("session"))) {
      rmSync(join(h.dataDir, file));
    }
    h = await restartBot(h);
    await user.sendCommand("/help");
    const reply = await user.waitForBotMessage(/\/orders/, {
      after: user.lastBotMessage()!.messageId,
    });
    expect(reply.text).toContain("Что я умею");
    expect(reply.text).toContain("/settings — оповещения о новых заказах и остатках");
    expect(reply.text).not.toMatch(/привязать|ссылк/i);
  });
});
