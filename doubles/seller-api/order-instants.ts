/**
 * `Seed.orderCreatedAt` (orderId → ms) as a Map underneath. An object keyed by orderIds of a
 * million and more is an element dictionary in V8: 100,000 of them took seconds to fill and
 * tens of MB. The large shop hands out this view instead, read as the object always was
 * (`orderCreatedAt[id]`, `Object.keys`), and the catalog takes the Map itself.
 */
const maps = new WeakMap<object, Map<number, number>>();

/** An object view of `map`: reads, writes and keys go to the map. */
export function instantsRecord(map: Map<number, number>): Record<number, number> {
  const key = (p: string | symbol) => (typeof p === "string" ? Number(p) : Number.NaN);
  const view = new Proxy({} as Record<number, number>, {
    get: (_, p) => map.get(key(p)),
    set: (_, p, value: number) => {
      map.set(key(p), value);
      return true;
    },
    has: (_, p) => map.has(key(p)),
    deleteProperty: (_, p) => map.delete(key(p)),
    ownKeys: () => [...map.keys()].map(String),
    getOwnPropertyDescriptor: (_, p) =>
      map.has(key(p))
        ? { value: map.get(key(p)), writable: true, enumerable: true, configurable: true }
        : undefined,
  });
  maps.set(view, map);
  return view;
}

/** A Map of the instants (a copy: the seed's own stay as first served). */
export function instantsCopy(record: Record<number, number>): Map<number, number> {
  const map = maps.get(record);
  if (map) return new Map(map);
  return new Map(Object.entries(record).map(([id, ms]) => [Number(id), ms]));
}
