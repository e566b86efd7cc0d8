import { createRequire } from "node:module";
import { Readable } from "node:stream";
import type { ApiClientOptions } from "grammy";
import type { Pace, Priority } from "./pace.js";

/** The fetch of grammY's client option `fetch`. */
export type TelegramFetch = NonNullable<ApiClientOptions["fetch"]>;
type Fetch = TelegramFetch;
type FetchInit = { body?: unknown; [option: string]: unknown };

/** grammY's own fetch on Node (node-fetch): it takes grammY's stream bodies and abort signals. */
const nodeFetch = createRequire(import.meta.url)("node-fetch") as Fetch;

/** Methods that put a message into a chat (or change one) and count against Telegram's limits. */
export function isPacedMethod(method: string): boolean {
  return /^(send|edit|copy|forward)/.test(method) && method !== "sendChatAction";
}

/**
 * The Bot API client's fetch, paced: the option `client: { fetch }` of a Bot or an Api. Pacing
 * at the HTTP level sees exactly the requests that reach Telegram, whichever Api object makes
 * them: calls a conversation replays never get here, and each retry waits its turn again.
 * A conversation's fresh ctx.api is built from bot.api's options, so it inherits this fetch.
 */
export function pacedFetch(pace: Pace, priority: Priority, base: Fetch = nodeFetch): Fetch {
  const paced = async (url: string, init: FetchInit = {}) => {
    const method = String(url).slice(String(url).lastIndexOf("/") + 1);
    if (!isPacedMethod(method)) return base(url, init);
    const { chatId, body } = await chatOfBody(init.body);
    const sent = await pace.acquire(chatId, priority);
    try {
      return await base(url, { ...init, body });
    } finally {
      sent();
    }
  };
  return paced as unknown as Fetch;
}

/**
 * `chat_id` as the first key of a JSON body (grammY puts it first in every sending method):
 * read without parsing the whole body (a list's text and keyboard). Anchored at the start, so
 * it is the top-level key, never a nested one such as `reply_parameters.chat_id`.
 */
const LEADING_CHAT_ID = /^\{"chat_id":(-?\d+|"(?:[^"\\]|\\.)*")[,}]/;

/** The chat a request goes to: from the JSON body, or from the first fields of a multipart one. */
async function chatOfBody(body: unknown): Promise<{ chatId: string | null; body: unknown }> {
  if (typeof body === "string") {
    const leading = LEADING_CHAT_ID.exec(body)?.[1];
    if (leading !== undefined) {
      return { chatId: leading.startsWith('"') ? String(JSON.parse(leading)) : leading, body };
    }
    try {
      const chatId = (JSON.parse(body) as { chat_id?: unknown }).chat_id;
      return { chatId: chatId === undefined ? null : String(chatId), body };
    } catch {
      return { chatId: null, body };
    }
  }
  if (body instanceof Readable) return peekMultipartChat(body);
  return { chatId: null, body };
}

/** Multipart fields come before the files: read until chat_id, then hand on all of it. */
async function peekMultipartChat(stream: Readable) {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const seen: Uint8Array[] = [];
  let text = "";
  let chatId: string | null = null;
  let done = false;
  while (chatId === null && text.length < 16_384) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    text += Buffer.from(next.value).toString("utf8");
    chatId = /name="chat_id"\r\n\r\n([^\r]*)\r\n/.exec(text)?.[1] ?? null;
    if (/filename=/.test(text)) break;
  }
  async function* rest() {
    yield* seen;
    if (done) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { chatId, body: Readable.from(rest(), { objectMode: false }) };
}
