import { afterEach, describe, expect, it } from "vitest";
import { type SellerSandbox, startSellerSandbox } from "../../doubles/seller-api/index.js";
import { createLogger } from "../../src/logger.js";
import { createSellerApi } from "../../src/seller-api/client.js";
import { SellerApiError } from "../../src/seller-api/errors.js";

let sandbox: SellerSandbox | undefined;
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
});

async function clientFor(options: { client?: boolean; timeoutMs?: number } = {}) {
  sandbox = await startSellerSandbox(
    options.client ? { clientId: "bot-client", clientSecret: "s3cret-value" } : {},
  );
  return createSellerApi({
    baseUrl: sandbox.url,
    auth: options.client
      ? { kind: "client", clientId: "bot-client", clientSecret: "s3cret-value" }
      : { kind: "token", token: sandbox.token },
    timeoutMs: options.timeoutMs ?? 1000,
    logger: createLogger("silent"),
    retryBaseDelayMs: 10,
  });
}

async function failure(promise: Promise<unknown>): Promise<SellerApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SellerApiError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("Seller API client", () => {
  it("reads the newest orders with the bearer token", async () => {
    const api = await clientFor();
    const page = await api.listOrders({
      pageNumber: 1,
      pageSize: 5,
      sortBy: "createdDate",
      sortDirection: "desc",
    });
    expect(page.orders).toHaveLength(5);
    expect(page.totalCount).toBe(sandbox!.seed.orders.length);
    expect(sandbox!.requests[0]!.headers.authorization).toBe(`Bearer ${sandbox!.token}`);
  });

  it("turns a validation error into field errors", async () => {
    const api = await clientFor();
    const error = await failure(api.listOrders({ pageNumber: 0, pageSize: 5 }));
    expect(error.kind).toBe("invalid");
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe("B2B-SELLER-NONE-VALIDATION_ERROR");
    expect(error.fieldErrors.map((f) => f.field)).toContain("PageNumber");
    // invalid requests are not retried
    expect(sandbox!.requestsTo("/api/seller/v1/orders/list")).toHaveLength(1);
  });

  it("retries a read after 503 and after a timeout, each attempt with its own deadline", async () => {
    const api = await clientFor({ timeoutMs: 300 });
    sandbox!.failNext("/api/seller/v1/products/list", "503");
    await api.listProducts({ pageNumber: 1, pageSize: 5 });
    expect(sandbox!.requestsTo("/api/seller/v1/products/list")).toHaveLength(2);

    sandbox!.failNext("/api/seller/v1/orders/list", "hang");
    const page = await api.listOrders({ pageNumber: 1, pageSize: 5 });
    expect(page.orders?.length).toBe(5);
    expect(sandbox!.requestsTo("/api/seller/v1/orders/list")).toHaveLength(2);
  });

  it("gives up on a read after three attempts with 'unavailable'", async () => {
    const api = await clientFor();
    sandbox!.failNext("/api/seller/v1/brands", "500", 5);
    const error = await failure(api.brands());
    expect(error.kind).toBe("unavailable");
    expect(sandbox!.requestsTo("/api/seller/v1/brands")).toHaveLength(3);
  });

  it("never retries the import POST or confirm-token", async () => {
    const api = await clientFor({ timeoutMs: 300 });
    sandbox!.failNext("/api/seller/v1/products/import", "hang");
    const error = await failure(
      api.importProducts({
        products: [
          {
            categoryId: 1,
            brandId: 1,
            name: { rus: "Товар" },
            description: { rus: "Описание" },
            skus: [{ price: 100 }],
          },
        ],
      }),
    );
    expect(error.kind).toBe("unavailable");
    expect(error.maybeProcessed).toBe(true);
    expect(sandbox!.requestsTo("/api/seller/v1/products/import")).toHaveLength(1);

    sandbox!.failNext("/api/seller/v1/telegram/confirm-token", "503");
    await failure(
      api.confirmToken({ token: "abcdefgh", chatId: 1, userName: "u", languageCode: "ru" }),
    );
    expect(sandbox!.requestsTo("/api/seller/v1/telegram/confirm-token")).toHaveLength(1);
  });

  it("reports malformed JSON and unexpected shapes as a bad response", async () => {
    const api = await clientFor();
    sandbox!.failNext("/api/seller/v1/telegram/status", "malformed", 3);
    expect((await failure(api.linkStatus(1))).kind).toBe("bad_response");
    sandbox!.failNext("/api/seller/v1/telegram/status", "wrong-shape", 3);
    expect((await failure(api.linkStatus(1))).kind).toBe("bad_response");
  });

  it("obtains a token with client credentials, renews it once on 401, and never leaks the secret", async () => {
    const api = await clientFor({ client: true });
    await api.linkStatus(5);
    expect(sandbox!.requestsTo("/api/v1/auth/token")).toHaveLength(1);
    sandbox!.expireTokens();
    await api.linkStatus(5);
    expect(sandbox!.requestsTo("/api/v1/auth/token")).toHaveLength(2);
    const statusCalls = sandbox!.requestsTo("/api/seller/v1/telegram/status");
    expect(statusCalls.map((r) => r.status)).toEqual([200, 401, 200]);

    sandbox!.failNext("/api/v1/auth/token", "500", 5);
    sandbox!.expireTokens();
    const error = await failure(api.linkStatus(5));
    expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).not.toContain(
      "s3cret-value",
    );
  });
});
