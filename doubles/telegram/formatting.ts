// Text/caption validation shared by send and edit methods: parse_mode handling, Telegram's
// whitespace trimming and length limits (counted in UTF-16 units after entity parsing).
import { badRequest } from "./errors.js";
import { type FormattedText, HtmlParseError, parseHtml, trimFormatted } from "./html.js";
import { parseJsonParam } from "./markup.js";
import type { TgEntity } from "./types.js";

export const MAX_TEXT_LENGTH = 4096;
export const MAX_CAPTION_LENGTH = 1024;

export interface FormattedInput extends FormattedText {
  raw: string;
  parseMode?: string;
}

export function formatInput(
  raw: string,
  parseMode: string | undefined,
  entitiesParam: unknown,
  kind: "text" | "caption",
): FormattedInput {
  // Telegram takes UTF-8 only: text cut in the middle of a surrogate pair cannot be encoded.
  if (/\p{Surrogate}/u.test(raw)) throw badRequest("strings must be encoded in UTF-8");
  const mode = (parseMode ?? "").toLowerCase();
  let parsed: FormattedText;
  if (mode === "html") {
    try {
      parsed = parseHtml(raw);
    } catch (error) {
      if (error instanceof HtmlParseError)
        throw badRequest(`can't parse entities: ${error.message}`);
      throw error;
    }
  } else if (mode !== "") {
    throw badRequest("unsupported parse_mode");
  } else {
    parsed = { text: raw, entities: explicitEntities(entitiesParam, raw.length) };
  }
  const result = trimFormatted(parsed);
  if (kind === "text" && result.text === "") throw badRequest("message text is empty");
  if (kind === "text" && result.text.length > MAX_TEXT_LENGTH) {
    throw badRequest("message is too long");
  }
  if (kind === "caption" && result.text.length > MAX_CAPTION_LENGTH) {
    throw badRequest("message caption is too long");
  }
  return { ...result, raw, ...(parseMode ? { parseMode } : {}) };
}

/** `entities`/`caption_entities` given explicitly instead of a parse_mode. */
function explicitEntities(value: unknown, textLength: number): TgEntity[] {
  if (value === undefined || value === null || value === "") return [];
  const list = parseJsonParam(value, () => badRequest("can't parse entities JSON object"));
  if (!Array.isArray(list)) throw badRequest("entities must be an Array");
  return list.map((e: unknown) => {
    const entity = e as TgEntity;
    if (
      typeof entity?.type !== "string" ||
      !Number.isInteger(entity.offset) ||
      !Number.isInteger(entity.length) ||
      entity.offset < 0 ||
      entity.length <= 0 ||
      entity.offset + entity.length > textLength
    ) {
      throw badRequest("can't parse entities: entity is out of the text or malformed");
    }
    return { ...entity };
  });
}
