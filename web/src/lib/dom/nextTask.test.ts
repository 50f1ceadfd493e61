import { describe, expect, it } from 'vitest';
import { nextTask } from './nextTask.ts';

describe('nextTask', () => {
  it('resolves after the current task’s microtasks, not among them', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    // A chain of microtasks queued after it still runs first: a microtask would have come before them.
    void Promise.resolve()
      .then(() => order.push('microtask'))
      .then(() => order.push('microtask after it'));
    await waited;
    expect(order).toEqual(['microtask', 'microtask after it', 'next task']);
  });
});
