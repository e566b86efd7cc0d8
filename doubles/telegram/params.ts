// Parameter coercion like the Bot API server: form bodies carry everything as strings, so
// numbers, booleans and JSON objects are accepted both typed and as text.
import { badRequest } from "./errors.js";
import { parseJsonParam } from "./markup.js";
import type { UploadedFile } from "./types.js";

export type Params = Record<string, unknown>;

export function optString(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  throw badRequest(`field "${name}" must be of type String`);
}

export function optInt(p: Params, name: string): number | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`field "${name}" must be of type Integer`);
  return n;
}

export function reqInt(p: Params, name: string, missing = `${name} is empty`): number {
  const n = optInt(p, name);
  if (n === undefined) throw badRequest(missing);
  return n;
}

/** chat_id: integers only; "@username" would address channels, which this emulator lacks. */
export function chatId(p: Params): number {
  const v = p.chat_id;
  if (v === undefined || v === null || v === "") throw badRequest("chat_id is empty");
  const n = typeof v === "number" ? v : Number(String(v).trim());
  if (!Number.isSafeInteger(n)) throw badRequest("chat not found");
  return n;
}

export function optBool(p: Params, name: string): boolean | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  if (v === true || v === "true" || v === "True" || v === 1 || v === "1") return true;
  if (v === false || v === "false" || v === "False" || v === 0 || v === "0") return false;
  throw badRequest(`field "${name}" must be of type Boolean`);
}

export function optJson(p: Params, name: string): unknown {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  return parseJsonParam(v, () => badRequest(`can't parse ${name} JSON object`));
}

export function optStringArray(p: Params, name: string): string[] | undefined {
  const v = optJson(p, name);
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) {
    throw badRequest(`field "${name}" must be an Array of Strings`);
  }
  return v;
}

export function isUpload(v: unknown): v is UploadedFile {
  return typeof v === "object" && v !== null && Buffer.isBuffer((v as UploadedFile).content);
}
