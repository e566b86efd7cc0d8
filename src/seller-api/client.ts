import { FetchError } from "ofetch";
import type { z } from "zod";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { createTokenProvider, type TokenProvider } from "./auth.js";
import { createSellerApiDeadlines, type SellerApiDeadlines } from "./deadline.js";
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
import { createSellerFetch, type SellerFetch } from "./transport.js";

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
  /**
   * Overall time of one call, retries and token renewal included (default 8 s); an update's
   * deadline (`withDeadline`) shortens it. The import POST has only its attempt timeout.
   */
  deadlineMs?: number;
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
  /** False for the import POST: it runs in the background, bounded by its attempt timeout. */
  interactive?: boolean;
}

/** Less than this left before the deadline: no attempt is started. */
const MIN_ATTEMPT_MS = 100;

export type SellerApi = ReturnType<typeof createSellerApi>;

/** The call's deadline passed before an attempt could start. */
function outOfTime(operation: string): SellerApiError {
  return new SellerApiError({
    kind: "unavailable",
    operation,
    message: "the Seller API did not answer in time",
    maybeProcessed: false,
  });
}

/** What one client's calls share: its options, its tokens and its logger. */
interface Transport {
  options: SellerApiOptions;
  http: SellerFetch;
  tokens: TokenProvider;
  log: Logger;
  readAttempts: number;
  baseDelay: number;
  budgetMs: number;
  deadlines: SellerApiDeadlines;
}

/** One HTTP attempt; a network failure or timeout becomes an "unavailable" error. */
async function attempt<S extends z.ZodType>(
  { options, log, http }: Transport,
  spec: RequestSpec<S>,
  token: string,
  deadline: number,
) {
  const timeoutMs = Math.min(options.timeoutMs, deadline - Date.now());
  if (timeoutMs < MIN_ATTEMPT_MS) throw outOfTime(spec.operation);
  const started = performance.now();
  let status: number | "error" = "error";
  try {
    const response = await http.raw(spec.path, {
      baseURL: options.baseUrl,
      method: spec.method,
      query: spec.query,
      body: spec.body as Record<string, unknown> | undefined,
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
      // A fresh timeout per attempt: ofetch's own retry reuses an expired signal.
      timeout: timeoutMs,
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
      message: timedOut ? "the Seller API did not answer in time" : "the Seller API is unreachable",
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

const INVALID_JSON = Symbol.for("invalid-json");

function parseJson(text: string): unknown {
  try {
    return text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/** A 2xx answer checked against the operation's schema. */
function parseSuccess<S extends z.ZodType>(
  spec: RequestSpec<S>,
  status: number,
  json: unknown,
): z.infer<S> {
  if (typeof json === "symbol") {
    throw new SellerApiError({
      kind: "bad_response",
      operation: spec.operation,
      status,
      message: "the Seller API answered with malformed JSON",
    });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    throw new SellerApiError({
      kind: "bad_response",
      operation: spec.operation,
      status,
      message: `unexpected response shape: ${parsed.error.issues[0]?.path.join(".") ?? "?"} ${parsed.error.issues[0]?.message ?? ""}`,
    });
  }
  return parsed.data;
}

/** A non-2xx answer as the error the callers map to a user's text. */
function failureOf(operation: string, status: number, json: unknown): SellerApiError {
  const body: ApiErrorBody | undefined =
    typeof json === "object" && json !== null ? apiErrorBodySchema.safeParse(json).data : undefined;
  const kind = kindOfStatus(status);
  return new SellerApiError({
    kind,
    operation,
    status,
    errorCode: body?.errorCode ?? undefined,
    fieldErrors: fieldErrorsOf(body),
    message: messageOf(body, `HTTP ${status}`),
    maybeProcessed: kind === "unavailable",
  });
}

/** One call: an attempt, and one more with a renewed token after a 401. */
async function once<S extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<S>,
  deadline: number,
): Promise<z.infer<S>> {
  const { tokens } = transport;
  let token = await tokens.get();
  let result = await attempt(transport, spec, token, deadline);
  if (result.status === 401 && tokens.renewable) {
    // The token may have been revoked or expired early: renew once and try again.
    tokens.invalidate(token);
    token = await tokens.get();
    result = await attempt(transport, spec, token, deadline);
  }
  const json = parseJson(result.text);
  if (result.status >= 200 && result.status < 300) return parseSuccess(spec, result.status, json);
  throw failureOf(spec.operation, result.status, json);
}

/** Bounded retries: at most `readAttempts`, and never past the call's deadline. */
async function request<S extends z.ZodType>(
  transport: Transport,
  spec: RequestSpec<S>,
): Promise<z.infer<S>> {
  const { options, readAttempts, baseDelay, budgetMs } = transport;
  const attempts = spec.idempotent ? readAttempts : 1;
  const deadline =
    spec.interactive === false
      ? Date.now() + options.timeoutMs * 2
      : Math.min(Date.now() + budgetMs, transport.deadlines.current() ?? Infinity);
  for (let n = 1; ; n++) {
    try {
      return await once(transport, spec, deadline);
    } catch (error) {
      const retryable =
        error instanceof SellerApiError &&
        (error.kind === "unavailable" || error.kind === "bad_response");
      if (!retryable || n >= attempts) throw error;
      const delay = baseDelay * 2 ** (n - 1) * (0.75 + Math.random() / 2);
      if (Date.now() + delay + MIN_ATTEMPT_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type Request = <S extends z.ZodType>(spec: RequestSpec<S>) => Promise<z.infer<S>>;

/** Products: the import, its jobs, the list and details. */
function productOperations(request: Request) {
  return {
    importProducts: (body: ImportRequest) =>
      request({
        operation: "importProducts",
        method: "POST",
        path: "/api/seller/v1/products/import",
        body,
        schema: importAcceptedSchema,
        idempotent: false,
        interactive: false,
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
  };
}

/** A paged directory read (categories, brands, attributes, their values). */
function directoryRead<S extends z.ZodType>(
  request: Request,
  operation: string,
  path: string,
  schema: S,
) {
  return (query: DirectoryQuery = {}) =>
    request({ operation, method: "GET", path, query: { ...query }, schema, idempotent: true });
}

/** Orders, directories and the Telegram link. */
function sellerOperations(request: Request) {
  return {
    listOrders: (body: OrderListRequest) =>
      request({
        operation: "listOrders",
        method: "POST",
        path: "/api/seller/v1/orders/list",
        body,
        schema: orderListSchema,
        idempotent: true,
      }),
    categories: directoryRead(
      request,
      "categories",
      "/api/seller/v1/categories",
      categoryPageSchema,
    ),
    brands: directoryRead(request, "brands", "/api/seller/v1/brands", brandPageSchema),
    attributes: directoryRead(
      request,
      "attributes",
      "/api/seller/v1/attributes",
      attributePageSchema,
    ),
    attributeValues: directoryRead(
      request,
      "attributeValues",
      "/api/seller/v1/attributes/values",
      attributeValuesPageSchema,
    ),
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

export function createSellerApi(options: SellerApiOptions) {
  const http = createSellerFetch();
  const transport: Transport = {
    options,
    http,
    tokens: createTokenProvider(http, options.auth, options.baseUrl, options.timeoutMs),
    log: options.logger.child({ module: "seller-api" }),
    readAttempts: options.readAttempts ?? 3,
    baseDelay: options.retryBaseDelayMs ?? 300,
    budgetMs: options.deadlineMs ?? 8000,
    deadlines: createSellerApiDeadlines(),
  };
  const send: Request = (spec) => request(transport, spec);
  return {
    ...productOperations(send),
    ...sellerOperations(send),
    /** Runs `task` (one update) with one deadline `ms` away for the calls made inside it. */
    withDeadline: transport.deadlines.within,
    /** Runs `task` (long work with its own progress) with no update's deadline over its calls. */
    withoutDeadline: transport.deadlines.outside,
    /** Forgets the deadlines' scope; the client makes no more calls after it. */
    close: transport.deadlines.close,
  };
}
