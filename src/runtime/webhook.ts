import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import type { App } from "../app.js";
import { KEY_PREFIX } from "../storage/index.js";
import { ALLOWED_UPDATES } from "./polling.js";

/** Telegram waits about 10 s for an answer and then delivers the update again. */
const ANSWER_WITHIN_MS = 9000;
const MAX_BODY_BYTES = 1024 * 1024;
const SECRET_HEADER = "x-telegram-bot-api-secret-token";
/**
 * An update id is taken by one instance: "taken" while it is handled (if that instance dies,
 * Telegram's redelivery is handled after this long), "done" afterwards, long enough to cover
 * Telegram's redeliveries of an answer it missed.
 */
const TAKEN_TTL_MS = 2 * 60_000;
const DONE_TTL_MS = 60 * 60_000;

export interface WebhookReceiver {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Refuses new updates (503, Telegram delivers them again later, maybe to another instance). */
  close(): void;
  /** Resolves when every accepted update has been handled. */
  drain(): Promise<void>;
  /** Updates are handled from now on (before: 503, Telegram delivers them again). */
  open(): void;
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

type Log = App["logger"];

/** Update ids over instances: one takes an update, redeliveries are answered at once. */
function updateIdRecords(app: App, log: Log) {
  const kv = app.storage.kv;
  const keyOf = (updateId: number) => `${KEY_PREFIX.update}${updateId}`;
  return {
    /** True when this request may handle the update (no instance took it before). */
    async take(updateId: number): Promise<boolean> {
      try {
        return await kv.setIfAbsent(keyOf(updateId), "taken", TAKEN_TTL_MS);
      } catch (error) {
        // Storage away: handling twice is better than losing the update.
        log.warn({ updateId, err: error }, "could not record the update id; handling it anyway");
        return true;
      }
    },
    markDone: (updateId: number) =>
      kv.set(keyOf(updateId), "done", DONE_TTL_MS).catch((error: unknown) => {
        // The "taken" record still covers redeliveries for a while; only its lifetime is shorter.
        log.warn({ updateId, err: error }, "could not mark the update done");
      }),
  };
}
type UpdateIds = ReturnType<typeof updateIdRecords>;

/** The request's update, or the status and error to answer with. */
async function readUpdate(
  req: IncomingMessage,
  log: Log,
): Promise<{ update: Update } | { status: number; error: string }> {
  const body = await readBody(req).catch((error: unknown) => {
    // The connection broke while the body came in: nothing was taken, Telegram retries.
    log.debug({ err: error }, "webhook body not read");
    return undefined;
  });
  if (body === undefined) return { status: 400, error: '{"error":"body not read"}' };
  if (body === null) return { status: 413, error: '{"error":"too large"}' };
  let update: Update;
  try {
    update = JSON.parse(body.toString("utf8")) as Update;
  } catch {
    return { status: 400, error: '{"error":"not JSON"}' };
  }
  if (typeof update?.update_id !== "number")
    return { status: 400, error: '{"error":"not an update"}' };
  return { update };
}

/** Handles a taken update and answers when it is done, or after ANSWER_WITHIN_MS at the latest. */
async function handleAndAnswer(
  app: App,
  ids: UpdateIds,
  pending: Set<Promise<unknown>>,
  log: Log,
  update: Update,
  res: ServerResponse,
) {
  const work = app.bot
    .handleUpdate(update)
    .catch((error: unknown) => {
      // The error boundary has answered the user; what is left is only logged.
      log.error({ updateId: update.update_id, err: error }, "update handling failed");
    })
    .then(() => ids.markDone(update.update_id));
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
}

/**
 * Receives updates from Telegram: only requests that carry the secret are read; each update
 * is handled while the request waits (so Telegram's per-connection order holds), and the
 * answer goes out after at most ~9 s even if handling goes on in the background.
 */
export function createWebhookReceiver(app: App, secret: string): WebhookReceiver {
  const log = app.logger.child({ module: "webhook" });
  const pending = new Set<Promise<unknown>>();
  const ids = updateIdRecords(app, log);
  let closed = false;
  let opened = false;
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const read = await readUpdate(req, log);
    if (!("update" in read)) return reply(res, read.status, read.error);
    if (!(await ids.take(read.update.update_id))) {
      // Delivered again (Telegram missed our answer, or a second instance got it): once only.
      log.info({ updateId: read.update.update_id }, "duplicate update; already taken");
      return reply(res, 200, "{}");
    }
    await handleAndAnswer(app, ids, pending, log, read.update, res);
  };
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
      if (closed || !opened) {
        res.setHeader("connection", "close");
        reply(res, 503, closed ? '{"error":"shutting down"}' : '{"error":"starting"}');
        req.resume();
        return;
      }
      receive(req, res).catch((error: unknown) => {
        log.warn({ err: error }, "webhook request failed");
        reply(res, 500);
      });
    },
    open() {
      opened = true;
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
