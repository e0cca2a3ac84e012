import { describe, expect, it } from 'vitest';
import { Batcher, BatcherFullError, type BatcherLimits } from './batcher';

const LIMITS: BatcherLimits = { maxBatch: 4, maxWaitMs: 2, maxInFlight: 1, maxQueued: 6 };

/** A batcher whose writes finish only when the test says; records every batch. */
function controlled(limits: BatcherLimits = LIMITS) {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const batcher = new Batcher<number, number>((items) => {
    batches.push(items);
    return new Promise((resolve) => finishers.push(() => resolve(items.map((i) => i * 10))));
  }, limits);
  return { batcher, batches, finish: () => finishers.shift()!() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Batcher', () => {
  it('writes a lone request at once, and those arriving meanwhile as the next batch', async () => {
    const { batcher, batches, finish } = controlled();
    const first = batcher.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4, 5, 6].map((i) => batcher.submit(i));
    expect(batches).toHaveLength(1);
    finish();
    expect(await first).toBe(10);
    await tick();
    expect(batches[1]).toEqual([2, 3, 4, 5]); // at most maxBatch
    finish();
    await tick();
    expect(batches[2]).toEqual([6]);
    finish();
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50, 60]);
  });

  it('refuses beyond the bounded queue, and rejects every item of a failed batch', async () => {
    const { batcher, finish } = controlled();
    void batcher.submit(0);
    const queued = Array.from({ length: 6 }, (_, i) => batcher.submit(i + 1));
    await expect(batcher.submit(99)).rejects.toBeInstanceOf(BatcherFullError);
    for (let batch = 0; batch < 3; batch += 1) {
      finish();
      await tick();
    }
    await Promise.all(queued);

    const failing = new Batcher<number, number>(() => Promise.reject(new Error('down')), LIMITS);
    await expect(failing.submit(1)).rejects.toThrow('down');
  });

  it('writes each item of a failed batch alone when retryAlone accepts the error', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        calls.push(items);
        if (items.includes(3)) throw new Error(items.length > 1 ? 'batch' : 'three');
        return items;
      },
      LIMITS,
      (error) => (error as Error).message === 'batch',
    );
    void batcher.submit(0);
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => batcher.submit(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      1,
      2,
      'Error: three',
      4,
    ]);
    expect(calls).toEqual([[0], [1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('starts a second batch in flight after at most maxWaitMs', async () => {
    const { batcher, batches } = controlled({ ...LIMITS, maxInFlight: 2 });
    void batcher.submit(1);
    void batcher.submit(2);
    expect(batches).toEqual([[1]]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([[1], [2]]);
  });
});
