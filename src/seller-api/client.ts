import { FetchError, ofetch } from "ofetch";
import type { z } from "zod";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { createTokenProvider, type TokenProvider } from "./auth.js";
import { fieldErrorsOf, kindOfStatus, messageOf, SellerApiError } from "./errors.js";
import {
  type ApiErrorBody,
  apiErrorBodySchema,
  attributePageSchema,
  attributeValuesPageSchema,
  brandPageSchema,
  categoryPageSchema,
  confirmTokenResponseSchema,
  type DirectoryQuery,
  type ImportRequest,
  importAcceptedSchema,
  importInfoSchema,
  linkStatusSchema,
  type OrderListRequest,
  orderListSchema,
  type ProductListRequest,
  productDetailsSchema,
  productListSchema,
} from "./schemas.js";

export interface SellerApiCall {
  operation: string;
  status: number | "error";
  durationMs: number;
}

export interface SellerApiOptions {
  baseUrl: string;
  auth: Config["sellerAuth"];
  timeoutMs: number;
  logger: Logger;
  /** Attempts for reads (the import POST and confirm-token are never retried). */
  readAttempts?: number;
  /** Base delay of the exponential backoff between read attempts. */
  retryBaseDelayMs?: number;
  /** Observes every HTTP call (metrics). */
  onCall?: (call: SellerApiCall) => void;
}

interface RequestSpec<S extends z.ZodType> {
  operation: string;
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: S;
  /** Reads may be retried; writes never, because a lost answer may hide a done job. */
  idempotent: boolean;
}

export type SellerApi = ReturnType<typeof createSellerApi>;

export function createSellerApi(options: SellerApiOptions) {
  const tokens: TokenProvider = createTokenProvider(
    options.auth,
    options.baseUrl,
    options.timeoutMs,
  );
  const readAttempts = options.readAttempts ?? 3;
  const baseDelay = options.retryBaseDelayMs ?? 300;
  const log = options.logger.child({ module: "seller-api" });

  async function attempt<S extends z.ZodType>(spec: RequestSpec<S>, token: string) {
    const started = performance.now();
    let status: number | "error" = "error";
    try {
      const response = await ofetch.raw(spec.path, {
        baseURL: options.baseUrl,
        method: spec.method,
        query: spec.query,
        body: spec.body as Record<string, unknown> | undefined,
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
        // A fresh timeout per attempt: ofetch's own retry reuses an expired signal.
        timeout: options.timeoutMs,
        retry: 0,
        ignoreResponseError: true,
        responseType: "text",
      });
      status = response.status;
      return { status: response.status, text: String(response._data ?? "") };
    } catch (error) {
      const cause = (error instanceof FetchError ? error.cause : error) as Error | undefined;
      const timedOut = /timeout|abort/i.test(`${cause?.name} ${cause?.message}`);
      throw new SellerApiError({
        kind: "unavailable",
        operation: spec.operation,
        message: timedOut
          ? "the Seller API did not answer in time"
          : "the Seller API is unreachable",
        // The request may have been received before the connection broke.
        maybeProcessed: true,
        cause: error,
      });
    } finally {
      const durationMs = Math.round(performance.now() - started);
      options.onCall?.({ operation: spec.operation, status, durationMs });
      log.info({ operation: spec.operation, status, durationMs }, "seller api call");
    }
  }

  function parseJson(text: string): unknown {
    try {
      return text.trim() === "" ? undefined : JSON.parse(text);
    } catch {
      return Symbol.for("invalid-json");
    }
  }

  async function once<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>> {
    let token = await tokens.get();
    let result = await attempt(spec, token);
    if (result.status === 401 && tokens.renewable) {
      // The token may have been revoked or expired early: renew once and try again.
      tokens.invalidate(token);
      token = await tokens.get();
      result = await attempt(spec, token);
    }
    const json = parseJson(result.text);
    if (result.status >= 200 && result.status < 300) {
      if (typeof json === "symbol") {
        throw new SellerApiError({
          kind: "bad_response",
          operation: spec.operation,
          status: result.status,
          message: "the Seller API answered with malformed JSON",
        });
      }
      const parsed = spec.schema.safeParse(json);
      if (!parsed.success) {
        throw new SellerApiError({
          kind: "bad_response",
          operation: spec.operation,
          status: result.status,
          message: `unexpected response shape: ${parsed.error.issues[0]?.path.join(".") ?? "?"} ${parsed.error.issues[0]?.message ?? ""}`,
        });
      }
      return parsed.data;
    }
    const body: ApiErrorBody | undefined =
      typeof json === "object" && json !== null
        ? apiErrorBodySchema.safeParse(json).data
        : undefined;
    const kind = kindOfStatus(result.status);
    throw new SellerApiError({
      kind,
      operation: spec.operation,
      status: result.status,
      errorCode: body?.errorCode ?? undefined,
      fieldErrors: fieldErrorsOf(body),
      message: messageOf(body, `HTTP ${result.status}`),
      maybeProcessed: kind === "unavailable",
    });
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.infer<S>> {
    const attempts = spec.idempotent ? readAttempts : 1;
    for (let n = 1; ; n++) {
      try {
        return await once(spec);
      } catch (error) {
        const retryable =
          error instanceof SellerApiError &&
          (error.kind === "unavailable" || error.kind === "bad_response");
        if (!retryable || n >= attempts) throw error;
        const delay = baseDelay * 2 ** (n - 1) * (0.75 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  return {
    importProducts: (body: ImportRequest) =>
      request({
        operation: "importProducts",
        method: "POST",
        path: "/api/seller/v1/products/import",
        body,
        schema: importAcceptedSchema,
        idempotent: false,
      }),
    importInfo: (jobId: number) =>
      request({
        operation: "importInfo",
        method: "GET",
        path: "/api/seller/v1/products/import/info",
        query: { jobId },
        schema: importInfoSchema,
        idempotent: true,
      }),
    listProducts: (body: ProductListRequest) =>
      request({
        operation: "listProducts",
        method: "POST",
        path: "/api/seller/v1/products/list",
        body,
        schema: productListSchema,
        idempotent: true,
      }),
    productDetails: (productIds: number[]) =>
      request({
        operation: "productDetails",
        method: "POST",
        path: "/api/seller/v1/products/details",
        body: { productIds },
        schema: productDetailsSchema,
        idempotent: true,
      }),
    listOrders: (body: OrderListRequest) =>
      request({
        operation: "listOrders",
        method: "POST",
        path: "/api/seller/v1/orders/list",
        body,
        schema: orderListSchema,
        idempotent: true,
      }),
    categories: (query: DirectoryQuery = {}) =>
      request({
        operation: "categories",
        method: "GET",
        path: "/api/seller/v1/categories",
        query: { ...query },
        schema: categoryPageSchema,
        idempotent: true,
      }),
    brands: (query: DirectoryQuery = {}) =>
      request({
        operation: "brands",
        method: "GET",
        path: "/api/seller/v1/brands",
        query: { ...query },
        schema: brandPageSchema,
        idempotent: true,
      }),
    attributes: (query: DirectoryQuery = {}) =>
      request({
        operation: "attributes",
        method: "GET",
        path: "/api/seller/v1/attributes",
        query: { ...query },
        schema: attributePageSchema,
        idempotent: true,
      }),
    attributeValues: (query: DirectoryQuery = {}) =>
      request({
        operation: "attributeValues",
        method: "GET",
        path: "/api/seller/v1/attributes/values",
        query: { ...query },
        schema: attributeValuesPageSchema,
        idempotent: true,
      }),
    confirmToken: (body: {
      token: string;
      chatId: number;
      userName: string;
      languageCode: string;
    }) =>
      request({
        operation: "confirmToken",
        method: "POST",
        path: "/api/seller/v1/telegram/confirm-token",
        body,
        schema: confirmTokenResponseSchema,
        idempotent: false,
      }),
    linkStatus: (chatId: number) =>
      request({
        operation: "linkStatus",
        method: "POST",
        path: "/api/seller/v1/telegram/status",
        body: { chatId },
        schema: linkStatusSchema,
        idempotent: true,
      }),
  };
}
