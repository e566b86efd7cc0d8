import type { Order } from "../../../seller-api/index.js";
import type { Formatters } from "../../../text/index.js";
import { escapeHtml, orderStatusText, shorten } from "../../../text/index.js";

type T = (key: string, vars?: Record<string, string>) => string;

const dash = (value: string | null | undefined) => (value?.trim() ? value : "—");
const shown = (value: string | null | undefined, max: number) =>
  escapeHtml(shorten(dash(value), max));

/** One order of a list page: a few lines, the product name cut so a page stays readable. */
export function orderListItem(t: T, order: Order, fmt: Formatters): string {
  return t("orders-item", {
    number: shown(order.orderNumber, 40),
    date: escapeHtml(shorten(fmt.dateTime(order.createdDate), 40)),
    status: escapeHtml(orderStatusText(t, order.statusKey, order.statusLabel)),
    product: shown(order.productName, 80),
    quantity: fmt.number(order.quantity),
    total: fmt.money(order.totalPrice),
    payout: fmt.money(order.totalPayoutAmount),
  });
}

/** Every field of an order (section 2.6) a seller reads, already escaped; its GUID only in files. */
export function orderDetails(t: T, order: Order, fmt: Formatters): string {
  return t("order-details", {
    id: String(order.orderId),
    number: shown(order.orderNumber, 40),
    created: escapeHtml(shorten(fmt.dateTime(order.createdDate), 40)),
    received: escapeHtml(shorten(fmt.dateTime(order.receivedDate), 40)),
    status: escapeHtml(orderStatusText(t, order.statusKey, order.statusLabel)),
    product: shown(order.productName, 600),
    barcode: shown(order.barcode, 60),
    quantity: fmt.number(order.quantity),
    returned: fmt.number(order.quantityReturned ?? 0),
    price: fmt.money(order.price),
    originalPrice: fmt.money(order.originalPrice),
    percent: fmt.number(order.commissionPercent),
    commission: fmt.money(order.commissionAmount),
    payout: fmt.money(order.payoutAmount),
    total: fmt.money(order.totalPrice),
    totalCommission: fmt.money(order.totalCommissionAmount),
    totalPayout: fmt.money(order.totalPayoutAmount),
  });
}

/** The label of an order's button: its number, short. */
export function orderButtonLabel(order: Order): string {
  return `№${shorten(order.orderNumber || String(order.orderId), 20)}`;
}
