import { InlineKeyboard } from "grammy";
import {
  ALERT_KINDS,
  type ChatAlertSettings,
  formatClock,
  kindEnabled,
  shortDateTime,
} from "../../../alerts/index.js";
import type { Translate } from "../../../i18n.js";
import type { Screen } from "../../screens/screen.js";
import { settingsButton } from "./buttons.js";

export const THRESHOLDS = [0, 1, 3, 5, 10, 20, 50, 100];
export const DIGEST_TIMES = [9, 12, 18, 19, 20, 21, 22].map((h) => h * 60);
/** Quiet-hour presets as [from, to] minutes; [0, 0] = none. */
export const QUIET_PRESETS: [number, number][] = [
  [23 * 60, 8 * 60],
  [22 * 60, 8 * 60],
  [0, 9 * 60],
  [21 * 60, 9 * 60],
  [0, 0],
];
/** Kinds as numbers in callback data. */
export const KIND_INDEX = ALERT_KINDS;

const nextOf = <T>(list: T[], current: T, same: (a: T, b: T) => boolean = (a, b) => a === b) => {
  const i = list.findIndex((x) => same(x, current));
  return list[(i + 1) % list.length]!;
};

export function quietLabel(t: Translate, s: Pick<ChatAlertSettings, "quietFrom" | "quietTo">) {
  return s.quietFrom === s.quietTo
    ? t("settings-quiet-none")
    : `${formatClock(s.quietFrom)}–${formatClock(s.quietTo)}`;
}

/** The /settings screen of one chat (or topic): what it gets, and buttons to change it. */
export function settingsScreen(
  t: Translate,
  s: ChatAlertSettings,
  subscribed: boolean,
  lastPollAt: number | undefined,
  timeZone: string,
): Screen {
  const mark = (on: boolean) => (on ? "✅" : "▫️");
  const text = [
    t("settings-title"),
    t(subscribed ? "settings-on" : "settings-off"),
    t("settings-last-poll", {
      at: lastPollAt ? shortDateTime(lastPollAt, timeZone) : t("settings-never"),
    }),
    t("settings-quiet", {
      hours: quietLabel(t, s),
      mode: t(s.quietMode === "hold" ? "settings-mode-hold" : "settings-mode-silent"),
    }),
    t("settings-digest", { at: formatClock(s.digestAt) }),
    t("settings-threshold", { count: s.threshold }),
  ].join("\n");
  const kb = new InlineKeyboard();
  if (subscribed) {
    ALERT_KINDS.forEach((kind, i) => {
      kb.text(
        `${mark(kindEnabled(s, kind))} ${t(`settings-kind-${kind}`)}`,
        settingsButton.encode({ op: "k", v: i }),
      );
      if (i % 2 === 1) kb.row();
    });
    const quiet = nextOf<[number, number]>(
      QUIET_PRESETS,
      [s.quietFrom, s.quietTo],
      (a, b) => a[0] === b[0] && a[1] === b[1],
    );
    kb.text(
      t("settings-threshold-button", { count: s.threshold }),
      settingsButton.encode({ op: "th", v: nextOf(THRESHOLDS, s.threshold) }),
    )
      .text(
        t("settings-digest-button", { at: formatClock(s.digestAt) }),
        settingsButton.encode({ op: "dg", v: nextOf(DIGEST_TIMES, s.digestAt) }),
      )
      .row()
      .text(
        t("settings-quiet-button", { hours: quietLabel(t, s) }),
        settingsButton.encode({ op: "qh", v: QUIET_PRESETS.indexOf(quiet) }),
      )
      .text(
        t(s.quietMode === "hold" ? "settings-mode-hold-button" : "settings-mode-silent-button"),
        settingsButton.encode({ op: "qm", v: s.quietMode === "hold" ? 0 : 1 }),
      )
      .row()
      .text(t("settings-unsubscribe-button"), settingsButton.encode({ op: "off", v: 0 }));
  } else {
    kb.text(t("settings-subscribe-button"), settingsButton.encode({ op: "on", v: 0 }));
  }
  return { text, keyboard: kb };
}

/** Applies a settings button to a chat's settings; undefined for data no screen could send. */
export function applySetting(
  s: ChatAlertSettings,
  op: string,
  v: number,
): ChatAlertSettings | undefined {
  switch (op) {
    case "k": {
      const kind = ALERT_KINDS[v];
      return kind ? { ...s, enabled: { ...s.enabled, [kind]: !kindEnabled(s, kind) } } : undefined;
    }
    case "th":
      return THRESHOLDS.includes(v) ? { ...s, threshold: v } : undefined;
    case "dg":
      return DIGEST_TIMES.includes(v) ? { ...s, digestAt: v } : undefined;
    case "qh": {
      const preset = QUIET_PRESETS[v];
      return preset ? { ...s, quietFrom: preset[0], quietTo: preset[1] } : undefined;
    }
    case "qm":
      return v === 0 || v === 1 ? { ...s, quietMode: v === 1 ? "hold" : "silent" } : undefined;
    default:
      return undefined;
  }
}
