import { randomBytes } from "node:crypto";
import type { Clock } from "../../clock.js";
import type { WatchedDocument } from "./types.js";

/**
 * Whether the sender of a document marked `sending` still lives, so the watcher waits for it
 * (no summary while requests still go out) or summarises what was recorded (the sender died).
 *
 * - A sender of this process is alive while it is registered here (`begin` … `end`).
 * - A sender of another process on a store one process owns (disk) is dead: that process was
 *   this one's predecessor, so a restart summarises at once instead of waiting out a grace time.
 * - On a shared store (Redis) another instance's sender is alive while it records within
 *   `graceMs` (it records after every request, and no request outlasts the API timeout).
 */
export function createSenderWatch(options: { clock: Clock; shared: boolean; graceMs: number }) {
  /** Names this process's senders in the documents they record. */
  const processId = randomBytes(6).toString("hex");
  const active = new Set<string>();
  return {
    processId,
    begin(docId: string) {
      active.add(docId);
    },
    end(docId: string) {
      active.delete(docId);
    },
    isAlive(doc: WatchedDocument): boolean {
      if (doc.sending !== true) return false;
      if (doc.senderId === processId) return active.has(doc.id);
      if (!options.shared) return false;
      return options.clock.now() - (doc.updatedAt ?? doc.createdAt) < options.graceMs;
    },
  };
}
export type SenderWatch = ReturnType<typeof createSenderWatch>;

/**
 * A sender records the document after every request, and no request outlasts the Seller API
 * timeout: a document on a shared store still marked as sending and not recorded for twice
 * that (plus 30 s for slow storage) lost its sender, and is summarised with what was recorded.
 */
export const sendingGraceMs = (apiTimeoutMs: number) => 2 * apiTimeoutMs + 30_000;
