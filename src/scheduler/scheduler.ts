import type { Clock } from "../clock.js";
import type { Logger } from "../logger.js";
import type { KeyValueStore } from "../storage/index.js";
import { createKindLoop } from "./kind-loop.js";
import { createLeases } from "./leases.js";
import type { Scheduler, WorkKind } from "./types.js";

export interface SchedulerOptions {
  kv: KeyValueStore;
  clock: Clock;
  logger: Logger;
  /** Unique per process on a shared store; one fixed id on a store only one process uses. */
  instanceId: string;
  /** Lease of an item; renewed every third of it. Default 30 s. */
  leaseMs?: number;
  /** How long stop() waits for rounds in flight. Default 5 s. */
  stopTimeoutMs?: number;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock, instanceId } = options;
  const logger = options.logger.child({ module: "scheduler", instance: instanceId });
  const leases = createLeases(options.kv, instanceId, options.leaseMs ?? 30_000, clock, logger);
  const env = { leases, clock, logger, kept: new Set<string>(), running: new Set<string>() };
  const loops = new Map<string, ReturnType<typeof createKindLoop>>();
  const running: Promise<void>[] = [];
  let stopper: AbortController | undefined;

  const startLoop = (loop: ReturnType<typeof createKindLoop>, signal: AbortSignal) => {
    running.push(loop.run(signal));
  };

  return {
    instanceId,
    register(kind: WorkKind) {
      if (loops.has(kind.name)) throw new Error(`work kind ${kind.name} registered twice`);
      const loop = createKindLoop(kind, env);
      loops.set(kind.name, loop);
      if (stopper) startLoop(loop, stopper.signal);
    },
    setDue(kind, id, at) {
      loops.get(kind)?.setDue(id, at);
    },
    ticks: (kind) => loops.get(kind)?.ticks() ?? 0,
    start() {
      if (stopper) return;
      stopper = new AbortController();
      leases.start();
      for (const loop of loops.values()) startLoop(loop, stopper.signal);
    },
    async stop() {
      if (!stopper) return;
      stopper.abort();
      stopper = undefined;
      const bound = new AbortController();
      await Promise.race([
        Promise.all(running.splice(0)),
        clock.sleep(options.stopTimeoutMs ?? 5000, bound.signal),
      ]);
      bound.abort();
      // Rounds still running (e.g. a message being sent) keep their leases until they expire.
      await leases.stop(new Set([...env.kept, ...env.running]));
    },
  };
}
