/**
 * Knows when the bot has answered: every update the demo hands to Telegram is counted, and the
 * bot's update handling (grammY's `handleUpdate`, which the runner calls) is counted back. The
 * import goes on outside updates (the sender, then the watcher's rounds): its Bot API calls
 * through `app.telegram` are counted too, so "imports done" includes their last message.
 */
import type { App } from "../src/app.js";

export class BotActivity {
  private expected = 0;
  private handled = 0;
  private inFlight = 0;
  /** Bot API calls made outside updates (the watcher's progress and summary) not yet answered. */
  private notifying = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly app: App) {
    const bot = app.bot;
    const handle = bot.handleUpdate.bind(bot);
    bot.handleUpdate = async (...args: Parameters<typeof handle>) => {
      this.inFlight++;
      try {
        return await handle(...args);
      } finally {
        this.inFlight--;
        this.handled++;
        this.wake();
      }
    };
    app.telegram.config.use(async (prev, method, payload, signal) => {
      this.notifying++;
      try {
        return await prev(method, payload, signal);
      } finally {
        this.notifying--;
      }
    });
  }

  /** Called for every update the demo's user causes (a message, a button press). */
  updateSent(): void {
    this.expected++;
  }

  get idle(): boolean {
    return this.inFlight === 0 && this.handled >= this.expected;
  }

  /** Resolves once every update sent so far has been handled. */
  async untilIdle(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.idle) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the bot did not answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether no import is being sent, watched or told about (the sender works outside updates). */
  private async importsSettled(): Promise<boolean> {
    if (this.app.imports.sender.active() > 0) return false;
    if ((await this.app.watcher.watchedJobs()) > 0) return false;
    return this.notifying === 0 && this.app.pace.waiting() === 0 && this.idle;
  }

  /**
   * Resolves once no import is being sent or watched, its last message is out and the bot is
   * idle; settled twice in a row, since the watcher edits its progress message right after it
   * closes a document.
   */
  async untilImportsDone(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.untilIdle(Math.max(1, deadline - Date.now()));
      if ((await this.importsSettled()) && (await this.importsSettled())) return;
      if (Date.now() > deadline) throw new Error(`imports unfinished after ${timeoutMs} ms`);
      // The watcher works on its own timer; look again shortly (a condition, not a fixed wait).
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
