/** The files area's statements on stored uploads, and the viewer check of an admin link. */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, users } from '../../db/schema';
import type { Tx } from '../../ledger/types';

/** Advisory lock class (with the uploader's hash) that serialises one uploader's inserts. */
const UPLOAD_ADDRESS_LOCK_CLASS = 0x75706c64;

/** Holds the uploader's lock until `tx` ends: one uploader's inserts go one at a time. */
export async function lockUploader(tx: Tx, uploaderKey: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${UPLOAD_ADDRESS_LOCK_CLASS}::int, hashtext(${uploaderKey}))`,
  );
}

/** Records a stored upload; returns its id. */
export async function insertFile(tx: Tx, values: typeof files.$inferInsert): Promise<string> {
  const inserted = await tx.insert(files).values(values).returning({ id: files.id });
  const row = inserted[0];
  if (row === undefined) throw new Error('Inserting the file row returned nothing');
  return row.id;
}

/** What serving a file needs to know of it; null for no such file. */
export async function findStoredFile(db: Db, fileId: string) {
  const rows = await db
    .select({
      storageName: files.storageName,
      mimeType: files.mimeType,
      purpose: files.purpose,
      ownerId: files.ownerId,
    })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  return rows[0] ?? null;
}

/** The role and state of the account an admin link names; null for no such account. */
export async function findLinkViewer(db: Db, userId: string) {
  const viewer = await db
    .select({ role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return viewer[0] ?? null;
}

/**
 * Unclaimed uploads made since `since`: the user's own when `userId` is not null, otherwise
 * the address's anonymous ones.
 */
export async function countUnclaimedUploads(
  db: Db | Tx,
  uploader: { userId: string | null; ip: string },
  since: Date,
): Promise<number> {
  const mine =
    uploader.userId === null
      ? and(eq(files.uploaderIp, uploader.ip), isNull(files.ownerId))
      : eq(files.ownerId, uploader.userId);
  const rows = await db
    .select({ unclaimed: count() })
    .from(files)
    .where(and(mine, isNull(files.claimedAt), gt(files.createdAt, since)));
  return rows[0]?.unclaimed ?? 0;
}
