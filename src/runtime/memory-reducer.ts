import { Script } from "node:vm";

/** How often the isolate's C++ heap gets an allocation (see below). */
const EVERY_MS = 30_000;

/**
 * Lets V8's memory reducer see an idle bot as idle on Node 24. Since V8 13.1 (Node 24 and
 * later) the reducer starts only when every allocation rate it samples is low, and the rate of
 * the isolate's C++ heap (cppgc) reads exactly 0 in a process that never allocates there,
 * which it takes for a high rate: an idle bot kept the young generation and the page pool its
 * start or its last busy spell grew (about 104 MB idle instead of 85) until V8's 100 s
 * watchdog, which every major collection postpones. Compiling a one-character script
 * allocates on that heap (node:vm's script objects live there). Every 30 s is enough, at no
 * cost one could measure; Node 20 does not need it. A public analysis traces the cause to V8
 * change 5935313 (reported as nodejs/node issue 66564). Returns the stop.
 */
export function keepMemoryReducerAwake(everyMs = EVERY_MS): () => void {
  const allocate = () => void new Script("0");
  allocate();
  const timer = setInterval(allocate, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
