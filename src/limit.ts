/** Runs a task when fewer than its limit are running; tasks start in the order they were asked. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * At most `limit` tasks at once: the Seller API requests of an export's reading (one limit
 * shared by all of them), the file operations of the embedded storage.
 */
export function createLimit(limit: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const done = () => {
    running--;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const run = () => {
        running++;
        // The lane is handed on before the caller hears the answer: the next request goes
        // out before the work done with this answer.
        Promise.resolve().then(task).finally(done).then(resolve, reject);
      };
      if (running < limit) run();
      else waiting.push(run);
    });
}
