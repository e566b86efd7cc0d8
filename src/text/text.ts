import type { Locale } from "../i18n.js";
import type { LocalizedText } from "../seller-api/index.js";

/** One line of API text, whitespace collapsed and cut to `max` characters with "…". */
export function shorten(text: string | null | undefined, max: number): string {
  const flat = String(text ?? "")
    .replace(/\s+/g, " ")
    .trim();
  // No longer in UTF-16 units than `max`, so no longer in code points either (most names).
  if (flat.length <= max) return flat;
  const chars = Array.from(flat); // code points: never split a surrogate pair
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, Math.max(0, max - 1))
        .join("")
        .trimEnd()}…`;
}

/** A multi-language value in the chat's language, falling back to the other. */
export function localized(value: LocalizedText, locale: Locale): string {
  const rus = value?.rus?.trim() ?? "";
  const kaz = value?.kaz?.trim() ?? "";
  return locale === "kk" ? kaz || rus : rus || kaz;
}

/** Length Telegram counts for an HTML text: tags removed, entities as one character. */
export function visibleLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi, "x")
    .trim().length;
}

/**
 * `head` followed by as many `blocks` as fit in `limit` visible characters; when some are left
 * out, `more(n)` says how many. Keeps every page within Telegram's limits however long the data.
 */
export function fitBlocks(
  head: string,
  blocks: string[],
  limit: number,
  more: (left: number) => string,
  separator = "\n\n",
): string {
  return fitBlocksCounted(head, blocks, limit, more, separator).text;
}

/** As fitBlocks, also telling how many blocks were left out. */
export function fitBlocksCounted(
  head: string,
  blocks: string[],
  limit: number,
  more: (left: number) => string,
  separator = "\n\n",
): { text: string; omitted: number } {
  let text = head;
  for (const [i, block] of blocks.entries()) {
    const next = text === "" ? block : `${text}${separator}${block}`;
    const left = blocks.length - i - 1;
    const tail = left > 0 ? `${separator}${more(left)}` : "";
    if (visibleLength(next + tail) > limit) {
      const omitted = blocks.length - i;
      return { text: `${text}${separator}${more(omitted)}`, omitted };
    }
    text = next;
  }
  return { text, omitted: 0 };
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/**
 * A description with HTML markup (spec 2.1) reduced to plain text: paragraphs and line breaks
 * kept, list items bulleted, every other tag dropped, entities decoded. Escape before sending.
 */
export function htmlToText(html: string | null | undefined): string {
  return String(html ?? "")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n• ")
    .replace(/<\/(p|div|li|ul|ol|h[1-6]|tr|table|blockquote)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return NAMED[name.toLowerCase()] ?? whole;
    })
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text cut to `max` characters (lines kept) with a marker saying it was shortened. */
export function shortenText(text: string, max: number, marker: string): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max)).join("").trimEnd()}… ${marker}`;
}
