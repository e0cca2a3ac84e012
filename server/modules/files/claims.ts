/**
 * Claiming uploads. `/upload` takes no token, so an upload may have no owner: it stays
 * quarantined until an authenticated request (a deposit, a KYC submission) claims it. A
 * claim is one conditional UPDATE, so two requests racing for the same upload cannot both
 * win, and a file uploaded with a token can only be claimed by that same user.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { FILE_ID_PATTERN } from './links';

export const FILE_PURPOSES = ['deposit', 'kyc'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** An upload nobody claimed within this time is purged (server/jobs/purge-uploads.ts). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const UPLOAD_NOT_FOUND_MESSAGE = 'Upload not found. Please upload the image again.';
export const UPLOAD_ALREADY_USED_MESSAGE = 'This image was already used. Please upload a new one.';

const FILE_URL_PATTERN = new RegExp(`^/files/(${FILE_ID_PATTERN.source.slice(1, -1)})$`);

/** The file id of a `/files/<uuid>` URL as `/upload` answered it; null for anything else. */
export function parseFileUrl(fileUrl: unknown): string | null {
  if (typeof fileUrl !== 'string') return null;
  return FILE_URL_PATTERN.exec(fileUrl)?.[1] ?? null;
}

/**
 * Gives the upload at `fileUrl` to `userId` for `purpose`, once, and returns its file id.
 * Call it inside the transaction that stores the record referring to the file, so the
 * claim and the record commit or roll back together. Refusals are 400 `invalid_upload`;
 * a file of another user answers exactly like a missing one, so ids reveal nothing.
 */
export async function claimUpload(
  db: Db,
  fileUrl: string,
  userId: string,
  purpose: FilePurpose,
): Promise<string> {
  if (!FILE_ID_PATTERN.test(userId)) throw new Error('claimUpload needs a user id');
  if (!FILE_PURPOSES.includes(purpose)) throw new Error(`Unknown file purpose: ${purpose}`);
  const fileId = parseFileUrl(fileUrl);
  if (fileId === null) throw new ApiError(400, UPLOAD_NOT_FOUND_MESSAGE, 'invalid_upload');

  const claimed = await db
    .update(files)
    .set({ ownerId: userId, purpose, claimedAt: sql`now()` })
    .where(
      and(
        eq(files.id, fileId),
        isNull(files.claimedAt),
        or(isNull(files.ownerId), eq(files.ownerId, userId)),
      ),
    )
    .returning({ id: files.id });
  const row = claimed[0];
  if (row !== undefined) {
    if (claimed.length !== 1 || row.id !== fileId) throw new Error('Claim matched the wrong row');
    return row.id;
  }

  const existing = await db
    .select({ ownerId: files.ownerId, claimedAt: files.claimedAt })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  const file = existing[0];
  if (file !== undefined && file.claimedAt !== null && file.ownerId === userId) {
    throw new ApiError(400, UPLOAD_ALREADY_USED_MESSAGE, 'invalid_upload');
  }
  throw new ApiError(400, UPLOAD_NOT_FOUND_MESSAGE, 'invalid_upload');
}
