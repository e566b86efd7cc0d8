import { Composer } from "grammy";
import type { Clock } from "../../../clock.js";
import {
  type I18nInstance,
  type Locale,
  localeOfLinkStatus,
  type Translate,
} from "../../../i18n.js";
import type { Logger } from "../../../logger.js";
import type { BotMetrics } from "../../../metrics.js";
import type { SellerApi } from "../../../seller-api/index.js";
import { SellerApiError } from "../../../seller-api/index.js";
import type { KeyValueStore } from "../../../storage/index.js";
import { escapeHtml, formatDateTime } from "../../../text/index.js";
import type { BotContext, ConversationContext, LinkCache } from "../../context.js";
import type { Dialogue, Feature, FeatureDeps } from "../../deps.js";
import { type DialogueConversation, typedAnswers } from "../../dialogues.js";
import { apiErrorMessageKey } from "../../errors/user-messages.js";
import type { LinkStatus } from "../../link-status.js";
import { mainMenuKeyboard } from "../../main-menu.js";
import { menuCommand } from "../../menu.js";
import {
  createLinkThrottle,
  DEFAULT_LINK_THROTTLE,
  type LinkAttempter,
  type LinkThrottle,
} from "./throttle.js";

const STATUS = menuCommand("status", 80);
const LINK = menuCommand("link", 90);

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
  | { kind: "rejected"; waitMs: number }
  | { kind: "throttled"; waitMs: number }
  | { kind: "malformed" }
  | { kind: "failed"; messageKey: string };

interface LinkingDeps {
  seller: SellerApi;
  /** Link status reads under the one cache rule. */
  links: LinkStatus;
  /** The time of failed attempts' waits, and of the question's wait for a token. */
  clock: Clock;
  timeZone: string;
  i18n: I18nInstance;
  logger: Logger;
  /** Failed attempts are counted here (shared by instances). */
  kv: KeyValueStore;
  metrics?: Pick<BotMetrics, "linkAttempt">;
}

function userNameOf(ctx: BotContext | ConversationContext): string {
  const from = ctx.from;
  if (!from) return "";
  return from.username ?? [from.first_name, from.last_name].filter(Boolean).join(" ");
}

/**
 * Confirms the token and reads the status; never throws, never logs the token. A chat or user
 * that failed too often is told to wait, and the Seller API is not asked meanwhile.
 */
async function confirmLink(
  deps: LinkingDeps,
  throttle: LinkThrottle,
  input: { token: string; who: LinkAttempter; userName: string; locale: Locale },
): Promise<LinkOutcome> {
  const token = input.token.trim();
  if (!TOKEN_PATTERN.test(token)) return { kind: "malformed" };
  const chatId = input.who.chatId;
  try {
    const waitMs = await throttle.waitMs(input.who);
    if (waitMs > 0) {
      deps.metrics?.linkAttempt("throttled");
      deps.logger.info({ chatId, waitMs }, "link attempt throttled");
      return { kind: "throttled", waitMs };
    }
    const confirmed = await deps.seller.confirmToken({
      token,
      chatId,
      userName: input.userName,
      languageCode: input.locale,
    });
    if (!confirmed.success) return await rejected(deps, throttle, input.who);
  } catch (error) {
    if (
      error instanceof SellerApiError &&
      (error.kind === "invalid" || error.kind === "not_found")
    ) {
      return rejected(deps, throttle, input.who).catch((countError: unknown) => {
        // The refusal still stands; only its count (and the wait it would bring) is lost.
        deps.logger.warn({ chatId, err: describe(countError) }, "refused link attempt not counted");
        return { kind: "rejected", waitMs: 0 } as const;
      });
    }
    deps.logger.warn({ chatId, err: describe(error) }, "link confirmation failed");
    return { kind: "failed", messageKey: apiErrorMessageKey(error) };
  }
  try {
    await throttle.succeeded(input.who);
    const link = await deps.links.read(chatId);
    if (!link.active) return { kind: "inactive" };
    return { kind: "linked", locale: localeOfLinkStatus(link.languageCode), link };
  } catch (error) {
    return { kind: "failed", messageKey: apiErrorMessageKey(error) };
  }
}

/** A refused token: counted (the wait it brings is told with the refusal). */
async function rejected(
  deps: LinkingDeps,
  throttle: LinkThrottle,
  who: LinkAttempter,
): Promise<LinkOutcome> {
  deps.metrics?.linkAttempt("rejected");
  const waitMs = await throttle.failed(who);
  deps.logger.info({ chatId: who.chatId, waitMs }, "link token refused");
  return { kind: "rejected", waitMs };
}

function describe(error: unknown) {
  return error instanceof SellerApiError
    ? { kind: error.kind, status: error.status, operation: error.operation }
    : String(error);
}

/** The message that carried a token is removed from the chat history where possible. */
async function deleteTokenMessage(ctx: BotContext | ConversationContext, logger: Logger) {
  if (!ctx.message) return;
  await ctx.deleteMessage().catch((error: unknown) => {
    // Too old or already gone: the token is single-use and the API judges it anyway.
    logger.debug({ chatId: ctx.chat?.id, err: (error as Error)?.message }, "token message kept");
  });
}

/** "Wait N seconds" or "N minutes", rounded up, in the chat's language. */
function waitText(deps: LinkingDeps, locale: Locale, waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return seconds < 120
    ? deps.i18n.t(locale, "link-throttled-seconds", { seconds })
    : deps.i18n.t(locale, "link-throttled-minutes", { minutes: Math.ceil(seconds / 60) });
}

/** Texts of an outcome, in the locale it calls for (a new link greets in the link's language). */
function outcomeText(deps: LinkingDeps, outcome: LinkOutcome, chatLocale: Locale): string {
  const t = (key: string, locale = chatLocale) => deps.i18n.t(locale, key);
  switch (outcome.kind) {
    case "linked":
      return `${t("link-success", outcome.locale)}\n\n${t("main-menu-welcome", outcome.locale)}`;
    case "inactive":
      return t("link-inactive");
    case "rejected":
      return outcome.waitMs > 0
        ? `${t("link-rejected")}\n\n${waitText(deps, chatLocale, outcome.waitMs)}`
        : t("link-rejected");
    case "throttled":
      return waitText(deps, chatLocale, outcome.waitMs);
    case "malformed":
      return t("link-malformed");
    case "failed":
      return t(outcome.messageKey);
  }
}

/** `/link <token>` and `/start <token>`: link at once, in the chat's language. */
async function linkWith(deps: LinkingDeps, throttle: LinkThrottle, ctx: BotContext, token: string) {
  await deleteTokenMessage(ctx, deps.logger);
  const chatLocale = (await ctx.i18n.getLocale()) as Locale;
  const outcome = await confirmLink(deps, throttle, {
    token,
    who: { chatId: ctx.chat!.id, userId: ctx.from?.id },
    userName: userNameOf(ctx),
    locale: chatLocale,
  });
  if (outcome.kind === "linked") {
    ctx.session.link = outcome.link;
    ctx.session.locale = outcome.locale;
  }
  await ctx.reply(outcomeText(deps, outcome, chatLocale), outcomeMarkup(deps, outcome));
}

/** A new link brings the main menu's buttons, in the link's language. */
function outcomeMarkup(deps: LinkingDeps, outcome: LinkOutcome) {
  if (outcome.kind !== "linked") return {};
  const t: Translate = (key, vars) => deps.i18n.t(outcome.locale, key, vars);
  return { reply_markup: mainMenuKeyboard(t) };
}

/** `/link` without a token: ask for it, wait for it (rules of a question: dialogues.ts). */
function linkConversationOf(deps: LinkingDeps, throttle: LinkThrottle) {
  return async function linkConversation(
    conversation: DialogueConversation,
    ctx: ConversationContext,
  ) {
    await ctx.reply(ctx.t("link-ask-token"));
    const answers = await typedAnswers(conversation, deps.clock, LINK_WAIT_MS);
    const answer = await answers();
    const chatLocale = (await answer.i18n.getLocale()) as Locale;
    await deleteTokenMessage(answer, deps.logger);
    const outcome = await conversation.external(() =>
      confirmLink(deps, throttle, {
        token: answer.message.text,
        who: { chatId: answer.chat.id, userId: answer.from?.id },
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
    await answer.reply(outcomeText(deps, outcome, chatLocale), outcomeMarkup(deps, outcome));
  };
}

/** `/status`: the link as the Seller API has it now. */
async function replyStatus(deps: LinkingDeps, ctx: BotContext) {
  let link: LinkCache;
  try {
    link = await deps.links.read(ctx.chat!.id);
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
}

const throttleOf = (deps: LinkingDeps) =>
  createLinkThrottle(deps.kv, DEFAULT_LINK_THROTTLE, deps.clock);

function createLinkingFeature(deps: LinkingDeps) {
  const composer = new Composer<BotContext>();
  const throttle = throttleOf(deps);
  composer.command("start", async (ctx, next) => {
    const payload = ctx.match.trim();
    if (payload === "") return next();
    await linkWith(deps, throttle, ctx, payload);
  });
  composer.command(LINK.command, async (ctx) => {
    const token = ctx.match.trim();
    if (token === "") {
      // Linking replaces whatever dialogue was waiting (an import offer, say).
      await ctx.conversation.exitAll();
      await ctx.conversation.enter(LINK_CONVERSATION);
      return;
    }
    await linkWith(deps, throttle, ctx, token);
  });
  composer.command(STATUS.command, (ctx) => replyStatus(deps, ctx));
  return composer;
}

const linkingDeps = (deps: FeatureDeps): LinkingDeps => ({
  seller: deps.seller,
  links: deps.links,
  clock: deps.clock,
  i18n: deps.i18n,
  logger: deps.logger,
  timeZone: deps.config.timeZone,
  kv: deps.storage.kv,
  metrics: deps.metrics,
});

/** The question of `/link` without a token. */
const linkDialogue: Dialogue = {
  id: LINK_CONVERSATION,
  waitsFor: "text",
  conversation: (deps) => {
    const linking = linkingDeps(deps);
    // The throttle keeps its counts in storage: this one and the feature's agree.
    return linkConversationOf(linking, throttleOf(linking));
  },
};

/** `/start <token>`, `/link`, `/status`. */
export const linkingFeature: Feature = {
  commands: [STATUS, LINK],
  dialogues: [linkDialogue],
  create: (deps) => createLinkingFeature(linkingDeps(deps)),
};
