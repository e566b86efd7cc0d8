import {
  type Conversation,
  type ConversationFlavor,
  createConversation,
} from "@grammyjs/conversations";
import { Composer } from "grammy";
import { type I18nInstance, type Locale, localeOfLinkStatus } from "../../i18n.js";
import type { Logger } from "../../logger.js";
import type { SellerApi } from "../../seller-api/client.js";
import { SellerApiError } from "../../seller-api/errors.js";
import type { BotContext, ConversationContext, LinkCache } from "../context.js";
import { apiErrorMessageKey } from "../helpers/api-errors.js";
import { formatDateTime } from "../helpers/format.js";
import { escapeHtml } from "../helpers/html.js";
import { readLinkStatus } from "../middlewares/access-gate.js";
import { mainMenuText } from "./start.js";

/**
 * What could be a link token: one word, not a command. Its validity is the API's to judge;
 * this only keeps sentences ("where do I get a token?") from going out as tokens.
 */
const TOKEN_PATTERN = /^[^\s/]\S{0,255}$/;
export const LINK_CONVERSATION = "link";
/** How long /link waits for the token. */
const LINK_WAIT_MS = 10 * 60_000;

type LinkOutcome =
  | { kind: "linked"; locale: Locale; link: LinkCache }
  | { kind: "inactive" }
  | { kind: "rejected" }
  | { kind: "malformed" }
  | { kind: "failed"; messageKey: string };

export interface LinkingDeps {
  api: SellerApi;
  timeZone: string;
  i18n: I18nInstance;
  logger: Logger;
}

function userNameOf(ctx: BotContext | ConversationContext): string {
  const from = ctx.from;
  if (!from) return "";
  return from.username ?? [from.first_name, from.last_name].filter(Boolean).join(" ");
}

/** Confirms the token and reads the status; never throws, never logs the token. */
async function confirmLink(
  deps: LinkingDeps,
  input: { token: string; chatId: number; userName: string; locale: Locale },
): Promise<LinkOutcome> {
  const token = input.token.trim();
  if (!TOKEN_PATTERN.test(token)) return { kind: "malformed" };
  try {
    const confirmed = await deps.api.confirmToken({
      token,
      chatId: input.chatId,
      userName: input.userName,
      languageCode: input.locale,
    });
    if (!confirmed.success) return { kind: "rejected" };
  } catch (error) {
    if (
      error instanceof SellerApiError &&
      (error.kind === "invalid" || error.kind === "not_found")
    ) {
      return { kind: "rejected" };
    }
    deps.logger.warn({ chatId: input.chatId, err: describe(error) }, "link confirmation failed");
    return { kind: "failed", messageKey: apiErrorMessageKey(error) };
  }
  try {
    const link = await readLinkStatus(deps.api, input.chatId);
    if (!link.active) return { kind: "inactive" };
    return { kind: "linked", locale: localeOfLinkStatus(link.languageCode), link };
  } catch (error) {
    return { kind: "failed", messageKey: apiErrorMessageKey(error) };
  }
}

function describe(error: unknown) {
  return error instanceof SellerApiError
    ? { kind: error.kind, status: error.status, operation: error.operation }
    : String(error);
}

/** The message that carried a token is removed from the chat history where possible. */
async function deleteTokenMessage(ctx: BotContext | ConversationContext) {
  if (ctx.message) await ctx.deleteMessage().catch(() => {});
}

/** Texts of an outcome, in the locale it calls for (a new link greets in the link's language). */
function outcomeText(deps: LinkingDeps, outcome: LinkOutcome, chatLocale: Locale): string {
  const t = (key: string, locale = chatLocale) => deps.i18n.t(locale, key);
  switch (outcome.kind) {
    case "linked":
      return `${t("link-success", outcome.locale)}\n\n${mainMenuText(deps.i18n, outcome.locale)}`;
    case "inactive":
      return t("link-inactive");
    case "rejected":
      return t("link-rejected");
    case "malformed":
      return t("link-malformed");
    case "failed":
      return t(outcome.messageKey);
  }
}

export function createLinkingFeature(deps: LinkingDeps) {
  const composer = new Composer<BotContext>();

  const linkWith = async (ctx: BotContext, token: string) => {
    await deleteTokenMessage(ctx);
    const chatLocale = (await ctx.i18n.getLocale()) as Locale;
    const outcome = await confirmLink(deps, {
      token,
      chatId: ctx.chat!.id,
      userName: userNameOf(ctx),
      locale: chatLocale,
    });
    if (outcome.kind === "linked") {
      ctx.session.link = outcome.link;
      ctx.session.locale = outcome.locale;
    }
    await ctx.reply(outcomeText(deps, outcome, chatLocale));
  };

  /** `/link` without a token: ask for it, wait for it; /cancel (handled outside) leaves. */
  async function linkConversation(
    conversation: Conversation<BotContext, ConversationContext>,
    ctx: ConversationContext,
  ) {
    await ctx.reply(ctx.t("link-ask-token"));
    // Anything but text (a button, a file) goes on to its own handler meanwhile; a token
    // that comes later than this is not taken for one (the text is handled as usual).
    const answer = await conversation.waitFor("message:text", {
      next: true,
      maxMilliseconds: LINK_WAIT_MS,
    });
    // A command instead of a token: leave, and let the command be handled as usual.
    if (answer.message.text.startsWith("/")) await conversation.halt({ next: true });
    const chatLocale = (await answer.i18n.getLocale()) as Locale;
    await deleteTokenMessage(answer);
    const outcome = await conversation.external(() =>
      confirmLink(deps, {
        token: answer.message.text,
        chatId: answer.chat.id,
        userName: userNameOf(answer),
        locale: chatLocale,
      }),
    );
    if (outcome.kind === "linked") {
      await conversation.external((outer) => {
        outer.session.link = outcome.link;
        outer.session.locale = outcome.locale;
      });
    }
    await answer.reply(outcomeText(deps, outcome, chatLocale));
  }

  composer.use(createConversation(linkConversation, LINK_CONVERSATION));

  composer.command("start", async (ctx, next) => {
    const payload = ctx.match.trim();
    if (payload === "") return next();
    await linkWith(ctx, payload);
  });

  composer.command("link", async (ctx) => {
    const token = ctx.match.trim();
    if (token === "") {
      // Linking replaces whatever dialogue was waiting (an import offer, say).
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(LINK_CONVERSATION);
      return;
    }
    await linkWith(ctx, token);
  });

  composer.command("status", async (ctx) => {
    let link: LinkCache;
    try {
      link = await readLinkStatus(deps.api, ctx.chat!.id);
      ctx.session.link = link;
    } catch (error) {
      await ctx.reply(ctx.t(apiErrorMessageKey(error)));
      return;
    }
    if (!link.active) {
      await ctx.reply(ctx.t("status-inactive"));
      return;
    }
    await ctx.reply(
      ctx.t("status-active", {
        language: ctx.t(`language-name-${localeOfLinkStatus(link.languageCode)}`),
        since: escapeHtml(formatDateTime(link.confirmedAt, deps.timeZone)),
      }),
    );
  });

  return composer;
}

export type { ConversationFlavor };
