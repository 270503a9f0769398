import { describe, expect, it } from 'vitest';
import { createPixelBudget } from './pixelBudget';

/** A task that runs until `finish` is called. */
function held() {
  let finish = () => {};
  let started = false;
  const task = () =>
    new Promise<void>((resolve) => {
      started = true;
      finish = resolve;
    });
  return { task, finish: () => finish(), started: () => started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPixelBudget', () => {
  it('runs small images side by side and a big one when there is room, in order', async () => {
    const budget = createPixelBudget(48);
    const [small1, small2, big, small3] = [held(), held(), held(), held()];
    const runs = [
      budget.run(4, small1.task),
      budget.run(4, small2.task),
      budget.run(40, big.task),
      budget.run(4, small3.task),
    ];
    await tick();
    expect([small1.started(), small2.started(), big.started()]).toEqual([true, true, true]);
    // 48 in use: the next small one waits its turn.
    expect(small3.started()).toBe(false);
    expect(budget.inUse).toBe(48);
    small1.finish();
    await tick();
    expect(small3.started()).toBe(true);
    [small2, big, small3].forEach((run) => run.finish());
    await Promise.all(runs);
    expect(budget.inUse).toBe(0);
  });

  it('runs an image bigger than the budget alone, and gives its room back when it fails', async () => {
    const budget = createPixelBudget(10);
    const after = held();
    const failing = budget.run(40, () => Promise.reject(new Error('broken')));
    const next = budget.run(4, after.task);
    await expect(failing).rejects.toThrow('broken');
    await tick();
    expect(after.started()).toBe(true);
    after.finish();
    await next;
    expect(budget.inUse).toBe(0);
  });
});
