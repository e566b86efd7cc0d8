/** The pace's public entry: one pace per app, and the `fetch` that paces an Api's sends. */
export { createPace, type Pace } from "./pace.js";
export { isPacedMethod, pacedFetch } from "./paced-fetch.js";
