/** The postings on a wallet, as its activity page lists them. */
import { count, desc, eq } from 'drizzle-orm';
import { WALLET_ACTIVITY_PAGE_SIZE } from '../../../common/rules';
import type { Db } from '../../db/client';
import { journalEntries, postings } from '../../db/schema';

export interface WalletPostingRow {
  id: bigint;
  amountMicros: bigint;
  /** The kind of the journal entry the posting belongs to. */
  kind: string;
  referenceId: string | null;
  createdAt: Date;
}

/** One page of the wallet's postings, newest first. */
export async function pageOfWalletPostings(
  db: Db,
  accountId: string,
  page: number,
): Promise<WalletPostingRow[]> {
  return db
    .select({
      id: postings.id,
      amountMicros: postings.amountMicros,
      kind: journalEntries.kind,
      referenceId: journalEntries.referenceId,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(postings.accountId, accountId))
    .orderBy(desc(postings.id))
    .limit(WALLET_ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * WALLET_ACTIVITY_PAGE_SIZE);
}

export async function countWalletPostings(db: Db, accountId: string): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(postings)
    .where(eq(postings.accountId, accountId));
  return total?.n ?? 0;
}
