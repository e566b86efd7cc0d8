import { Script } from "node:vm";

/** How often the isolate's C++ heap gets an allocation (see below). */
const EVERY_MS = 30_000;

/**
 * Lets V8's memory reducer see an idle bot as idle on Node 24. Since V8 13.1 the reducer
 * starts only when every allocation rate it samples is low, and the rate of the isolate's C++
 * heap (cppgc) reads exactly 0 in a process that never allocates there, which it takes for a
 * high rate: an idle bot kept what its start or its last busy spell grew. Compiling a tiny
 * script allocates on that heap (node:vm's scripts live there). Traced to V8 change 5935313;
 * Node 20 does not need it. Kept because the idle bound (100 MB) fails without it: on Node 24
 * the idle bot held 105 MB after 26 s, 83.5 MB with it. The timer never keeps the process
 * alive, so nothing needs to stop it.
 */
export function keepMemoryReducerAwake(): void {
  const allocate = () => void new Script("0");
  allocate();
  setInterval(allocate, EVERY_MS).unref();
}
