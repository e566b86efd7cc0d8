/** `npm run bench`: runs every benchmark in turn. Add yours to the list. */
const benches: { name: string; run: () => Promise<void> }[] = [
  { name: "import reader", run: async () => (await import("./import-reader.bench.js")).run() },
  { name: "/orders latency", run: async () => (await import("./orders-latency.bench.js")).run() },
  {
    name: "/orders hot path vs bare grammY",
    run: async () => (await import("./orders-hot-path.bench.js")).run(),
  },
  { name: "send pace", run: async () => (await import("./send-pace.bench.js")).run() },
  { name: "flood fairness", run: async () => (await import("./flood.bench.js")).run() },
];

for (const bench of benches) {
  console.log(`# ${bench.name}`);
  await bench.run();
}
