/**
 * A product's or its moderation's status the bot knows, by its locale key (`product-state-*`).
 * The spec names no status values (2.9): known ones are said in the chat's language, others
 * shown as the service gives them.
 */
const STATE_KEYS: Readonly<Record<string, string>> = {
  active: "product-state-active",
  inactive: "product-state-inactive",
  archived: "product-state-archived",
  blocked: "product-state-blocked",
  draft: "product-state-draft",
  approved: "product-state-approved",
  onmoderation: "product-state-on-moderation",
  moderation: "product-state-on-moderation",
  pending: "product-state-on-moderation",
  rejected: "product-state-rejected",
  declined: "product-state-rejected",
};

/** The locale key of a status the bot knows (`Active`, `OnModeration`…), or undefined. */
export const productStateKey = (value: string | null | undefined): string | undefined =>
  STATE_KEYS[(value ?? "").toLowerCase().replace(/[^a-z]/g, "")];
