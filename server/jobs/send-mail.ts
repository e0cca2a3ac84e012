/**
 * The mail sender, every few seconds: sends the outbox's due mails (server/modules/mail/
 * sender.ts). Safe on many instances: each batch claims its rows with FOR UPDATE SKIP LOCKED
 * and a lease, so two instances never hold the same row.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sendDueMails, type MailChannel } from '../modules/mail';
import { startPeriodicJob } from './periodic';

// A due mail waits at most this long; the claim is one indexed query, so polling is cheap.
const MAIL_SEND_INTERVAL_MS = 2_000;

export interface MailSenderJobDeps {
  db: Db;
  channel: MailChannel;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Sends due mails now and then every `intervalMs`; answers a function that stops it. */
export function startMailSender(
  deps: MailSenderJobDeps,
  intervalMs = MAIL_SEND_INTERVAL_MS,
): () => Promise<void> {
  return startPeriodicJob({
    name: 'mail sender',
    intervalMs,
    minIntervalMs: 100,
    log: deps.log,
    run: async (isStopped) => {
      await sendDueMails(deps, isStopped);
    },
  });
}
