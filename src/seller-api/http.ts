/**
 * One HTTP exchange with the Seller API, on node-fetch: the HTTP client grammY already uses for
 * Telegram. Not Node's global `fetch`: its first use loads Node's bundled undici and compiles
 * undici's WebAssembly HTTP parser, about 10 MB of an idle bot's resident memory for a second
 * HTTP stack beside the one grammY holds.
 */
import { createRequire } from "node:module";

/** What the Seller API client sends. */
export interface HttpRequest {
  method: "GET" | "POST";
  /** The Seller API's base URL (a path prefix is kept) and the operation's path. */
  baseUrl: string;
  path: string;
  /** Undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
}

/** The answer, whatever its status. */
export interface HttpResponse {
  status: number;
  text: string;
}

interface NodeFetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}
type NodeFetch = (
  url: string,
  init: NodeFetchInit,
) => Promise<{ status: number; text(): Promise<string> }>;

const nodeFetch = createRequire(import.meta.url)("node-fetch") as NodeFetch;

function urlOf(baseUrl: string, path: string, query: HttpRequest["query"] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, "")}${path}${search ? `?${search}` : ""}`;
}

/**
 * Sends one request and reads the whole answer as text, whatever its status. A network failure
 * rejects with node-fetch's error; the time limit, with an error named `AbortError`
 * (`isTimeout`).
 */
export async function exchange(request: HttpRequest): Promise<HttpResponse> {
  const json = request.body !== undefined;
  const response = await nodeFetch(urlOf(request.baseUrl, request.path, request.query), {
    method: request.method,
    headers: {
      ...(json && { "Content-Type": "application/json" }),
      ...request.headers,
    },
    ...(json && { body: JSON.stringify(request.body) }),
    signal: AbortSignal.timeout(request.timeoutMs),
    // No agent of its own: Node's global agents keep connections open between calls (Node ≥ 19).
  });
  return { status: response.status, text: await response.text() };
}

/** Whether an exchange failed because its time limit ran out. */
export function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === "AbortError" || name === "TimeoutError";
}
