import type { Alerts } from "../../../alerts/index.js";
import {
  type AlertDefaults,
  type ChatAlertSettings,
  type ChatTarget,
  newChatSettings,
} from "../../../alerts/index.js";
import type { Config } from "../../../config.js";
import type { Locale, Translate } from "../../../i18n.js";
import type { Screen } from "../../screens/screen.js";
import { applySetting, settingsScreen } from "./screen.js";

export function defaultsOf(config: Config): AlertDefaults {
  return {
    threshold: config.alerts.stockThreshold,
    digestAt: config.alerts.digestAt,
    quietFrom: config.alerts.quietFrom,
    quietTo: config.alerts.quietTo,
  };
}

/** Subscribing, unsubscribing and changing a chat's alert settings (private chats and groups). */
export function alertChats(alerts: Alerts, config: Config) {
  const store = alerts.store;
  const now = () => alerts.now();
  return {
    /** The chat's settings and whether it is subscribed (defaults when it is not). */
    async load(target: ChatTarget, locale: Locale, kind: ChatAlertSettings["kind"]) {
      const saved = await store.chat(target);
      return {
        settings: saved ?? newChatSettings(target, { locale, kind }, defaultsOf(config), now()),
        subscribed: saved !== undefined,
      };
    },
    /** Subscribes (keeping earlier choices of a chat that is already subscribed). */
    async subscribe(
      target: ChatTarget,
      fields: Pick<ChatAlertSettings, "locale" | "kind" | "subscribedBy">,
    ): Promise<{ settings: ChatAlertSettings; fresh: boolean }> {
      const saved = await store.chat(target);
      const settings = saved
        ? { ...saved, ...fields }
        : newChatSettings(target, fields, defaultsOf(config), now());
      await store.saveChat(settings);
      return { settings, fresh: saved === undefined };
    },
    unsubscribe: (target: ChatTarget) => store.removeChat(target),
    /**
     * A /settings button: on, off, or one setting of a subscribed chat (saved in `saveLocale`
     * when given); false when the change does not apply.
     */
    async change(
      target: ChatTarget,
      fields: Pick<ChatAlertSettings, "locale" | "kind" | "subscribedBy">,
      data: { op: string; v: number },
      saveLocale?: Locale,
    ): Promise<boolean> {
      if (data.op === "on") await this.subscribe(target, fields);
      else if (data.op === "off") await store.removeChat(target);
      else {
        const { settings, subscribed } = await this.load(target, fields.locale, fields.kind);
        const next = subscribed ? applySetting(settings, data.op, data.v) : undefined;
        if (!next) return false;
        await store.saveChat(saveLocale ? { ...next, locale: saveLocale } : next);
      }
      return true;
    },
    /** The /settings screen of a chat or topic, as it is now. */
    async screen(
      t: Translate,
      target: ChatTarget,
      locale: Locale,
      kind: ChatAlertSettings["kind"],
    ): Promise<Screen> {
      const { settings, subscribed } = await this.load(target, locale, kind);
      return settingsScreen(t, settings, subscribed, await alerts.lastSuccessAt(), config.timeZone);
    },
  };
}
export type AlertChats = ReturnType<typeof alertChats>;
