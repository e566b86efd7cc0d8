import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import type { App } from "../app.js";
import { ALLOWED_UPDATES } from "./polling.js";

/** Telegram waits about 10 s for an answer and then delivers the update again. */
const ANSWER_WITHIN_MS = 9000;
const MAX_BODY_BYTES = 1024 * 1024;
const SECRET_HEADER = "x-telegram-bot-api-secret-token";

export interface WebhookReceiver {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Refuses new updates (503, Telegram delivers them again later, maybe to another instance). */
  close(): void;
  /** Resolves when every accepted update has been handled. */
  drain(): Promise<void>;
  readonly inFlight: number;
}

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, body = "") {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body);
}

/**
 * Receives updates from Telegram: only requests that carry the secret are read; each update
 * is handled while the request waits (so Telegram's per-connection order holds), and the
 * answer goes out after at most ~9 s even if handling goes on in the background.
 */
export function createWebhookReceiver(app: App, secret: string): WebhookReceiver {
  const log = app.logger.child({ module: "webhook" });
  const pending = new Set<Promise<unknown>>();
  let closed = false;

  return {
    get inFlight() {
      return pending.size;
    },
    handle(req, res) {
      if (!sameSecret(req.headers[SECRET_HEADER], secret)) {
        // Not processed, not even read.
        log.warn({ remote: req.socket.remoteAddress }, "webhook request without the right secret");
        res.setHeader("connection", "close");
        reply(res, 401, '{"error":"unauthorized"}');
        req.resume();
        return;
      }
      if (closed) {
        res.setHeader("connection", "close");
        reply(res, 503, '{"error":"shutting down"}');
        req.resume();
        return;
      }
      void (async () => {
        const body = await readBody(req).catch(() => null);
        if (body === null) return reply(res, 413, '{"error":"too large"}');
        let update: Update;
        try {
          update = JSON.parse(body.toString("utf8")) as Update;
        } catch {
          return reply(res, 400, '{"error":"not JSON"}');
        }
        if (typeof update?.update_id !== "number")
          return reply(res, 400, '{"error":"not an update"}');
        const work = app.bot.handleUpdate(update).catch((error: unknown) => {
          log.error(
            { updateId: update.update_id, err: (error as Error)?.name },
            "update handling failed",
          );
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<"late">((resolve) => {
          timer = setTimeout(() => resolve("late"), ANSWER_WITHIN_MS);
        });
        const outcome = await Promise.race([work.then(() => "done" as const), late]);
        clearTimeout(timer);
        if (outcome === "late") {
          log.warn({ updateId: update.update_id }, "update still running; answered the webhook");
        }
        reply(res, 200, "{}");
      })().catch(() => reply(res, 500));
    },
    close() {
      closed = true;
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** Registers the webhook with its secret. Every instance sets the same URL (idempotent). */
export async function registerWebhook(app: App, url: string, secret: string): Promise<void> {
  await app.bot.api.setWebhook(url, {
    secret_token: secret,
    allowed_updates: [...ALLOWED_UPDATES],
    max_connections: 40,
  });
}
