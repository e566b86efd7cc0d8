/** The pace's public entry: one pace per app, and the `fetch` that paces an Api's sends. */
export { createPace, type Pace, type PaceLimits, TELEGRAM_PACE } from "./pace.js";
export { isPacedMethod, pacedFetch, type TelegramFetch } from "./paced-fetch.js";
