/**
 * The timer loop every in-process job shares: run now and then every `intervalMs`, never two
 * runs at once in this process, never a throw out of the timer (a failed run is logged and
 * the next one comes anyway), and a stop that waits for the run in progress, so the database
 * can be closed after it. Whether a job may run on several instances at once is the job's
 * own business (advisory locks, SKIP LOCKED).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Used in the log line of a failed run. */
  name: string;
  intervalMs: number;
  /** The least interval that makes sense for this job; shorter is a configuration error. */
  minIntervalMs: number;
  /** One run; `isStopped` tells a long run to finish early. */
  run(isStopped: () => boolean): Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** Starts the job; answers a function that stops it and waits for a run in progress. */
export function startPeriodicJob(job: PeriodicJob): () => Promise<void> {
  if (!Number.isInteger(job.intervalMs) || job.intervalMs < job.minIntervalMs) {
    throw new RangeError(`${job.name}: intervalMs must be an integer >= ${job.minIntervalMs}`);
  }
  let stopped = false;
  let running: Promise<void> | null = null;
  const isStopped = () => stopped;

  const tick = () => {
    if (stopped || running !== null) return;
    running = job
      .run(isStopped)
      .catch((error: unknown) => job.log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = null;
      });
  };

  // unref: a pending run must never keep the process alive on shutdown.
  const timer = setInterval(tick, job.intervalMs).unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
