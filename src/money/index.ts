/**
 * Money: what the shop earned in a period, by status and by product (ABC), beside the period
 * before; the days behind it read with several order pages in flight and kept once closed; what
 * the money alerts watch. Above the orders export (it reads pages as the export does), below
 * the alerts and the bot.
 */
export {
  answerOf,
  changeText,
  type MoneyAnswer,
  moneyPeriodLabel,
  renderAnswer,
} from "./answer.js";
export {
  type CostSetting,
  type CostStore,
  createCostStore,
  sellerKeyOf,
} from "./costs.js";
export { type DayFigures, tiyn } from "./day.js";
export {
  type AbcClass,
  abcOrder,
  type CostOf,
  type PeriodFigures,
  type ProductFigures,
  type Profit,
  profitOf,
  type StatusFigures,
  type Totals,
} from "./figures.js";
export {
  dayCount,
  localNow,
  MONEY_PRESETS,
  type MoneyPeriod,
  type MoneyPreset,
  periodOfDays,
  presetMoneyPeriod,
  previousPeriod,
} from "./periods.js";
export type { ReadOutcome, ReadProgress, ReadRequest } from "./read.js";
export {
  createMoneyService,
  type MoneyFigures,
  type MoneyService,
  type MoneyWindow,
  WINDOW_DAYS,
} from "./service.js";
export {
  type CancelSignal,
  cancelSignal,
  type LossSignal,
  lossSignals,
  type MoneyAlertThresholds,
  type PayoutSignal,
  payoutSignal,
  type ReturnSignal,
  returnSignals,
  type SilenceSignal,
  silenceSignal,
} from "./signals.js";
export { type LineClass, statusClassifier } from "./statuses.js";
export {
  createMoneyBook,
  type MoneyBook,
  type MoneyBookOptions,
  type MoneyBookTotals,
  moneyBookCaption,
  moneyBookFileName,
} from "./workbook.js";
