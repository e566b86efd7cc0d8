export { createPace, type Pace } from "./pace.js";
export { isPacedMethod, pacedFetch } from "./paced-fetch.js";
