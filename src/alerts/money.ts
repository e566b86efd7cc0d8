/**
 * Alerts that protect money: a product coming back too often, too many cancels, a day whose
 * payout fell far below its weekday's usual, and no new order for longer than the shop's own
 * hours would have. Each once per crossing, again only after it recovered: the state is the
 * seller's (one deployment, one seller), the messages go to every chat that takes money alerts.
 */
import {
  type CostOf,
  cancelSignal,
  type LossSignal,
  lossSignals,
  type MoneyWindow,
  payoutSignal,
  type ReturnSignal,
  returnSignals,
  silenceSignal,
} from "../money/index.js";
import type { AlertContext, AlertRound } from "./context.js";
import { authPause } from "./health.js";
import { chatKeyOf, kindEnabled } from "./settings.js";

/** Whether a signal is up, and since when it was last down (the id of its next crossing). */
interface Crossing {
  up: boolean;
  since: number;
}

interface MoneyAlertState {
  /** When the next round reads (a round is a reading of 30 days: not at every tick). */
  dueAt: number;
  /** By barcode. */
  returns: Record<string, Crossing>;
  /** Products selling at a loss, by barcode (absent in a state kept before costs existed). */
  losses?: Record<string, Crossing>;
  cancels?: Crossing;
  /** The last closed day found low, and whether a day since was back to usual. */
  payout?: { armed: boolean; lastLow?: string };
  /** The newest order a silence was told for (a new order re-arms it). */
  silenceFor?: number;
}

const STATE = "money:state";

export type MoneyAlert =
  | ({ type: "returns"; threshold: number } & ReturnSignal)
  | ({ type: "loss" } & LossSignal)
  | {
      type: "cancels";
      days: number;
      lines: number;
      cancelled: number;
      percent: number;
      threshold: number;
    }
  | { type: "payout"; date: string; payout: number; usual: number }
  | { type: "silence"; since: number; expected: number };

/**
 * One round: at most one reading per MONEY_ALERT_POLL_INTERVAL_MS (ticks between are no-ops).
 * The first round only notes the time: watching starts one interval after the bot first runs.
 */
export async function runMoneyRound(ctx: AlertContext, round: AlertRound) {
  const now = round.now();
  const every = ctx.settings.money.pollMs;
  const state = await ctx.store.get<MoneyAlertState>(STATE);
  if (!ctx.money) return { nextAt: now + every };
  if (!state) {
    await ctx.store.set(STATE, { dueAt: now + every, returns: {} } satisfies MoneyAlertState);
    return { nextAt: now + every };
  }
  if (now < state.dueAt) return { nextAt: state.dueAt };
  const next: MoneyAlertState = { ...state, dueAt: now + every };
  const chats = (await ctx.store.chats()).filter((c) => kindEnabled(c, "money"));
  // Nobody to tell, or the credentials refused (the new-order poll alone tries): nothing read.
  if (chats.length === 0 || (await authPause(ctx, now)) !== undefined) {
    await ctx.store.set(STATE, next);
    return { nextAt: next.dueAt };
  }
  let window: MoneyWindow;
  let costOf: CostOf;
  try {
    window = await ctx.money.window(now);
    costOf = await ctx.money.costs();
  } catch (error) {
    ctx.logger.warn({ err: error }, "money alerts: the last 30 days not read; tried next round");
    await ctx.store.set(STATE, next);
    return { nextAt: next.dueAt };
  }
  const alerts = crossings(ctx, { window, costOf }, state, next, now);
  for (const chat of chats) {
    const chatKey = chatKeyOf(chat);
    for (const { id, alert } of alerts) {
      const queued = await ctx.store.enqueue({
        id: `${id}:${chatKey}`,
        chatKey,
        kind: alert.type === "returns" || alert.type === "loss" ? alert.type : "money",
        at: now,
        data: alert,
      });
      if (!queued) ctx.metrics.alertSuppressed("duplicate");
    }
  }
  await ctx.store.set(STATE, next);
  return { nextAt: next.dueAt };
}

type Crossed = { id: string; alert: MoneyAlert };

/**
 * Products over a line (returns past the threshold, a loss): each named once as it crosses,
 * again only once it was measured back under (or left the 30 days) and crossed anew.
 */
function productCrossings<S extends { barcode: string }>(
  signals: { over: S[]; under: Set<string> },
  before: Record<string, Crossing>,
  sold: Set<string>,
  now: number,
  told: (signal: S, since: number) => Crossed,
): { out: Crossed[]; state: Record<string, Crossing> } {
  const out: Crossed[] = [];
  const state: Record<string, Crossing> = {};
  for (const signal of signals.over) {
    const was = before[signal.barcode] ?? { up: false, since: 0 };
    if (!was.up) out.push(told(signal, was.since));
    state[signal.barcode] = was.up ? was : { up: true, since: now };
  }
  // Still up unless measured back under the line (or gone from the 30 days).
  for (const [barcode, was] of Object.entries(before)) {
    if (state[barcode] || !sold.has(barcode)) continue;
    state[barcode] = signals.under.has(barcode) ? { up: false, since: now } : was;
  }
  return { out, state };
}

/** The signals that crossed since the last round, each with its id; `next` gets the new state. */
function crossings(
  ctx: AlertContext,
  read: { window: MoneyWindow; costOf: CostOf },
  state: MoneyAlertState,
  next: MoneyAlertState,
  now: number,
): Crossed[] {
  const { window } = read;
  const t = ctx.settings.money;
  const sold = new Set(window.products.map((p) => p.barcode));
  const returns = productCrossings(
    returnSignals(window, t),
    state.returns,
    sold,
    now,
    (s, since) => ({
      id: `mr:${s.barcode}:${since}`,
      alert: { type: "returns", threshold: t.returnPercent, ...s },
    }),
  );
  next.returns = returns.state;
  const losses = productCrossings(
    lossSignals(window, read.costOf),
    state.losses ?? {},
    sold,
    now,
    (s, since) => ({ id: `ml:${s.barcode}:${since}`, alert: { type: "loss", ...s } }),
  );
  next.losses = losses.state;
  return [...returns.out, ...losses.out, ...shopCrossings(ctx, window, state, next, now)];
}

/** The shop's own signals: cancels, a low payout, a silence. */
function shopCrossings(
  ctx: AlertContext,
  window: MoneyWindow,
  state: MoneyAlertState,
  next: MoneyAlertState,
  now: number,
): Crossed[] {
  const t = ctx.settings.money;
  const out: Crossed[] = [];
  const cancels = cancelSignal(window, t);
  const was = state.cancels ?? { up: false, since: 0 };
  if (cancels?.over && !was.up) {
    const { over: _, ...figures } = cancels;
    out.push({
      id: `mc:${was.since}`,
      alert: { type: "cancels", threshold: t.cancelPercent, ...figures },
    });
  }
  if (cancels) next.cancels = cancels.over === was.up ? was : { up: cancels.over, since: now };
  const payout = payoutSignal(window, t);
  if (payout) {
    const armed = state.payout?.armed ?? true;
    if (payout.low && armed && state.payout?.lastLow !== payout.date) {
      out.push({
        id: `mp:${payout.date}`,
        alert: { type: "payout", date: payout.date, payout: payout.payout, usual: payout.usual },
      });
    }
    next.payout = payout.low ? { armed: false, lastLow: payout.date } : { armed: true };
  }
  const silence = silenceSignal(window, window.reading.newestAt, now, ctx.settings.timeZone, t);
  if (silence?.silent && state.silenceFor !== silence.since) {
    const expected = Math.round(silence.expected);
    out.push({
      id: `ms:${silence.since}`,
      alert: { type: "silence", since: silence.since, expected },
    });
    next.silenceFor = silence.since;
  }
  return out;
}
