import type { Alerts } from "../../../alerts/index.js";
import {
  type AlertDefaults,
  type ChatAlertSettings,
  type ChatTarget,
  newChatSettings,
} from "../../../alerts/settings.js";
import type { Config } from "../../../config.js";
import type { Locale } from "../../../i18n.js";

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
    save: (settings: ChatAlertSettings) => store.saveChat(settings),
  };
}
export type AlertChats = ReturnType<typeof alertChats>;
