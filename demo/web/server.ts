/**
 * The web chat: a page that looks and behaves like a Telegram chat with the bot, served on
 * loopback with a small JSON API. The page follows its chat through server-sent events.
 */
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { DemoChat } from "../chat.js";
import type { DemoStack } from "../stack.js";
import { chatState, placeholderPhoto } from "./state.js";

const STATIC: Record<string, string> = {
  "/": "index.html",
  "/app.js": "app.js",
  "/style.css": "style.css",
};
const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};
const MAX_UPLOAD = 20 * 1024 * 1024;
const LANGUAGES = new Set(["ru", "kk", "en"]);
const webDir = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const SAMPLES_DIR = fileURLToPath(new URL("../samples/", import.meta.url));

export interface WebChat {
  url: string;
  stop(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, "file too large (20 MB at most)");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse((await readBody(req, 64 * 1024)).toString("utf8") || "{}");
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  throw new HttpError(400, "expected a JSON object");
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(text);
}

/** Sample files offered by the page's attach menu (demo/samples, generator excluded). */
export function sampleNames(): string[] {
  return readdirSync(SAMPLES_DIR)
    .filter((name) => /\.(csv|xlsx|json)$/.test(name))
    .sort();
}

/** Every user action answers at once; the page sees the bot's reply through its stream. */
async function act(chat: DemoChat, res: ServerResponse, action: () => Promise<unknown>) {
  await action();
  sendJson(res, 200, { ok: true, chat: chat.id });
}

/** A chat's POST action: what the user typed, pressed, sent or switched. */
async function chatAction(
  chat: DemoChat,
  verb: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  switch (verb) {
    case "send": {
      const text = String((await readJson(req)).text ?? "").trim();
      if (text === "" || text.length > 4096) throw new HttpError(400, "1 to 4096 characters");
      return act(chat, res, () => chat.send(text));
    }
    case "press": {
      const b = await readJson(req);
      return act(chat, res, () => chat.press(Number(b.message), Number(b.row), Number(b.column)));
    }
    case "upload": {
      const name = (url.searchParams.get("name") ?? "").replace(/[\\/]/g, "_").slice(0, 200);
      if (name === "") throw new HttpError(400, "the file needs a name");
      const content = await readBody(req, MAX_UPLOAD);
      if (content.length === 0) throw new HttpError(400, "the file is empty");
      return act(chat, res, () => chat.sendDocument(name, content));
    }
    case "sample": {
      const name = String((await readJson(req)).name ?? "");
      if (!sampleNames().includes(name)) throw new HttpError(404, "no such sample");
      return act(chat, res, () => chat.sendFile(`${SAMPLES_DIR}${name}`));
    }
    case "lang": {
      const code = String((await readJson(req)).code ?? "");
      if (!LANGUAGES.has(code)) throw new HttpError(400, "ru, kk or en");
      chat.setLanguage(code);
      return sendJson(res, 200, { ok: true, lang: code });
    }
    case "link":
      return act(chat, res, () => chat.link());
    default:
      throw new HttpError(404, "not found");
  }
}

/** The file of a chat's message: its document, or its photo (a placeholder when it has no bytes). */
function sendFile(stack: DemoStack, chat: DemoChat, messageId: number, res: ServerResponse): void {
  const view = chat.messages().find((m) => m.messageId === messageId && !m.deleted);
  if (view?.document) {
    const name = encodeURIComponent(view.document.fileName);
    res.writeHead(200, {
      "content-type": view.document.mimeType,
      "content-disposition": `attachment; filename*=UTF-8''${name}`,
    });
    res.end(view.document.content);
    return;
  }
  if (view?.photo) {
    const bytes = stack.telegram.fileContent(view.photo.fileId ?? "");
    if (bytes && bytes.length > 0) {
      res.writeHead(200, { "content-type": sniffImage(bytes) });
      res.end(bytes);
      return;
    }
    res.writeHead(200, { "content-type": "image/svg+xml; charset=utf-8" });
    res.end(placeholderPhoto(view.photo.url ?? ""));
    return;
  }
  throw new HttpError(404, "no file in that message");
}

export async function startWebChat(
  stack: DemoStack,
  options: { port?: number } = {},
): Promise<WebChat> {
  const chats = new Map<number, DemoChat>();
  const streams = new Set<ServerResponse>();

  const chatOf = (id: string | undefined): DemoChat => {
    const chat = chats.get(Number(id));
    if (!chat) throw new HttpError(404, "no such chat; reload the page");
    return chat;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const [, , scope, id, verb, extra] = url.pathname.split("/");
    if (scope === "session" && req.method === "POST") {
      const body = await readJson(req);
      let chat = chats.get(Number(body.chat));
      if (!chat) {
        const lang = LANGUAGES.has(String(body.lang)) ? String(body.lang) : "ru";
        chat = new DemoChat(stack, lang);
        chats.set(chat.id, chat);
      }
      return sendJson(res, 200, { chat: chat.id, lang: chat.languageCode, samples: sampleNames() });
    }
    if (scope !== "chat") throw new HttpError(404, "not found");
    const chat = chatOf(id);
    if (req.method === "GET" && verb === "events") return stream(chat, req, res);
    if (req.method === "GET" && verb === "state") return sendJson(res, 200, chatState(chat, stack));
    if (req.method === "GET" && verb === "file") return sendFile(stack, chat, Number(extra), res);
    if (req.method !== "POST") throw new HttpError(405, "method not allowed");
    return chatAction(chat, verb, req, res, url);
  };

  /** Server-sent events: the chat's whole state whenever it changes (checked every 150 ms). */
  const stream = (chat: DemoChat, req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    streams.add(res);
    let last = "";
    const push = () => {
      const state = JSON.stringify(chatState(chat, stack));
      if (state !== last) {
        last = state;
        res.write(`data: ${state}\n\n`);
      }
    };
    push();
    const timer = setInterval(push, 150);
    req.on("close", () => {
      clearInterval(timer);
      streams.delete(res);
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handle = async () => {
      const file = STATIC[url.pathname];
      if (file && req.method === "GET") {
        const type = CONTENT_TYPES[file.split(".").pop()!]!;
        res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
        return res.end(readFileSync(webDir(file)));
      }
      if (url.pathname.startsWith("/api/")) return api(req, res, url);
      throw new HttpError(404, "not found");
    };
    handle().catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) process.stderr.write(`web chat: ${String(error)}\n`);
      if (!res.headersSent) sendJson(res, status, { error: (error as Error).message });
      else res.end();
    });
  });
  const listen = (port: number) => {
    server.listen(port, "127.0.0.1");
    return once(server, "listening");
  };
  try {
    await listen(options.port ?? 0);
  } catch (error) {
    // The usual port is taken (another demo?): any free one will do.
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    await listen(0);
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of streams) res.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sniffImage(bytes: Buffer): string {
  if (bytes[0] === 0x89) return "image/png";
  if (bytes.toString("latin1", 0, 3) === "GIF") return "image/gif";
  if (bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return "image/jpeg";
}
