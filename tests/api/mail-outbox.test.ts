/**
 * The mail job (issue 20): retries with back-off then `failed`, a lease that outlives a
 * sender that died, two senders that never send one row twice, marks in groups that mark
 * only the rows whose claim holds, and the console's outbox (list, resend a failed mail,
 * audited).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { auditLog, mailOutbox } from '../../server/db/schema';
import {
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  sendDueMails,
  type MailChannel,
} from '../../server/modules/mail';
import { claimDueMails, markSent } from '../../server/modules/mail/outbox';
import {
  adminHeaders,
  createTestApp,
  createTestDatabase,
  registerAndLogin,
  WITH_ADMIN,
  type Headers,
  type TestApp,
  type TestDatabase,
} from './harness';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: TestDatabase;
let t: TestApp;
let second: Database;
let admin: Headers;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(WITH_ADMIN, { database, nowMs: now });
  // A second instance's connections to the same database.
  second = await database.open();
  admin = await adminHeaders(t.app);
});

afterAll(async () => {
  await second?.close();
  await t?.close();
  await database?.drop();
});

/** A channel that records what it sends, fails while `failing`, and takes `delayMs`. */
function recordingChannel(options: { failing?: () => boolean; delayMs?: number } = {}) {
  const sent: { id: string; messageId: string; to: string }[] = [];
  const channel: MailChannel = {
    send: async (mail) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.failing?.()) throw new Error('421 Service not available');
      sent.push({ id: mail.id, messageId: mail.messageId, to: mail.to });
      return 'ok';
    },
    close: () => undefined,
  };
  return { channel, sent };
}

async function enqueue(userId: string, count: number): Promise<string[]> {
  return t.app.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(
        await enqueueMail(tx, {
          userId,
          kind: 'deposit_credited',
          params: { amount: `${i + 1}.000000` },
        }),
      );
    }
    return ids;
  });
}

async function row(id: string) {
  const [found] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error('no row');
  return found;
}

/** Marks every due mail of earlier tests sent, so each test sees only its own. */
async function drain() {
  const { channel } = recordingChannel();
  while (
    (await sendDueMails({ db: t.app.db, channel, publicUrl: 'http://x', log: quiet, nowMs: now }))
      .sent > 0
  );
}

describe('the mail job', () => {
  it('a failure is retried after a back-off, then sent', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const [id] = await enqueue(user.userId, 1);
    let failing = true;
    const { channel, sent } = recordingChannel({ failing: () => failing });
    const deps = { db: t.app.db, channel, publicUrl: 'http://x', log: quiet, nowMs: now };
    expect(await sendDueMails(deps)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const afterFailure = await row(id!);
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFailure.lastError).toContain('421');
    expect(afterFailure.nextAttemptAt.getTime()).toBeGreaterThan(now() + 20_000);
    // Not due yet: nothing is tried.
    failing = false;
    expect(await sendDueMails(deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
    offsetMs += 31_000;
    expect(await sendDueMails(deps)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sent.map((s) => s.id)).toEqual([id]);
    // Sent is final: later passes send nothing again.
    offsetMs += 3_600_000;
    expect(await sendDueMails(deps)).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts as failed; the console resends it, audited`, async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const [id] = await enqueue(user.userId, 1);
    const { channel } = recordingChannel({ failing: () => true });
    const deps = { db: t.app.db, channel, publicUrl: 'http://x', log: quiet, nowMs: now };
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await sendDueMails(deps);
      offsetMs += 2 * 3_600_000;
    }
    expect(await row(id!)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });

    const list = await t.app.inject({ url: '/api/admin/outbox', headers: admin });
    expect(list.statusCode).toBe(200);
    const page = list.json() as { items: { _id: string; status: string; lastError: string }[] };
    expect(page.items[0]).toMatchObject({ _id: id, status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(page.items[0]?.lastError).toContain('421');

    const user2 = await registerAndLogin(t.app);
    const userRefused = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/resendMail/${id}`,
      headers: user2.auth,
    });
    expect(userRefused.statusCode).toBe(403);

    const resent = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/resendMail/${id}`,
      headers: admin,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().mail).toMatchObject({ status: 'pending', attempts: 0 });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.resent'), eq(auditLog.targetId, id!)));
    expect(audits).toHaveLength(1);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/resendMail/${id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/resendMail/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);

    const { channel: working, sent } = recordingChannel();
    await sendDueMails({ ...deps, channel: working });
    expect(sent.filter((s) => s.id === id)).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a sender that dies mid-send loses its claim when the lease ends; the resend keeps the Message-ID', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const [id] = await enqueue(user.userId, 1);
    // This sender claims the row and never comes back (its send never ends).
    const hung: MailChannel = {
      send: () => new Promise<string>(() => undefined),
      close: () => undefined,
    };
    void sendDueMails({
      db: t.app.db,
      channel: hung,
      publicUrl: 'http://x',
      log: quiet,
      nowMs: now,
    });
    for (let i = 0; i < 100 && (await row(id!)).status !== 'sending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const claimed = await row(id!);
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    const { channel, sent } = recordingChannel();
    const deps = { db: second.db, channel, publicUrl: 'http://x', log: quiet, nowMs: now };
    expect((await sendDueMails(deps)).sent).toBe(0);
    offsetMs += 3 * 60_000;
    expect((await sendDueMails(deps)).sent).toBe(1);
    expect(sent[0]).toMatchObject({ id, messageId: claimed.messageId });
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two senders at once never send the same row twice', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const ids = await enqueue(user.userId, 60);
    const a = recordingChannel({ delayMs: 2 });
    const b = recordingChannel({ delayMs: 2 });
    await Promise.all([
      sendDueMails({
        db: t.app.db,
        channel: a.channel,
        publicUrl: 'http://x',
        log: quiet,
        nowMs: now,
      }),
      sendDueMails({
        db: second.db,
        channel: b.channel,
        publicUrl: 'http://x',
        log: quiet,
        nowMs: now,
      }),
    ]);
    const all = [...a.sent, ...b.sent].map((s) => s.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...ids].sort());
    if (process.env.TEST_DATABASE_URL) {
      // On PostgreSQL both really ran at once.
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
    }
  });

  it('a group mark marks only the rows whose claim still holds, and drops their secrets', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const ids = await t.app.db.transaction(async (tx) =>
      Promise.all(
        ['a', 'b', 'c'].map((letter) =>
          enqueueMail(tx, {
            userId: user.userId,
            kind: 'verify_email',
            params: { token: letter.repeat(43) },
          }),
        ),
      ),
    );
    const claimed = await claimDueMails(t.app.db, now(), 10);
    expect(claimed.map((mail) => mail.id).sort()).toEqual([...ids].sort());
    // Another sender has claimed b since (its lease ran out): a later attempt number.
    const lost = ids[1]!;
    await t.app.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, lost));

    const marked = await markSent(t.app.db, claimed, now());
    expect([...marked].sort()).toEqual(ids.filter((id) => id !== lost).sort());
    for (const id of ids) {
      const found = await row(id);
      if (id === lost) {
        expect(found).toMatchObject({ status: 'sending', attempts: 2, sentAt: null });
        expect(found.params.token).toBe('b'.repeat(43));
      } else {
        expect(found).toMatchObject({ status: 'sent', attempts: 1, leaseUntil: null });
        expect(found.params).not.toHaveProperty('token');
        expect(found.params.recipientName).toBeTruthy();
      }
    }
    // Marked once: the same claims mark nothing again.
    expect((await markSent(t.app.db, claimed, now())).size).toBe(0);
    await t.app.db.delete(mailOutbox).where(inArray(mailOutbox.id, ids));
  });

  it('a sender whose claim on one mail of a group is lost marks the others', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const ids = await enqueue(user.userId, 5);
    const lost = ids[2]!;
    const sent: string[] = [];
    const channel: MailChannel = {
      send: async (mail) => {
        // While this sender works, another one takes over the third mail's row.
        if (mail.id === lost) {
          await second.db
            .update(mailOutbox)
            .set({ attempts: sql`${mailOutbox.attempts} + 1` })
            .where(eq(mailOutbox.id, lost));
        }
        sent.push(mail.id);
        return 'ok';
      },
      close: () => undefined,
    };
    const result = await sendDueMails({
      db: t.app.db,
      channel,
      publicUrl: 'http://x',
      log: quiet,
      nowMs: now,
    });
    expect(result).toEqual({ sent: 4, retried: 0, failed: 0 });
    expect(sent.sort()).toEqual([...ids].sort());
    expect(await row(lost)).toMatchObject({ status: 'sending', attempts: 2 });
    for (const id of ids.filter((id) => id !== lost)) {
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    await t.app.db.delete(mailOutbox).where(eq(mailOutbox.id, lost));
  });

  it('a claim takes the oldest due mails first, expired leases among them, and no more than asked', async () => {
    const user = await registerAndLogin(t.app);
    await drain();
    const [pendingOld, expiredOlder, pendingNew, notDue, leased] = await enqueue(user.userId, 5);
    const at = (offset: number) => new Date(now() + offset);
    const set = (id: string, values: Partial<typeof mailOutbox.$inferInsert>) =>
      t.app.db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id!));
    await set(pendingOld!, { nextAttemptAt: at(-30_000) });
    await set(expiredOlder!, {
      status: 'sending',
      attempts: 1,
      nextAttemptAt: at(-40_000),
      leaseUntil: at(-1_000),
    });
    await set(pendingNew!, { nextAttemptAt: at(-10_000) });
    await set(notDue!, { nextAttemptAt: at(60_000) });
    await set(leased!, {
      status: 'sending',
      attempts: 1,
      nextAttemptAt: at(-50_000),
      leaseUntil: at(60_000),
    });

    // Which mails are taken is the order's business; the rows come back in any order.
    const first = await claimDueMails(t.app.db, now(), 2);
    const attemptsById = new Map(first.map((mail) => [mail.id, mail.attempts]));
    expect(attemptsById).toEqual(
      new Map([
        [expiredOlder, 2],
        [pendingOld, 1],
      ]),
    );
    const second = await claimDueMails(t.app.db, now(), 10);
    expect(second.map((mail) => mail.id)).toEqual([pendingNew]);
    expect(await claimDueMails(t.app.db, now(), 10)).toEqual([]);
    expect(await row(notDue!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await row(leased!)).toMatchObject({ status: 'sending', attempts: 1 });
    await t.app.db.delete(mailOutbox).where(eq(mailOutbox.userId, user.userId));
  });
});
