import { Composer, type MiddlewareFn } from "grammy";
import { type Locale, localeOfTelegramUser } from "../../../i18n.js";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import { targetOf, threadOf } from "../../chat-target.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { alertOrderText, alertProductText, newestOrdersScreen } from "./answers.js";
import { alertOrderButton, alertOrdersButton, alertProductButton } from "./buttons.js";

type GroupButtonDeps = FeatureDeps;

/**
 * The buttons of alerts delivered to a subscribed group or topic. Any member may press them
 * while the group is subscribed and its subscriber is still linked: the answer goes to the
 * same thread, in the subscription's language, without buttons that need the private chat.
 * Otherwise the press gets a notice that alerts here are off, and no seller data is read.
 */
export function groupAlertButtons(deps: GroupButtonDeps) {
  const group = new Composer<BotContext>();
  const inGroupLocale = groupLocale(deps);
  const send = (ctx: BotContext, text: string) =>
    ctx.reply(text, { ...threadOf(ctx), link_preview_options: { is_disabled: true } });

  onButton(group, alertOrderButton, inGroupLocale, deps.logger, async (ctx, data) => {
    await requireActiveSubscription(deps, ctx);
    await send(ctx, await alertOrderText(deps, ctx, data));
  });

  onButton(group, alertOrdersButton, inGroupLocale, deps.logger, async (ctx) => {
    await requireActiveSubscription(deps, ctx);
    const screen = await newestOrdersScreen(deps, ctx);
    const paging = ctx.t("alerts-group-orders-private", { bot: ctx.me.username });
    await send(ctx, `${screen.text}\n\n${paging}`);
  });

  onButton(group, alertProductButton, inGroupLocale, deps.logger, async (ctx, data) => {
    await requireActiveSubscription(deps, ctx);
    await send(ctx, await alertProductText(deps, ctx, data.id));
  });

  return group;
}

/**
 * Texts of a press in a group: the subscription's language (the presser's own when the group
 * is not subscribed), and one Seller API deadline for the answer, as private chats have.
 */
function groupLocale(deps: GroupButtonDeps): MiddlewareFn<BotContext> {
  const i18n = deps.i18n.middleware() as MiddlewareFn<BotContext>;
  return async (ctx, next) => {
    const subscription = await deps.alerts.store.chat(targetOf(ctx));
    const locale: Locale = subscription?.locale ?? localeOfTelegramUser(ctx);
    // Read by the i18n locale negotiator (deps.ts); a group has no session to read it from.
    (ctx as BotContext & { chatLocale?: Locale }).chatLocale = locale;
    await i18n(ctx, () => deps.seller.withDeadline(deps.config.sellerApiDeadlineMs, next));
  };
}

/** The group's subscription stands only while the seller who subscribed it is linked. */
async function requireActiveSubscription(deps: GroupButtonDeps, ctx: BotContext) {
  const subscription = await deps.alerts.store.chat(targetOf(ctx));
  const by = subscription?.subscribedBy;
  const active = by !== undefined && (await deps.seller.linkStatus(by)).isActive;
  if (!active) throw new ButtonNotice("alerts-group-off");
}
