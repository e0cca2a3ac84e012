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
  const email = normalizeEmail(account.email);
  const username = account.username.trim();
  for (let attempt = 0; attempt < PAY_ID_ATTEMPTS; attempt += 1) {
    const payId = randomPayId();
    const outcome = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values({
          fullName: account.fullName.trim(),
          username,
          email,
          phoneNumber: account.phoneNumber.trim(),
          passwordHash,
          role: account.role,
          payId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      const row = inserted[0];
      if (!row) return null;
      if (account.role === 'user') {
        await tx.insert(ledgerAccounts).values({ kind: 'user_wallet', userId: row.id });
      }
      return row.id;
    });
    if (outcome) return { ok: true, userId: outcome };
    // Nothing was inserted: find which unique key was taken. Only a Pay ID collision is retried.
    const emailTaken = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (emailTaken.length > 0) return { ok: false, conflict: 'email' };
    const usernameTaken = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    if (usernameTaken.length > 0) return { ok: false, conflict: 'username' };
  }
  throw new Error('Could not allocate a unique Pay ID');
}
