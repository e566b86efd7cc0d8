// reply_markup validation. Telegram rejects oversize callback data and bad URLs only at send
// time, so a bot that builds them dynamically must be caught here, not in production.
import { type ApiError, badRequest } from "./errors.js";
import type { InlineButton, ReplyMarkup } from "./types.js";

const BUTTON_ACTIONS = [
  "callback_data",
  "url",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
] as const;

const MAX_BUTTONS = 100;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Parses a JSON-string parameter (form/multipart bodies carry objects as JSON text). */
export function parseJsonParam(value: unknown, error: () => ApiError): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw error();
  }
}

export function parseReplyMarkup(raw: unknown): ReplyMarkup | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const markupError = () => badRequest("can't parse reply keyboard markup JSON object");
  const value = parseJsonParam(raw, markupError);
  if (!isRecord(value)) throw markupError();

  if ("inline_keyboard" in value) {
    return {
      kind: "inline",
      json: { inline_keyboard: parseInlineKeyboard(value.inline_keyboard) },
    };
  }
  if ("keyboard" in value) {
    const rows = value.keyboard;
    if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
      throw badRequest('field "keyboard" of the ReplyKeyboardMarkup must be an Array of Arrays');
    }
    let count = 0;
    for (const row of rows as unknown[][]) {
      for (const button of row) {
        count++;
        const text = isRecord(button) ? button.text : button;
        if (typeof text !== "string" || text === "") {
          throw badRequest('can\'t parse keyboard button: Field "text" must be of type String');
        }
      }
    }
    if (count > 300) throw badRequest("reply markup is too long");
    return { kind: "reply", json: value };
  }
  if ("remove_keyboard" in value) {
    if (value.remove_keyboard !== true) throw markupError();
    return { kind: "reply", json: value };
  }
  if ("force_reply" in value) {
    if (value.force_reply !== true) throw markupError();
    return { kind: "reply", json: value };
  }
  throw markupError();
}

function parseInlineKeyboard(rows: unknown): InlineButton[][] {
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest(
      'field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays',
    );
  }
  const total = (rows as unknown[][]).reduce((n, row) => n + row.length, 0);
  if (total > MAX_BUTTONS) throw badRequest("reply markup is too long");
  return (rows as unknown[][]).map((row) => row.map(parseInlineButton));
}

function parseInlineButton(button: unknown): InlineButton {
  const buttonError = (why: string) => badRequest(`can't parse inline keyboard button: ${why}`);
  if (!isRecord(button)) throw buttonError("InlineKeyboardButton must be an Object");
  if (typeof button.text !== "string") throw buttonError('Field "text" must be of type String');
  if (button.text.trim() === "") throw badRequest("BUTTON_TEXT_INVALID");
  const actions = BUTTON_ACTIONS.filter((field) => button[field] !== undefined);
  if (actions.length === 0) throw buttonError("Text buttons are unallowed in the inline keyboard");
  if (actions.length > 1) {
    throw buttonError(`exactly one of the optional fields must be used, got ${actions.join(", ")}`);
  }
  if (actions[0] === "callback_data") {
    const data = button.callback_data;
    if (typeof data !== "string") throw buttonError('Field "callback_data" must be of type String');
    const bytes = Buffer.byteLength(data, "utf8");
    if (bytes < 1 || bytes > 64) throw badRequest("BUTTON_DATA_INVALID");
  }
  if (actions[0] === "url" && !isValidButtonUrl(button.url)) {
    throw badRequest("BUTTON_URL_INVALID");
  }
  return { ...button, text: button.text } as InlineButton;
}

function isValidButtonUrl(url: unknown): boolean {
  if (typeof url !== "string" || /\s/.test(url)) return false;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "tg:") return true;
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** Key-order independent JSON, so "not modified" compares content rather than spelling. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
