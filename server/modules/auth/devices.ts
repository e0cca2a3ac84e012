/**
 * Recognising a device an account has signed in from before, for the "sign-in from a new
 * device" mail and the sign-in history.
 *
 * The web app keeps a random device id in local storage (STORAGE_KEYS.deviceId) and sends it
 * on sign-in in the `X-Device-Id` header (DEVICE_ID_HEADER). The server keeps only its SHA-256 per account
 * (`known_devices`). A client without one (a script, an old tab) is recognised by its
 * browser and system names, without versions, so an update is no new device. A password
 * thief signs in without the owner's id and so always from a new device; clearing the
 * browser's storage makes the owner's device new once more, which costs one extra mail.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema';
import { parseUserAgent } from './user-agent';

/** A known device not signed in from for this long is forgotten (and is new again). */
export const KNOWN_DEVICE_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/** Forgotten devices deleted per statement of the purge. */
export const DEVICE_PURGE_BATCH_SIZE = 1000;

const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The stored key of the device a sign-in comes from: the hash of its device id header when
 * well formed, else of its browser and system names.
 */
export function deviceHashOf(
  deviceIdHeader: string | string[] | undefined,
  userAgent: string | null,
): string {
  const header = Array.isArray(deviceIdHeader) ? undefined : deviceIdHeader;
  let key: string;
  if (header !== undefined && DEVICE_ID_PATTERN.test(header)) {
    key = `id:${header}`;
  } else {
    const { browser, system } = parseUserAgent(userAgent);
    // Names only: "Chrome 131" and "Chrome 132" are one browser.
    const name = (part: string | null) => part?.replace(/ [\d.]+$/, '') ?? '';
    key = `ua:${name(browser)}|${name(system)}`;
  }
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Records a sign-in of `userId` from the device `deviceHash` and answers whether it is a new
 * device: one the account had not signed in from (within KNOWN_DEVICE_RETENTION_MS) while it
 * knew another. An account's first known device is not new: that is the sign-up's own
 * device, or, for accounts older than this table, the first sign-in after it came, which
 * should not mail every user at once.
 */
export async function rememberDevice(
  tx: Db,
  userId: string,
  deviceHash: string,
  now: Date,
): Promise<{ newDevice: boolean }> {
  const inserted = await tx
    .insert(knownDevices)
    .values({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  if (inserted.length === 0) {
    await tx
      .update(knownDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
    return { newDevice: false };
  }
  const others = await tx
    .select({ deviceHash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return { newDevice: others.length > 0 };
}

/** Deletes up to `batchSize` devices not signed in from within the retention; answers how many. */
export async function purgeForgottenDevices(
  db: Db,
  nowMs = Date.now(),
  batchSize = DEVICE_PURGE_BATCH_SIZE,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be >= 1');
  const forgottenBy = new Date(nowMs - KNOWN_DEVICE_RETENTION_MS);
  const forgotten = db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(lte(knownDevices.lastSeenAt, forgottenBy))
    .limit(batchSize);
  const deleted = await db
    .delete(knownDevices)
    .where(and(inArray(knownDevices.userId, forgotten), lte(knownDevices.lastSeenAt, forgottenBy)))
    .returning({ userId: knownDevices.userId });
  return deleted.length;
}
