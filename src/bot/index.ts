import { conversations, createConversation } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import { Bot, type Composer, session } from "grammy";
import { createCatalogService } from "../catalog/index.js";
import { type Locale, localeOfTelegramUser } from "../i18n.js";
import { KEY_PREFIX } from "../storage/index.js";
import { pacedFetch } from "../telegram/index.js";
import { createFormatters } from "../text/index.js";
import { installApiTransformers } from "./api-transformers.js";
import { createCatalog } from "./catalog.js";
import type { BotContext, ConversationContext, SessionData } from "./context.js";
import type { BotDeps, FeatureDeps } from "./deps.js";
import { createErrorHandler } from "./errors/boundary.js";
import {
  createGroupAlertsFeature,
  DIALOGUES,
  EARLY_FEATURES,
  FEATURES,
  subscribeOnLink,
} from "./features/index.js";
import { createLinkStatus } from "./link-status.js";
import { mainMenuRouter } from "./main-menu.js";
import { menuOf } from "./menu.js";
import { requireLink } from "./middlewares/access-gate.js";
import { chatLock } from "./middlewares/chat-lock.js";
import { createPressAnswers } from "./middlewares/press-answers.js";
import { privateOnly } from "./middlewares/private-only.js";
import { DEFAULT_RATE_LIMIT, rateLimit } from "./middlewares/rate-limit.js";
import { updateLogger } from "./middlewares/update-logger.js";
import { sessionStorage } from "./session-storage.js";

export type { BotDeps, BotI18n, FeatureDeps } from "./deps.js";
export { createBotI18n } from "./deps.js";

export type SellerBot = Bot<BotContext>;

/** The menu Telegram shows and /help lists: every feature's declared commands, by rank. */
export const BOT_MENU = menuOf([...EARLY_FEATURES, ...FEATURES]);

/** Builds the bot for production and tests alike; nothing here reads the environment. */
export function createBot(deps: BotDeps): SellerBot {
  const { config, logger, storage, i18n } = deps;
  // Paced at the HTTP level: ctx.api (also a conversation's fresh one) inherits this fetch.
  const bot = new Bot<BotContext>(config.botToken, {
    client: {
      apiRoot: config.botApiRoot,
      fetch: pacedFetch(deps.pace, "interactive", deps.telegramFetch),
    },
  });
  installApiTransformers(bot.api, { metrics: deps.metrics, source: "reply" });
  // Outermost: one answer of a press reaches Telegram, whoever gives it (see below).
  const presses = createPressAnswers({
    clock: deps.clock,
    logger,
    ...(deps.pressAnswerWithinMs !== undefined && { withinMs: deps.pressAnswerWithinMs }),
  });
  bot.api.config.use(presses.transformer);

  const onError = createErrorHandler(logger, i18n);
  bot.catch(onError);

  // Admission first: a flooding chat's updates are dropped here at once instead of holding the
  // runner's slots while they wait for their chat's turn below.
  bot.use(rateLimit({ ...DEFAULT_RATE_LIMIT, ...deps.rateLimit, logger, notice: notice(deps) }));
  // A press is answered within a second even while it waits for its chat's turn behind slow
  // work; the work itself keeps its place in the chat's order below.
  bot.use(presses.middleware);
  // Each chat's updates in order: session and conversation state are read and written per update.
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString() ?? ctx.from?.id.toString()));
  const guarded: Composer<BotContext> = bot.errorBoundary(onError);
  guarded.use(updateLogger(logger, deps.onUpdate));
  // Several instances share Redis: a chat's updates run one at a time over all of them.
  if (storage.kind === "redis") guarded.use(chatLock(storage.kv, logger));
  const features = featureDepsOf(deps);
  // Alerts may be subscribed in groups and topics: their commands and the buttons of the
  // alerts delivered there pass before the gate.
  guarded.use(createGroupAlertsFeature(features));
  guarded.use(
    privateOnly(
      (ctx) => i18n.t(localeOfTelegramUser(ctx), "private-only", { bot: ctx.me.username }),
      logger,
    ),
  );
  guarded.use(
    session({
      initial: (): SessionData => ({}),
      // Sessions stored in an earlier shape are read too (session-storage.ts).
      storage: sessionStorage(storage.adapter<unknown>()),
      prefix: KEY_PREFIX.session,
    }),
  );
  guarded.use(i18n);
  // A main menu button's label becomes its command before anything reads the text.
  guarded.use(mainMenuRouter(i18n));
  guarded.use(subscribeOnLink(deps.alerts, deps));
  guarded.use(
    conversations<BotContext, ConversationContext>({
      storage: {
        type: "key",
        // 2: the questions wait on the app's clock, so their replays changed shape. States of
        // version 1 are dropped: a question is asked again, an offer's press is out of date.
        version: 2,
        prefix: KEY_PREFIX.conversation,
        adapter: storage.adapter(),
      },
      plugins: async (conversation) => {
        const locale: Locale = await conversation.external(
          (outer) => outer.session.locale ?? localeOfTelegramUser(outer),
        );
        return [
          (ctx, next) => {
            ctx.chatLocale = locale;
            installApiTransformers(ctx.api);
            ctx.api.config.use(presses.transformer);
            return next();
          },
          i18n,
        ];
      },
    }),
  );

  for (const feature of EARLY_FEATURES) guarded.use(feature.create(features));
  // One deadline for the Seller API calls of an update, the dialogues' included.
  guarded.use((_ctx, next) => deps.seller.withDeadline(config.sellerApiDeadlineMs, next));
  // Every dialogue sees its chat's updates before the features do (rules: dialogues.ts).
  for (const dialogue of DIALOGUES) {
    if (dialogue.guard) guarded.use(dialogue.guard(features));
    const conversation = dialogue.conversation(features);
    guarded.use(createConversation(conversation, { id: dialogue.id, parallel: true }));
  }
  for (const feature of FEATURES) guarded.use(feature.create(features));
  return bot;
}

/** The "too many messages" notice in the chat's chosen language (read only when one is due). */
function notice({ storage, i18n, logger }: BotDeps) {
  const sessions = sessionStorage(storage.adapter<unknown>());
  return async (ctx: BotContext) => {
    let chosen: Locale | undefined;
    if (ctx.chat) {
      try {
        chosen = (await sessions.read(`${KEY_PREFIX.session}${ctx.chat.id}`))?.locale;
      } catch (error) {
        logger.debug({ err: error }, "session unreadable for a notice; Telegram's language used");
      }
    }
    return i18n.t(chosen ?? localeOfTelegramUser(ctx), "too-many-requests");
  };
}

/** What features get: one gate, one set of formatters, one catalog and one menu per bot. */
function featureDepsOf(bot: BotDeps): FeatureDeps {
  const links = createLinkStatus(bot.seller, bot.clock, bot.config.linkStatusCacheMs);
  return {
    ...bot,
    links,
    requireLink: requireLink(links, bot.logger),
    formats: createFormatters(bot.config.timeZone),
    catalog: createCatalog(bot.seller, bot.storage.kv),
    menu: BOT_MENU,
    catalogEdit: createCatalogService({
      seller: bot.seller,
      kv: bot.storage.kv,
      i18n: bot.i18n,
      logger: bot.logger,
      clock: bot.imports.clock,
      imports: bot.imports,
      ...(bot.money.costStore && { costs: bot.money.costStore }),
    }),
  };
}

export { installApiTransformers } from "./api-transformers.js";
export { apiErrorKindKey } from "./errors/user-messages.js";
export { alertCallbacks } from "./features/alerts/index.js";
export { registerMenu } from "./menu.js";
