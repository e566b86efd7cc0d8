/** HTTP routing of the sandbox: logging, latency, injected failures, auth, handlers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AuthStore } from "./auth.js";
import type { Catalog } from "./catalog.js";
import {
  json,
  orderValidation,
  problem,
  type Reply,
  unauthorized,
  validationError,
} from "./http.js";
import type { JobStore } from "./jobs.js";
import type { LinkStore } from "./links.js";
import type { FailKind, FailMatcher, RequestLogEntry } from "./types.js";
import {
  isObj,
  validateConfirm,
  validateImport,
  validateIntQuery,
  validateJobIdQuery,
  validateOrdersList,
  validatePageQuery,
  validateProductDetails,
  validateProductsList,
  validateStatus,
} from "./validation.js";

export interface FailRule {
  match: FailMatcher;
  kind: FailKind;
  remaining: number;
}

/** Requests matching `match` wait until `release()` (a test's knob for work held mid-way). */
export interface HoldRule {
  match: FailMatcher;
  remaining: number;
  released: Promise<void>;
}

export interface SandboxState {
  holds: HoldRule[];
  catalog: Catalog;
  jobs: JobStore;
  auth: AuthStore;
  links: LinkStore;
  requests: RequestLogEntry[];
  /** The log's length past which its oldest half is dropped (undefined: kept whole). */
  keepRequests?: number;
  latency: number | ((path: string) => number);
  failures: FailRule[];
  operatorRoutes: boolean;
  baseUrl: string;
}

interface Ctx {
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Handler = (ctx: Ctx, s: SandboxState) => Reply;

const SELLER = "/api/seller/v1";
const MAX_BODY = 5 * 1024 * 1024;

/** Answer of "wrong-shape": 200 JSON where every key a client may look for has the wrong type. */
export const WRONG_SHAPE_BODY = {
  unexpected: true,
  orders: "unexpected",
  products: { unexpected: true },
  items: 42,
  data: "nope",
  totalCount: "many",
  jobId: "x",
  success: "yes",
  isActive: "maybe",
  accessToken: 12345,
};

const ROUTES: Record<string, Record<string, Handler>> = {
  [`${SELLER}/orders/list`]: {
    POST: ({ body, path }, s) => {
      const r = validateOrdersList(body);
      return r.ok ? json(200, s.catalog.listOrders(r.value)) : orderValidation(r.errors, path);
    },
  },
  [`${SELLER}/products/list`]: {
    POST: ({ body, path }, s) => {
      const r = validateProductsList(body);
      return r.ok ? json(200, s.catalog.listProducts(r.value)) : validationError(r.errors, path);
    },
  },
  [`${SELLER}/products/details`]: {
    POST: ({ body, path }, s) => {
      const r = validateProductDetails(body);
      return r.ok ? json(200, s.catalog.productDetails(r.value)) : validationError(r.errors, path);
    },
  },
  [`${SELLER}/products/import`]: {
    POST: ({ body, path }, s) => {
      const r = validateImport(body);
      if (!r.ok) return validationError(r.errors, path);
      const job = s.jobs.create(r.value);
      return json(202, {
        jobId: job.jobId,
        receivedItems: r.value.length,
        queuedAt: new Date(job.createdAt).toISOString(),
        infoUrl: `${s.baseUrl}${SELLER}/products/import/info?jobId=${job.jobId}`,
      });
    },
  },
  [`${SELLER}/products/import/info`]: {
    GET: ({ query, path }, s) => {
      const r = validateJobIdQuery(query);
      if (!r.ok) return validationError(r.errors, path);
      const job = s.jobs.get(r.value);
      if (!job) {
        const reply = problem(404, `Import job ${r.value} was not found.`, path);
        Object.assign(reply.body as object, {
          errorCode: "JOB_NOT_FOUND",
          errorMessage: `Import job ${r.value} was not found.`,
        });
        return reply;
      }
      return json(200, s.jobs.poll(job));
    },
  },
  [`${SELLER}/categories`]: {
    GET: ({ query, path }, s) => {
      const page = validatePageQuery(query);
      const parent = validateIntQuery(query, "parentId");
      if (!page.ok || !parent.ok) {
        return validationError(
          { ...(page.ok ? {} : page.errors), ...(parent.ok ? {} : parent.errors) },
          path,
        );
      }
      return json(200, s.catalog.categories(page.value, query.search || null, parent.value));
    },
  },
  [`${SELLER}/brands`]: {
    GET: ({ query, path }, s) => {
      const page = validatePageQuery(query);
      if (!page.ok) return validationError(page.errors, path);
      return json(200, s.catalog.brands(page.value, query.search || null));
    },
  },
  [`${SELLER}/attributes`]: {
    GET: ({ query, path }, s) => {
      const page = validatePageQuery(query);
      const cat = validateIntQuery(query, "categoryId");
      if (!page.ok || !cat.ok) {
        return validationError(
          { ...(page.ok ? {} : page.errors), ...(cat.ok ? {} : cat.errors) },
          path,
        );
      }
      return json(200, s.catalog.attributes(page.value, query.search || null, cat.value));
    },
  },
  [`${SELLER}/attributes/values`]: {
    GET: ({ query, path }, s) => {
      const page = validatePageQuery(query);
      if (!page.ok) return validationError(page.errors, path);
      const code = query.attributeCode || null;
      return json(200, s.catalog.attributeValues(page.value, query.search || null, code));
    },
  },
  [`${SELLER}/telegram/confirm-token`]: {
    POST: ({ body, path }, s) => {
      const v = validateConfirm(body);
      if (typeof v === "string") return problem(400, v, path);
      if (!s.links.confirm(v.token, v.chatId, v.userName, v.languageCode)) {
        return problem(400, "Token is invalid or expired", path);
      }
      return json(200, { success: true });
    },
  },
  [`${SELLER}/telegram/status`]: {
    POST: ({ body, path }, s) => {
      const v = validateStatus(body);
      if (typeof v === "string") return problem(400, v, path);
      return json(200, s.links.status(v));
    },
  },
};

/**
 * POST /api/v1/auth/token (only with client credentials). Accepts JSON `{client_id,
 * client_secret}` (camelCase `clientId`/`clientSecret` too) or a form-urlencoded body with the
 * same names (the spec does not show the shape).
 */
function tokenRoute(raw: string, body: unknown, contentType: string, s: SandboxState): Reply {
  let creds: Record<string, unknown> | undefined;
  if (contentType.includes("application/x-www-form-urlencoded")) {
    creds = Object.fromEntries(new URLSearchParams(raw));
  } else if (isObj(body)) creds = body;
  if (!creds) return problem(400, "Expected a JSON body with client_id and client_secret.");
  const id = creds.client_id ?? creds.clientId;
  const secret = creds.client_secret ?? creds.clientSecret;
  if (typeof id !== "string" || typeof secret !== "string") {
    return problem(400, "client_id and client_secret are required strings.");
  }
  if (id !== s.auth.clientId || secret !== s.auth.clientSecret) {
    return {
      ...unauthorized(),
      body: { ...(unauthorized().body as object), detail: "Invalid client credentials." },
    };
  }
  return json(200, s.auth.issue());
}

function failReply(kind: FailKind): Reply | "hang" | "drop" {
  switch (kind) {
    case "500":
      return problem(500, "Injected failure.");
    case "503":
      return problem(503, "Injected outage.", undefined, { "retry-after": "1" });
    case "401":
      return unauthorized();
    case "malformed":
      return { status: 200, raw: '{"orders": [{"orderId": 1, "orderNumber": ' };
    case "wrong-shape":
      return json(200, WRONG_SHAPE_BODY);
    default:
      return kind;
  }
}

function takeFailure(s: SandboxState, entry: RequestLogEntry): FailKind | undefined {
  const rule = s.failures.find(
    (f) =>
      f.remaining > 0 &&
      (typeof f.match === "string" ? entry.path.startsWith(f.match) : f.match(entry)),
  );
  if (!rule) return undefined;
  rule.remaining--;
  if (rule.remaining <= 0) s.failures.splice(s.failures.indexOf(rule), 1);
  return rule.kind;
}

/** Holds the next `times` requests matching until the returned `release()`. */
export function addHold(s: SandboxState, match: FailMatcher, times: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  s.holds.push({ match, remaining: times, released });
  return { release };
}

function takeHold(s: SandboxState, entry: RequestLogEntry): Promise<void> | undefined {
  const rule = s.holds.find(
    (h) =>
      h.remaining > 0 &&
      (typeof h.match === "string" ? entry.path.startsWith(h.match) : h.match(entry)),
  );
  if (!rule) return undefined;
  rule.remaining--;
  if (rule.remaining <= 0) s.holds.splice(s.holds.indexOf(rule), 1);
  return rule.released;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, entry: RequestLogEntry, reply: Reply): void {
  entry.status = reply.status;
  entry.doneAt = Date.now();
  const text = reply.raw ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  const type =
    reply.status >= 400 && reply.raw === undefined
      ? "application/problem+json; charset=utf-8"
      : "application/json; charset=utf-8";
  res.writeHead(reply.status, {
    "content-type": type,
    "content-length": Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse, s: SandboxState): Promise<void> {
  // When the request came, not when its body was read: a loaded test process reads it later.
  const at = Date.now();
  const url = new URL(req.url ?? "/", "http://sandbox.local");
  const path = url.pathname;
  const query = Object.fromEntries(url.searchParams);
  const method = (req.method ?? "GET").toUpperCase();
  const raw = await readBody(req);
  let body: unknown;
  let invalidJson = false;
  if (raw) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
      invalidJson = true;
    }
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  const entry: RequestLogEntry = { method, path, query, body, headers, status: 0, at };
  s.requests.push(entry);
  if (s.keepRequests !== undefined && s.requests.length > s.keepRequests)
    s.requests.splice(0, s.requests.length - Math.floor(s.keepRequests / 2));

  const hold = takeHold(s, entry);
  if (hold) await hold;
  const delay = typeof s.latency === "function" ? s.latency(path) : s.latency;
  if (delay > 0) await new Promise((r) => setTimeout(r, delay));

  const kind = takeFailure(s, entry);
  if (kind) {
    const f = failReply(kind);
    if (f === "hang") return;
    if (f === "drop") {
      req.socket.destroy();
      return;
    }
    return send(res, entry, f);
  }
  if (raw === null) return send(res, entry, problem(413, "Request body is too large.", path));

  const contentType = headers["content-type"] ?? "";
  if (path === "/api/v1/auth/token" && s.auth.clientCredentialsEnabled) {
    if (method !== "POST")
      return send(res, entry, problem(405, undefined, path, { allow: "POST" }));
    return send(res, entry, tokenRoute(raw, invalidJson ? undefined : body, contentType, s));
  }
  if (path === "/sandbox/link-token" && s.operatorRoutes) {
    if (method !== "POST")
      return send(res, entry, problem(405, undefined, path, { allow: "POST" }));
    const token = s.links.issue();
    return send(res, entry, json(200, { token }));
  }

  if (path.startsWith(`${SELLER}/`) && !s.auth.check(headers.authorization)) {
    return send(res, entry, unauthorized());
  }
  const route = ROUTES[path];
  if (!route) return send(res, entry, problem(404, `No route for ${path}.`, path));
  const handler = route[method];
  if (!handler) {
    const allow = Object.keys(route).join(", ");
    return send(res, entry, problem(405, `Use ${allow}.`, path, { allow }));
  }
  if (method === "POST") {
    if (!raw) return send(res, entry, problem(400, "A non-empty request body is required.", path));
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(contentType)) {
      const detail = `Content-Type must be application/json, got '${contentType}'.`;
      return send(res, entry, problem(415, detail, path));
    }
    if (invalidJson)
      return send(res, entry, problem(400, "The request body is not valid JSON.", path));
  }
  return send(res, entry, handler({ path, query, body }, s));
}

export function createSandboxServer(s: SandboxState): Server {
  return createServer((req, res) => {
    handle(req, res, s).catch((e: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/problem+json; charset=utf-8" });
        res.end(
          JSON.stringify({
            type: "about:blank",
            title: "Sandbox bug",
            status: 500,
            detail: String(e),
          }),
        );
      }
    });
  });
}
