import type { KeyValueStore } from "../storage/index.js";
import { type ChatAlertSettings, type ChatTarget, chatKeyOf } from "./settings.js";

/** Every alert key starts here, apart from the session/cache/import prefixes. */
const P = "alerts:";
const WEEK_MS = 7 * 24 * 60 * 60_000;

/** A message waiting in the outbox (or its tombstone once sent). */
export interface OutboxMessage {
  /** Deterministic: the same event for the same chat always has the same id. */
  id: string;
  chatKey: string;
  kind:
    | "order"
    | "stock"
    | "digest"
    | "health"
    | "away"
    | "returns"
    | "loss"
    | "money"
    | "statement"
    | "statementBook";
  /** When it was queued (delivery order). */
  at: number;
  data: unknown;
  attempts: number;
  state: "pending" | "sent" | "dropped";
}

/**
 * The alerts' state in the shared store: subscribed chats, the outbox, cursors and markers.
 * Every event is queued under a deterministic id with setIfAbsent, and the id stays (as a
 * tombstone for a week) after it was sent: a round repeated after a crash, or run by a second
 * instance, finds it and queues nothing twice.
 */
export function createAlertStore(kv: KeyValueStore) {
  const chatKey = (key: string) => `${P}chat:${key}`;
  const messageKey = (id: string) => `${P}msg:${id}`;
  const outbox = `${P}outbox`;
  const subs = `${P}subs`;

  return {
    kv,
    async chats(): Promise<ChatAlertSettings[]> {
      const keys = await kv.setMembers(subs);
      const all = await Promise.all(keys.map((k) => kv.get<ChatAlertSettings>(chatKey(k))));
      return all.filter((c): c is ChatAlertSettings => c !== undefined);
    },
    chat: (target: ChatTarget | string) =>
      kv.get<ChatAlertSettings>(chatKey(typeof target === "string" ? target : chatKeyOf(target))),
    async saveChat(settings: ChatAlertSettings) {
      const key = chatKeyOf(settings);
      await kv.set(chatKey(key), settings);
      await kv.setAdd(subs, key);
    },
    async removeChat(target: ChatTarget | string) {
      const key = typeof target === "string" ? target : chatKeyOf(target);
      await kv.setRemove(subs, key);
      await kv.delete(chatKey(key));
    },
    /** Queues a message once; false when its id was queued (or sent) before. */
    async enqueue(message: Omit<OutboxMessage, "attempts" | "state">): Promise<boolean> {
      const record: OutboxMessage = { ...message, attempts: 0, state: "pending" };
      const fresh = await kv.setIfAbsent(messageKey(message.id), record, WEEK_MS);
      // Added even when not fresh: a crash between the two steps must not strand a message.
      const existing = fresh ? record : await kv.get<OutboxMessage>(messageKey(message.id));
      if (existing?.state === "pending") await kv.setAdd(outbox, message.id);
      return fresh;
    },
    async pending(): Promise<OutboxMessage[]> {
      const ids = await kv.setMembers(outbox);
      const all = await Promise.all(ids.map((id) => kv.get<OutboxMessage>(messageKey(id))));
      const stale = ids.filter((_id, i) => all[i]?.state !== "pending");
      await Promise.all(stale.map((id) => kv.setRemove(outbox, id)));
      return all.filter((m): m is OutboxMessage => m?.state === "pending");
    },
    /** A message was sent, or will never be: its tombstone keeps the id taken. */
    async finish(message: OutboxMessage, state: "sent" | "dropped") {
      await kv.set(messageKey(message.id), { ...message, state, data: null }, WEEK_MS);
      await kv.setRemove(outbox, message.id);
    },
    async retryLater(message: OutboxMessage) {
      await kv.set(messageKey(message.id), { ...message, attempts: message.attempts + 1 }, WEEK_MS);
    },
    /** Whether a message still waits (re-read after claiming it: another sender may have been first). */
    async stillPending(id: string): Promise<boolean> {
      return (await kv.get<OutboxMessage>(messageKey(id)))?.state === "pending";
    },
    /** One sender per message at a time, over all instances. */
    claimSend: (id: string, owner: string, ttlMs: number) =>
      kv.setIfAbsent(`${P}sending:${id}`, owner, ttlMs),
    releaseSend: (id: string, owner: string) => kv.deleteIfEquals(`${P}sending:${id}`, owner),
    get: <T>(name: string) => kv.get<T>(`${P}${name}`),
    set: (name: string, value: unknown, ttlMs?: number) => kv.set(`${P}${name}`, value, ttlMs),
    /** Per-product stock-alert thresholds set from product cards (one map: read every round). */
    async productThresholds(): Promise<Record<string, number>> {
      return (await kv.get<Record<string, number>>(`${P}thresholds`)) ?? {};
    },
    async setProductThreshold(productId: number, value: number | undefined) {
      const all = (await kv.get<Record<string, number>>(`${P}thresholds`)) ?? {};
      if (value === undefined) delete all[productId];
      else all[productId] = value;
      await kv.set(`${P}thresholds`, all);
    },
  };
}
export type AlertStore = ReturnType<typeof createAlertStore>;
