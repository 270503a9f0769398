import { describe, expect, it } from 'vitest';
import { createTaskQueue } from './hashQueue';

class Full extends Error {}

/** A task that finishes when the test says so, noting how many ran at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createTaskQueue', () => {
  it('never runs more than `concurrency` tasks at once, and runs them in order', async () => {
    const queue = createTaskQueue({ concurrency: 2, queueLength: 10 }, () => new Full());
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, gate);
    const results = gates.map((g, index) =>
      queue.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await g.opened;
        running -= 1;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 4]);
    for (const g of [gates[1], gates[0], gates[3], gates[2], gates[5], gates[4]]) {
      g?.open();
      await tick();
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a task at once when every slot is taken and the queue is full', async () => {
    const queue = createTaskQueue({ concurrency: 1, queueLength: 2 }, () => new Full('busy'));
    const g = gate();
    let ran = 0;
    const task = async () => {
      ran += 1;
      await g.opened;
    };
    const accepted = [queue.run(task), queue.run(task), queue.run(task)];
    const refused = queue.run(task);
    await expect(refused).rejects.toBeInstanceOf(Full);
    expect([queue.running, queue.waiting]).toEqual([1, 2]);
    g.open();
    await Promise.all(accepted);
    expect(ran).toBe(3);
    // Room again once they finished.
    await expect(queue.run(async () => 'again')).resolves.toBe('again');
  });

  it('frees the slot of a task that fails, even one that throws before its first await', async () => {
    const queue = createTaskQueue({ concurrency: 1, queueLength: 0 }, () => new Full());
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    await expect(
      queue.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(queue.running).toBe(0);
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});
