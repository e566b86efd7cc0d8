import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import type { Alerts } from "../../../alerts/index.js";
import type { Locale } from "../../../i18n.js";
import { formatNumber } from "../../../text/index.js";
import { languageMenuButton, thresholdMenuButton } from "../../buttons/codecs.js";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { Feature, FeatureDeps } from "../../deps.js";
import { menuCommand } from "../../menu.js";
import { editScreen, sendScreen } from "../../screens/screen.js";
import { sendProductCard } from "../products/index.js";
import { alertOrderText, newestOrdersScreen } from "./answers.js";
import {
  alertOrderButton,
  alertOrdersButton,
  alertProductButton,
  settingsButton,
  thresholdSetButton,
} from "./buttons.js";
import { alertChats } from "./chats.js";
import { THRESHOLDS } from "./screen.js";

const SETTINGS = menuCommand("settings", 45);

export { alertCallbacks } from "./buttons.js";
export { createGroupAlertsFeature } from "./group.js";

const localeOf = async (ctx: BotContext) => (await ctx.i18n.getLocale()) as Locale;

/**
 * Private chats are subscribed when they are linked (alerts on, defaults from the settings):
 * the seller who links is the one the alerts are for. Wraps the rest of the update.
 */
export function subscribeOnLink(
  alerts: Alerts,
  deps: Pick<FeatureDeps, "config">,
): MiddlewareFn<BotContext> {
  const chats = alertChats(alerts, deps.config);
  return async (ctx, next) => {
    const before = ctx.session.link?.active === true;
    await next();
    if (before || ctx.chat?.type !== "private" || ctx.session.link?.active !== true) return;
    const locale = ctx.session.locale ?? "ru";
    await chats.subscribe({ chatId: ctx.chat.id }, { locale, kind: "private" });
  };
}

type AlertsFeatureDeps = FeatureDeps;

/** /settings, /subscribe, /unsubscribe in private chats; the buttons of alerts and cards. */
function createAlertsFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  composer.use(settingsFeature(deps));
  composer.use(alertButtonsFeature(deps));
  return composer;
}

/** /settings and its buttons, /subscribe and /unsubscribe. */
function settingsFeature(deps: AlertsFeatureDeps) {
  const composer = new Composer<BotContext>();
  const chats = alertChats(deps.alerts, deps.config);

  // A private chat's settings end with its language (the picker is the language feature's).
  const screenOf = async (ctx: BotContext) => {
    const screen = await chats.screen(
      ctx.t,
      { chatId: ctx.chat!.id },
      await localeOf(ctx),
      "private",
    );
    const keyboard = (screen.keyboard ?? new InlineKeyboard())
      .row()
      .text(ctx.t("settings-language-button"), languageMenuButton.encode({}));
    return { ...screen, keyboard };
  };

  composer.command(SETTINGS.command, deps.requireLink, async (ctx) =>
    sendScreen(ctx, await screenOf(ctx)),
  );
  composer.command("subscribe", deps.requireLink, async (ctx) => {
    const { fresh } = await chats.subscribe(
      { chatId: ctx.chat.id },
      { locale: await localeOf(ctx), kind: "private" },
    );
    await ctx.reply(ctx.t(fresh ? "alerts-subscribed" : "alerts-already"));
  });
  composer.command("unsubscribe", deps.requireLink, async (ctx) => {
    await chats.unsubscribe({ chatId: ctx.chat.id });
    await ctx.reply(ctx.t("alerts-unsubscribed"));
  });

  onButton(composer, settingsButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const locale = await localeOf(ctx);
    const fields = { locale, kind: "private" as const };
    const changed = await chats.change({ chatId: ctx.chat!.id }, fields, data, locale);
    if (!changed) throw new ButtonNotice("button-unknown");
    await editScreen(ctx, deps.storage.kv, await screenOf(ctx));
  });

  return composer;
}

/** The buttons alerts and cards carry: order details, the orders list, a card, thresholds. */
function alertButtonsFeature(deps: AlertsFeatureDeps) {
  const composer = new Composer<BotContext>();

  onButton(composer, alertOrderButton, deps.requireLink, deps.logger, async (ctx, data) => {
    await ctx.reply(await alertOrderText(deps, ctx, data));
  });

  onButton(composer, alertOrdersButton, deps.requireLink, deps.logger, async (ctx) => {
    await sendScreen(ctx, await newestOrdersScreen(deps, ctx));
  });

  onButton(composer, alertProductButton, deps.requireLink, deps.logger, async (ctx, data) => {
    await sendProductCard(deps, ctx, data.id);
  });

  onButton(composer, thresholdMenuButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const own = (await deps.alerts.store.productThresholds())[data.id];
    const kb = new InlineKeyboard();
    THRESHOLDS.forEach((v, i) => {
      kb.text(String(v), thresholdSetButton.encode({ id: data.id, v }));
      if (i % 4 === 3) kb.row();
    });
    kb.row().text(
      ctx.t("threshold-default-button"),
      thresholdSetButton.encode({ id: data.id, v: -1 }),
    );
    const text = ctx.t("threshold-menu", {
      id: String(data.id),
      current:
        own === undefined ? ctx.t("threshold-default") : formatNumber(own, await localeOf(ctx)),
    });
    await ctx.reply(text, { reply_markup: kb });
  });

  onButton(composer, thresholdSetButton, deps.requireLink, deps.logger, async (ctx, data) => {
    if (data.v !== -1 && !THRESHOLDS.includes(data.v)) throw new ButtonNotice("button-unknown");
    await deps.alerts.store.setProductThreshold(data.id, data.v === -1 ? undefined : data.v);
    const text =
      data.v === -1
        ? ctx.t("threshold-saved-default", { id: String(data.id) })
        : ctx.t("threshold-saved", { id: String(data.id), count: data.v });
    await editScreen(ctx, deps.storage.kv, { text });
  });

  return composer;
}

/** Private chats' alerts: /settings and the buttons of alerts and cards. */
export const alertsFeature: Feature = { commands: [SETTINGS], create: createAlertsFeature };
