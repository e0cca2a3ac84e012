/**
 * Group commit for one kind of write: requests that arrive while a batch is being written
 * wait for the next one, so many requests share one statement and one commit.
 *
 * - Nothing in flight: a request is written at once, alone (no wait for company).
 * - A batch in flight: requests queue. A further batch starts while fewer than
 *   `maxInFlight` are in flight, as soon as the queue holds as many requests as recent
 *   batches did (the size adapts to the load), or at the latest `maxWaitMs` after the first
 *   of them arrived; a batch that ends takes what waits at once.
 * - A batch takes at most `maxBatch` requests; beyond `maxQueued` waiting requests `submit`
 *   throws BatcherFullError (the server answers 503 with Retry-After), never an unbounded
 *   wait.
 * `write` answers one outcome per item, in order. When a batch of several fails with an
 * error `retryAlone` accepts (not the database being away), each item is written again
 * alone, in order, so one bad item cannot fail the others; otherwise every item gets the
 * error.
 */
export interface BatcherLimits {
  /** Most requests in one batch. */
  maxBatch: number;
  /** Longest a queued request waits for company while another batch is in flight, in ms. */
  maxWaitMs: number;
  /** Most batches being written at once (each holds one database connection). */
  maxInFlight: number;
  /** Most requests waiting; beyond it `submit` refuses. */
  maxQueued: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

/** Weight of the newest batch in the running mean of batch sizes. */
const SIZE_MEAN_WEIGHT = 0.25;

export class BatcherFullError extends Error {
  constructor() {
    super('Too many requests waiting for a batch');
    this.name = 'BatcherFullError';
  }
}

export class Batcher<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private meanSize = 1;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly limits: BatcherLimits,
    private readonly retryAlone: (error: unknown) => boolean = () => false,
  ) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < (name === 'maxWaitMs' ? 0 : 1)) {
        throw new RangeError(`Batcher: ${name} must be a whole number, got ${value}`);
      }
    }
  }

  /** Writes `item` in the next batch that has room; answers its outcome. */
  submit(item: I): Promise<O> {
    if (this.queue.length >= this.limits.maxQueued) {
      return Promise.reject(new BatcherFullError());
    }
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Starts every batch that may start now; arms the wait timer for the rest. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.limits.maxInFlight) {
      const ready = this.inFlight === 0 || this.queue.length >= this.closeAt();
      if (!ready) {
        this.armTimer();
        return;
      }
      this.send();
    }
  }

  /** How many waiting requests close a batch early: about as many as recent batches had. */
  private closeAt(): number {
    return Math.min(this.limits.maxBatch, Math.max(2, Math.round(this.meanSize)));
  }

  private armTimer(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.queue.length > 0 && this.inFlight < this.limits.maxInFlight) this.send();
      this.pump();
    }, this.limits.maxWaitMs);
  }

  private send(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue.splice(0, this.limits.maxBatch);
    this.meanSize += SIZE_MEAN_WEIGHT * (batch.length - this.meanSize);
    this.inFlight += 1;
    void this.writeBatch(batch).finally(() => {
      this.inFlight -= 1;
      this.pump();
    });
  }

  private async writeBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await this.write(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`Batcher: ${outcomes.length} outcomes for ${batch.length} items`);
      }
      batch.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length > 1 && this.retryAlone(error)) {
        for (const waiting of batch) await this.writeAlone(waiting);
        return;
      }
      for (const waiting of batch) waiting.reject(error);
    }
  }

  private async writeAlone(waiting: Waiting<I, O>): Promise<void> {
    try {
      const [outcome] = await this.write([waiting.item]);
      if (outcome === undefined) throw new Error('Batcher: no outcome for a lone item');
      waiting.resolve(outcome);
    } catch (error) {
      waiting.reject(error);
    }
  }
}
