import { describe, expect, it } from "vitest";
import { pollDelay, pollingRule } from "../../src/import/watcher/polling.js";
import { createLogger } from "../../src/logger.js";
import {
  backoffDelay,
  createRateBudget,
  createScheduler,
  type Round,
  type RoundResult,
  type Scheduler,
} from "../../src/scheduler/index.js";
import type { KeyValueStore } from "../../src/storage/index.js";
import { flush, type ManualClock, manualClock } from "../support/clock.js";

const MINUTE = 60_000;
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
    setJson: async (key, json, ttl) => void put(key, JSON.parse(json.toString()), ttl),
    setIfAbsent: async (key, value, ttl) => (live(key) ? false : put(key, value, ttl)),
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
  it("drives six hours of import polling in milliseconds: 5 s while jobs finish, ×1.5 after ten quiet minutes up to a minute, 5 s again when one finishes", async () => {
    const clock = manualClock();
    const kv = memoryStore(clock);
    const scheduler = schedulerOn(kv, clock, "a");
    // The import watcher's rule at IMPORT_POLL_INTERVAL_MS 5 s, its ticks every 5 s.
    const rule = pollingRule(5000);
    const tickMs = 5000;
    const from = clock.now();
    // Jobs of the document finish at 0:08, 0:16 and 3:00:30; nothing else moves.
    const finishing = [8 * MINUTE, 16 * MINUTE, 3 * HOUR + 30_000].map((at) => from + at);
    const runs: number[] = [];
    let quiet = 0;
    let finished = 0;
    scheduler.register({
      name: "poll",
      tickMs,
      list: async () => ["doc-1"],
      leaseKey: (id) => `lease:poll:${id}`,
      async run(_id, round: Round): Promise<RoundResult> {
        runs.push(round.now());
        const done = finishing.filter((at) => at <= round.now()).length;
        quiet = done > finished ? 0 : quiet + 1;
        finished = done;
        // A round that takes a while: the next still comes from the tick that took it up.
        await clock.sleep(1200);
        return { nextAt: round.takenAt + pollDelay(rule, { quiet }) };
      },
    });
    scheduler.start();
    await clock.advance(6 * HOUR);
    const stopping = scheduler.stop();
    await clock.advance(2000);
    await stopping;

    const at = (i: number) => runs[i]! - from;
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(runs[0]).toBe(from);
    // Every 5 s until ten quiet minutes after the finish at 0:16 (the one at 0:08 restarted
    // the count), then ×1.5 a round; a due time between ticks waits for the next tick
    // (7.5 s → 10 s, 11.25 s → 15 s, …) until a minute.
    const grows = gaps.findIndex((gap) => gap !== 5000);
    expect(at(grows)).toBe(26 * MINUTE + 5000);
    expect(gaps.slice(grows, grows + 8)).toEqual([
      10_000, 15_000, 20_000, 30_000, 40_000, 60_000, 60_000, 60_000,
    ]);
    // The job finishing at 3:00:30 is seen at the next round, within a minute; then every 5 s
    // again for ten minutes, then the same growth.
    const seen = runs.findIndex((t) => t >= finishing[2]!);
    expect(at(seen) - (3 * HOUR + 30_000)).toBeLessThanOrEqual(60_000);
    expect(new Set(gaps.slice(grows + 5, seen))).toEqual(new Set([60_000]));
    const fast = gaps.slice(seen).findIndex((gap) => gap !== 5000);
    expect(fast).toBe(121);
    expect(gaps.slice(seen + fast, seen + fast + 6)).toEqual([
      10_000, 15_000, 20_000, 30_000, 40_000, 60_000,
    ]);
    expect(new Set(gaps.slice(seen + fast + 5))).toEqual(new Set([60_000]));
  }, 90_000);

  it("runs an item that asks for the next tick at every tick, though timers fire a little early and listing takes a while", async () => {
    const manual = manualClock();
    // Real timers fire up to a few ms before their time, and the listing is a round trip.
    const clock = {
      ...manual,
      sleep: (ms: number, signal?: AbortSignal) => manual.sleep(ms - 3, signal),
    };
    const scheduler = createScheduler({
      kv: memoryStore(manual),
      clock,
      logger,
      instanceId: "a",
      leaseMs: 30_000,
    });
    const runs: number[] = [];
    scheduler.register({
      name: "every-tick",
      tickMs: 1000,
      list: async () => {
        await manual.sleep(4);
        return ["doc-1"];
      },
      leaseKey: (id) => `lease:every-tick:${id}`,
      async run(_id, round: Round): Promise<RoundResult> {
        runs.push(round.now());
        return { nextAt: round.takenAt + 1000 };
      },
    });
    scheduler.start();
    await manual.advance(20_000);
    const stopping = scheduler.stop();
    await manual.advance(2000);
    await stopping;
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(runs.length).toBeGreaterThanOrEqual(19);
    expect(Math.max(...gaps)).toBeLessThan(1100);
  });

  it("keeps calls within a rate budget: ten seconds' worth at once, then the steady rate", async () => {
    const clock = manualClock();
    const from = clock.now();
    // IMPORT_POLL_MAX_PER_MINUTE 60: a burst of 10, then one a second.
    const budget = createRateBudget({ perMinute: 60, clock });
    const went: number[] = [];
    const calls = Array.from({ length: 30 }, () =>
      budget.take().then(() => went.push(clock.now() - from)),
    );
    await clock.advance(60_000);
    await Promise.all(calls);
    expect(went.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 0));
    expect(went.slice(10)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 1000));
    // Unused time refills the bucket, never beyond ten seconds' worth.
    await clock.advance(10 * 60_000);
    const later = clock.now();
    const burst: number[] = [];
    const takes = Array.from({ length: 11 }, () =>
      budget.take().then(() => burst.push(clock.now() - later)),
    );
    await clock.advance(5000);
    await Promise.all(takes);
    expect(burst).toEqual([...Array.from({ length: 10 }, () => 0), 1000]);
  });

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
    // A round in flight at the stop finishes (its 500 ms pass) before the stop returns.
    const stopping = Promise.all(instances.map((s) => s.stop()));
    await clock.advance(1000);
    await stopping;
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
