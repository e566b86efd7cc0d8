import { type Composer, InlineKeyboard } from "grammy";
import type { LiveSku } from "../../../catalog/index.js";
import type { Locale } from "../../../i18n.js";
import { issueReason, parseDecimal, sendablePrice } from "../../../import/index.js";
import { escapeHtml, formatMoney, shorten } from "../../../text/index.js";
import { priceMenuButton } from "../../buttons/codecs.js";
import { ButtonNotice, onButton, runCommand } from "../../buttons/handle.js";
import type { BotContext, ConversationContext } from "../../context.js";
import type { Dialogue, FeatureDeps } from "../../deps.js";
import { type DialogueConversation, typedAnswers } from "../../dialogues.js";
import { priceSkuButton } from "./buttons.js";
import { previewKeyboard } from "./preview.js";

export const PRICE_CONVERSATION = "catalog-price";
/** How long a price question waits for the number. */
const ASK_TTL_MS = 15 * 60_000;

/** The SKU a price is asked for, with its price as the card showed it. */
interface AskedSku {
  productId: number;
  skuId: number;
  price: number;
}

/** Opens the price question (an earlier one has ended with the press that led here). */
async function ask(ctx: BotContext, sku: AskedSku) {
  await ctx.conversation.exit(PRICE_CONVERSATION);
  await ctx.conversation.enter(PRICE_CONVERSATION, sku);
}

/**
 * Asks for the new price and waits for a number as a seller types it (`3 990`, `3990,50`);
 * anything else typed is explained and asked again (rules of a question: dialogues.ts).
 */
function priceConversation(deps: FeatureDeps) {
  return async function catalogPrice(
    conversation: DialogueConversation,
    ctx: ConversationContext,
    sku: AskedSku,
  ) {
    const vars = { sku: String(sku.skuId), price: formatMoney(sku.price) };
    await ctx.reply(ctx.t("catalog-price-ask", vars));
    const answers = await typedAnswers(conversation, deps.clock, ASK_TTL_MS);
    for (;;) {
      const answer = await answers();
      const text = answer.message.text;
      const price = parseDecimal(text.trim());
      // A price the Seller API can never be sent (0, -5, 1990,555): what is wrong, as in a file.
      const sendable = price.ok ? sendablePrice(price.value) : undefined;
      if (sendable?.ok) {
        const value = sendable.value;
        // As for any seller-data request, the chat must still be linked when the number comes.
        await conversation.external((outer) =>
          deps.requireLink(outer, () => runCommand(outer, () => offer(outer, deps, sku, value))),
        );
        return;
      }
      if (sendable) {
        const params = { value: shorten(text.trim(), 40) };
        await answer.reply(`❌ ${issueReason(answer.t, { code: sendable.code, params })}`);
      } else {
        const shown = escapeHtml(shorten(text, 40));
        await answer.reply(answer.t("catalog-price-bad", { value: shown }));
      }
    }
  };
}

/** The question of "Change price". */
export const priceDialogue: Dialogue = {
  id: PRICE_CONVERSATION,
  waitsFor: "text",
  conversation: priceConversation,
};

/** The answer to a price question: old → new, the risky rule, apply on confirmation. */
async function offer(ctx: BotContext, deps: FeatureDeps, sku: AskedSku, price: number) {
  const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
  const got = await deps.catalogEdit.pricePreview({
    chatId: ctx.chat!.id,
    locale,
    productId: sku.productId,
    skuId: sku.skuId,
    price,
  });
  if (!got) return void (await ctx.reply(ctx.t("catalog-price-gone")));
  // A card whose characteristics the directories give no codes for cannot be sent whole: the
  // price would be refused with the rest, so the seller is told why and what to do instead.
  if (got.preview.diff.blocked.length > 0)
    return void (await ctx.reply(ctx.t("catalog-price-blocked")));
  const change = got.preview.diff.changes[0];
  if (!change) return void (await ctx.reply(ctx.t("catalog-price-same")));
  const lines = [
    ctx.t("catalog-price-confirm", {
      sku: String(sku.skuId),
      was: formatMoney(got.was),
      will: formatMoney(Number(change.will)),
    }),
  ];
  if (change.risk)
    lines.push(ctx.t("catalog-price-risky", { reason: ctx.t(`catalog-risk-${change.risk}`) }));
  const keyboard = previewKeyboard(ctx, got.preview);
  await ctx.reply(lines.join("\n"), keyboard ? { reply_markup: keyboard } : {});
}

/**
 * A SKU's button: its variant as the directory names its values, with its price («128 ГБ —
 * 449 990 ₸»); where the directory gives no names, its place on the card.
 */
export function skuLabel(ctx: BotContext, sku: LiveSku, n: number, locale: Locale): string {
  const price = formatMoney(sku.price, locale);
  const variant = sku.valueNames?.join(", ");
  return variant
    ? ctx.t("catalog-price-sku", { variant: shorten(variant, 40), price })
    : ctx.t("catalog-price-sku-unnamed", { n, price });
}

/** "Change price" on a product card: per SKU when there are several. */
export function registerPriceEdit(composer: Composer<BotContext>, deps: FeatureDeps) {
  onButton(composer, priceMenuButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const card = await deps.catalogEdit.card(data.id);
    if (!card || card.skus.length === 0) throw new ButtonNotice("catalog-price-gone");
    if (!card.codesKnown) return void (await ctx.reply(ctx.t("catalog-price-blocked")));
    const only = card.skus.length === 1 ? card.skus[0]! : undefined;
    if (only) return ask(ctx, { productId: card.productId, skuId: only.skuId, price: only.price });
    const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
    const keyboard = new InlineKeyboard();
    card.skus.forEach((sku, i) => {
      const label = skuLabel(ctx, sku, i + 1, locale);
      keyboard.text(label, priceSkuButton.encode({ id: card.productId, sku: sku.skuId })).row();
    });
    await ctx.reply(ctx.t("catalog-price-choose-sku"), { reply_markup: keyboard });
  });

  onButton(composer, priceSkuButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const card = await deps.catalogEdit.card(data.id);
    const sku = card?.skus.find((s) => s.skuId === data.sku);
    if (!card || !sku) throw new ButtonNotice("catalog-price-gone");
    if (!card.codesKnown) return void (await ctx.reply(ctx.t("catalog-price-blocked")));
    await ask(ctx, { productId: card.productId, skuId: sku.skuId, price: sku.price });
  });
}
