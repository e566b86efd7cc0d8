import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The moment by which the current piece of work (one update a seller waits for) must have its
 * Seller API answers. Every call made inside `within` shares it, so an answer that needs two
 * calls (link status, then orders) still comes within one deadline. Work that outlives the
 * update (a timer or a background task started from it) inherits the scope, so the scope ends
 * with the update: after that its deadline no longer applies. One per Seller API client: two
 * apps in one process share no deadline.
 */
export interface SellerApiDeadlines {
  within<T>(ms: number, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` outside any update's deadline: long work with its own progress (a catalog
   * export) whose calls each keep their own time budget instead of sharing the update's.
   */
  outside<T>(task: () => Promise<T>): Promise<T>;
  /** The deadline of the update in progress, if there is one. */
  current(): number | undefined;
  /** Ends the scope (its client is closed). */
  close(): void;
}

interface DeadlineScope {
  deadline: number;
  open: boolean;
}

/**
 * The scope is made on first use (a probe's client never runs an update, so it makes none) and
 * disabled on close: Node 20 walks every enabled AsyncLocalStorage on each promise created, so
 * one left behind by a closed client slows the whole process.
 */
export function createSellerApiDeadlines(): SellerApiDeadlines {
  let made: AsyncLocalStorage<DeadlineScope> | undefined;
  const scope = () => {
    made ??= new AsyncLocalStorage<DeadlineScope>();
    return made;
  };
  const current = () => {
    const state = made?.getStore();
    return state?.open ? state.deadline : undefined;
  };
  return {
    current,
    close: () => made?.disable(),
    outside: (task) => (made ? made.exit(task) : task()),
    async within(ms, task) {
      const outer = current();
      const deadline = Date.now() + ms;
      const state: DeadlineScope = {
        deadline: outer === undefined ? deadline : Math.min(outer, deadline),
        open: true,
      };
      try {
        return await scope().run(state, task);
      } finally {
        state.open = false;
      }
    },
  };
}
