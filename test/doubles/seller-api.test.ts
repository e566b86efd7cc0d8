import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEADING_ZERO_BARCODE,
  type SellerSandbox,
  startSellerSandbox,
  UNPARSEABLE_DATE_ORDER_NUMBER,
} from "../../doubles/seller-api/index.js";

// biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON answers in assertions
type J = any;

let api: SellerSandbox;
beforeAll(async () => {
  api = await startSellerSandbox({ clientId: "bot", clientSecret: "s3cret", jobSteps: 2 });
});
afterAll(() => api.stop());

async function call(method: string, path: string, body?: unknown, tok = api.token, ms = 2000) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (tok) headers.authorization = `Bearer ${tok}`;
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const signal = AbortSignal.timeout(ms);
  const res = await fetch(api.url + path, { method, headers, body: raw, signal });
  const text = await res.text();
  let json: J = text;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json };
}
const post = (path: string, body: unknown, token?: string) =>
  call("POST", `/api/seller/v1/${path}`, body, token);
const get = (path: string, ms?: number) =>
  call("GET", `/api/seller/v1/${path}`, undefined, api.token, ms);

const product = (over: Record<string, unknown> = {}) => ({
  productId: null,
  categoryId: 101,
  brandId: 504,
  name: { rus: "Кабель тестовый", kaz: null },
  description: { rus: "<p>Описание</p>" },
  vat: 12,
  attributes: [{ code: "length", valueCodes: ["length_2m"] }],
  skus: [
    { skuId: null, attributeValueCodes: ["length_2m"], price: 1990, barcode: "4870000999001" },
  ],
  ...over,
});

describe("auth and routing", () => {
  it("401 without or with a wrong bearer, logged", async () => {
    const none = await post("orders/list", {}, "");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ type: expect.any(String), title: "Unauthorized", status: 401 });
    expect((await post("orders/list", {}, "nope")).status).toBe(401);
    expect(api.requestsTo("/api/seller/v1/orders").at(-1)?.status).toBe(401);
  });

  it("404, 405, bad JSON", async () => {
    expect((await get("nothing")).status).toBe(404);
    expect((await get("orders/list")).status).toBe(405);
    expect((await post("orders/list", "{oops")).status).toBe(400);
  });

  it("client credentials: issue, expire, refresh", async () => {
    const bad = await call("POST", "/api/v1/auth/token", { client_id: "bot", client_secret: "x" });
    expect(bad.status).toBe(401);
    const creds = { client_id: "bot", client_secret: "s3cret" };
    const t1 = (await call("POST", "/api/v1/auth/token", creds, "")).body;
    expect(t1).toMatchObject({ tokenType: "Bearer", expiresIn: 3600 });
    expect(t1.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await post("telegram/status", { chatId: 1 }, t1.accessToken)).status).toBe(200);
    api.expireTokens();
    expect((await post("telegram/status", { chatId: 1 }, t1.accessToken)).status).toBe(401);
    const t2 = (await call("POST", "/api/v1/auth/token", creds, "")).body;
    expect(t2.accessToken).not.toBe(t1.accessToken);
    expect((await post("telegram/status", { chatId: 1 }, t2.accessToken)).status).toBe(200);
    expect((await post("telegram/status", { chatId: 1 })).status).toBe(200);
  });
});

describe("orders", () => {
  it("sorts by createdDate desc, pages, searches", async () => {
    const all = await post("orders/list", {
      sortBy: "createdDate",
      sortDirection: "desc",
      pageSize: 100,
    });
    expect(all.body).toMatchObject({ totalCount: 57, pageNumber: 1, pageSize: 100, totalPages: 1 });
    const numbers = all.body.orders.map((o: J) => o.orderNumber);
    expect(numbers.slice(0, 2)).toEqual(["7100001", UNPARSEABLE_DATE_ORDER_NUMBER]);
    const times = all.body.orders
      .filter((o: J) => o.orderNumber !== UNPARSEABLE_DATE_ORDER_NUMBER)
      .map((o: J) => Date.parse(o.createdDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page3 = await post("orders/list", {
      pageNumber: 3,
      sortBy: "createdDate",
      sortDirection: "Desc",
    });
    expect(page3.body.orders.map((o: J) => o.orderNumber)).toEqual(numbers.slice(40, 57));
    expect(page3.body.totalPages).toBe(3);
    const found = await post("orders/list", { filters: { search: "<usb-c>", orderStatus: null } });
    expect(found.body.totalCount).toBe(2);
    const byCode = await post("orders/list", { filters: { search: LEADING_ZERO_BARCODE } });
    expect(byCode.body.orders.every((o: J) => o.barcode === LEADING_ZERO_BARCODE)).toBe(true);
    const done = await post("orders/list", { filters: { orderStatus: ["COMPLETED"] } });
    expect(done.body.orders.every((o: J) => o.statusLabel === "Выполнен")).toBe(true);
  });

  it("400 validation error shape", async () => {
    const r = await post("orders/list", { pageNumber: 0, pageSize: 101, sortDirection: "DESC" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      status: 400,
      title: "One or more validation errors occurred.",
      errorCode: "B2B-SELLER-NONE-VALIDATION_ERROR",
      errors: {
        PageNumber: [{ code: "GreaterThanValidator", description: expect.any(String) }],
        PageSize: [{ code: expect.any(String) }],
        SortDirection: [{ code: "PredicateValidator" }],
      },
    });
    expect((await post("orders/list", { sortBy: "date" })).body.errors.SortBy).toBeDefined();
  });
});

describe("import", () => {
  it("rejects 31 products, unknown properties, empty names, bad vat", async () => {
    const big = await post("products/import", {
      products: Array.from({ length: 31 }, () => product()),
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ errorCode: "VALIDATION_ERROR", errors: { products: [{}] } });
    expect(big.body.errorMessage).toEqual(expect.any(String));
    const bad = await post("products/import", {
      products: [product(), product({ color: "red", name: { rus: " " }, vat: 5 })],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ["products[1].color", "products[1].name.rus", "products[1].vat"].sort(),
    );
    expect(bad.body.errors["products[1].name.rus"][0].code).toBe("NotEmptyValidator");
    expect(api.jobs).toHaveLength(0);
  });

  it("job progresses to a final result with the failure rules", async () => {
    const dupSku = { skuId: null, price: 0, barcode: LEADING_ZERO_BARCODE };
    const products = [
      product(),
      product({ categoryId: 10 }),
      product({ brandId: 9999, skus: [dupSku] }),
      product({ productId: 1, attributes: [{ code: "nope", valueCodes: [] }] }),
      product({ skus: [{ price: 5, barcode: "4870000999001" }] }),
    ];
    const acc = await post("products/import", { products });
    expect(acc.status).toBe(202);
    expect(acc.body).toMatchObject({ jobId: expect.any(Number), receivedItems: 5 });
    expect(acc.body.infoUrl).toContain(`jobId=${acc.body.jobId}`);
    const info = () => get(`products/import/info?jobId=${acc.body.jobId}`);
    const p1 = (await info()).body.products;
    expect(p1).toHaveLength(3);
    expect(p1.every((p: J) => p.status === "Pending")).toBe(true);
    const p2 = (await info()).body.products;
    expect(p2).toHaveLength(5);
    expect(p2.every((p: J) => p.status === "Processing")).toBe(true);
    const [ok, notLeaf, brand, unknown, dupInJob] = (await info()).body.products;
    expect(ok).toMatchObject({ index: 0, status: "Success", errors: [] });
    expect(ok.productId).toBeGreaterThan(10042);
    expect(ok.skus[0]).toMatchObject({ status: "Success", skuId: expect.any(Number) });
    expect(notLeaf.errors).toEqual([
      expect.objectContaining({ field: "categoryId", code: "CATEGORY_NOT_LEAF" }),
    ]);
    expect(brand.errors[0]).toMatchObject({ field: "brandId", code: "BRAND_NOT_FOUND" });
    const skuCodes = brand.skus[0].errors.map((e: J) => `${e.field}:${e.code}`);
    expect(skuCodes).toEqual(["price:INVALID_PRICE", "barcode:DUPLICATE_BARCODE"]);
    expect(unknown.errors.map((e: J) => e.field)).toEqual(["productId", "attributes[0].code"]);
    expect(dupInJob).toMatchObject({ status: "Error", errors: [] });
    expect(dupInJob.skus[0]).toMatchObject({
      status: "Error",
      errors: [{ code: "DUPLICATE_BARCODE" }],
    });
    expect(api.jobs.at(-1)?.polls).toBe(3);
    const details = await post("products/details", { productIds: [ok.productId] });
    expect(details.body.products[0].skus[0].skuBarcode).toBe("4870000999001");
  });

  it("import/info: 400 for a bad jobId, 404 for an unknown job", async () => {
    const bad = await get("products/import/info?jobId=abc");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: "VALIDATION_ERROR", errors: { jobId: [{}] } });
    expect((await get("products/import/info")).status).toBe(400);
    expect((await get("products/import/info?jobId=1")).status).toBe(404);
  });
});

describe("messenger link", () => {
  it("one-time token, status, unlink", async () => {
    const body = { token: api.linkTokens[0], chatId: 42, userName: "seller", languageCode: "kk" };
    expect((await post("telegram/confirm-token", body)).body).toEqual({ success: true });
    expect((await post("telegram/status", { chatId: 42 })).body).toMatchObject({
      isActive: true,
      languageCode: "kk",
    });
    const again = await post("telegram/confirm-token", body);
    expect(again.status).toBe(400);
    expect(Object.keys(again.body).sort()).toEqual([
      "detail",
      "instance",
      "status",
      "title",
      "type",
    ]);
    expect(again.body.detail).toBe("Token is invalid or expired");
    const expired = api.issueLinkToken({ expiresInMs: -1 });
    expect((await post("telegram/confirm-token", { ...body, token: expired })).status).toBe(400);
    expect((await post("telegram/confirm-token", { ...body, chatId: "42" })).status).toBe(400);
    api.unlink(42);
    expect(api.linkOf(42)).toMatchObject({ isActive: false, userName: "seller" });
    expect((await post("telegram/status", { chatId: 7 })).body).toEqual({
      isActive: false,
      languageCode: null,
      confirmedAt: null,
    });
  });
});

describe("failure injection", () => {
  it("applies each kind once, then serves normally", async () => {
    const path = "/api/seller/v1/brands";
    for (const kind of ["500", "503", "401"] as const) {
      api.failNext(path, kind);
      expect((await get("brands")).status).toBe(Number(kind));
    }
    api.failNext(path, "malformed");
    const malformed = await get("brands");
    expect(malformed.status).toBe(200);
    expect(typeof malformed.body).toBe("string");
    api.failNext((r) => r.path === path, "wrong-shape");
    expect((await get("brands")).body.items).toBe(42);
    api.failNext(path, "drop");
    await expect(get("brands")).rejects.toThrow();
    api.failNext(path, "hang");
    await expect(get("brands", 200)).rejects.toThrow();
    const ok = await get("brands?search=zara");
    expect(ok.body).toMatchObject({ items: [{ id: 508, name: "Zara" }], totalCount: 1 });
  });

  it("holds a request unanswered until released, then answers it as usual", async () => {
    const path = "/api/seller/v1/brands";
    const held = api.holdNext(path);
    const before = api.requestsTo(path).length;
    const answer = get("brands?search=zara");
    // Received and logged, not answered.
    await expect.poll(() => api.requestsTo(path).length).toBe(before + 1);
    expect(api.requestsTo(path).at(-1)!.status).toBe(0);
    // Only the next one is held.
    expect((await get("brands")).status).toBe(200);
    held.release();
    expect((await answer).body).toMatchObject({ items: [{ id: 508, name: "Zara" }] });
  });

  it("latency", async () => {
    api.setLatency((p) => (p.endsWith("/categories") ? 80 : 0));
    const t = Date.now();
    await get("categories");
    expect(Date.now() - t).toBeGreaterThanOrEqual(70);
    api.setLatency(0);
  });
});

describe("arriving orders (the demo)", () => {
  it("lists a new order first, created now, status NEW", async () => {
    const before = (await post("orders/list", { pageNumber: 1, pageSize: 5 })).body as J;
    const order = api.addOrder({ at: Date.UTC(2026, 10, 21, 4, 0, 0) });
    const after = (await post("orders/list", { pageNumber: 1, pageSize: 5 })).body as J;
    expect(after.totalCount).toBe(before.totalCount + 1);
    expect(after.orders[0]).toMatchObject({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      statusKey: "NEW",
      createdDate: "2026-11-21T09:00:00+05:00",
    });
  });

  it("places one on its own every newOrderEveryMs", async () => {
    const sandbox = await startSellerSandbox({ newOrderEveryMs: 20 });
    try {
      const total = async () => {
        const res = await fetch(`${sandbox.url}/api/seller/v1/orders/list`, {
          method: "POST",
          headers: { authorization: `Bearer ${sandbox.token}`, "content-type": "application/json" },
          body: JSON.stringify({ pageNumber: 1, pageSize: 1 }),
        });
        return ((await res.json()) as J).totalCount as number;
      };
      const first = await total();
      await expect.poll(total, { timeout: 45_000 }).toBeGreaterThan(first);
    } finally {
      await sandbox.stop();
    }
  });
});
