import type { ImportJob } from "./job.js";
import { type SenderDeps, sendDocument } from "./run.js";

export type { ImportJob } from "./job.js";
export { PROGRESS_MIN_INTERVAL_MS, ProgressMessage, type ProgressState } from "./progress.js";
export type { SenderDeps } from "./run.js";

/**
 * Sends confirmed documents in the background of the process (not inside an update, so a
 * chat is not held while 3,000 products go out, and a stop can drain them).
 */
export interface ImportSender {
  /** Aborted once stop() begins: no new Seller API request starts after it. */
  readonly stopping: AbortSignal;
  /** Starts sending a confirmed draft; false when the app is stopping (nothing is sent). */
  start(job: ImportJob): boolean;
  /** Documents being sent now. */
  active(): number;
  /**
   * Stops: no new request, requests in flight finish (each within the Seller API timeout),
   * every accepted product recorded. Waits at most `timeoutMs`.
   */
  stop(timeoutMs: number): Promise<void>;
}

export function createImportSender(deps: SenderDeps): ImportSender {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  const log = deps.logger.child({ module: "import" });
  return {
    stopping: controller.signal,
    start(job) {
      if (controller.signal.aborted) return false;
      const task = sendDocument(deps, job, controller.signal)
        .catch((error: unknown) => {
          log.error(
            { chatId: job.chatId, draft: job.draftId, err: error },
            "import sending failed",
          );
        })
        .finally(() => running.delete(task));
      running.add(task);
      return true;
    },
    active: () => running.size,
    async stop(timeoutMs) {
      controller.abort();
      if (running.size === 0) return;
      log.info({ documents: running.size }, "waiting for import requests in flight");
      const bound = new AbortController();
      await Promise.race([Promise.all(running), deps.clock.sleep(timeoutMs, bound.signal)]);
      bound.abort();
    },
  };
}
