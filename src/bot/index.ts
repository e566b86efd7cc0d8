import { conversations } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import { Bot, type Composer, session } from "grammy";
import type { Config } from "../config.js";
import { createI18n, type Locale, localeOfTelegramUser } from "../i18n.js";
import type { ImportWatcher } from "../import/watcher/index.js";
import type { Logger } from "../logger.js";
import type { NotificationMetrics } from "../metrics.js";
import type { SellerApi } from "../seller-api/client.js";
import { KEY_PREFIX, type Storage } from "../storage/index.js";
import { installApiTransformers } from "./api-transformers.js";
import type { BotContext, ConversationContext, SessionData } from "./context.js";
import { createErrorHandler } from "./error-boundary.js";
import { createDirectoriesFeature } from "./features/directories/index.js";
import { createFallbackFeature } from "./features/fallback.js";
import { createImportFeature } from "./features/import/index.js";
import { createJobsFeature } from "./features/jobs.js";
import { createLanguageFeature } from "./features/language.js";
import { createLinkingFeature } from "./features/linking.js";
import { createOrdersFeature } from "./features/orders/index.js";
import { createProductsFeature } from "./features/products/index.js";
import { createStartFeature } from "./features/start.js";
import { requireLink } from "./middlewares/access-gate.js";
import { chatLock } from "./middlewares/chat-lock.js";
import { privateOnly } from "./middlewares/private-only.js";
import { DEFAULT_RATE_LIMIT, type RateLimitOptions, rateLimit } from "./middlewares/rate-limit.js";
import { type UpdateObserver, updateLogger } from "./middlewares/update-logger.js";

export interface BotDeps {
  config: Config;
  logger: Logger;
  api: SellerApi;
  storage: Storage;
  i18n: BotI18n;
  watcher: ImportWatcher;
  /** Observes every handled update (metrics). */
  onUpdate?: UpdateObserver;
  /** Counts messages sent and retried by bot.api. */
  metrics?: NotificationMetrics;
  /** Per-user limit of incoming updates (default 30 per 10 s) and an observer of drops. */
  rateLimit?: Partial<Pick<RateLimitOptions, "limit" | "windowMs" | "onLimited">>;
}

/** What seller-data features get: the deps and the gate that keeps unlinked chats out. */
export interface FeatureDeps extends BotDeps {
  requireLink: ReturnType<typeof requireLink>;
}

export type SellerBot = Bot<BotContext>;

/** The bot's i18n: outside conversations the session's locale, inside them ctx.chatLocale. */
export function createBotI18n() {
  return createI18n<ConversationContext>(
    (ctx) => ctx.chatLocale ?? (ctx as Partial<BotContext>).session?.locale,
  );
}
export type BotI18n = ReturnType<typeof createBotI18n>;

/** Builds the bot for production and tests alike; nothing here reads the environment. */
export function createBot(deps: BotDeps): SellerBot {
  const { config, logger, storage, i18n } = deps;
  const bot = new Bot<BotContext>(config.botToken, {
    client: { apiRoot: config.botApiRoot },
  });
  installApiTransformers(bot.api, { metrics: deps.metrics, source: "reply" });

  const features: FeatureDeps = {
    ...deps,
    requireLink: requireLink(deps.api, config.linkStatusCacheMs),
  };
  const secrets = [
    config.botToken,
    ...(config.sellerAuth.kind === "token"
      ? [config.sellerAuth.token]
      : [config.sellerAuth.clientSecret]),
  ];
  const onError = createErrorHandler(logger, i18n, secrets);
  bot.catch(onError);

  // Each chat's updates in order: session and conversation state are read and written per update.
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString() ?? ctx.from?.id.toString()));
  const guarded: Composer<BotContext> = bot.errorBoundary(onError);
  guarded.use(updateLogger(logger, deps.onUpdate));
  guarded.use(
    rateLimit({
      ...DEFAULT_RATE_LIMIT,
      ...deps.rateLimit,
      notice: (ctx) => i18n.t(localeOfTelegramUser(ctx), "too-many-requests"),
    }),
  );
  // Several instances share Redis: a chat's updates run one at a time over all of them.
  if (storage.kind === "redis") guarded.use(chatLock(storage.kv, logger));
  guarded.use(
    privateOnly((ctx) =>
      i18n.t(localeOfTelegramUser(ctx), "private-only", { bot: ctx.me.username }),
    ),
  );
  guarded.use(
    session({
      initial: (): SessionData => ({}),
      storage: storage.adapter<SessionData>(),
      prefix: KEY_PREFIX.session,
    }),
  );
  guarded.use(i18n);
  guarded.use(
    conversations<BotContext, ConversationContext>({
      storage: {
        type: "key",
        version: 1,
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
            return next();
          },
          i18n,
        ];
      },
    }),
  );

  // Before the conversations, so /cancel always works.
  guarded.command("cancel", async (ctx) => {
    const active = Object.keys(await ctx.conversation.active()).length > 0;
    await ctx.conversation.exitAll();
    await ctx.reply(ctx.t(active ? "cancelled" : "nothing-to-cancel"));
  });

  guarded.use(createLinkingFeature({ api: deps.api, i18n, logger, timeZone: config.timeZone }));
  guarded.use(createStartFeature(i18n, deps.api, config.linkStatusCacheMs));
  guarded.use(createLanguageFeature());
  for (const feature of sellerDataFeatures(features)) guarded.use(feature);
  guarded.use(createFallbackFeature());

  return bot;
}

/** The features that show seller data; each puts `requireLink` in front of its handlers. */
function sellerDataFeatures(deps: FeatureDeps): Composer<BotContext>[] {
  return [
    createOrdersFeature(deps),
    createProductsFeature(deps),
    createDirectoriesFeature(deps),
    createImportFeature(deps),
    createJobsFeature(deps),
  ];
}
