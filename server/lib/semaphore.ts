/**
 * Caps how many expensive operations run at once; the rest wait in a bounded queue.
 * Used for password hashing, which costs tens of MiB and milliseconds of CPU each.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxQueueLength: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be >= 1');
    if (!Number.isInteger(maxQueueLength) || maxQueueLength < 0) {
      throw new RangeError('maxQueueLength must be >= 0');
    }
  }

  /** Runs `task` when a slot is free; throws `SemaphoreFullError` when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxQueueLength) throw new SemaphoreFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // Hand the slot straight to the next waiter, so `active` never exceeds `limit`.
      if (next) next();
      else this.active -= 1;
    }
  }
}

export class SemaphoreFullError extends Error {
  constructor() {
    super('Too many operations waiting');
  }
}
