import { afterEach, describe, expect, it } from "vitest";
import { createDraftStore, type ImportDraft } from "../../src/import/draft.js";
import { ResultAssembly, resultMessages } from "../../src/import/read/parts.js";
import type { ParsedProduct, ProductsText } from "../../src/import/types.js";
import { bothStorages } from "../support/storages.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0)) await clean();
});

const stores = bothStorages("draft", (undo) => cleanups.push(undo));

/** Products whose text needs escaping in JSON (quotes, line breaks, Cyrillic and Kazakh). */
const products: ParsedProduct[] = Array.from({ length: 150 }, (_, i) => ({
  ref: { kind: "rows", rows: [i + 2] },
  product: {
    categoryId: 100 + i,
    brandId: 7,
    name: { rus: `Монитор 27" №${i}`, kaz: "Қазақша «атауы»" },
    description: { rus: "Строка 1\r\nСтрока 2\t\\ конец" },
    skus: [{ price: 1234.5 + i, barcode: `0460000000${String(i).padStart(3, "0")}` }],
  },
  skuRefs: [{ kind: "rows", rows: [i + 2] }],
}));

/** The products as the reading workers hand them to the bot's thread: JSON in runs, UTF-8. */
function asFromWorker(list: ParsedProduct[]): ProductsText {
  const result = {
    ok: true as const,
    format: "csv" as const,
    products: list,
    invalid: [],
    warnings: [],
  };
  const assembly = new ResultAssembly();
  let last: ReturnType<ResultAssembly["take"]>;
  for (const { message } of resultMessages(result)) last = assembly.take(message);
  if (!last?.ok) throw new Error("no result");
  return last.products;
}

describe.each(stores)("an import draft on %s storage", (_kind, make) => {
  it("saved with the worker's text, loads as the parsed draft, in this process and after a restart", async () => {
    const storage = make();
    cleanups.push(() => storage.close());
    const text = asFromWorker(products);
    expect(text.runs.length).toBeGreaterThan(1);
    const draft: ImportDraft = {
      id: "d1",
      chatId: 42,
      fileName: "товары.csv",
      format: "csv",
      products,
      invalid: 3,
      report: 'строка;проблема\r\n5;"цена"',
    };
    await createDraftStore(storage.kv).save({ ...draft, products: text });
    expect(await createDraftStore(storage.kv).load("d1")).toStrictEqual(draft);
    const here = createDraftStore(storage.kv);
    await here.save({ ...draft, id: "d2", products: text });
    expect(await here.load("d2")).toStrictEqual({ ...draft, id: "d2" });
  });

  it("loads a draft stored whole, as the previous version stored it, and one with no products", async () => {
    const storage = make();
    cleanups.push(() => storage.close());
    const draft: ImportDraft = {
      id: "old",
      chatId: 1,
      fileName: "a.json",
      format: "json",
      products,
      invalid: 0,
    };
    await storage.kv.set("cache:import-draft:old", draft, 60_000);
    expect(await createDraftStore(storage.kv).load("old")).toStrictEqual(draft);
    const none = { ...draft, id: "none", products: [], report: "x" };
    await createDraftStore(storage.kv).save({ ...none, products: { count: 0, runs: [] } });
    expect(await createDraftStore(storage.kv).load("none")).toStrictEqual(none);
  });
});
