/**
 * The outbox's statements. A mail is enqueued in the caller's transaction, so it exists
 * exactly when the event that causes it was committed. The sender claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease; the claim counts as an attempt, and the attempt
 * number fences the result: a sender whose lease ran out (and whose row another instance
 * claimed since) cannot mark it.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import { newRecordId } from '../../lib/record-id';
import type { Tx } from '../../ledger/types';
import { SECRET_PARAMS, type MailRequest } from './kinds';

/** Attempts before a mail is given up as `failed` (an admin may resend it). */
export const MAIL_MAX_ATTEMPTS = 6;
/** The first retry's wait; each further one doubles, up to MAIL_MAX_RETRY_DELAY_MS. */
export const MAIL_FIRST_RETRY_DELAY_MS = 30_000;
export const MAIL_MAX_RETRY_DELAY_MS = 60 * 60_000;
/** How long a claim holds: longer than a send can take (the SMTP time-outs are shorter). */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Longest last error kept. */
const MAX_ERROR_LENGTH = 500;

/** Host part of the Message-IDs. */
const MESSAGE_ID_HOST = 'tradewallet.mail';

/**
 * Writes a mail for `mail.userId` in `tx`: the recipient's address, name and language are
 * read now, so a mail goes where the account pointed when the event happened. Answers the
 * row's id. A user who does not exist is a bug of the caller.
 */
export async function enqueueMail(tx: Tx, mail: MailRequest): Promise<string> {
  const [user] = await tx
    .select({ email: users.email, language: users.language, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, mail.userId))
    .limit(1);
  if (!user) throw new Error(`enqueueMail: no user ${mail.userId}`);
  const id = newRecordId();
  await tx.insert(mailOutbox).values({
    id,
    userId: mail.userId,
    recipient: user.email,
    language: user.language,
    kind: mail.kind,
    params: { ...(mail.params as Record<string, string>), recipientName: user.fullName },
    messageId: `<${id}@${MESSAGE_ID_HOST}>`,
  });
  return id;
}

export interface ClaimedMail {
  id: string;
  recipient: string;
  language: string;
  kind: string;
  params: Record<string, string>;
  messageId: string;
  /** This claim's attempt number: the fence of markSent / markAttemptFailed. */
  attempts: number;
}

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Fails the mails whose lease ran out on their last attempt (their sender died or hung).
 * The sender runs it once per pass, before its claims.
 */
export async function failExpiredClaims(db: Db, nowMs: number): Promise<void> {
  await queryPrepared(
    db,
    sql`update mail_outbox
        set status = 'failed', lease_until = null,
            last_error = 'The sender stopped during the last attempt.'
        where status = 'sending' and lease_until <= ${at(nowMs)}
          and attempts >= ${MAIL_MAX_ATTEMPTS}::int`,
  );
}

/**
 * Claims up to `limit` due mails for `leaseMs`: pending ones whose time has come, and ones
 * whose sender's lease ran out (it died or hung mid-send) before their last attempt, oldest
 * due first. Rows another sender holds locked are skipped, not waited for. Prepared: the
 * sender runs it on every pass, every two seconds.
 *
 * The two kinds are read apart, each in the due index's order and cut at `limit`, and only
 * then merged: one condition naming both made the planner collect and sort every due row
 * (5 ms at a backlog of 15,000 mails, growing with the backlog, on every claim); this reads
 * at most `limit` entries of each.
 */
export async function claimDueMails(
  db: Db,
  nowMs: number,
  limit: number,
  leaseMs = MAIL_LEASE_MS,
): Promise<ClaimedMail[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be >= 1');
  return queryPrepared<ClaimedMail>(
    db,
    sql`with pending as (
          select id, next_attempt_at from mail_outbox
          where status = 'pending' and next_attempt_at <= ${at(nowMs)}
          order by next_attempt_at
          limit ${limit}::int
          for update skip locked),
        expired as (
          select id, next_attempt_at from mail_outbox
          where status = 'sending' and lease_until <= ${at(nowMs)}
            and attempts < ${MAIL_MAX_ATTEMPTS}::int
          order by next_attempt_at
          limit ${limit}::int
          for update skip locked),
        chosen as (
          select id from (select * from expired union all select * from pending) as due
          order by next_attempt_at
          limit ${limit}::int)
        update mail_outbox m
        set status = 'sending', attempts = m.attempts + 1, lease_until = ${at(nowMs + leaseMs)}
        from chosen
        where m.id = chosen.id
        returning m.id::text as id, m.recipient, m.language, m.kind, m.params,
                  m.message_id as "messageId", m.attempts`,
  );
}

const fence = (mail: ClaimedMail) =>
  and(
    eq(mailOutbox.id, mail.id),
    eq(mailOutbox.status, 'sending'),
    eq(mailOutbox.attempts, mail.attempts),
  );

/** Most mails `markSent` takes at once (the sender's groups are smaller). */
export const MAX_MARK_GROUP = 100;

/**
 * Marks claimed mails sent in ONE statement, each row behind its own claim's fence (its id,
 * `sending`, and this claim's attempt number), and drops their secret params. Answers the
 * ids it marked: a mail whose claim was lost (its lease ran out and another sender claimed
 * it since) is left as the other sender has it.
 *
 * The status test is written `(…) is true` so that no index can serve it and the rows are
 * found by primary key: the due index's `sending` range also holds a dead entry for every
 * mail sent since the last vacuum, and the planner, which counts a handful of live rows
 * there, took it (a thousandfold more entries read than rows marked).
 */
export async function markSent(
  db: Db,
  mails: readonly ClaimedMail[],
  nowMs: number,
): Promise<Set<string>> {
  if (mails.length === 0) return new Set();
  if (mails.length > MAX_MARK_GROUP) throw new RangeError(`markSent: over ${MAX_MARK_GROUP} mails`);
  const rows = await queryPrepared<{ id: string }>(
    db,
    sql`update mail_outbox m
        set status = 'sent', sent_at = ${at(nowMs)}, lease_until = null, last_error = null,
            params = m.params - ${sql.param([...SECRET_PARAMS])}::text[]
        from unnest(${sql.param(mails.map((mail) => mail.id))}::uuid[],
                    ${sql.param(mails.map((mail) => mail.attempts))}::int[]) as claim(id, attempts)
        where m.id = claim.id and m.attempts = claim.attempts and (m.status = 'sending') is true
        returning m.id::text as id`,
  );
  return new Set(rows.map((row) => row.id));
}

/** The wait before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(MAIL_FIRST_RETRY_DELAY_MS * 2 ** doublings, MAIL_MAX_RETRY_DELAY_MS);
}

/** After a failed send: pending again after the back-off, or failed after the last attempt. */
export async function markAttemptFailed(
  db: Db,
  mail: ClaimedMail,
  error: string,
  nowMs: number,
): Promise<'retry' | 'failed'> {
  const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: last ? 'failed' : 'pending',
      leaseUntil: null,
      lastError: error.slice(0, MAX_ERROR_LENGTH),
      nextAttemptAt: new Date(nowMs + retryDelayMs(mail.attempts)),
    })
    .where(fence(mail));
  return last ? 'failed' : 'retry';
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A page of the outbox, newest first, and how many mails there are. */
export async function listOutbox(
  db: Db,
  page: number,
  pageSize: number,
): Promise<{ rows: OutboxRow[]; total: number }> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(mailOutbox);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Puts a failed mail back in the queue with fresh attempts; null unless it was failed. */
export async function requeueFailedMail(tx: Tx, id: string): Promise<OutboxRow | null> {
  const [row] = await tx
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  return row ?? null;
}

export async function findMail(db: Db | Tx, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
}

/** A mail of `enqueueMail` for a writer that inserts it itself (the transfer batch). */
export interface PreparedMail {
  id: string;
  userId: string;
  kind: string;
  /** The params as JSON text; the writer adds `recipientName` from the user's row. */
  paramsJson: string;
  messageId: string;
}

/**
 * `enqueueMail`'s row for a writer whose change is one statement (the transfer batch,
 * server/modules/wallet/transfer-batch.ts): it reads the recipient's address, language and
 * name from the user in that statement and inserts the row only with the change itself.
 */
export function prepareMail(mail: MailRequest): PreparedMail {
  const id = newRecordId();
  return {
    id,
    userId: mail.userId,
    kind: mail.kind,
    paramsJson: JSON.stringify(mail.params),
    messageId: `<${id}@${MESSAGE_ID_HOST}>`,
  };
}
