import { Worker } from "node:worker_threads";
import type { ImportFile, ReadFileResult, ReadOptions } from "../types.js";
import { ResultAssembly, type ResultMessage } from "./parts.js";
import { rejection } from "./reject.js";

/**
 * The worker's code. From the production bundle it is worker.js beside the chunk holding this
 * code (scripts/build.ts puts every chunk and entry point in dist/ itself); under tsx
 * (tests, `npm start`) it is worker.ts, loaded after registering tsx's hooks in the worker
 * through tsx's public `tsx/esm/api` export (a worker does not inherit the hooks, and
 * `--import` in its execArgv is not applied in time).
 */
function workerSource(): { code: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) {
    return { code: new URL("./worker.js", import.meta.url), eval: false };
  }
  const api = import.meta.resolve("tsx/esm/api");
  const worker = new URL("./worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(worker)}); });`;
  return { code, eval: true };
}

export interface PoolSettings {
  /** Workers reading at once; more files wait their turn. */
  size: number;
  /** Heap cap of each worker, MB. */
  memoryLimitMb: number;
  /** Time cap of one reading, ms. */
  timeLimitMs: number;
  /** An idle worker is stopped after this long. */
  idleMs: number;
}

interface Job {
  file: ImportFile;
  options: ReadOptions;
  resolve: (result: ReadFileResult) => void;
}

/** One worker thread and the reading it is doing, if any. */
class Reader {
  readonly worker: Worker;
  private job: Job | undefined;
  /** The parts of the answer received so far. */
  private assembly = new ResultAssembly();
  /** The parts waiting for their turn (see `receive`). */
  private received: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  dead = false;

  constructor(
    private readonly settings: PoolSettings,
    private readonly done: (reader: Reader) => void,
  ) {
    const source = workerSource();
    this.worker = new Worker(source.code, {
      eval: source.eval,
      // The parent's flags (`--input-type`, `-e`, loaders) are not the worker's business.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: settings.memoryLimitMb,
        // The young generation is where a reading's short-lived objects come and go; 64 MB
        // of it cost about 50 MB more resident memory than 16 MB for 10% less CPU time.
        maxYoungGenerationSizeMb: Math.min(16, Math.max(8, Math.round(settings.memoryLimitMb / 8))),
        stackSizeMb: 8,
      },
      stdout: false,
      stderr: false,
    });
    this.worker.on("message", (message: ResultMessage) => this.receive(message));
    this.worker.on("error", (error: Error & { code?: string }) => {
      // ERR_WORKER_OUT_OF_MEMORY: the file needed more than the cap; the bot is unharmed.
      const result =
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? rejection("read-memory", { max: this.settings.memoryLimitMb })
          : rejection("binary");
      this.stop(result);
    });
    this.worker.on("exit", () =>
      this.stop(rejection("read-memory", { max: settings.memoryLimitMb })),
    );
  }

  start(job: Job): void {
    clearTimeout(this.idleTimer);
    this.worker.ref();
    this.job = job;
    this.assembly = new ResultAssembly();
    const limit = job.options.timeLimitMs ?? this.settings.timeLimitMs;
    this.timer = setTimeout(
      () => this.stop(rejection("read-timeout", { max: Math.ceil(limit / 1000) })),
      limit,
    );
    // A copy, handed over rather than copied again: the caller keeps its bytes.
    const bytes = Uint8Array.from(job.file.bytes);
    this.worker.postMessage({ file: { ...job.file, bytes }, options: job.options }, [bytes.buffer]);
  }

  /**
   * Takes each message of the answer on a turn of the event loop of its own. Messages that
   * arrived together are handed over in one go (one callback for all of them), so taking
   * them there would hold the thread for the whole answer again.
   */
  private receive(message: ResultMessage): void {
    const assembly = this.assembly;
    this.received = this.received.then(
      () =>
        new Promise<void>((resolve) =>
          setImmediate(() => {
            resolve();
            if (assembly !== this.assembly || this.dead) return;
            let result: ReadFileResult | undefined;
            try {
              result = assembly.take(message);
            } catch {
              // Never expected (the worker wrote the JSON), and never a crash of the bot.
              result = rejection("binary");
            }
            if (result) this.finish(result);
          }),
        ),
    );
  }

  private finish(result: ReadFileResult): void {
    const job = this.job;
    this.job = undefined;
    clearTimeout(this.timer);
    job?.resolve(result);
    // Idle workers never keep the process alive, and go away after a while.
    this.worker.unref();
    this.idleTimer = setTimeout(() => this.stop(undefined), this.settings.idleMs);
    this.idleTimer.unref();
    this.done(this);
  }

  /** Ends the worker (a cap was hit, it died, or it idled), answering its reading if any. */
  stop(result: ReadFileResult | undefined): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.timer);
    clearTimeout(this.idleTimer);
    void this.worker.terminate();
    const job = this.job;
    this.job = undefined;
    if (job && result) job.resolve(result);
    this.done(this);
  }
}

/**
 * Reads files in worker threads with a heap cap and a time cap each, so no file can block the
 * event loop or take the process down. Workers are reused while they are well (a warm worker
 * answers in milliseconds) and replaced once one hits a cap.
 */
export class ReadingPool {
  private readonly idle: Reader[] = [];
  private readonly busy = new Set<Reader>();
  private readonly queue: Job[] = [];

  constructor(private readonly settings: PoolSettings) {}

  read(file: ImportFile, options: ReadOptions): Promise<ReadFileResult> {
    return new Promise((resolve) => {
      this.queue.push({ file, options, resolve });
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0) {
      let reader = this.idle.pop();
      while (reader?.dead) reader = this.idle.pop();
      if (!reader) {
        if (this.busy.size >= this.settings.size) return;
        reader = new Reader(this.settings, (r) => this.released(r));
      }
      this.busy.add(reader);
      reader.start(this.queue.shift()!);
    }
  }

  private released(reader: Reader): void {
    this.busy.delete(reader);
    const at = this.idle.indexOf(reader);
    if (at >= 0) this.idle.splice(at, 1);
    if (!reader.dead) this.idle.push(reader);
    this.next();
  }

  /** Stops every worker (tests, shutdown). */
  close(): void {
    for (const reader of [...this.idle, ...this.busy])
      reader.stop(rejection("read-timeout", { max: 0 }));
  }
}
