// A port of Telegram's HTML parse mode (TDLib's parse_html), made stricter where Telegram is
// silently lenient: unknown attributes, bare "&" and relative links are errors here, because in
// production they turn into lost formatting or literal garbage the seller would see.
import type { TgEntity } from "./types.js";

export interface FormattedText {
  text: string;
  entities: TgEntity[];
}

/** Thrown with Telegram's reason text, e.g. `Unsupported start tag "x" at byte offset 3`. */
export class HtmlParseError extends Error {}

const ENTITY_TYPE: Record<string, string> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  span: "spoiler",
  "tg-spoiler": "spoiler",
  a: "text_link",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  "tg-emoji": "custom_emoji",
};

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ["href"],
  span: ["class"],
  code: ["class"],
  blockquote: ["expandable"],
  "tg-emoji": ["emoji-id"],
};

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
const ENTITY_RE = /^&(?:(lt|gt|amp|quot)|#([0-9]{1,7})|#x([0-9a-fA-F]{1,6}));/;

const isSpace = (c: string | undefined): boolean =>
  c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === "\v";

interface OpenTag {
  tag: string;
  attrs: Map<string, string | true>;
  start: number;
}

/** Decodes `&lt;`-style references; undefined when `&` does not start one we accept. */
function decodeEntity(src: string, at: number): { char: string; end: number } | undefined {
  const m = ENTITY_RE.exec(src.slice(at, at + 12));
  if (!m) return undefined;
  if (m[1]) return { char: NAMED_ENTITIES[m[1]]!, end: at + m[0].length };
  const code = m[2] !== undefined ? Number.parseInt(m[2], 10) : Number.parseInt(m[3]!, 16);
  if (code === 0 || code >= 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(code), end: at + m[0].length };
}

/** Parses Telegram HTML into plain text + entities (offsets in UTF-16 units, like the API). */
export function parseHtml(src: string): FormattedText {
  const fail = (reason: string, at?: number): never => {
    const where = at === undefined ? "" : ` at byte offset ${Buffer.byteLength(src.slice(0, at))}`;
    throw new HtmlParseError(`${reason}${where}`);
  };
  const len = src.length;
  const stack: OpenTag[] = [];
  const entities: TgEntity[] = [];
  let out = "";
  let i = 0;

  while (i < len) {
    const c = src[i]!;
    if (c === "&") {
      const decoded = decodeEntity(src, i);
      if (!decoded) fail("Character entity expected", i);
      out += decoded!.char;
      i = decoded!.end;
      continue;
    }
    if (c !== "<") {
      out += c;
      i++;
      continue;
    }
    const begin = i;

    if (src[i + 1] === "/") {
      if (stack.length === 0) fail("Unexpected end tag", begin);
      let j = i + 2;
      while (j < len && !isSpace(src[j]) && src[j] !== ">") j++;
      const endName = src.slice(i + 2, j);
      while (j < len && isSpace(src[j])) j++;
      if (src[j] !== ">") fail("Unclosed end tag", begin);
      const open = stack.pop()!;
      if (endName !== "" && endName.toLowerCase() !== open.tag) {
        const at = Buffer.byteLength(src.slice(0, begin));
        throw new HtmlParseError(
          `Unmatched end tag at byte offset ${at}, expected "</${open.tag}>", found "</${endName}>"`,
        );
      }
      closeTag(open, out.length, stack, entities);
      i = j + 1;
      continue;
    }

    // Start tag: name, then attributes until ">".
    let j = i + 1;
    while (j < len && !isSpace(src[j]) && src[j] !== ">") j++;
    if (j >= len) fail("Unclosed start tag", begin);
    const tag = src.slice(i + 1, j).toLowerCase();
    if (!(tag in ENTITY_TYPE)) fail(`Unsupported start tag "${tag}"`, begin);
    const attrs = new Map<string, string | true>();
    for (;;) {
      while (j < len && isSpace(src[j])) j++;
      if (j >= len) fail(`Unclosed start tag "${tag}"`, begin);
      if (src[j] === ">") break;
      const nameStart = j;
      while (j < len && !isSpace(src[j]) && src[j] !== "=" && src[j] !== ">") j++;
      const attr = src.slice(nameStart, j).toLowerCase();
      if (attr === "") fail(`Empty attribute name in the tag "${tag}"`, begin);
      if (!ALLOWED_ATTRIBUTES[tag]?.includes(attr)) {
        fail(`Unsupported attribute "${attr}" in the tag "${tag}"`, begin);
      }
      while (j < len && isSpace(src[j])) j++;
      if (src[j] !== "=") {
        if (tag === "blockquote" && attr === "expandable") {
          attrs.set(attr, true);
          continue;
        }
        fail(`Expected equal sign in declaration of an attribute of the tag "${tag}"`, begin);
      }
      j++;
      while (j < len && isSpace(src[j])) j++;
      if (j >= len) fail(`Unclosed start tag "${tag}"`, begin);
      const read = attributeValue(src, j, (reason, at) => fail(reason, at ?? begin), tag);
      j = read.end;
      attrs.set(attr, read.value);
    }
    checkTagAttributes(tag, attrs, (reason) => fail(reason, begin));
    stack.push({ tag, attrs, start: out.length });
    i = j + 1;
  }

  if (stack.length > 0) {
    fail(`Can't find end tag corresponding to start tag "${stack[stack.length - 1]!.tag}"`);
  }
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text: out, entities };
}

/**
 * An attribute's value starting at `j`: quoted (entities decoded) or a bare name token
 * (lowercased); `end` is just past it.
 */
function attributeValue(
  src: string,
  j: number,
  fail: (reason: string, at?: number) => never,
  tag: string,
): { value: string; end: number } {
  const len = src.length;
  let value = "";
  const quote = src[j];
  if (quote === '"' || quote === "'") {
    j++;
    while (j < len && src[j] !== quote) {
      if (src[j] === "&") {
        const decoded = decodeEntity(src, j);
        if (!decoded) fail("Character entity expected", j);
        value += decoded!.char;
        j = decoded!.end;
      } else {
        value += src[j++];
      }
    }
    if (j >= len) fail(`Unclosed start tag "${tag}"`);
    return { value, end: j + 1 };
  }
  const tokenStart = j;
  while (j < len && /[A-Za-z0-9.-]/.test(src[j]!)) j++;
  value = src.slice(tokenStart, j).toLowerCase();
  if (!isSpace(src[j]) && src[j] !== ">") fail("Unexpected end of name token", tokenStart);
  return { value, end: j };
}

function checkTagAttributes(
  tag: string,
  attrs: Map<string, string | true>,
  fail: (reason: string) => never,
): void {
  if (tag === "span" && attrs.get("class") !== "tg-spoiler") {
    fail('Tag "span" must have class "tg-spoiler"');
  }
  if (tag === "a") {
    const href = attrs.get("href");
    if (typeof href !== "string" || href === "") fail('Tag "a" must have attribute "href"');
    if (!/^(https?:\/\/[^\s/]+|tg:\/\/|mailto:)\S*$/i.test(href as string)) {
      fail(`Wrong URL "${href}" in the tag "a"`);
    }
  }
  const cls = attrs.get("class");
  if (tag === "code" && cls !== undefined && !/^language-./.test(String(cls))) {
    fail('Tag "code" may only have class "language-..."');
  }
  if (tag === "tg-emoji" && !/^[0-9]+$/.test(String(attrs.get("emoji-id") ?? ""))) {
    fail('Tag "tg-emoji" must have a numeric attribute "emoji-id"');
  }
}

function closeTag(open: OpenTag, end: number, stack: OpenTag[], entities: TgEntity[]): void {
  const length = end - open.start;
  if (open.tag === "code") {
    const cls = open.attrs.get("class");
    const parent = stack[stack.length - 1];
    // <pre><code class="language-x"> is one pre entity with a language, as in Telegram.
    if (typeof cls === "string" && parent?.tag === "pre" && parent.start === open.start) {
      parent.attrs.set("language", cls.slice("language-".length));
      return;
    }
  }
  if (length <= 0) return;
  const entity: TgEntity = { type: ENTITY_TYPE[open.tag]!, offset: open.start, length };
  if (open.tag === "a") entity.url = String(open.attrs.get("href"));
  if (open.tag === "pre" && typeof open.attrs.get("language") === "string") {
    entity.language = String(open.attrs.get("language"));
  }
  if (open.tag === "blockquote" && open.attrs.get("expandable") === true) {
    entity.type = "expandable_blockquote";
  }
  if (open.tag === "tg-emoji") entity.custom_emoji_id = String(open.attrs.get("emoji-id"));
  entities.push(entity);
}

/** Telegram strips leading/trailing whitespace from texts and captions; entities follow along. */
export function trimFormatted({ text, entities }: FormattedText): FormattedText {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const shifted: TgEntity[] = [];
  for (const e of entities) {
    const start = Math.max(0, e.offset - lead);
    const end = Math.min(trimmed.length, e.offset + e.length - lead);
    if (end > start) shifted.push({ ...e, offset: start, length: end - start });
  }
  return { text: trimmed, entities: shifted };
}

/** Lenient HTML-to-plain conversion for display of texts that already passed validation. */
export function htmlToPlainText(html: string): string {
  try {
    return parseHtml(html).text;
  } catch {
    return html.replace(/<[^>]*>/g, "");
  }
}
