import { randomFillSync } from 'node:crypto';

/** Ids' worth of random bytes drawn at once (as `randomUUID` keeps its own store). */
const POOL_IDS = 256;
const ID_BYTES = 16;
const pool = Buffer.alloc(POOL_IDS * ID_BYTES);
let poolOffset = pool.length;

/**
 * 16 fresh random bytes, each handed out once. Drawn from the system's generator a pool at a
 * time: a draw per id was 3 % of the server's busy time under the transfer load.
 */
function randomIdBytes(): Buffer {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.allocUnsafe(ID_BYTES);
  pool.copy(bytes, 0, poolOffset, poolOffset + ID_BYTES);
  poolOffset += ID_BYTES;
  return bytes;
}

/**
 * Ids of the records the app writes (trades, transfers, deposits, withdrawals, KYC
 * requests, adjustments, mails): UUID version 7 (RFC 9562), a 48-bit Unix time in milliseconds
 * followed by 74 random bits.
 *
 * Why not `randomUUID()` (version 4): a random key lands on a random leaf of every index it
 * is in — the record's primary key and `journal_entries_reference_key`, which holds every
 * entry's reference id as text. On a database of millions of entries those leaves are not
 * in PostgreSQL's buffer cache, so each insert read and dirtied pages all over the index
 * (`npm run bench:api` at 1,000,000 users: createTransfer 22 % slower than on the small
 * database, PostgreSQL CPU per request +38 %). Time-ordered ids put each insert next to the
 * previous one. The time prefix says when a record was made, which its `created_at` says
 * anyway; the 74 random bits keep ids unguessable (access is still checked on every read).
 */
export function newRecordId(nowMs: number = Date.now()): string {
  if (!Number.isSafeInteger(nowMs) || nowMs < 0 || nowMs >= 2 ** 48) {
    throw new RangeError(`newRecordId: time out of range: ${nowMs}`);
  }
  const bytes = randomIdBytes();
  // 48-bit big-endian milliseconds.
  bytes.writeUIntBE(nowMs, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
