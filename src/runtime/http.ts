import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.js";
import type { Metrics } from "../metrics.js";
import type { Readiness } from "./readiness.js";
import type { WebhookReceiver } from "./webhook.js";

export interface HttpServer {
  server: Server;
  port: number;
  /** Stops accepting connections and closes the idle ones; open requests go on. */
  stopAccepting(): void;
  /** Closes every connection that is left. */
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> | void;

export function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

const healthz: Route = (_req, res) => send(res, 200, '{"status":"ok"}');

function getOnly(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  req.resume();
  send(res, 405, '{"error":"method not allowed"}');
  return false;
}

/**
 * The public port: the webhook (POST, any path: the secret header is what admits a request)
 * and /healthz, nothing else: metrics and readiness say too much to be public.
 */
export function publicRoutes(webhook: WebhookReceiver | undefined): Route {
  return (req, res, path) => {
    if (req.method === "POST" && webhook) return webhook.handle(req, res);
    if (!getOnly(req, res)) return;
    if (path === "/healthz") return healthz(req, res, path);
    return send(res, 404, '{"error":"not found"}');
  };
}

export interface InternalEndpoints {
  metrics: Metrics;
  readiness: Readiness;
  /** "starting" until updates are taken, "stopping" once shutdown began. */
  phase: () => "starting" | "running" | "stopping";
}

/** The internal port (loopback by default): /metrics, /readyz and /healthz. */
export function internalRoutes(e: InternalEndpoints): Route {
  return async (req, res, path) => {
    if (!getOnly(req, res)) return;
    switch (path) {
      case "/healthz":
        return healthz(req, res, path);
      case "/readyz": {
        const phase = e.phase();
        if (phase !== "running") return send(res, 503, JSON.stringify({ ready: false, phase }));
        const report = await e.readiness.check();
        return send(res, report.ready ? 200 : 503, JSON.stringify(report));
      }
      case "/metrics":
        return send(res, 200, await e.metrics.render(), e.metrics.contentType);
      default:
        return send(res, 404, '{"error":"not found"}');
    }
  };
}

/** An HTTP server for one set of routes; it listens before the bot has started. */
export async function startHttpServer(
  port: number,
  route: Route,
  logger: Logger,
  host?: string,
): Promise<HttpServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
    Promise.resolve()
      .then(() => route(req, res, path))
      .catch((error: unknown) => {
        logger.warn({ path, err: error }, "http request failed");
        send(res, 500, '{"error":"internal"}');
      });
  });
  // Telegram and load balancers keep connections open; idle ones must not outlive shutdown.
  server.keepAliveTimeout = 5000;
  server.listen(port, host);
  await once(server, "listening");
  let closing: Promise<void> | undefined;
  const stopAccepting = () => {
    closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    stopAccepting,
    async close() {
      stopAccepting();
      server.closeAllConnections();
      await closing;
    },
  };
}
