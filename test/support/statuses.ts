import type { SeedOrder } from "../../doubles/seller-api/index.js";

/**
 * The sandbox's five order statuses as a seller reads them in each language (the keys the bot
 * knows); another key is shown by the API's own label (the sandbox's "DISPUTE", «Спор»).
 */
const STATUS_NAMES: Record<"ru" | "kk", Record<string, string>> = {
  ru: {
    NEW: "Новый",
    DELIVERING: "Доставляется",
    COMPLETED: "Выполнен",
    CANCELLED: "Отменён",
    RETURNED: "Возврат",
  },
  kk: {
    NEW: "Жаңа",
    DELIVERING: "Жеткізілуде",
    COMPLETED: "Орындалды",
    CANCELLED: "Бас тартылды",
    RETURNED: "Қайтарылды",
  },
};

/** An order line's status as the chat's files and messages should name it. */
export const statusName = (
  lang: "ru" | "kk",
  order: Pick<SeedOrder, "statusKey" | "statusLabel">,
) => STATUS_NAMES[lang][order.statusKey] ?? order.statusLabel;
