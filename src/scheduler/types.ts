/** The scheduler's public types (index.ts documents how to use them). */

/** When an item is next due (ms since the epoch, on the scheduler's clock), or finished. */
export type RoundResult = { nextAt: number } | "done";

/** What a round of one item may use besides its own dependencies. */
export interface Round {
  /** Aborted when the scheduler stops: start no new outside request, finish what is sent. */
  readonly signal: AbortSignal;
  /** The scheduler's clock. */
  now(): number;
  /**
   * When the scheduler took the item up: the time of the tick that found it due. Ticks come
   * every `tickMs` from the previous tick's start, so an item that returns `takenAt + n × tickMs`
   * comes again exactly n ticks later, however long the tick took to reach it.
   */
  readonly takenAt: number;
  /** Renews the item's lease now; false when it was lost. Call before an effect that must happen once. */
  confirmLease(): Promise<boolean>;
  /** Whether this instance still believes it holds the lease (no store access). */
  holdsLease(): boolean;
  /**
   * Keeps the lease after this round (renewed while the instance lives) and, at stop, leaves it
   * to expire instead of releasing it: e.g. a message was sent but its record is only in memory.
   * `keepLease(false)` undoes it once the record is written.
   */
  keepLease(keep?: boolean): void;
}

/** One kind of recurring work, as registered with the scheduler. */
export interface WorkKind {
  /** Short, unique name (logs). */
  readonly name: string;
  /** How often the kind's items are listed and the due ones run (ms, from one tick's start to the next's). */
  readonly tickMs: number;
  /** Items of this kind worked on at once by one instance (default 8). */
  readonly concurrency?: number;
  /** Ids of every item of this kind, over all instances. */
  list(): Promise<string[]>;
  /** Store key of an item's lease. Keys of different kinds must differ. */
  leaseKey(id: string): string;
  /** One round of one item, run under its lease. */
  run(id: string, round: Round): Promise<RoundResult>;
  /** Delay before an item whose round threw runs again, after `failures` failures in a row. */
  retryDelay?(failures: number): number;
}

export interface Scheduler {
  readonly instanceId: string;
  /** Adds a kind of work; before or after start(). Names must be unique. */
  register(kind: WorkKind): void;
  /** Tells this instance an item is due at `at` (e.g. it was just added), ahead of any round. */
  setDue(kind: string, id: string, at: number): void;
  /** Ticks (listings of due items) this instance has completed for a kind: tests and metrics. */
  ticks(kind: string): number;
  /** Starts every kind's loop and the lease renewals (items left by an earlier run resume). */
  start(): void;
  /** Aborts rounds' signals, waits for rounds in flight (bounded), releases leases not kept. */
  stop(): Promise<void>;
}
