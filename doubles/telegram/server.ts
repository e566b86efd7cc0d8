// The HTTP face of the emulator: api.telegram.org-style routes, token check, failNext knobs,
// the call log, and file downloads.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseBody, readBody } from "./body.js";
import { ApiError } from "./errors.js";
import { FloodControl, isMessageMethod } from "./flood.js";
import { resolveMethod } from "./methods.js";
import type { Params } from "./params.js";
import type { EmulatorState } from "./state.js";
import { WebhookDeliverer } from "./webhook.js";

/** What grammY's client hands its `fetch`: a JSON string or a multipart stream as the body. */
export interface InProcessInit {
  body?: unknown;
  headers?: unknown;
  signal?: AbortSignal;
  [option: string]: unknown;
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
  throw new Error(`unsupported request body: ${typeof body}`);
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entries = Array.isArray(headers) ? headers : Object.entries(headers as object);
  const found = (entries as [string, unknown][]).find(([k]) => k.toLowerCase() === name);
  return found === undefined ? undefined : String(found[1]);
}

interface ApiResponse {
  status: number;
  body: Record<string, unknown>;
}

const errorResponse = (code: number, description: string, parameters?: unknown): ApiResponse => ({
  status: code,
  body: { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) },
});

/** A call's way to the emulator, ms, by its method and parameters. */
export type WayThere = (method: string, params: Params) => number;

/**
 * Ways there spread evenly over `min`–`max` ms, from a seeded sequence: the same run gets the
 * same delays in the same order.
 */
export function spreadWayThere(min: number, max: number, seed = 42): WayThere {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return min + (s / 0x7fffffff) * (max - min);
  };
}

export class ApiServer {
  readonly webhook: WebhookDeliverer;
  /** Counts the messages the bot sends per second; refuses past a limit when one is set. */
  readonly flood = new FloodControl();
  /** The emulator's clock (flood control and the call log); a test may move it by hand. */
  now: () => number = Date.now;
  /**
   * How long a call takes to reach the emulator, ms (unset: at once). Telegram's limits count
   * arrivals, so sends spaced at the sender can arrive closer together.
   */
  wayThere: WayThere | undefined;
  private readonly server: Server;

  constructor(
    private readonly state: EmulatorState,
    private readonly token: string,
  ) {
    this.webhook = new WebhookDeliverer(state, async (method, params) => {
      await this.dispatch(method, params, new AbortController().signal);
    });
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.error("[telegram emulator] internal error", error);
        if (!res.headersSent) this.send(res, errorResponse(500, "Internal Server Error"));
      });
    });
  }

  async listen(): Promise<number> {
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.webhook.stop();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  /** Runs one API call: knobs first, then the handler; always recorded in `state.calls`. */
  async dispatch(method: string, params: Params, signal: AbortSignal): Promise<ApiResponse> {
    const at = this.now();
    const resolved = resolveMethod(method);
    const name = resolved?.name ?? method;
    let response: ApiResponse;
    const knob = this.state.failures.get(name.toLowerCase())?.[0];
    const counted = resolved !== undefined && isMessageMethod(name);
    const chatId = params.chat_id === undefined ? null : String(params.chat_id);
    const refusal = counted ? this.flood.admit(at, chatId) : undefined;
    if (refusal) {
      const { retryAfter } = refusal;
      response = errorResponse(429, `Too Many Requests: retry after ${retryAfter}`, {
        retry_after: retryAfter,
      });
    } else if (knob) {
      knob.remaining--;
      if (knob.remaining <= 0) this.state.failures.get(name.toLowerCase())!.shift();
      const { error_code, description, parameters } = knob.response;
      response = errorResponse(error_code, description, parameters);
    } else if (!resolved) {
      response = errorResponse(404, "Not Found");
    } else {
      try {
        const ctx = {
          state: this.state,
          signal,
          kickWebhook: () => this.webhook.kick(),
          webhookLastError: () => this.webhook.lastError,
        };
        const result = await resolved.handler(params, ctx);
        response = { status: 200, body: { ok: true, result } };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        response = errorResponse(error.code, error.description, error.parameters);
      }
    }
    const ok = response.status === 200;
    if (!ok && counted && !refusal) this.flood.withdraw(at, chatId);
    this.state.calls.push({
      method: name,
      params,
      at,
      ok,
      ...(!ok && { error: String(response.body.description) }),
    });
    return response;
  }

  /**
   * The Bot API without a socket: a `fetch` for grammY's client option `fetch`. Same routes,
   * token check, body decoding, knobs and call log as the HTTP face; the answer is a Response.
   */
  async fetch(url: string | URL, init: InProcessInit = {}): Promise<Response> {
    // One turn of the event loop, as a request over loopback would take at least.
    await new Promise((resolve) => setImmediate(resolve));
    const { pathname, searchParams } = new URL(String(url), "http://127.0.0.1");
    const apiRoute = /^\/bot([^/]+)\/([A-Za-z]*)$/.exec(pathname);
    let response: ApiResponse;
    if (!apiRoute) response = errorResponse(404, "Not Found");
    else if (apiRoute[1] !== this.token) response = errorResponse(401, "Unauthorized");
    else {
      try {
        const body = await bodyBytes(init.body);
        const params = {
          ...Object.fromEntries(searchParams),
          ...parseBody(headerOf(init.headers, "content-type"), body),
        };
        const signal = init.signal ?? new AbortController().signal;
        await this.travel(apiRoute[2]!, params);
        response = await this.dispatch(apiRoute[2]!, params, signal);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        response = errorResponse(error.code, error.description);
      }
    }
    return new Response(JSON.stringify(response.body), {
      status: response.status,
      headers: { "content-type": "application/json" },
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const fileRoute = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileRoute && req.method === "GET") {
      const file = this.state.filesByPath.get(decodeURIComponent(fileRoute[2]!));
      if (fileRoute[1] !== this.token) return this.send(res, errorResponse(401, "Unauthorized"));
      if (!file || file.url) return this.send(res, errorResponse(404, "Not Found"));
      res.writeHead(200, { "content-type": file.mimeType, "content-length": file.content.length });
      res.end(file.content);
      return;
    }
    const apiRoute = /^\/bot([^/]+)\/([A-Za-z]*)$/.exec(url.pathname);
    if (!apiRoute) return this.send(res, errorResponse(404, "Not Found"));
    if (apiRoute[1] !== this.token) return this.send(res, errorResponse(401, "Unauthorized"));

    let params: Params;
    try {
      params = {
        ...Object.fromEntries(url.searchParams),
        ...parseBody(req.headers["content-type"], await readBody(req)),
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return this.send(res, errorResponse(error.code, error.description));
    }
    // A client that hangs up (grammY's bot.stop()) ends its pending long poll.
    const disconnect = new AbortController();
    res.on("close", () => disconnect.abort());
    await this.travel(apiRoute[2]!, params);
    const response = await this.dispatch(apiRoute[2]!, params, disconnect.signal);
    if (!res.writableEnded && !res.destroyed) this.send(res, response);
  }

  /** A call's way there (`wayThere`); a long poll has none: it waits for updates anyway. */
  private async travel(method: string, params: Params): Promise<void> {
    if (!this.wayThere || method.toLowerCase() === "getupdates") return;
    const ms = this.wayThere(method, params);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  private send(res: ServerResponse, response: ApiResponse): void {
    const body = JSON.stringify(response.body);
    res.writeHead(response.status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  }
}
