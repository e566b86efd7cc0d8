/** A chat as text: what changed since the last look (new messages, edits, deletions, toasts). */
import type { ChatMessageView } from "../doubles/telegram/index.js";

const INDENT = "     ";

interface Seen {
  edited: number;
  deleted: boolean;
  text: string;
}

function keyboardLines(view: ChatMessageView): string[] {
  const lines = (view.inlineKeyboard ?? []).map((row) => row.map((b) => `[${b.text}]`).join(" "));
  const keyboard = view.replyMarkup?.keyboard;
  if (Array.isArray(keyboard)) {
    const label = (b: unknown) =>
      typeof b === "string" ? b : String((b as { text: unknown }).text);
    lines.push(
      ...(keyboard as unknown[][]).map((row) => `⌨ ${row.map((b) => `[${label(b)}]`).join(" ")}`),
    );
  }
  return lines;
}

/** A brief message keeps this many paragraphs (blank-line separated), each cut at `maxLines`. */
const BRIEF_PARAGRAPHS = 4;

/**
 * The lines of a text, in brief when `maxLines` is finite: its first paragraphs, each cut at
 * `maxLines`, so a list shows its first items and the import's confirmation shows what was
 * found, how the file was read and the first product.
 */
const more = (n: number) => `… (${n} more ${n === 1 ? "line" : "lines"})`;

function briefText(text: string, maxLines: number): string[] {
  const lines = text.split("\n");
  if (!Number.isFinite(maxLines)) return lines;
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === "") paragraphs.push([]);
    else paragraphs.at(-1)!.push(line);
  }
  const out: string[] = [];
  paragraphs.slice(0, BRIEF_PARAGRAPHS).forEach((paragraph, i) => {
    if (i > 0) out.push("");
    out.push(...paragraph.slice(0, maxLines));
    if (paragraph.length > maxLines) out.push(more(paragraph.length - maxLines));
  });
  const rest = paragraphs.slice(BRIEF_PARAGRAPHS).reduce((n, p) => n + p.length + 1, 0);
  if (rest > 0) out.push(more(rest));
  return out;
}

/**
 * One bot message, its first line after `head`, the rest indented under it; with `maxLines`,
 * in brief (see briefText; its keyboard is always shown).
 */
export function renderBotMessage(
  view: ChatMessageView,
  head = "bot:",
  maxLines = Infinity,
): string {
  const body: string[] = [];
  if (view.photo) body.push(`🖼 ${view.photo.url ?? "photo"}`);
  if (view.document) body.push(`📎 ${view.document.fileName}`);
  if (view.text !== "") body.push(...briefText(view.text, maxLines));
  body.push(...keyboardLines(view));
  return indented(head, body);
}

function indented(head: string, body: string[]): string {
  const [first = "", ...rest] = body;
  return [`${head} ${first}`.trimEnd(), ...rest.map((line) => `${INDENT}${line}`.trimEnd())].join(
    "\n",
  );
}

/** An edit that changed only the buttons: the text is not repeated. */
function renderButtonsEdit(view: ChatMessageView): string {
  const keyboard = keyboardLines(view);
  const first = view.text.split("\n")[0]!;
  return keyboard.length === 0
    ? `bot ✎ (buttons removed from "${first}")`
    : indented(`bot ✎ (new buttons under "${first}")`, ["", ...keyboard].slice(1));
}

export class TranscriptWriter {
  private readonly seen = new Map<number, Seen>();
  private answers = 0;

  /** `maxLines`: a brief transcript (see briefText). */
  constructor(private readonly maxLines = Infinity) {}

  /** Lines for everything that changed in the chat since the last call. */
  changes(messages: ChatMessageView[], answers: { text?: string }[]): string[] {
    const out: string[] = [];
    for (const view of messages) {
      const before = this.seen.get(view.messageId);
      this.seen.set(view.messageId, {
        edited: view.edited,
        deleted: view.deleted,
        text: view.text,
      });
      if (view.deleted) {
        if (before && !before.deleted) {
          out.push(
            view.from === "bot" ? "bot: (deleted a message)" : "bot: (deleted your message)",
          );
        }
        continue;
      }
      if (view.from !== "bot") continue;
      if (!before) out.push(renderBotMessage(view, "bot:", this.maxLines));
      else if (view.edited > before.edited && view.text === before.text && !view.photo)
        out.push(renderButtonsEdit(view));
      else if (view.edited > before.edited)
        out.push(renderBotMessage(view, "bot ✎", this.maxLines));
    }
    for (const answer of answers.slice(this.answers)) {
      if (answer.text) out.push(`bot (toast): ${answer.text}`);
    }
    this.answers = answers.length;
    return out;
  }
}
