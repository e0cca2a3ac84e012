/** The kyc area's statements on KYC requests and on the user's verification flags. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kycRequests, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';
import type { KycRow } from './view';

export interface VerificationFlags {
  isVerified: boolean;
  isVerificationPending: boolean;
  country: string | null;
}

/** The user's verification flags, locked for the rest of the transaction; null for no user. */
export async function lockVerificationFlags(
  tx: Tx,
  userId: string,
): Promise<VerificationFlags | null> {
  const rows = await tx
    .select({
      isVerified: users.isVerified,
      isVerificationPending: users.isVerificationPending,
      country: users.country,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setVerificationFlags(
  tx: Tx,
  userId: string,
  flags: Partial<VerificationFlags>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function hasPendingKyc(tx: Tx, userId: string): Promise<boolean> {
  const open = await tx
    .select({ id: kycRequests.id })
    .from(kycRequests)
    .where(and(eq(kycRequests.userId, userId), eq(kycRequests.status, 'Pending')))
    .limit(1);
  return open.length > 0;
}

export async function insertKycRequest(
  tx: Tx,
  values: typeof kycRequests.$inferInsert,
): Promise<KycRow> {
  const [created] = await tx.insert(kycRequests).values(values).returning();
  if (!created) throw new Error('Inserting the KYC request returned nothing');
  return created;
}

/** The user's newest request, whatever its status. */
export async function latestKycOfUser(db: Db, userId: string): Promise<KycRow | null> {
  const rows = await db
    .select()
    .from(kycRequests)
    .where(eq(kycRequests.userId, userId))
    .orderBy(desc(kycRequests.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** Decides the request if it is still Pending; null when it is not (or does not exist). */
export async function decidePendingKyc(
  tx: Tx,
  id: string,
  decision: Pick<KycRow, 'status' | 'reason' | 'decidedBy' | 'decidedAt'>,
): Promise<KycRow | null> {
  const [decided] = await tx
    .update(kycRequests)
    .set(decision)
    .where(and(eq(kycRequests.id, id), eq(kycRequests.status, 'Pending')))
    .returning();
  return decided ?? null;
}

export async function kycStatus(tx: Tx, id: string): Promise<KycRow['status'] | undefined> {
  const [existing] = await tx
    .select({ status: kycRequests.status })
    .from(kycRequests)
    .where(eq(kycRequests.id, id));
  return existing?.status;
}

/** A request with the names of the user who sent it, for an admin. */
export async function kycWithUser(db: Db, id: string) {
  const rows = await db
    .select({
      kyc: kycRequests,
      user: {
        _id: users.id,
        username: users.username,
        fullName: users.fullName,
        email: users.email,
      },
    })
    .from(kycRequests)
    .innerJoin(users, eq(users.id, kycRequests.userId))
    .where(eq(kycRequests.id, id))
    .limit(1);
  return rows[0] ?? null;
}
