/**
 * Creating accounts. Each user gets a unique random numeric Pay ID and a ledger wallet in
 * the same transaction, so there is never a user without a wallet.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { PAY_ID_DIGITS, type Role } from '../../../common/rules';
import { normalizeEmail } from '../../../common/validation';
import type { Db } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';
import { hashPassword } from '../auth/passwords';

const PAY_ID_ATTEMPTS = 8;

export function randomPayId(): string {
  // The first digit is never 0, so a Pay ID keeps its length when read as a number.
  const first = randomInt(1, 10).toString();
  let rest = '';
  for (let i = 1; i < PAY_ID_DIGITS; i += 1) rest += randomInt(0, 10).toString();
  return first + rest;
}

export interface NewAccount {
  fullName: string;
  username: string;
  email: string;
  phoneNumber: string;
  password: string;
  role: Role;
}

export type CreateAccountResult =
  { ok: true; userId: string } | { ok: false; conflict: 'email' | 'username' };

export async function createAccount(db: Db, account: NewAccount): Promise<CreateAccountResult> {
  const passwordHash = await hashPassword(account.password);
  for (let attempt = 0; attempt < PAY_ID_ATTEMPTS; attempt += 1) {
    const inserted = await db.transaction((tx) =>
      insertAccountOnce(tx, { ...account, passwordHash, createdBy: null }),
    );
    if (inserted !== null) return { ok: true, userId: inserted };
    const taken = await takenKey(db, account);
    if (taken !== null) return { ok: false, conflict: taken };
    // Nothing was inserted and neither key is taken: a Pay ID collision, which is retried.
  }
  throw new Error('Could not allocate a unique Pay ID');
}

/** An account whose password is already hashed: an admin creation approved by a second admin. */
export interface HashedAccount extends Omit<NewAccount, 'password'> {
  passwordHash: string;
  /** The admin who asked for this admin account. */
  createdBy: string | null;
}

/** Inserts an account inside the caller's transaction (the approval of its creation). */
export async function insertAccount(
  tx: Db | Tx,
  account: HashedAccount,
): Promise<CreateAccountResult> {
  for (let attempt = 0; attempt < PAY_ID_ATTEMPTS; attempt += 1) {
    const inserted = await insertAccountOnce(tx, account);
    if (inserted !== null) return { ok: true, userId: inserted };
    const taken = await takenKey(tx, account);
    if (taken !== null) return { ok: false, conflict: taken };
  }
  throw new Error('Could not allocate a unique Pay ID');
}

/**
 * One insert with a random Pay ID, and the wallet of a user; null when a unique key was taken
 * (ON CONFLICT DO NOTHING, so the transaction stays usable).
 */
async function insertAccountOnce(tx: Db | Tx, account: HashedAccount): Promise<string | null> {
  const inserted = await tx
    .insert(users)
    .values({
      fullName: account.fullName.trim(),
      username: account.username.trim(),
      email: normalizeEmail(account.email),
      phoneNumber: account.phoneNumber.trim(),
      passwordHash: account.passwordHash,
      role: account.role,
      payId: randomPayId(),
      createdBy: account.createdBy,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const row = inserted[0];
  if (!row) return null;
  if (account.role === 'user') {
    await tx.insert(ledgerAccounts).values({ kind: 'user_wallet', userId: row.id });
  }
  return row.id;
}

/** Which of the account's unique keys is taken, if any. */
async function takenKey(
  db: Db | Tx,
  account: { email: string; username: string },
): Promise<'email' | 'username' | null> {
  const emailTaken = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(account.email)))
    .limit(1);
  if (emailTaken.length > 0) return 'email';
  const usernameTaken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${account.username.trim()})`)
    .limit(1);
  if (usernameTaken.length > 0) return 'username';
  return null;
}
