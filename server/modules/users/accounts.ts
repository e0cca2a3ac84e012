/**
 * Creating accounts. Each user gets a unique random numeric Pay ID and a ledger wallet in
 * the same transaction, so there is never a user without a wallet. Passwords arrive hashed:
 * hashing is the auth area's (auth/new-account.ts creates an account from a password).
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, PAY_ID_DIGITS, type Language, type Role } from '../../../common/rules';
import { normalizeEmail } from '../../../common/validation';
import type { Db } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import { ensurePracticeAccount } from '../../ledger/practice';
import type { Tx } from '../../ledger/types';

const PAY_ID_ATTEMPTS = 8;

export function randomPayId(): string {
  // The first digit is never 0, so a Pay ID keeps its length when read as a number.
  const first = randomInt(1, 10).toString();
  let rest = '';
  for (let i = 1; i < PAY_ID_DIGITS; i += 1) rest += randomInt(0, 10).toString();
  return first + rest;
}

/** An account whose password is already hashed. */
export interface HashedAccount {
  fullName: string;
  username: string;
  email: string;
  phoneNumber: string;
  role: Role;
  passwordHash: string;
  /** The admin who asked for this admin account (an approved `admin.create`), or null. */
  createdBy: string | null;
  /**
   * Whether the email counts as proven. A sign-up passes false (its verification mail proves
   * it); accounts an operator, the seed or a test makes count as verified (the default).
   */
  emailVerified?: boolean;
  /** The language of the user's mails; default English. */
  language?: Language;
}

/** Work done in the transaction that inserts the account (a sign-up's verification mail). */
export type AfterAccountInsert = (tx: Tx, userId: string) => Promise<void>;

export type CreateAccountResult =
  { ok: true; userId: string } | { ok: false; conflict: 'email' | 'username' };

/** Creates an account; each attempt (a Pay ID collision is retried) is its own transaction. */
export async function createHashedAccount(
  db: Db,
  account: HashedAccount,
  afterInsert?: AfterAccountInsert,
): Promise<CreateAccountResult> {
  for (let attempt = 0; attempt < PAY_ID_ATTEMPTS; attempt += 1) {
    const inserted = await db.transaction(async (tx) => {
      const userId = await insertAccountOnce(tx, account);
      if (userId !== null && afterInsert) await afterInsert(tx, userId);
      return userId;
    });
    if (inserted !== null) return { ok: true, userId: inserted };
    const taken = await takenKey(db, account);
    if (taken !== null) return { ok: false, conflict: taken };
    // Nothing was inserted and neither key is taken: a Pay ID collision, which is retried.
  }
  throw new Error('Could not allocate a unique Pay ID');
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
      emailVerifiedAt: account.emailVerified === false ? null : new Date(),
      language: account.language ?? DEFAULT_LANGUAGE,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const row = inserted[0];
  if (!row) return null;
  if (account.role === 'user') {
    await tx.insert(ledgerAccounts).values({ kind: 'user_wallet', userId: row.id });
    await ensurePracticeAccount(tx, row.id);
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
