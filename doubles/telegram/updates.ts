// The bot's pending update queue, shared by long polling and webhook delivery. Updates stay
// queued until confirmed (getUpdates offset, or a 2xx webhook response), like on Telegram.
import { type ApiError, conflict } from "./errors.js";
import type { TgUpdate } from "./types.js";

// Update types Telegram only sends when explicitly listed in allowed_updates.
const OPT_IN_TYPES = new Set(["chat_member", "message_reaction", "message_reaction_count"]);
const MAX_POLL_SECONDS = 50;

export interface PollRequest {
  offset?: number;
  limit?: number;
  timeoutSeconds?: number;
  allowedUpdates?: string[];
}

interface PendingPoll {
  wake: () => void;
  fail: (error: ApiError) => void;
}

export class UpdateQueue {
  private pending: TgUpdate[] = [];
  private nextId = 500_000_001;
  private poll: PendingPoll | undefined;
  private readonly listeners = new Set<() => void>();
  /** Last allowed_updates given by getUpdates/setWebhook; undefined = Telegram's default set. */
  allowedUpdates: string[] | undefined;

  push(kind: string, payload: unknown): TgUpdate {
    const update: TgUpdate = { update_id: this.nextId++, [kind]: payload };
    this.pending.push(update);
    // Deferred so that updates enqueued in one tick are returned as one batch.
    setImmediate(() => {
      this.poll?.wake();
      for (const listener of this.listeners) listener();
    });
    return update;
  }

  onPush(listener: () => void): void {
    this.listeners.add(listener);
  }

  offPush(listener: () => void): void {
    this.listeners.delete(listener);
  }

  /** Whether a getUpdates call is waiting for updates now (a long poll held open). */
  get polling(): boolean {
    return this.poll !== undefined;
  }

  get pendingCount(): number {
    this.dropDisallowed();
    return this.pending.length;
  }

  peek(): TgUpdate | undefined {
    this.dropDisallowed();
    return this.pending[0];
  }

  remove(updateId: number): void {
    this.pending = this.pending.filter((u) => u.update_id !== updateId);
  }

  clear(): void {
    this.pending = [];
  }

  /** Ends a pending long poll with 409, as Telegram does when another consumer shows up. */
  terminatePoll(reason: string): void {
    this.poll?.fail(conflict(reason));
  }

  async longPoll(req: PollRequest, signal: AbortSignal): Promise<TgUpdate[]> {
    this.terminatePoll(
      "terminated by other getUpdates request; make sure that only one bot instance is running",
    );
    if (req.offset !== undefined && req.offset !== 0) this.confirm(req.offset);
    if (req.allowedUpdates !== undefined) {
      this.allowedUpdates = req.allowedUpdates.length > 0 ? req.allowedUpdates : undefined;
    }
    const limit = Math.min(100, Math.max(1, req.limit ?? 100));
    const timeout = Math.min(MAX_POLL_SECONDS, Math.max(0, req.timeoutSeconds ?? 0));
    const ready = this.take(limit);
    if (ready.length > 0 || timeout === 0 || signal.aborted) return ready;

    return new Promise<TgUpdate[]>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        if (this.poll === entry) this.poll = undefined;
      };
      const entry: PendingPoll = {
        wake: () => {
          const updates = this.take(limit);
          if (updates.length === 0) return;
          finish();
          resolve(updates);
        },
        fail: (error) => {
          finish();
          reject(error);
        },
      };
      const onAbort = () => {
        finish();
        resolve([]);
      };
      const timer = setTimeout(() => {
        finish();
        resolve(this.take(limit));
      }, timeout * 1000);
      signal.addEventListener("abort", onAbort);
      this.poll = entry;
    });
  }

  private confirm(offset: number): void {
    if (offset < 0) this.pending = this.pending.slice(offset);
    else this.pending = this.pending.filter((u) => u.update_id >= offset);
  }

  private take(limit: number): TgUpdate[] {
    this.dropDisallowed();
    return this.pending.slice(0, limit);
  }

  private dropDisallowed(): void {
    this.pending = this.pending.filter((update) => {
      const kind = Object.keys(update).find((k) => k !== "update_id") ?? "";
      return this.allowedUpdates ? this.allowedUpdates.includes(kind) : !OPT_IN_TYPES.has(kind);
    });
  }
}
