import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";
import {
  backoffDelay,
  createScheduler,
  type Round,
  type RoundResult,
  type Scheduler,
} from "../src/scheduler/index.js";
import type { KeyValueStore } from "../src/storage/index.js";
import { flush, type ManualClock, manualClock } from "./support/clock.js";

const HOUR = 3_600_000;
const logger = createLogger("silent");

/** The store's contract in memory, its TTLs on the test's clock (Redis and disk keep real time). */
function memoryStore(clock: ManualClock): KeyValueStore {
  const values = new Map<string, { value: unknown; until: number }>();
  const sets = new Map<string, Set<string>>();
  const live = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.until <= clock.now()) values.delete(key);
    return values.get(key);
  };
  const put = (key: string, value: unknown, ttl?: number) => {
    values.set(key, { value, until: ttl ? clock.now() + ttl : Number.POSITIVE_INFINITY });
    return true;
  };
  return {
    get: async <T>(key: string) => live(key)?.value as T | undefined,
    getMany: async <T>(keys: string[]) => keys.map((key) => live(key)?.value as T | undefined),
    set: async (key, value, ttl) => void put(key, value, ttl),
    setIfAbsent: async (key, value, ttl) => (live(key) ? false : put(key, value, ttl)),
    claimAndGetMany: async <T>(key: string, value: unknown, ttl: number, keys: string[]) => {
      if (live(key)) return { claimed: false, values: [] };
      put(key, value, ttl);
      return { claimed: true, values: keys.map((k) => live(k)?.value as T) };
    },
    deleteIfEquals: async (key, expected) =>
      live(key)?.value === expected ? values.delete(key) : false,
    expireIfEquals: async (key, expected, ttl) =>
      live(key)?.value === expected ? put(key, expected, ttl) : false,
    delete: async (key) => void values.delete(key),
    setAdd: async (key, member) => void sets.set(key, (sets.get(key) ?? new Set()).add(member)),
    setRemove: async (key, member) => void sets.get(key)?.delete(member),
    setMembers: async (key) => [...(sets.get(key) ?? [])],
    ping: async () => {},
  };
}

function schedulerOn(kv: KeyValueStore, clock: ManualClock, instanceId: string): Scheduler {
  return createScheduler({ kv, clock, logger, instanceId, leaseMs: 30_000 });
}

// The first two tests spin the event loop thousands of times (one turn per clock jump): in a
// worker shared with other files under load that took over 20 s, hence their own time limit.
describe("the scheduler", () => {
  it("drives six hours of backoff in milliseconds: 5 s three times, then ×1.5 up to a minute", async () => {
    const clock = manualClock();
    const kv = memoryStore(clock);
    const scheduler = schedulerOn(kv, clock, "a");
    const policy = { baseMs: 5000, factor: 1.5, maxMs: 60_000, steadyRounds: 3 };
    const runs: number[] = [];
    const tickMs = 5000;
    scheduler.register({
      name: "poll",
      tickMs,
      list: async () => ["doc-1"],
      leaseKey: (id) => `lease:poll:${id}`,
      async run(_id, round: Round): Promise<RoundResult> {
        runs.push(round.now());
        return { nextAt: round.now() + backoffDelay(policy, runs.length) };
      },
    });
    const from = clock.now();
    scheduler.start();
    await clock.advance(6 * HOUR);
    await scheduler.stop();

    const gaps = runs.slice(1).map((at, i) => at - runs[i]!);
    // Items are looked at every tick, so each gap is the backoff rounded up to a tick.
    const expected = gaps.map((_, i) => Math.ceil(backoffDelay(policy, i + 1) / tickMs) * tickMs);
    expect(gaps).toEqual(expected);
    expect(gaps.slice(0, 6)).toEqual([5000, 5000, 5000, 10000, 15000, 20000]);
    expect(new Set(gaps.slice(10))).toEqual(new Set([60_000]));
    expect(runs[0]).toBe(from);
    // About one round a minute for the rest of the six hours.
    expect(runs.length).toBeGreaterThan(350);
    expect(runs.length).toBeLessThan(370);
  }, 90_000);

  it("retries a failing round with growing delays, and forgets an item that is done", async () => {
    const clock = manualClock();
    const scheduler = schedulerOn(memoryStore(clock), clock, "a");
    const tries: number[] = [];
    let done = false;
    scheduler.register({
      name: "flaky",
      tickMs: 100,
      list: async () => (done ? [] : ["x"]),
      leaseKey: (id) => `lease:flaky:${id}`,
      retryDelay: (failures) =>
        backoffDelay({ baseMs: 1000, factor: 2, maxMs: HOUR }, failures - 1),
      async run(_id, round) {
        tries.push(round.now());
        if (tries.length < 5) throw new Error("the API is away");
        done = true;
        return "done";
      },
    });
    const from = clock.now();
    scheduler.start();
    // Ten minutes: a sixth try would have come at 31 s, had the item not been forgotten.
    await clock.advance(10 * 60_000);
    await scheduler.stop();
    expect(tries.map((at) => at - from)).toEqual([0, 1000, 3000, 7000, 15000]);
  }, 90_000);

  it("runs two kinds side by side, each with its own lease keys, and one instance per item", async () => {
    const clock = manualClock();
    const kv = memoryStore(clock);
    const instances = [schedulerOn(kv, clock, "a"), schedulerOn(kv, clock, "b")];
    const runs: { kind: string; id: string; by: string; at: number }[] = [];
    const inside = new Set<string>();
    let overlap = false;
    /** Each kind keeps its items' due times in its own records, shared by the instances. */
    const dueAt = new Map<string, number>();
    for (const scheduler of instances) {
      for (const kind of ["imports", "alerts"]) {
        scheduler.register({
          name: kind,
          tickMs: kind === "imports" ? 1000 : 60_000,
          list: async () => ["1", "2", "3"],
          leaseKey: (id) => `lease:${kind}:${id}`,
          async run(id, round) {
            const key = `${kind}:${id}`;
            const due = dueAt.get(key) ?? 0;
            if (due > round.now()) return { nextAt: due };
            if (inside.has(key)) overlap = true;
            inside.add(key);
            runs.push({ kind, id, by: scheduler.instanceId, at: round.now() });
            await clock.sleep(500);
            inside.delete(key);
            dueAt.set(key, round.now() + (kind === "imports" ? 5000 : 15 * 60_000));
            return { nextAt: dueAt.get(key)! };
          },
        });
      }
      scheduler.start();
    }
    await clock.advance(HOUR);
    await Promise.all(instances.map((s) => s.stop()));
    for (const kind of ["imports", "alerts"]) {
      for (const id of ["1", "2", "3"]) {
        const times = runs.filter((r) => r.kind === kind && r.id === id).map((r) => r.at);
        // Each item ran once per due time, never twice at once by the two instances.
        expect(new Set(times).size, `${kind} ${id}`).toBe(times.length);
        const every = kind === "imports" ? 5500 : 15 * 60_000 + 500;
        expect(times.slice(1).every((at, i) => at - times[i]! >= every - 500)).toBe(true);
      }
    }
    expect(overlap).toBe(false);
    // At 0, 15, 30 and 45 minutes (the hour's end is the stop).
    expect(runs.filter((r) => r.kind === "alerts" && r.id === "1").length).toBe(4);
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(["a", "b"]));
  });

  it("stops: rounds see the abort, and a kept lease is left to expire, not released", async () => {
    const clock = manualClock();
    const kv = memoryStore(clock);
    const scheduler = schedulerOn(kv, clock, "a");
    let aborted = false;
    scheduler.register({
      name: "summaries",
      tickMs: 1000,
      list: async () => ["kept", "plain"],
      leaseKey: (id) => `lease:${id}`,
      async run(id, round) {
        if (id === "kept") round.keepLease();
        await clock.sleep(10_000, round.signal);
        aborted ||= round.signal.aborted;
        return { nextAt: round.now() + 1000 };
      },
    });
    scheduler.start();
    await clock.advance(1000);
    await flush();
    const stopping = scheduler.stop();
    await clock.advance(1);
    await stopping;
    expect(aborted).toBe(true);
    expect(await kv.get("lease:kept")).toBe("a");
    expect(await kv.get("lease:plain")).toBeUndefined();
  });
});
