export interface QueueSizes {
  /** Tasks run at once. */
  concurrency: number;
  /** Tasks that may wait for a turn; one more is refused. */
  queueLength: number;
}

export interface TaskQueue {
  /**
   * Runs the task when a slot is free. When every slot is taken and the queue is full, the task
   * is not run and `whenFull()` is thrown (as a rejected promise).
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

/**
 * A bounded first-in, first-out queue: at most `concurrency` tasks run, at most `queueLength`
 * wait, and anything past that is refused at once rather than piling up in memory.
 */
export function createTaskQueue(sizes: QueueSizes, whenFull: () => Error): TaskQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= sizes.concurrency && waiting.length >= sizes.queueLength) {
        return Promise.reject(whenFull());
      }
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          // Wrapped so a task that throws before its first await also frees its slot.
          void (async () => task())().then(resolve, reject).finally(next);
        };
        if (running < sizes.concurrency) start();
        else waiting.push(start);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
