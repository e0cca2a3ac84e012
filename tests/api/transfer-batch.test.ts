/**
 * The transfer batch statement driven directly, so the batch's composition is certain: one
 * batch mixing successes, an overdraft, an unknown receiver account, a duplicate key within
 * the batch, a key replayed from an earlier batch and a refused key used again; and the
 * facts each transfer was made from, checked again (session, names, Pay IDs, the receiver's
 * state, email proof, second factor, rules). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  mailOutbox,
  sessions,
  siteSettings,
  transfers,
  users,
  userTwoFactor,
} from '../../server/db/schema';
import { platformShard, walletAccountId } from '../../server/ledger/accounts';
import { checkLedger } from '../../server/ledger/check';
import { newRecordId } from '../../server/lib/record-id';
import { hashToken } from '../../server/modules/auth/tokens';
import { prepareMail } from '../../server/modules/mail';
import {
  postTransferBatch,
  transferBatcher,
  type TransferBatchItem,
} from '../../server/modules/wallet/transfer-batch';
import {
  accountBalance,
  closeCheckingLedger,
  createTestApp,
  fundedUser,
  newKey,
  type TestApp,
} from './harness';

let t: TestApp;
type User = Awaited<ReturnType<typeof fundedUser>> & { wallet: string; username: string };
let a: User;
let b: User;
let c: User;

const usdt = (whole: number) => BigInt(Math.round(whole * 100)) * 10_000n;

async function user(balanceMicros: bigint): Promise<User> {
  const made = await fundedUser(t.app, balanceMicros);
  const [row] = await t.app.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, made.userId));
  return { ...made, wallet: await walletAccountId(t.app.db, made.userId), username: row!.username };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await user(usdt(10));
  b = await user(0n);
  c = await user(usdt(5));
});

afterAll(() => closeCheckingLedger(t));

/** A transfer of `amountMicros` with a 1 % fee, under `key`, as transfers.ts makes it. */
function item(
  from: User,
  to: User,
  amountMicros: bigint,
  key: string,
  receiverWallet = to.wallet,
): TransferBatchItem {
  const feeMicros = amountMicros / 100n;
  const id = newRecordId();
  return {
    key: {
      userId: from.userId,
      key,
      route: 'createTransfer',
      requestHash: `hash-${id}`,
      answer: { statusCode: 201, json: JSON.stringify({ transfer: { id } }) },
    },
    row: {
      id,
      createdAt: new Date(),
      senderId: from.userId,
      receiverId: to.userId,
      senderPayId: from.payId,
      receiverPayId: to.payId,
      senderUsername: from.username,
      receiverUsername: to.username,
      amountMicros,
      feeMicros,
      netMicros: amountMicros - feeMicros,
    },
    senderWallet: from.wallet,
    receiverWallet,
    feeAccount: platformShard(t.app.platformAccounts, 'fee_revenue'),
    check: {
      tokenHash: hashToken(from.token),
      twoFactorOff: true,
      minMicros: 0n,
      chargeMicroPercent: 1_000_000n,
    },
    mail: prepareMail({
      userId: to.userId,
      kind: 'transfer_received',
      params: { amount: '1', sender: 'sender' },
    }),
  };
}

async function storedAnswer(userId: string, key: string): Promise<string | null> {
  const [row] = await t.app.db
    .select({ body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.body ?? null;
}

describe('transfer batch', () => {
  it('decides each transfer of one batch in order, alone', async () => {
    const earlier = item(a, b, usdt(1), newKey());
    expect(await postTransferBatch(t.app.db, [earlier])).toEqual(['posted']);
    // a: 9 left.
    const [k1, k2, k3, k4, k5] = [newKey(), newKey(), newKey(), newKey(), newKey()];
    const batch = [
      item(a, b, usdt(4), k1), // posted: a 5 left
      item(a, c, usdt(4), k2), // posted: a 1 left
      item(a, b, usdt(4), k3), // refused alone: the two before took the money
      item(c, b, usdt(2), k4), // posted
      item(a, b, usdt(0.5), k5, randomUUID()), // the receiver's account does not exist
      item(a, b, usdt(4), k1), // k1 again in the same batch: the first answer stands
      { ...item(a, b, usdt(1), earlier.key.key), key: earlier.key }, // replayed from before
      item(a, b, usdt(0.5), k3), // k3 was refused above: free again, posted now
    ];
    const outcomes = await postTransferBatch(t.app.db, batch);
    expect(outcomes).toEqual([
      'posted',
      'posted',
      'insufficient',
      'posted',
      'missing_account',
      'replay',
      'replay',
      'posted',
    ]);

    expect(await accountBalance(t.app, a.wallet)).toBe(usdt(10 - 1 - 4 - 4 - 0.5));
    expect(await accountBalance(t.app, c.wallet)).toBe(usdt(5) - usdt(2) + usdt(3.96));
    expect(await accountBalance(t.app, b.wallet)).toBe(
      usdt(0.99) + usdt(3.96) + usdt(1.98) + 495_000n,
    );
    // Each key holds the answer of the transfer that was posted under it, and only those.
    expect(await storedAnswer(a.userId, k1)).toBe(batch[0]!.key.answer.json);
    expect(await storedAnswer(a.userId, k3)).toBe(batch[7]!.key.answer.json);
    expect(await storedAnswer(a.userId, k5)).toBeNull();
    expect(await storedAnswer(a.userId, earlier.key.key)).toBe(earlier.key.answer.json);

    const posted = [batch[0]!, batch[1]!, batch[3]!, batch[7]!].map((i) => i.row.id);
    const ids = batch.map((i) => i.row.id);
    const rows = await t.app.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(inArray(transfers.id, ids));
    expect(rows.map((r) => r.id).sort()).toEqual([...posted].sort());
    const mails = await t.app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          batch.map((i) => i.mail.id),
        ),
      );
    expect(mails).toHaveLength(4);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('an empty batch writes nothing; requests sent together share batches', async () => {
    expect(await postTransferBatch(t.app.db, [])).toEqual([]);
    const before = await accountBalance(t.app, c.wallet);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        transferBatcher(t.app.db).submit(item(c, b, usdt(0.1), newKey())),
      ),
    );
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'posted'));
    expect(await accountBalance(t.app, c.wallet)).toBe(before - usdt(2));
  });

  it('refuses as stale, writing nothing and claiming no key, a transfer whose facts changed', async () => {
    const d = await user(usdt(5));
    const e = await user(0n);
    const fresh = () => item(d, e, usdt(1), newKey());
    const cases: [string, TransferBatchItem][] = [
      [
        'a session that is not the sender’s',
        { ...fresh(), check: { ...fresh().check, tokenHash: hashToken(a.token) } },
      ],
      [
        'a changed sender name',
        { ...fresh(), row: { ...fresh().row, senderUsername: 'someone_else' } },
      ],
      [
        'a changed receiver Pay ID',
        { ...fresh(), row: { ...fresh().row, receiverPayId: '99999999' } },
      ],
      ['other rules', { ...fresh(), check: { ...fresh().check, chargeMicroPercent: 2_000_000n } }],
    ];
    for (const [, stale] of cases) {
      expect(await postTransferBatch(t.app.db, [stale, fresh()])).toEqual(['stale', 'posted']);
      expect(await storedAnswer(d.userId, stale.key.key)).toBeNull();
    }
    const before = await accountBalance(t.app, d.wallet);
    const changes: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'the receiver disabled',
        () => t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, e.userId)),
        () => t.app.db.update(users).set({ disabledAt: null }).where(eq(users.id, e.userId)),
      ],
      [
        'the sender’s email no longer proven',
        () => t.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, d.userId)),
        () =>
          t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, d.userId)),
      ],
      [
        'a second factor turned on',
        () =>
          t.app.db.insert(userTwoFactor).values({
            userId: d.userId,
            secret: 'encrypted-secret',
            enabledAt: new Date(),
          }),
        () => t.app.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, d.userId)),
      ],
      [
        'the session ended',
        () =>
          t.app.db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.tokenHash, hashToken(d.token))),
        () =>
          t.app.db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() + 3_600_000) })
            .where(eq(sessions.tokenHash, hashToken(d.token))),
      ],
      [
        'the minimum raised',
        () => t.app.db.update(siteSettings).set({ transferMinMicros: usdt(2) }),
        () => t.app.db.update(siteSettings).set({ transferMinMicros: 0n }),
      ],
    ];
    for (const [what, change, undo] of changes) {
      await change();
      const stale = fresh();
      expect(await postTransferBatch(t.app.db, [stale]), what).toEqual(['stale']);
      expect(await storedAnswer(d.userId, stale.key.key), what).toBeNull();
      await undo();
    }
    expect(await accountBalance(t.app, d.wallet)).toBe(before);
    expect(await postTransferBatch(t.app.db, [fresh()])).toEqual(['posted']);
  });
});
