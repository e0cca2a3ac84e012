/**
 * One pass of the mail sender: claim due rows, render and send each, mark them. Safe on many
 * instances (the claim skips rows another holds). "Sent once" means: a row is marked sent
 * only after the channel accepted it, and is never claimed again after that. A sender that
 * dies between the channel's acceptance and the mark leaves the row to be sent again when
 * its lease ends: the same mail, with the same Message-ID, arrives twice.
 *
 * Accepted mails are marked in small groups, one fenced UPDATE each (a statement per mail
 * cost about as much CPU as composing the mail). That widens the window above: an accepted
 * mail waits for at most MAIL_MARK_GROUP_SIZE - 1 further sends, and its group is marked
 * before the next send once the group's first mail has waited MAIL_MARK_MAX_WAIT_MS. So the
 * window is that wait plus one send: milliseconds for the `.eml` files (a send is a file
 * write), one SMTP exchange with a mail server. That window is the limit of any outbox
 * without a transactional mail server.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailChannel } from './channel';
import {
  claimDueMails,
  failExpiredClaims,
  markAttemptFailed,
  markSent,
  type ClaimedMail,
} from './outbox';
import { renderMail } from './render';

/** Mails claimed per batch: each batch's leases run while the batch is sent one by one. */
export const MAIL_BATCH_SIZE = 20;
/** Batches per run at most, so one run never holds the job for long. */
const MAX_BATCHES_PER_RUN = 10;
/** Accepted mails marked by one statement at most. */
export const MAIL_MARK_GROUP_SIZE = 10;
/** How long an accepted mail may wait for its group's mark before the next send. */
export const MAIL_MARK_MAX_WAIT_MS = 20;

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

/** A mail the channel accepted, waiting for its group's mark. */
interface AcceptedMail {
  mail: ClaimedMail;
  /** Where the channel put it (a file, or the SMTP server's answer). */
  where: string;
}

/** Renders and sends one claimed mail; answers where it went, or null when it failed (marked so). */
async function sendOne(
  deps: MailSenderDeps,
  mail: ClaimedMail,
  result: SendResult,
): Promise<string | null> {
  const now = deps.nowMs ?? Date.now;
  try {
    const { recipientName, ...params } = mail.params;
    const rendered = renderMail(
      { kind: mail.kind, language: mail.language, params, recipientName: recipientName ?? null },
      deps.publicUrl,
    );
    return await deps.channel.send({
      ...rendered,
      to: mail.recipient,
      messageId: mail.messageId,
      id: mail.id,
    });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const outcome = await markAttemptFailed(deps.db, mail, text, now());
    result[outcome === 'failed' ? 'failed' : 'retried'] += 1;
    deps.log.warn(
      { mailId: mail.id, kind: mail.kind, attempt: mail.attempts, err: text },
      `mail not sent (${outcome})`,
    );
    return null;
  }
}

/** Marks a group of accepted mails sent (one statement); a mail whose claim was lost is logged. */
async function markGroup(deps: MailSenderDeps, group: AcceptedMail[], result: SendResult) {
  if (group.length === 0) return;
  const now = deps.nowMs ?? Date.now;
  const marked = await markSent(
    deps.db,
    group.map((accepted) => accepted.mail),
    now(),
  );
  for (const { mail, where } of group) {
    if (marked.has(mail.id)) {
      result.sent += 1;
      deps.log.info({ mailId: mail.id, kind: mail.kind, to: where }, 'mail sent');
    } else {
      deps.log.warn({ mailId: mail.id }, 'mail sent after its claim ended');
    }
  }
}

/** Sends a claimed batch one by one, marking the accepted ones in groups as they come. */
async function sendBatch(deps: MailSenderDeps, mails: ClaimedMail[], result: SendResult) {
  let group: AcceptedMail[] = [];
  let groupStartedMs = 0;
  for (const mail of mails) {
    const where = await sendOne(deps, mail, result);
    if (where !== null) {
      if (group.length === 0) groupStartedMs = performance.now();
      group.push({ mail, where });
    }
    const waitedMs = performance.now() - groupStartedMs;
    if (group.length >= MAIL_MARK_GROUP_SIZE || waitedMs >= MAIL_MARK_MAX_WAIT_MS) {
      await markGroup(deps, group, result);
      group = [];
    }
  }
  await markGroup(deps, group, result);
}

/** Sends what is due now; answers the counts. */
export async function sendDueMails(
  deps: MailSenderDeps,
  isStopped: () => boolean = () => false,
): Promise<SendResult> {
  const now = deps.nowMs ?? Date.now;
  const result: SendResult = { sent: 0, retried: 0, failed: 0 };
  // Once per pass, not per batch: it reads every claim in the due index (live or dead).
  await failExpiredClaims(deps.db, now());
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !isStopped(); batch += 1) {
    const mails = await claimDueMails(deps.db, now(), MAIL_BATCH_SIZE);
    await sendBatch(deps, mails, result);
    if (mails.length < MAIL_BATCH_SIZE) break;
  }
  return result;
}
