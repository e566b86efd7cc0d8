import type { Clock } from "../../clock.js";
import type { Logger } from "../../logger.js";
import type { FailedBatch, ImportWatcher, SentBatch, WatchedDocument } from "../watcher/types.js";
import type { ImportJob } from "./job.js";
import type { ProgressState } from "./progress.js";

/**
 * The watched document of a sending, recorded after every request's outcome while the rest
 * still go out (`sending: true`), so a crash or a stop in the middle loses no accepted product;
 * the last record clears `sending` unless the sending was interrupted. One write at a time,
 * each of everything known when it begins: no older write lands last. Once the watcher has the
 * document (its state, the chat's index), a record writes the outcomes it has not written and
 * the document's header: one round trip that the requests in flight wait for, not six, and of
 * the same size at the last request as at the first.
 */
export function createRecorder(
  deps: { watcher: Pick<ImportWatcher, "watch" | "update">; clock: Clock; logger: Logger },
  job: ImportJob & { progress: ProgressState },
  sender: { senderId: string; createdAt: number },
) {
  const sent: SentBatch[] = [];
  const failed: FailedBatch[] = [];
  let writing = Promise.resolve();
  /** A `watch` has landed: later records write only what changed. */
  let watched = false;
  /** Outcomes no landed write holds yet. */
  let unwritten: (SentBatch | FailedBatch)[] = [];
  /** The write not yet begun: it will carry every outcome recorded until it begins. */
  let next: Promise<void> | undefined;
  const documentOf = (sending: boolean): WatchedDocument => ({
    id: job.draftId,
    chatId: job.chatId,
    locale: job.locale,
    fileName: job.fileName,
    format: job.format,
    createdAt: sender.createdAt,
    progressMessageId: job.progress.messageId,
    skippedInvalid: job.skipped,
    batches: [...sent].sort((a, b) => a.batch - b.batch),
    failedBatches: [...failed].sort((a, b) => a.batch - b.batch),
    sending,
    updatedAt: deps.clock.now(),
    senderId: sender.senderId,
    ...(job.button && { button: job.button }),
    ...(job.note && { note: job.note }),
    ...(job.edit && { edit: true }),
  });
  return {
    /**
     * Records one more outcome (the sender's heartbeat too); resolves once a write holding it
     * is done. Outcomes that come while a write is under way go together in the next one, so
     * the requests in flight wait for at most two writes, not for one each. A failed write is
     * logged.
     */
    record(outcome: SentBatch | FailedBatch): Promise<void> {
      if ("jobId" in outcome) sent.push(outcome);
      else failed.push(outcome);
      unwritten.push(outcome);
      if (next) return next;
      const queued = writing.then(() => {
        // From here on, outcomes wait for the write after this one.
        next = undefined;
        const doc = documentOf(true);
        const fresh = unwritten;
        unwritten = [];
        const write = watched ? deps.watcher.update(doc, fresh) : deps.watcher.watch(doc);
        return write.then(
          () => {
            watched = true;
          },
          (error: unknown) => {
            // Written again with the next record (or the final one).
            unwritten = [...fresh, ...unwritten];
            // The final record below writes everything again; only a crash before it loses this.
            deps.logger.warn({ err: error }, "import progress not recorded");
          },
        );
      });
      next = queued;
      writing = queued;
      return queued;
    },
    /** The last record: true when the watcher has the document. */
    async finish(interrupted: boolean): Promise<boolean> {
      await writing;
      try {
        await deps.watcher.watch(documentOf(interrupted));
        return true;
      } catch (error) {
        deps.logger.error({ err: error }, "import not watched");
        return false;
      }
    },
  };
}
