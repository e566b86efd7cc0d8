import type { Dialogue, Feature } from "../deps.js";
import { pageCounterFeature } from "../lists/page-counter.js";
import { alertsFeature } from "./alerts/index.js";
import { cancelFeature } from "./cancel.js";
import { catalogFeatureWith } from "./catalog/index.js";
import { directoriesFeature } from "./directories/index.js";
import { fallbackFeature } from "./fallback/index.js";
import { importFeature } from "./import/index.js";
import { jobsFeature } from "./jobs.js";
import { languageFeature } from "./language.js";
import { linkingFeature } from "./linking/index.js";
import { moneyFeature } from "./money/index.js";
import { ordersExportEntry, ordersFeature } from "./orders/index.js";
import { productsFeature } from "./products/index.js";
import { startFeature } from "./start.js";

export { createGroupAlertsFeature, subscribeOnLink } from "./alerts/index.js";

/** Placed before the conversations, so they always answer (/cancel leaves a conversation). */
export const EARLY_FEATURES: readonly Feature[] = [cancelFeature];

/**
 * The features in the order they see an update, after the conversations. Seller-data features
 * put `requireLink` in front of their handlers; the fallback answers whatever none took.
 */
export const FEATURES: readonly Feature[] = [
  linkingFeature,
  startFeature,
  languageFeature,
  ordersFeature,
  moneyFeature,
  productsFeature,
  catalogFeatureWith([ordersExportEntry]),
  directoriesFeature,
  importFeature,
  jobsFeature,
  pageCounterFeature,
  alertsFeature,
  fallbackFeature,
];

/**
 * Every dialogue of the bot, from the features that start them: placed after `/cancel` and
 * before every feature (`bot/index.ts`), so each sees its chat's updates first.
 */
export const DIALOGUES: readonly Dialogue[] = FEATURES.flatMap(
  (feature) => feature.dialogues ?? [],
);
