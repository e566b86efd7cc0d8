import { type Composer, InlineKeyboard } from "grammy";
import type { Locale } from "../../../i18n.js";
import { issueReason, parseDecimal, sendablePrice } from "../../../import/index.js";
import { escapeHtml } from "../../../text/index.js";
import { priceMenuButton } from "../../buttons/codecs.js";
import { ButtonNotice, onButton, runCommand } from "../../buttons/handle.js";
import type { BotContext } from "../../context.js";
import type { FeatureDeps } from "../../deps.js";
import { priceSkuButton } from "./buttons.js";
import { previewKeyboard } from "./preview.js";

/** How long a price question waits for the number. */
const ASK_TTL_MS = 15 * 60_000;

async function ask(
  ctx: BotContext,
  deps: FeatureDeps,
  productId: number,
  skuId: number,
  price: number,
) {
  ctx.session.pendingPrice = { productId, skuId, at: deps.imports.clock.now() };
  await ctx.reply(ctx.t("catalog-price-ask", { sku: String(skuId), price: String(price) }));
}

/** The answer to a price question: old → new, the risky rule, apply on confirmation. */
async function answer(ctx: BotContext, deps: FeatureDeps, text: string) {
  const pending = ctx.session.pendingPrice!;
  const price = parseDecimal(text.trim());
  if (!price.ok) {
    await ctx.reply(ctx.t("catalog-price-bad", { value: escapeHtml(text.slice(0, 40)) }));
    return;
  }
  // A price the Seller API can never be sent (0, -5, 1990,555): what is wrong, as in a file.
  const sendable = sendablePrice(price.value);
  if (!sendable.ok) {
    const params = { value: text.trim().slice(0, 40) };
    await ctx.reply(`❌ ${issueReason(ctx.t, { code: sendable.code, params })}`);
    return;
  }
  ctx.session.pendingPrice = undefined;
  const locale = ((await ctx.i18n.getLocale()) as Locale) ?? "ru";
  const got = await deps.catalogEdit.pricePreview({
    chatId: ctx.chat!.id,
    locale,
    productId: pending.productId,
    skuId: pending.skuId,
    price: price.value,
  });
  if (!got) return void (await ctx.reply(ctx.t("catalog-price-gone")));
  const change = got.preview.diff.changes[0];
  if (!change) return void (await ctx.reply(ctx.t("catalog-price-same")));
  const lines = [
    ctx.t("catalog-price-confirm", {
      sku: String(pending.skuId),
      was: String(got.was),
      will: change.will,
    }),
  ];
  if (change.risk)
    lines.push(ctx.t("catalog-price-risky", { reason: ctx.t(`catalog-risk-${change.risk}`) }));
  const keyboard = previewKeyboard(ctx, got.preview);
  await ctx.reply(lines.join("\n"), keyboard ? { reply_markup: keyboard } : {});
}

/** "Change price" on a product card: per SKU when there are several. */
export function registerPriceEdit(composer: Composer<BotContext>, deps: FeatureDeps) {
  onButton(composer, priceMenuButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const card = await deps.catalogEdit.card(data.id);
    if (!card || card.skus.length === 0) throw new ButtonNotice("catalog-price-gone");
    if (card.skus.length === 1)
      return ask(ctx, deps, card.productId, card.skus[0]!.skuId, card.skus[0]!.price);
    const keyboard = new InlineKeyboard();
    for (const sku of card.skus) {
      const label = ctx.t("catalog-price-sku", {
        sku: String(sku.skuId),
        price: String(sku.price),
      });
      keyboard.text(label, priceSkuButton.encode({ id: card.productId, sku: sku.skuId })).row();
    }
    await ctx.reply(ctx.t("catalog-price-choose-sku"), { reply_markup: keyboard });
  });

  onButton(composer, priceSkuButton, deps.requireLink, deps.logger, async (ctx, data) => {
    const card = await deps.catalogEdit.card(data.id);
    const sku = card?.skus.find((s) => s.skuId === data.sku);
    if (!card || !sku) throw new ButtonNotice("catalog-price-gone");
    await ask(ctx, deps, card.productId, sku.skuId, sku.price);
  });

  composer.on("message:text", async (ctx, next) => {
    const pending = ctx.session.pendingPrice;
    const text = ctx.message.text;
    if (!pending) return next();
    if (text.startsWith("/")) {
      // Any command leaves the price question.
      ctx.session.pendingPrice = undefined;
      return next();
    }
    if (deps.imports.clock.now() - pending.at > ASK_TTL_MS) {
      ctx.session.pendingPrice = undefined;
      return next();
    }
    await runCommand(ctx, () => answer(ctx, deps, text));
  });
}
