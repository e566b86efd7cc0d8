import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Metrics } from "../metrics.js";
import type { Readiness } from "./readiness.js";
import type { WebhookReceiver } from "./webhook.js";

export interface HttpEndpoints {
  metrics: Metrics;
  readiness: Readiness;
  /** Webhook mode: POST requests (any path; the secret header is what admits them). */
  webhook?: WebhookReceiver;
  /** True once shutdown began: /readyz answers 503 so load balancers look elsewhere. */
  stopping: () => boolean;
}

export interface HttpServer {
  server: Server;
  port: number;
  /** Stops accepting connections and closes the idle ones; open requests go on. */
  stopAccepting(): void;
  /** Closes every connection that is left. */
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

async function route(req: IncomingMessage, res: ServerResponse, e: HttpEndpoints) {
  const path = (req.url ?? "/").split("?", 1)[0];
  if (req.method === "POST" && e.webhook) return e.webhook.handle(req, res);
  if (req.method !== "GET" && req.method !== "HEAD") {
    req.resume();
    return send(res, 405, '{"error":"method not allowed"}');
  }
  switch (path) {
    case "/healthz":
      return send(res, 200, '{"status":"ok"}');
    case "/readyz": {
      if (e.stopping()) return send(res, 503, '{"ready":false,"stopping":true}');
      const report = await e.readiness.check();
      return send(res, report.ready ? 200 : 503, JSON.stringify(report));
    }
    case "/metrics":
      return send(res, 200, await e.metrics.render(), e.metrics.contentType);
    default:
      return send(res, 404, '{"error":"not found"}');
  }
}

/** The one HTTP server of a process: health, readiness, metrics and (webhook mode) updates. */
export async function startHttpServer(
  port: number,
  endpoints: HttpEndpoints,
  host?: string,
): Promise<HttpServer> {
  const server = createServer((req, res) => {
    route(req, res, endpoints).catch(() => {
      if (!res.headersSent) send(res, 500, '{"error":"internal"}');
    });
  });
  // Telegram and load balancers keep connections open; idle ones must not outlive shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
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
