/** `npm run bench`: runs every benchmark in turn. Add yours to the list. */
const benches: { name: string; run: () => Promise<void> }[] = [
  { name: "import reader", run: async () => (await import("./import-reader.bench.js")).run() },
  { name: "/orders latency", run: async () => (await import("./orders-latency.bench.js")).run() },
];

for (const bench of benches) {
  console.log(`# ${bench.name}`);
  await bench.run();
}
