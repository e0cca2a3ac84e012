/**
 * One pass of the mail sender: claim due rows, render and send each, mark it. Safe on many
 * instances (the claim skips rows another holds). "Sent once" means: a row is marked sent
 * only after the channel accepted it, and is never claimed again after that. A sender that
 * dies between the channel's acceptance and the mark leaves the row to be sent again when
 * its lease ends: the same mail, with the same Message-ID, arrives twice. That window
 * (milliseconds) is the limit of any outbox without a transactional mail server.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailChannel } from './channel';
import { claimDueMails, markAttemptFailed, markSent, type ClaimedMail } from './outbox';
import { renderMail } from './render';

/** Mails claimed per batch: each batch's leases run while the batch is sent one by one. */
export const MAIL_BATCH_SIZE = 20;
/** Batches per run at most, so one run never holds the job for long. */
const MAX_BATCHES_PER_RUN = 10;

export interface MailSenderDeps {
  db: Db;
  channel: MailChannel;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  nowMs?: () => number;
}

export interface SendResult {
  sent: number;
  retried: number;
  failed: number;
}

async function sendOne(deps: MailSenderDeps, mail: ClaimedMail, result: SendResult) {
  const now = deps.nowMs ?? Date.now;
  try {
    const { recipientName, ...params } = mail.params;
    const rendered = renderMail(
      { kind: mail.kind, language: mail.language, params, recipientName: recipientName ?? null },
      deps.publicUrl,
    );
    const where = await deps.channel.send({
      ...rendered,
      to: mail.recipient,
      messageId: mail.messageId,
      id: mail.id,
    });
    if (await markSent(deps.db, mail, now())) {
      result.sent += 1;
      deps.log.info({ mailId: mail.id, kind: mail.kind, to: where }, 'mail sent');
    } else {
      deps.log.warn({ mailId: mail.id }, 'mail sent after its claim ended');
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const outcome = await markAttemptFailed(deps.db, mail, text, now());
    result[outcome === 'failed' ? 'failed' : 'retried'] += 1;
    deps.log.warn(
      { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, err: text },
      `mail not sent (${outcome})`,
    );
  }
}

/** Sends what is due now; answers the counts. */
export async function sendDueMails(
  deps: MailSenderDeps,
  isStopped: () => boolean = () => false,
): Promise<SendResult> {
  const now = deps.nowMs ?? Date.now;
  const result: SendResult = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !isStopped(); batch += 1) {
    const mails = await claimDueMails(deps.db, now(), MAIL_BATCH_SIZE);
    for (const mail of mails) await sendOne(deps, mail, result);
    if (mails.length < MAIL_BATCH_SIZE) break;
  }
  return result;
}
