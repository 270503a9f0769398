import type { Logger } from './logger';

/** Work a request starts after its answer, which a shutdown waits for. */
export interface Background {
  /** Runs `task` on the next turn, after the answer; a failure is logged with `what`. */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has ended. */
  settled(): Promise<void>;
}

export function createBackground(logger: Logger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => logger.error({ err: error }, `${what} failed`));
      pending.add(running);
      void running.finally(() => pending.delete(running));
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}
