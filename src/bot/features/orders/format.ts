import type { Locale } from "../../../i18n.js";
import type { Order } from "../../../seller-api/schemas.js";
import { formatDateTime, formatMoney, formatNumber } from "../../helpers/format.js";
import { escapeHtml } from "../../helpers/html.js";
import { shorten } from "../../helpers/text.js";

type T = (key: string, vars?: Record<string, string>) => string;

const dash = (value: string | null | undefined) => (value?.trim() ? value : "—");

/** The fields of an order as shown, already escaped. */
function fieldsOf(order: Order, locale: Locale, timeZone: string, productMax: number) {
  const money = (amount: number | null | undefined) => formatMoney(amount, locale);
  return {
    id: String(order.orderId),
    number: escapeHtml(shorten(dash(order.orderNumber), 40)),
    guid: escapeHtml(shorten(dash(order.orderGuid), 60)),
    created: escapeHtml(shorten(formatDateTime(order.createdDate, timeZone), 40)),
    received: escapeHtml(shorten(formatDateTime(order.receivedDate, timeZone), 40)),
    status: escapeHtml(shorten(dash(order.statusLabel ?? order.statusKey), 40)),
    product: escapeHtml(shorten(dash(order.productName), productMax)),
    barcode: escapeHtml(shorten(dash(order.barcode), 60)),
    quantity: formatNumber(order.quantity, locale),
    returned: formatNumber(order.quantityReturned ?? 0, locale),
    price: money(order.price),
    originalPrice: money(order.originalPrice),
    percent: formatNumber(order.commissionPercent, locale),
    commission: money(order.commissionAmount),
    payout: money(order.payoutAmount),
    total: money(order.totalPrice),
    totalCommission: money(order.totalCommissionAmount),
    totalPayout: money(order.totalPayoutAmount),
  };
}

/** One order of a list page: a few lines, the product name cut so a page stays readable. */
export function orderListItem(t: T, order: Order, locale: Locale, timeZone: string): string {
  const f = fieldsOf(order, locale, timeZone, 80);
  return t("orders-item", {
    number: f.number,
    date: f.created,
    status: f.status,
    product: f.product,
    quantity: f.quantity,
    total: f.total,
    payout: f.totalPayout,
  });
}

/** Every field of an order (section 2.6). */
export function orderDetails(t: T, order: Order, locale: Locale, timeZone: string): string {
  return t("order-details", fieldsOf(order, locale, timeZone, 600));
}

/** The label of an order's button: its number, short. */
export function orderButtonLabel(order: Order): string {
  return `№${shorten(order.orderNumber || String(order.orderId), 20)}`;
}
