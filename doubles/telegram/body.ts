// Request body decoding: JSON, urlencoded and multipart/form-data. Multipart is parsed by hand
// because grammY writes compact part headers (`content-disposition:form-data;name="x";
// filename=a.csv`, unquoted) that Node 20's built-in Request.formData() rejects.
import type { IncomingMessage } from "node:http";
import { badRequest } from "./errors.js";
import type { Params } from "./params.js";
import { guessMimeType } from "./state.js";
import type { UploadedFile } from "./types.js";

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseBody(contentType: string | undefined, body: Buffer): Params {
  const type = (contentType ?? "").toLowerCase();
  if (body.length === 0) return {};
  if (type.startsWith("application/json")) {
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw badRequest("can't parse JSON object");
    }
    return value as Params;
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return normalizeFormParams(Object.fromEntries(new URLSearchParams(body.toString("utf8"))));
  }
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
    if (!boundary) throw badRequest("can't parse multipart/form-data request");
    return normalizeFormParams(parseMultipart(body, boundary[1] ?? boundary[2]!));
  }
  return {};
}

// Form bodies carry objects, numbers and booleans as text. Decoding the well-known ones makes
// `calls[i].params` look the same whichever encoding the client chose; anything undecodable is
// left as a string for the method handler to reject with Telegram's error.
const JSON_FIELDS = new Set([
  "reply_markup",
  "entities",
  "caption_entities",
  "reply_parameters",
  "link_preview_options",
  "commands",
  "scope",
  "allowed_updates",
  "menu_button",
  "media",
]);
const INT_FIELDS = new Set([
  "chat_id",
  "message_id",
  "reply_to_message_id",
  "message_thread_id",
  "offset",
  "limit",
  "timeout",
  "cache_time",
  "max_connections",
  "user_id",
]);
const BOOL_FIELDS = new Set([
  "disable_notification",
  "protect_content",
  "show_alert",
  "drop_pending_updates",
  "allow_sending_without_reply",
  "disable_content_type_detection",
]);

function normalizeFormParams(params: Params): Params {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "string") continue;
    if (JSON_FIELDS.has(key)) {
      try {
        params[key] = JSON.parse(value);
      } catch {
        // keep the string: the handler reports the parse error
      }
    } else if (INT_FIELDS.has(key) && /^-?\d{1,16}$/.test(value)) {
      params[key] = Number(value);
    } else if (BOOL_FIELDS.has(key) && (value === "true" || value === "false")) {
      params[key] = value === "true";
    }
  }
  return params;
}

interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  content: Buffer;
}

function splitParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    let start = pos + delimiter.length;
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break; // closing "--boundary--"
    if (body[start] === 0x0d && body[start + 1] === 0x0a) start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const end = body[next - 2] === 0x0d && body[next - 1] === 0x0a ? next - 2 : next;
    const raw = body.subarray(start, end);
    const headerEnd = raw.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const headers = new Map<string, string>();
      for (const line of raw.subarray(0, headerEnd).toString("utf8").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0)
          headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1));
      }
      const disposition = headers.get("content-disposition") ?? "";
      const attr = (key: string) =>
        new RegExp(`(?:^|;)\\s*${key}=(?:"([^"]*)"|([^;]*))`, "i").exec(disposition);
      const name = attr("name");
      const fileName = attr("filename");
      if (name) {
        parts.push({
          name: (name[1] ?? name[2] ?? "").trim(),
          ...(fileName && { fileName: (fileName[1] ?? fileName[2] ?? "").trim() }),
          contentType: headers.get("content-type")?.trim(),
          content: Buffer.from(raw.subarray(headerEnd + 4)),
        });
      }
    }
    pos = next;
  }
  return parts;
}

/** Multipart fields; files end up where Telegram would use them (direct or attach://name). */
function parseMultipart(body: Buffer, boundary: string): Params {
  const params: Params = {};
  const files = new Map<string, UploadedFile>();
  for (const part of splitParts(body, boundary)) {
    if (part.fileName !== undefined) {
      files.set(part.name, {
        fileName: part.fileName,
        size: part.content.length,
        mimeType: guessMimeType(part.fileName, part.contentType),
        content: part.content,
      });
    } else {
      params[part.name] = part.content.toString("utf8");
    }
  }
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" && value.startsWith("attach://")) {
      const file = files.get(value.slice("attach://".length));
      if (file) {
        params[key] = file;
        files.delete(value.slice("attach://".length));
      }
    }
  }
  for (const [name, file] of files) params[name] = file;
  return params;
}
