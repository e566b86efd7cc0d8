import { createHash } from "node:crypto";
import { type Api, GrammyError, HttpError, InputFile } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { type I18nInstance, type Translate, translator } from "../i18n.js";
import { inWindow, localized, localTime, shorten } from "../text/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { type DigestData, renderDigest } from "./digest.js";
import type { MoneyAlert } from "./money.js";
import {
  type LossAlert,
  lossGroupText,
  lossText,
  moneyText,
  returnsGroupText,
  returnsText,
  statementText,
} from "./money-texts.js";
import type { OrderAlert } from "./orders.js";
import { type ChatAlertSettings, chatKeyOf } from "./settings.js";
import { type StatementBookData, type StatementData, statementFileIdKey } from "./statement.js";
import type { StockAlert } from "./stock.js";
import type { OutboxMessage } from "./store.js";
import {
  awayText,
  healthText,
  ordersGroupText,
  orderText,
  stockGroupText,
  stockText,
} from "./texts.js";

/** Callback data of the alerts' buttons; the bot layer owns the codecs and their handlers. */
export interface AlertCallbacks {
  order(orderId: number, orderNumber: string): string;
  orders(): string;
  product(productId: number): string;
  /** The catalog export of the products a stock alert named (kept under `key`). */
  stockExport(key: string): string;
}

/** How long a stock alert's export button finds its products. */
const STOCK_EXPORT_MS = 8 * 24 * 60 * 60_000;
/** Cards a grouped stock alert has buttons for (the lowest first, as the text lists them). */
const STOCK_CARDS_SHOWN = 5;

/** The store's name of the products a stock alert's export button exports. */
export const stockExportName = (key: string) => `stock:export:${key}`;

/**
 * Keeps the products of a stock alert for its export button: a short key (the button's data
 * is at most 64 bytes), the same for the same products, so a second alert of them reuses it.
 */
async function keepStockExport(ctx: AlertContext, productIds: number[]): Promise<string> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  const key = createHash("sha256").update(ids.join(",")).digest("base64url").slice(0, 16);
  await ctx.store.set(stockExportName(key), ids, STOCK_EXPORT_MS);
  return key;
}

export interface DeliveryDeps {
  telegram: Api;
  i18n: I18nInstance;
  callbacks: AlertCallbacks;
  /** Whether the seller behind a chat is still linked, asked of the Seller API. */
  isLinked(userId: number): Promise<boolean>;
  instanceId: string;
}

/** A send failure that no retry can cure. */
const GONE =
  /chat not found|bot was blocked|user is deactivated|kicked|not a member|thread not found|topic_closed|TOPIC_DELETED|have no rights|CHAT_WRITE_FORBIDDEN|bot can't initiate/i;
const MAX_ATTEMPTS = 20;
const SEND_CLAIM_MS = 2 * 60_000;
/** A month's workbook is sent by its file id for as long as its statements may go out. */
const STATEMENT_FILE_ID_MS = 8 * 24 * 60 * 60_000;

type Unit = { messages: OutboxMessage[]; kind: string };

/** Orders (and stock alerts) of one chat: one message each, or one grouped message when many. */
function unitsOf(messages: OutboxMessage[], groupAbove: number): Unit[] {
  const sorted = [...messages].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const grouped = (kind: "order" | "stock" | "returns" | "loss", many: string) => {
    const of = sorted.filter((m) => m.kind === kind);
    return of.length > groupAbove
      ? [{ messages: of, kind: many }]
      : of.map((m) => ({ messages: [m], kind }));
  };
  const others = [
    ...sorted
      .filter((m) => !["order", "stock", "returns", "loss"].includes(m.kind))
      .map((m) => ({ messages: [m], kind: m.kind })),
    ...grouped("stock", "stocks"),
    ...grouped("returns", "returnsMany"),
    ...grouped("loss", "lossMany"),
  ];
  const orderUnits = grouped("order", "orders");
  // "The bot was away" goes before the orders it speaks of.
  return [
    ...others.filter((u) => u.kind === "away"),
    ...orderUnits,
    ...others.filter((u) => u.kind !== "away"),
  ];
}

export type DeliveryOutcome = "sent" | "gone" | "later" | "stop" | "dropped";

/**
 * One delivery round: every pending outbox message goes to its chat through the shared pace,
 * each once over all instances (a send claim per message, a tombstone after). A chat that
 * blocked the bot or is gone is unsubscribed; the other chats still get theirs.
 */
export async function runDeliveryRound(ctx: AlertContext, deps: DeliveryDeps, round: AlertRound) {
  const pending = await ctx.store.pending();
  // One link check per seller per round, however many of their chats have alerts waiting.
  const linked = new Map<number, Promise<boolean>>();
  const isLinked = (userId: number) => {
    const known = linked.get(userId) ?? deps.isLinked(userId);
    linked.set(userId, known);
    return known;
  };
  const byChat = new Map<string, OutboxMessage[]>();
  for (const m of pending) byChat.set(m.chatKey, [...(byChat.get(m.chatKey) ?? []), m]);
  for (const [chatKey, messages] of byChat) {
    if (round.signal.aborted) break;
    const outcome = await deliverChat(ctx, { ...deps, isLinked }, chatKey, messages, round.now());
    if (outcome === "stop") break;
  }
  return { nextAt: round.now() + 1000 };
}

async function dropChat(
  ctx: AlertContext,
  chatKey: string,
  messages: OutboxMessage[],
  why: string,
) {
  await ctx.store.removeChat(chatKey);
  for (const m of messages) await ctx.store.finish(m, "dropped");
  ctx.metrics.alertChatDropped(why);
  ctx.logger.info({ chat: chatKey, reason: why }, "alerts: chat unsubscribed");
}

async function deliverChat(
  ctx: AlertContext,
  deps: DeliveryDeps,
  chatKey: string,
  messages: OutboxMessage[],
  now: number,
): Promise<DeliveryOutcome> {
  const chat = await ctx.store.chat(chatKey);
  if (!chat) {
    for (const m of messages) await ctx.store.finish(m, "dropped");
    return "dropped";
  }
  const local = localTime(now, ctx.settings.timeZone).minutes;
  const quiet = inWindow(local, chat.quietFrom, chat.quietTo);
  if (quiet && chat.quietMode === "hold") {
    for (const m of messages.filter((m) => m.attempts === 0)) {
      ctx.metrics.alertSuppressed("quiet");
      await ctx.store.retryLater(m);
    }
    return "later";
  }
  // Asked only when something is about to go out: held alerts cost the Seller API nothing.
  const owner = chat.kind === "private" ? chat.chatId : chat.subscribedBy;
  if (owner === undefined || !(await deps.isLinked(owner))) {
    await dropChat(ctx, chatKey, messages, "unlinked");
    return "gone";
  }
  for (const unit of unitsOf(messages, ctx.settings.groupAbove)) {
    const outcome = await deliverUnit(ctx, deps, chat, unit, quiet);
    if (outcome === "gone") {
      await dropChat(ctx, chatKey, messages, "blocked or deleted");
      return "gone";
    }
    if (outcome === "stop") return "stop";
  }
  return "sent";
}

async function deliverUnit(
  ctx: AlertContext,
  deps: DeliveryDeps,
  chat: ChatAlertSettings,
  unit: Unit,
  quiet: boolean,
): Promise<DeliveryOutcome> {
  const claimed: OutboxMessage[] = [];
  for (const m of unit.messages) {
    const mine = await ctx.store.claimSend(m.id, deps.instanceId, SEND_CLAIM_MS);
    // Claimed after another sender finished it: the pending list this round read is stale.
    if (mine && (await ctx.store.stillPending(m.id))) claimed.push(m);
    else {
      if (mine) await ctx.store.releaseSend(m.id, deps.instanceId);
      ctx.metrics.alertSuppressed("duplicate");
    }
  }
  if (claimed.length === 0) return "later";
  try {
    await send(ctx, deps, chat, { ...unit, messages: claimed }, quiet);
    for (const m of claimed) await ctx.store.finish(m, "sent");
    ctx.metrics.alertSent(unit.kind);
    if (quiet) ctx.metrics.alertSuppressed("quiet");
    return "sent";
  } catch (error) {
    return await failed(ctx, chat, claimed, error);
  } finally {
    for (const m of claimed) await ctx.store.releaseSend(m.id, deps.instanceId);
  }
}

async function failed(
  ctx: AlertContext,
  chat: ChatAlertSettings,
  messages: OutboxMessage[],
  error: unknown,
): Promise<DeliveryOutcome> {
  const log = ctx.logger.child({ chat: chatKeyOf(chat) });
  if (error instanceof GrammyError) {
    if (error.error_code === 403 || GONE.test(error.description)) return "gone";
    if (error.error_code === 429) return "stop";
    if (error.error_code === 400) {
      log.warn(
        { err: error.description, ids: messages.map((m) => m.id) },
        "alert refused; dropped",
      );
      for (const m of messages) await ctx.store.finish(m, "dropped");
      return "dropped";
    }
  } else if (!(error instanceof HttpError)) {
    throw error;
  }
  for (const m of messages) {
    if (m.attempts + 1 >= MAX_ATTEMPTS) {
      log.warn({ id: m.id }, "alert failed too often; dropped");
      await ctx.store.finish(m, "dropped");
    } else await ctx.store.retryLater(m);
  }
  return "later";
}

const keyboard = (text: string, data: string): InlineKeyboardMarkup => ({
  inline_keyboard: [[{ text, callback_data: data }]],
});

/**
 * A stock alert's buttons: the cards of its products (a few), then, in a private chat, their
 * export to Excel (a file in a group would go to every member).
 */
async function stockKeyboard(
  ctx: AlertContext,
  deps: DeliveryDeps,
  t: Translate,
  alerts: StockAlert[],
  chat: ChatAlertSettings,
): Promise<InlineKeyboardMarkup> {
  const locale = chat.locale;
  const shown = [...alerts].sort((a, b) => a.stock - b.stock).slice(0, STOCK_CARDS_SHOWN);
  const cards = shown.map((a) => [
    {
      text:
        alerts.length === 1
          ? t("alert-product-button")
          : t("alert-stock-card-button", { name: shorten(localized(a.name, locale), 40) }),
      callback_data: deps.callbacks.product(a.productId),
    },
  ]);
  if (chat.kind !== "private") return { inline_keyboard: cards };
  const exportKey = await keepStockExport(
    ctx,
    alerts.map((a) => a.productId),
  );
  const exportRow = [
    {
      text: t("alert-stock-export-button", { count: alerts.length }),
      callback_data: deps.callbacks.stockExport(exportKey),
    },
  ];
  return { inline_keyboard: [...cards, exportRow] };
}

async function send(
  ctx: AlertContext,
  deps: DeliveryDeps,
  chat: ChatAlertSettings,
  unit: Unit,
  quiet: boolean,
) {
  const t = translator(deps.i18n, chat.locale);
  const tz = ctx.settings.timeZone;
  const base = {
    ...(chat.threadId !== undefined ? { message_thread_id: chat.threadId } : {}),
    ...(quiet ? { disable_notification: true } : {}),
    link_preview_options: { is_disabled: true },
  };
  const first = unit.messages[0]!;
  const text = (body: string, markup?: InlineKeyboardMarkup) =>
    deps.telegram.sendMessage(chat.chatId, body, {
      ...base,
      ...(markup ? { reply_markup: markup } : {}),
    });
  switch (unit.kind) {
    case "orders": {
      const orders = unit.messages.map((m) => m.data as OrderAlert);
      return text(
        ordersGroupText(t, orders, chat.locale),
        keyboard(t("alert-orders-button"), deps.callbacks.orders()),
      );
    }
    case "order": {
      const o = first.data as OrderAlert;
      return text(
        orderText(t, o, chat.locale, tz),
        keyboard(t("alert-order-button"), deps.callbacks.order(o.orderId, o.number)),
      );
    }
    case "stocks": {
      const alerts = unit.messages.map((m) => m.data as StockAlert);
      const markup = await stockKeyboard(ctx, deps, t, alerts, chat);
      return text(stockGroupText(t, alerts, chat.locale), markup);
    }
    case "stock": {
      const s = first.data as StockAlert;
      const markup = await stockKeyboard(ctx, deps, t, [s], chat);
      return text(stockText(t, s, chat.locale), markup);
    }
    case "away":
      return text(awayText(t, first.data as Parameters<typeof awayText>[1], chat.locale, tz));
    case "health":
      return text(healthText(t, first.data as Parameters<typeof healthText>[1], tz));
    case "returns":
      return text(
        returnsText(t, first.data as Extract<MoneyAlert, { type: "returns" }>, chat.locale),
      );
    case "returnsMany": {
      const alerts = unit.messages.map((m) => m.data as Extract<MoneyAlert, { type: "returns" }>);
      return text(returnsGroupText(t, alerts, chat.locale));
    }
    case "loss":
      return text(lossText(t, first.data as LossAlert, chat.locale));
    case "lossMany":
      return text(
        lossGroupText(
          t,
          unit.messages.map((m) => m.data as LossAlert),
          chat.locale,
        ),
      );
    case "money": {
      const alert = first.data as Exclude<MoneyAlert, { type: "returns" | "loss" }>;
      return text(moneyText(t, alert, chat.locale, tz, first.at));
    }
    case "statement":
      return text(statementText(t, first.data as StatementData, chat.locale));
    case "statementBook":
      return sendStatementBook(ctx, deps, chat, first.data as StatementBookData, base);
    case "digest": {
      const digest = await renderDigest(t, first.data as DigestData, chat.locale);
      const { link_preview_options: _, ...photoBase } = base;
      return deps.telegram.sendPhoto(chat.chatId, new InputFile(digest.png, "digest.png"), {
        ...photoBase,
        caption: digest.caption,
      });
    }
  }
}

/**
 * The month's workbook: by its Telegram file id once a chat got it, else uploaded from the
 * store (and its file id kept for the next chats). A file no longer kept is not sent.
 */
async function sendStatementBook(
  ctx: AlertContext,
  deps: DeliveryDeps,
  chat: ChatAlertSettings,
  book: StatementBookData,
  base: { message_thread_id?: number; disable_notification?: boolean },
) {
  const { message_thread_id, disable_notification } = base;
  const options = {
    caption: book.caption,
    ...(message_thread_id !== undefined ? { message_thread_id } : {}),
    ...(disable_notification ? { disable_notification } : {}),
  };
  const idKey = statementFileIdKey(book.key);
  const fileId = await ctx.store.get<string>(idKey);
  if (fileId) return deps.telegram.sendDocument(chat.chatId, fileId, options);
  const stored = await ctx.store.get<string>(book.key);
  if (stored === undefined) {
    ctx.logger.warn({ chat: chatKeyOf(chat), key: book.key }, "statement workbook gone; not sent");
    return;
  }
  const file = new InputFile(Buffer.from(stored, "base64"), book.fileName);
  const sent = await deps.telegram.sendDocument(chat.chatId, file, options);
  if (sent.document) await ctx.store.set(idKey, sent.document.file_id, STATEMENT_FILE_ID_MS);
  return sent;
}
