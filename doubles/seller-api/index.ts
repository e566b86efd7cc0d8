/**
 * Sandbox Seller API: a strict test double / demo server of seller-api.md, independent of the
 * bot's code. See IMPORT_FAILURE_RULES (jobs.ts) for the import outcome rules and seed.ts for the
 * seeded data.
 */
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AuthStore } from "./auth.js";
import { Catalog, type NewOrderOptions } from "./catalog.js";
import { JobStore } from "./jobs.js";
import { buildLargeSeed } from "./large-shop.js";
import { LinkStore } from "./links.js";
import { buildSeed } from "./seed.js";
import { MONEY_SHOP_STATUSES, type MoneyShopOptions, moneyShopOrders } from "./seed-money.js";
import { addHold, createSandboxServer, type SandboxState } from "./server.js";
import type {
  FailKind,
  FailMatcher,
  JobRecord,
  LinkInfo,
  RequestLogEntry,
  Seed,
  SeedOrder,
  SeedProduct,
} from "./types.js";

export type { NewOrderOptions } from "./catalog.js";

export { IMPORT_FAILURE_RULES } from "./jobs.js";
export {
  buildLargeSeed,
  ean13CheckDigit,
  LARGE_SHOP,
  LARGE_SHOP_STATUSES,
} from "./large-shop.js";
export {
  LEADING_ZERO_BARCODE,
  LEAF_CATEGORY_IDS,
  LONG_PRODUCT_NAME,
  ORDER_COUNT,
  SEED_BASE_DATE_MS,
  UNPARSEABLE_DATE_ORDER_NUMBER,
} from "./seed.js";
export {
  MONEY_SHOP_STATUSES,
  type MoneyShopOptions,
  RETURNY_PRODUCT_INDEX,
} from "./seed-money.js";
export { WRONG_SHAPE_BODY } from "./server.js";
export type * from "./types.js";

/** The shops the sandbox can serve (see `SellerSandboxOptions.shop`). */
export const SHOP_SIZES = ["small", "large"] as const;
export type ShopSize = (typeof SHOP_SIZES)[number];

export interface SellerSandboxOptions {
  /**
   * The shop it serves: `"small"` (default; 42 products, 103 SKUs, 57 orders of 30 days: what
   * the tests and the demo's transcripts are written against) or `"large"` (5,000 products,
   * 20,000 SKUs, 100,000 order lines over a year: `LARGE_SHOP`, large-shop.ts).
   */
  shop?: ShopSize;
  /**
   * The large shop's newest order is placed at this instant (ms), the year before it dated
   * back from it; default SEED_BASE_DATE_MS (20.11.2026 18:00 in Almaty). For a bot on the
   * system clock (the bench) whose "today" and "30 days" must hold the shop's orders.
   */
  newestOrderAt?: number;
  /** 0 (default) = a free port */
  port?: number;
  host?: string;
  /** fixed bearer token, default "sandbox-token" */
  token?: string;
  /** with clientSecret: enables POST /api/v1/auth/token */
  clientId?: string;
  clientSecret?: string;
  /** lifetime of issued tokens, default 3600 */
  tokenTtlSeconds?: number;
  /** polls of import/info a job answers "not finished" before its final result, default 2 */
  jobSteps?: number;
  /** When set, a job is final from this time on (ms since epoch) instead of after `jobSteps` polls. */
  jobDoneAt?: (job: JobRecord) => number;
  /** serve POST /sandbox/link-token (no auth) for operators; default false */
  operatorRoutes?: boolean;
  /** how many link tokens to pre-issue (lt_sandbox_1..N, valid 24 h), default 5 */
  preIssuedLinkTokens?: number;
  /** a new order arrives every this many ms (status NEW, created now); default never */
  newOrderEveryMs?: number;
  /** the service's clock (new orders, link confirmations); default Date.now */
  now?: () => number;
  /**
   * The attribute-values directory gives value ids beside codes (default true); false: only
   * `code` and `name`, as the spec shows.
   */
  attributeValueIds?: boolean;
  /** Extra generated products (copies of the seed's, new ids and barcodes), for large catalogs. */
  extraProducts?: number;
  /**
   * The product list gives at most this many products a page whatever `pageSize` asks (the
   * spec names no bound for it), pages numbered at that size; default: as asked.
   */
  productPageCap?: number;
  /** The same for the order list. */
  orderPageCap?: number;
  /** The same for the attribute and attribute-value directories. */
  directoryPageCap?: number;
  /**
   * The small shop's products with weeks of orders across statuses (seed-money.ts) instead of
   * its 57 orders. Not with the large shop, which has a year of its own.
   */
  moneyShop?: MoneyShopOptions;
  /**
   * The request log keeps at most this many (the oldest go first): for a sandbox left running
   * (`npm run sandbox`, the demo). Default: every request, as tests read them.
   */
  keepRequests?: number;
}

export interface SellerSandbox {
  /** base_url, e.g. "http://127.0.0.1:PORT" */
  readonly url: string;
  /** the fixed bearer token (valid also when client credentials are enabled) */
  readonly token: string;
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  /** every request received, in order (same array across clearRequests) */
  readonly requests: RequestLogEntry[];
  requestsTo(pathPrefix: string): RequestLogEntry[];
  clearRequests(): void;
  issueLinkToken(opts?: { expiresInMs?: number }): string;
  /** pre-issued link tokens */
  readonly linkTokens: string[];
  linkOf(chatId: number): LinkInfo | undefined;
  /** Test knob: the chat is linked as if its seller had opened a link token there. */
  linkChat(chatId: number, opts?: { userName?: string; languageCode?: string }): void;
  unlink(chatId: number): void;
  setLatency(ms: number | ((path: string) => number)): void;
  /** the next `times` requests matching (path prefix or predicate) fail in the given way */
  failNext(match: FailMatcher, kind: FailKind, times?: number): void;
  /**
   * Test knob: the next `times` requests matching wait, unanswered, until `release()` is called
   * (then they are answered as usual): work held mid-way without any clock.
   */
  holdNext(match: FailMatcher, times?: number): { release(): void };
  /** Test knob: injected failures not yet used up are forgotten (the service recovers). */
  clearFailures(): void;
  /** every issued access token (not the fixed one) becomes invalid */
  expireTokens(): void;
  readonly jobs: JobRecord[];
  /**
   * Places a new order now (or at `at`, ms): the next page-1 of orders shows it first. With no
   * options, one of the demo's varied arriving orders; with options, an order of `productId`
   * (default the first product's first SKU) with that quantity, price and status.
   */
  addOrder(opts?: Partial<NewOrderOptions>): SeedOrder;
  /** the seeded data, as first served (imports change only the live catalog) */
  readonly seed: Seed;
  /** Test knob: a product's stock and/or sales count from now on. */
  setStock(productId: number, change: { stock?: number; sales?: number }): void;
  /** The live catalog's products (stock and sales as served now). */
  readonly products: readonly SeedProduct[];
  /** Test knob: a change made "in the cabinet" (outside the bot) to a live product. */
  editProduct(productId: number, change: (product: SeedProduct) => void): void;
  /** Test knob: whether the attribute-values directory gives ids beside codes from now on. */
  setAttributeValueIds(on: boolean): void;
  stop(): Promise<void>;
}

/** The seed with `count` more products: copies of the seeded ones with new ids and barcodes. */
function withExtraProducts(seed: Seed, count: number): Seed {
  if (count <= 0) return seed;
  let productId = 0;
  let skuId = 0;
  for (const p of seed.products) {
    productId = Math.max(productId, p.productId);
    for (const s of p.skus) skuId = Math.max(skuId, s.skuId);
  }
  productId++;
  skuId++;
  const base = seed.products;
  const products = [...base];
  for (let i = 0; i < count; i++) {
    const copy = structuredClone(base[i % base.length]!);
    copy.productId = productId++;
    copy.name = { rus: `${copy.name.rus} #${i + 1}`, kaz: copy.name.kaz };
    for (const sku of copy.skus) {
      sku.skuId = skuId++;
      sku.skuBarcode = `2${String(sku.skuId).padStart(12, "0")}`;
    }
    products.push(copy);
  }
  return { ...seed, products };
}

/**
 * What the catalog serves and changes: the seed's order list copied (orders added later go to
 * the copy, the seed stays as first served), the same order objects (never changed).
 */
function servedCopy(seed: Seed): Seed {
  return { ...seed, orders: [...seed.orders] };
}

/**
 * The shop asked for, as first served: the small seed, the large shop, or the small seed's
 * products with the money shop's weeks of orders. `extraProducts` adds to any of them.
 */
function firstServed(opts: SellerSandboxOptions): Seed {
  if (opts.shop === "large") {
    if (opts.moneyShop) throw new Error("moneyShop is the small shop's; the large one has a year");
    return buildLargeSeed(opts.newestOrderAt);
  }
  const seed = buildSeed();
  if (!opts.moneyShop) return seed;
  const { orders, orderCreatedAt } = moneyShopOrders(seed.products, opts.moneyShop);
  return { ...seed, orders, orderCreatedAt, orderStatuses: MONEY_SHOP_STATUSES };
}

/** The shop asked for, as first served, and the catalog that serves it from now on. */
function servedShop(opts: SellerSandboxOptions) {
  const seed = firstServed(opts);
  const catalog = new Catalog(withExtraProducts(servedCopy(seed), opts.extraProducts ?? 0));
  catalog.valueIds = opts.attributeValueIds ?? true;
  catalog.productPageCap = opts.productPageCap;
  catalog.orderPageCap = opts.orderPageCap;
  catalog.directoryPageCap = opts.directoryPageCap;
  return { seed, catalog };
}

/** The fixed token, and client credentials when given. */
function authOf(opts: SellerSandboxOptions): AuthStore {
  const token = opts.token ?? "sandbox-token";
  return new AuthStore(token, opts.clientId, opts.clientSecret, opts.tokenTtlSeconds ?? 3600);
}

/** Starts `server` listening; the port it got (a free one for 0). */
async function listen(server: Server, port: number, host: string): Promise<number> {
  server.listen(port, host);
  await once(server, "listening");
  return (server.address() as AddressInfo).port;
}

export async function startSellerSandbox(opts: SellerSandboxOptions = {}): Promise<SellerSandbox> {
  const { seed, catalog } = servedShop(opts);
  const auth = authOf(opts);
  const now = opts.now ?? Date.now;
  const links = new LinkStore(now);
  const linkTokens = Array.from({ length: opts.preIssuedLinkTokens ?? 5 }, (_, i) =>
    links.issue({ token: `lt_sandbox_${i + 1}` }),
  );
  const jobs = new JobStore(catalog, opts.jobSteps ?? 2, opts.jobDoneAt);
  const state: SandboxState = {
    catalog,
    jobs,
    auth,
    links,
    requests: [],
    keepRequests: opts.keepRequests,
    latency: 0,
    failures: [],
    holds: [],
    operatorRoutes: opts.operatorRoutes ?? false,
    baseUrl: "",
  };
  const server = createSandboxServer(state);
  const host = opts.host ?? "127.0.0.1";
  const port = await listen(server, opts.port ?? 0, host);
  const arrivals =
    opts.newOrderEveryMs && opts.newOrderEveryMs > 0
      ? setInterval(() => catalog.addArrivingOrder(now()), opts.newOrderEveryMs)
      : undefined;
  arrivals?.unref();
  state.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: state.baseUrl,
    token: auth.fixedToken,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    requests: state.requests,
    requestsTo: (prefix) => state.requests.filter((r) => r.path.startsWith(prefix)),
    clearRequests: () => {
      state.requests.length = 0;
    },
    issueLinkToken: (o) => links.issue(o),
    linkTokens,
    linkOf: (chatId) => links.linkOf(chatId),
    unlink: (chatId) => links.unlink(chatId),
    linkChat: (chatId, o = {}) => {
      links.confirm(links.issue(), chatId, o.userName ?? "seller", o.languageCode ?? "ru");
    },
    setLatency: (ms) => {
      state.latency = ms;
    },
    failNext: (match, kind, times = 1) => {
      state.failures.push({ match, kind, remaining: times });
    },
    holdNext: (match, times = 1) => addHold(state, match, times),
    clearFailures: () => {
      state.failures.length = 0;
    },
    expireTokens: () => auth.expireAll(),
    jobs: jobs.jobs,
    addOrder: (o) =>
      o === undefined
        ? catalog.addArrivingOrder(now())
        : catalog.addOrder({ ...o, at: o.at ?? now() }),
    seed,
    setStock: (id, change) => catalog.setStock(id, change),
    products: catalog.products,
    editProduct: (id, change) => {
      const product = catalog.product(id);
      if (!product) throw new Error(`no product ${id}`);
      change(product);
    },
    setAttributeValueIds: (on) => {
      catalog.valueIds = on;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(arrivals);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
