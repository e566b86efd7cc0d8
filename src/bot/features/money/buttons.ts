import { InlineKeyboard } from "grammy";
import { MONEY_PRESETS } from "../../../money/index.js";
import { callbackCodec } from "../../callback-data.js";

/** `mnp1:<choice>`: a period of /money (MONEY_CHOICES' index). */
export const moneyPeriodButton = callbackCodec("mnp1", [["p", "int"]] as const);

/** The buttons' labels, in the order of MONEY_PRESETS, then dates typed. */
const LABELS = ["money-today", "money-week", "money-month", "money-last-month"] as const;
export const TYPED = MONEY_PRESETS.length;

/** The periods, two a row, and dates typed. */
export function periodKeyboard(t: (key: string) => string): InlineKeyboard {
  const button = (p: number, key: string) =>
    InlineKeyboard.text(t(key), moneyPeriodButton.encode({ p }));
  return InlineKeyboard.from([
    [button(0, LABELS[0]), button(1, LABELS[1])],
    [button(2, LABELS[2]), button(3, LABELS[3])],
    [button(TYPED, "money-typed")],
  ]);
}
