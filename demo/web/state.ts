/** What the web page shows of a chat, as JSON: messages, keyboards, toasts, the command menu. */
import type { ChatMessageView } from "../../doubles/telegram/index.js";
import type { DemoChat } from "../chat.js";
import type { DemoStack } from "../stack.js";

export interface PageButton {
  text: string;
  /** Only callback buttons reach the bot; url buttons open the link. */
  url?: string;
}

export interface PageMessage {
  id: number;
  from: "bot" | "user";
  text: string;
  entities: ChatMessageView["entities"];
  date: number;
  edited: boolean;
  buttons: PageButton[][];
  /** The message this one replies to, as Telegram quotes it. */
  replyTo?: { id: number; from: "bot" | "user"; text: string };
  photo?: { src: string };
  document?: { name: string; size: number; href: string };
}

export interface PageState {
  chat: number;
  lang: string;
  messages: PageMessage[];
  /** The reply keyboard in force (the newest message that set or removed one decides). */
  keyboard: string[][] | null;
  toasts: { id: number; text: string; alert: boolean }[];
  commands: { command: string; description: string }[];
  busy: boolean;
  /** The bot's time zone (TIME_ZONE): message times are shown in it, as its texts' times are. */
  timeZone: string;
}

function keyboardOf(views: ChatMessageView[]): string[][] | null {
  for (const view of [...views].reverse()) {
    const markup = view.replyMarkup;
    if (!markup || view.deleted) continue;
    if (markup.remove_keyboard) return null;
    if (Array.isArray(markup.keyboard)) {
      return (markup.keyboard as unknown[][]).map((row) =>
        row.map((b) => (typeof b === "string" ? b : String((b as { text: unknown }).text))),
      );
    }
  }
  return null;
}

function quoteOf(views: ChatMessageView[], id: number | undefined): PageMessage["replyTo"] {
  const quoted = views.find((v) => v.messageId === id && !v.deleted);
  if (!quoted) return undefined;
  const text = quoted.text || quoted.document?.fileName || (quoted.photo ? "🖼" : "");
  return { id: quoted.messageId, from: quoted.from, text: text.split("\n")[0]!.slice(0, 80) };
}

export function chatState(chat: DemoChat, stack: DemoStack): PageState {
  const views = chat.messages();
  const base = `/api/chat/${chat.id}/file/`;
  return {
    chat: chat.id,
    lang: chat.languageCode,
    messages: views
      .filter((v) => !v.deleted)
      .map((v) => ({
        id: v.messageId,
        from: v.from,
        text: v.text,
        entities: v.entities,
        date: v.date,
        edited: v.edited > 0,
        buttons: (v.inlineKeyboard ?? []).map((row) =>
          row.map((b) => ({ text: b.text, ...(b.url !== undefined && { url: b.url }) })),
        ),
        ...(quoteOf(views, v.replyToMessageId) && { replyTo: quoteOf(views, v.replyToMessageId) }),
        ...(v.photo && { photo: { src: `${base}${v.messageId}` } }),
        ...(v.document && {
          document: {
            name: v.document.fileName,
            size: v.document.content.length,
            href: `${base}${v.messageId}`,
          },
        }),
      })),
    keyboard: keyboardOf(views),
    toasts: chat.user
      .callbackAnswers()
      .flatMap((a, i) => (a.text ? [{ id: i, text: a.text, alert: a.showAlert === true }] : [])),
    commands: chat.commands(),
    busy: !stack.activity.idle,
    timeZone: stack.app.config.timeZone,
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A product photo lives on the marketplace's CDN, which the demo never contacts: the page
 * shows a drawn stand-in naming the photo instead.
 */
export function placeholderPhoto(url: string): string {
  const name = url.replace(/^https?:\/\//, "").slice(-48);
  let hash = 0;
  for (const ch of url) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,52%)"/>
</linearGradient></defs>
<rect width="480" height="360" fill="url(#g)"/>
<g fill="none" stroke="#fff" stroke-width="10" stroke-linejoin="round" opacity=".85">
<rect x="150" y="105" width="180" height="130" rx="18"/><circle cx="240" cy="170" r="38"/>
<path d="M195 105l15-22h60l15 22"/></g>
<text x="240" y="300" font-family="sans-serif" font-size="15" fill="#fff" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
}
