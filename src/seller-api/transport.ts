import { createRequire } from "node:module";
import { createFetch } from "ofetch";

/** ofetch's client: base URL, query, JSON body, time limit, FetchError. */
export type SellerFetch = ReturnType<typeof createFetch>;

/**
 * ofetch over node-fetch: the HTTP stack (node:http) the bot's Telegram calls already use.
 * ofetch would otherwise call Node's global fetch (undici), a second stack whose WebAssembly
 * HTTP parser is compiled on the first call and kept (several MB resident for the process's
 * life; docs/benchmarks.md, Measure 10). node-fetch takes ofetch's Headers, JSON bodies and
 * abort signals as they are.
 */
export function createSellerFetch(): SellerFetch {
  const nodeFetch = createRequire(import.meta.url)("node-fetch") as typeof fetch & {
    Headers: typeof Headers;
  };
  return createFetch({ fetch: nodeFetch, Headers: nodeFetch.Headers, AbortController });
}
