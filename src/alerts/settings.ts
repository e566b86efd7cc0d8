import type { Locale } from "../i18n.js";

/** Where alerts go: a private chat, a group, or one topic of a forum group. */
export interface ChatTarget {
  chatId: number;
  /** Forum topic (`message_thread_id`); absent for the whole chat. */
  threadId?: number;
}

export const ALERT_KINDS = ["orders", "stock", "digest", "health", "money", "statement"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Whether a chat gets a kind; a kind added after the chat subscribed is on. */
export const kindEnabled = (chat: Pick<ChatAlertSettings, "enabled">, kind: AlertKind) =>
  chat.enabled[kind] !== false;

export type QuietMode = "silent" | "hold";

/** One subscribed chat's choices (/settings). Times are minutes since local midnight. */
export interface ChatAlertSettings extends ChatTarget {
  locale: Locale;
  kind: "private" | "group";
  /** The linked seller who subscribed a group (their link decides whether it stays). */
  subscribedBy?: number;
  /** Settings saved before a kind existed lack it: read through `kindEnabled`. */
  enabled: Partial<Record<AlertKind, boolean>>;
  /** Default stock-alert threshold (units); a product's own threshold wins. */
  threshold: number;
  digestAt: number;
  /** Quiet hours [from, to) in local time; from === to: none. */
  quietFrom: number;
  quietTo: number;
  quietMode: QuietMode;
  subscribedAt: number;
}

export interface AlertDefaults {
  threshold: number;
  digestAt: number;
  quietFrom: number;
  quietTo: number;
}

export function chatKeyOf(target: ChatTarget): string {
  return `${target.chatId}:${target.threadId ?? 0}`;
}

export function newChatSettings(
  target: ChatTarget,
  fields: Pick<ChatAlertSettings, "locale" | "kind" | "subscribedBy">,
  defaults: AlertDefaults,
  now: number,
): ChatAlertSettings {
  return {
    chatId: target.chatId,
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
    ...fields,
    enabled: {
      orders: true,
      stock: true,
      digest: true,
      health: true,
      money: true,
      statement: true,
    },
    threshold: defaults.threshold,
    digestAt: defaults.digestAt,
    quietFrom: defaults.quietFrom,
    quietTo: defaults.quietTo,
    quietMode: "silent",
    subscribedAt: now,
  };
}
