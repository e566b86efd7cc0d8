/**
 * `/money`: what the shop earned in a period. The period menu (today, 7 days, this month, last
 * month, dates typed); the pressed message becomes the progress, then the answer, with the
 * workbook's button and the periods again under it. The figures are `src/money/`.
 */
import { Composer } from "grammy";
import {
  MONEY_PRESETS,
  type MoneyPeriod,
  periodOfDays,
  presetMoneyPeriod,
} from "../../../money/index.js";
import { parseTypedPeriod } from "../../../orders-export/index.js";
import { ButtonNotice, onButton } from "../../buttons/handle.js";
import type { BotContext, ConversationContext } from "../../context.js";
import type { Dialogue, Feature, FeatureDeps } from "../../deps.js";
import { type DialogueConversation, typedAnswers, typedDatesRefusal } from "../../dialogues.js";
import { menuCommand } from "../../menu.js";
import { startMoneyBook } from "./book.js";
import {
  bookPeriodOf,
  moneyBookButton,
  moneyPeriodButton,
  periodKeyboard,
  TYPED,
} from "./buttons.js";
import { startMoney } from "./run.js";

const MONEY = menuCommand("money", 15);
const TODAY = menuCommand("today", 12);
export const MONEY_DATES_CONVERSATION = "money-dates";
/** How long the bot waits for typed dates. */
const DATES_WAIT_MS = 15 * 60_000;

/**
 * The period menu as a new message: what /money shows, and what a menu button of the chat's
 * keyboard shows by calling this (behind `deps.requireLink`, as the command is).
 */
export async function showMoney(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t("money-choose"), { reply_markup: periodKeyboard((key) => ctx.t(key)) });
}

/**
 * Asks for dates and waits for them (rules of a question: dialogues.ts); an unreadable answer
 * is explained and asked again.
 */
function datesConversation(deps: FeatureDeps) {
  const zone = deps.config.timeZone;
  return async function moneyDates(conversation: DialogueConversation, ctx: ConversationContext) {
    await ctx.reply(ctx.t("money-ask-dates", { zone }));
    const answers = await typedAnswers(conversation, deps.clock, DATES_WAIT_MS);
    for (;;) {
      const answer = await answers();
      const text = answer.message.text;
      const typed = parseTypedPeriod(text, zone);
      if (typed.ok) {
        const { firstDay, lastDay } = typed.period;
        // The chat must still be linked when the dates come, as for any seller-data request.
        await conversation.external((outer) =>
          deps.requireLink(outer, async () => {
            const period = periodOfDays(firstDay, lastDay, deps.clock.now(), zone);
            await startMoney(outer, deps, period);
          }),
        );
        return;
      }
      await answer.reply(
        typedDatesRefusal(answer.t, typed, text, {
          reversed: "money-dates-reversed",
          unreadable: "money-dates-unreadable",
        }),
      );
    }
  };
}

function createMoneyFeature(deps: FeatureDeps) {
  const composer = new Composer<BotContext>();
  const zone = deps.config.timeZone;
  composer.command(MONEY.command, deps.requireLink, showMoney);
  // Today's sales at once (the main menu's «Сегодня»): the money answer of the period "today".
  composer.command(TODAY.command, deps.requireLink, async (ctx) => {
    await startMoney(ctx, deps, presetMoneyPeriod("today", deps.clock.now(), zone));
  });
  onButton(composer, moneyPeriodButton, deps.requireLink, deps.logger, async (ctx, data) => {
    if (data.p === TYPED) {
      await ctx.conversation.exit(MONEY_DATES_CONVERSATION);
      await ctx.conversation.enter(MONEY_DATES_CONVERSATION);
      return;
    }
    const preset = MONEY_PRESETS[data.p];
    if (!preset) throw new ButtonNotice("button-unknown");
    const period: MoneyPeriod = presetMoneyPeriod(preset, deps.clock.now(), zone);
    await startMoney(ctx, deps, period, ctx.callbackQuery.message?.message_id);
  });
  onButton(composer, moneyBookButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const days = bookPeriodOf(data);
    if (!days) throw new ButtonNotice("button-unknown");
    await startMoneyBook(
      ctx,
      deps,
      periodOfDays(days.firstDay, days.lastDay, deps.clock.now(), zone),
    );
  });
  return composer;
}

/** The question of typed dates (the period menu's "dates" button). */
export const moneyDatesDialogue: Dialogue = {
  id: MONEY_DATES_CONVERSATION,
  waitsFor: "text",
  conversation: datesConversation,
};

export const moneyFeature: Feature = {
  commands: [MONEY, TODAY],
  dialogues: [moneyDatesDialogue],
  create: createMoneyFeature,
};
