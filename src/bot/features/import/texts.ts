import { callbackCodec } from "../../callback-data.js";

/** "Import the valid ones" / "Cancel" of one read document. */
export const importChoice = callbackCodec("imp1", [
  ["action", "key"],
  ["draft", "key"],
] as const);
