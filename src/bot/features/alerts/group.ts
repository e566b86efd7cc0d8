import { Composer } from "grammy";
import { type Locale, localeOfLinkStatus, translator } from "../../../i18n.js";
import { targetOf, threadOf } from "../../chat-target.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { settingsButton } from "./buttons.js";
import { alertChats } from "./chats.js";
import { groupAlertButtons } from "./group-buttons.js";

const ADMIN: ReadonlySet<string> = new Set(["creator", "administrator"]);

/**
 * Alerts in groups and forum topics, in front of the private-only gate: `/subscribe`,
 * `/unsubscribe`, `/settings` and their buttons, for a linked seller who is an admin of the
 * group; the buttons of alerts delivered there, for any member (group-buttons.ts). Anything
 * else in a group goes on to the gate.
 */
type GroupDeps = FeatureDeps;
type Allowed = { locale: Locale } | { refuse: string; locale: Locale };

/**
 * The user's locale when they are a linked seller and an admin here; else a refusal key. A
 * failed lookup refuses (logged): subscribing can wait, a wrong subscription cannot be undone
 * by its victims.
 */
async function allowedIn(deps: GroupDeps, ctx: BotContext): Promise<Allowed> {
  const fallback: Locale = ctx.from?.language_code?.startsWith("kk") ? "kk" : "ru";
  if (!ctx.from) return { refuse: "alerts-group-not-linked", locale: fallback };
  const why = (step: string) => (error: unknown) => {
    deps.logger.info({ err: error, step }, "alerts: group permission not readable; refused");
    return undefined;
  };
  const link = await deps.seller.linkStatus(ctx.from.id).catch(why("link"));
  if (!link?.isActive) return { refuse: "alerts-group-not-linked", locale: fallback };
  const locale = localeOfLinkStatus(link.languageCode);
  const member = await ctx.api.getChatMember(ctx.chat!.id, ctx.from.id).catch(why("member"));
  if (!member || !ADMIN.has(member.status)) return { refuse: "alerts-group-not-admin", locale };
  return { locale };
}

const reply = (ctx: BotContext, text: string) => ctx.reply(text, threadOf(ctx));

export function createGroupAlertsFeature(deps: GroupDeps) {
  const composer = new Composer<BotContext>();
  const group = composer.filter((ctx) => ctx.chat !== undefined && ctx.chat.type !== "private");
  group.use(groupCommands(deps));
  group.use(groupSettingsButtons(deps));
  group.use(groupAlertButtons(deps));
  return composer;
}

/** /subscribe, /unsubscribe and /settings in a group or topic. */
function groupCommands(deps: GroupDeps) {
  const group = new Composer<BotContext>();
  const chats = alertChats(deps.alerts, deps.config);
  const allowed = (ctx: BotContext) => allowedIn(deps, ctx);

  group.command("subscribe", async (ctx) => {
    const who = await allowed(ctx);
    const t = translator(deps.i18n, who.locale);
    if ("refuse" in who) return void (await reply(ctx, t(who.refuse, { bot: ctx.me.username })));
    const { fresh } = await chats.subscribe(targetOf(ctx), {
      locale: who.locale,
      kind: "group",
      subscribedBy: ctx.from!.id,
    });
    deps.logger.info({ chat: ctx.chat!.id, by: ctx.from!.id }, "alerts: group subscribed");
    await reply(ctx, t(fresh ? "alerts-group-subscribed" : "alerts-group-already"));
  });

  group.command("unsubscribe", async (ctx) => {
    const who = await allowed(ctx);
    const t = translator(deps.i18n, who.locale);
    if ("refuse" in who) return void (await reply(ctx, t(who.refuse, { bot: ctx.me.username })));
    await chats.unsubscribe(targetOf(ctx));
    await reply(ctx, t("alerts-unsubscribed"));
  });

  group.command("settings", async (ctx) => {
    const who = await allowed(ctx);
    const t = translator(deps.i18n, who.locale);
    if ("refuse" in who) return void (await reply(ctx, t(who.refuse, { bot: ctx.me.username })));
    const screen = await chats.screen(t, targetOf(ctx), who.locale, "group");
    await ctx.reply(screen.text, { reply_markup: screen.keyboard, ...threadOf(ctx) });
  });

  return group;
}

/** The buttons of a group's /settings screen. */
function groupSettingsButtons(deps: GroupDeps) {
  const group = new Composer<BotContext>();
  const chats = alertChats(deps.alerts, deps.config);
  const allowed = (ctx: BotContext) => allowedIn(deps, ctx);

  group.callbackQuery(settingsButton.pattern, async (ctx) => {
    const who = await allowed(ctx);
    const t = translator(deps.i18n, who.locale);
    if ("refuse" in who)
      return void (await ctx.answerCallbackQuery({
        text: t(who.refuse, { bot: ctx.me.username }),
      }));
    const data = settingsButton.decode(ctx.callbackQuery.data);
    const target = targetOf(ctx);
    const fields = { locale: who.locale, kind: "group" as const, subscribedBy: ctx.from.id };
    if (!data || !(await chats.change(target, fields, data))) {
      return void (await ctx.answerCallbackQuery({ text: t("button-unknown") }));
    }
    const screen = await chats.screen(t, target, who.locale, "group");
    await ctx.editMessageText(screen.text, { reply_markup: screen.keyboard }).catch((error) => {
      deps.logger.debug({ err: error }, "settings screen not edited (unchanged or too old)");
    });
    await ctx.answerCallbackQuery();
  });

  return group;
}
